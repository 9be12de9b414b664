import Foundation
import Testing

@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools

/// `schemagen diff` tuned by a team (`diff:` in schemagen.yaml): each configuration of Fixtures/DiffPolicy judges
/// the same change (v1 → v2: a breaking, a degrading and a safe change, the version raised by a minor step), and its
/// terminal report is a golden file (`<configuration>.expected`; re-record with `SCHEMAGEN_RECORD=1`).
@Suite struct DiffPolicyTests {
    static let folder = Golden.fixtures.appendingPathComponent("DiffPolicy")
    static let today = "2026-11-27"

    static func judged(
        _ configuration: String?, old: String = "v1.yaml", new: String = "v2.yaml"
    ) throws -> DiffReport {
        var policy = DiffPolicy()
        if let configuration {
            let loaded = ProjectConfiguration.load(path: folder.appendingPathComponent(configuration).path)
            #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
            policy = try #require(loaded.configuration).diff
        }
        let source = { (name: String) in
            ContractComparison.Source(
                key: "schemas/rooms.yaml", displayPath: name,
                data: try Data(contentsOf: folder.appendingPathComponent(name)))
        }
        var result = ContractComparison().compare(old: [try source(old)], new: [try source(new)])
        #expect(result.diagnostics.isEmpty)
        result.report.judge(by: policy, today: today, versions: result.versions)
        return result.report
    }

    static func assertGolden(_ report: DiffReport, _ name: String) throws {
        try Golden.assertMatches(report.text(), golden: folder.appendingPathComponent("\(name).expected"))
    }

    @Test func withoutAConfigurationBreakingIsAnErrorDegradingAWarningSafeInfo() throws {
        let report = try Self.judged(nil)
        let severities = Dictionary(uniqueKeysWithValues: report.changes.map { ($0.kind, $0.judgedSeverity) })
        #expect(severities[.fieldRemovedRequired] == .error)
        #expect(severities[.enumValueAdded] == .warning)
        #expect(severities[.fieldAddedOptional] == .info)
        #expect(report.fails)
        #expect(report.failures.changes.map(\.kind) == [.fieldRemovedRequired])
        // The version rose by a minor step: a warning by default, which does not fail at --fail-on error.
        #expect(report.judgement.versionFindings.map(\.severity) == [.warning])
        try Self.assertGolden(report, "default")
    }

    @Test func rulesSetEachKindsSeverityAndFailOnChoosesWhatFails() throws {
        let report = try Self.judged("severities.yaml")
        let severities = Dictionary(uniqueKeysWithValues: report.changes.map { ($0.kind, $0.judgedSeverity) })
        #expect(severities[.fieldRemovedRequired] == .warning)
        #expect(severities[.enumValueAdded] == .error)
        #expect(severities[.fieldAddedOptional] == .warning)
        #expect(report.judgement.policy.failOn == .warning)
        #expect(
            Set(report.failures.changes.map(\.kind)) == [.fieldRemovedRequired, .enumValueAdded, .fieldAddedOptional])
        try Self.assertGolden(report, "severities")

        var atError = report
        atError.judge(
            by: DiffPolicy(rules: report.judgement.policy.rules, failOn: .error), today: Self.today,
            versions: [.init(contract: "Rooms", file: "schemas/rooms.yaml", old: "1.2.0", new: "1.3.0")])
        #expect(atError.failures.changes.map(\.kind) == [.enumValueAdded])
        var never = report
        never.judge(by: DiffPolicy(failOn: nil), today: Self.today, versions: [])
        #expect(!never.fails)
    }

    @Test func anAcceptedFindingIsShownWithItsReasonAndDoesNotFail() throws {
        let report = try Self.judged("accepted.yaml")
        let accepted = try #require(report.changes.first { $0.kind == .fieldRemovedRequired })
        #expect(accepted.isAccepted)
        #expect(
            accepted.acceptance?.phrase
                == "accepted until 2099-12-31: no released app reads userName since 3.2 (APP-412)")
        #expect(accepted.acceptance?.source == "accepted.yaml:4")
        #expect(!report.fails)
        // The acceptance that named nothing is reported, so stale configuration is removed.
        #expect(report.judgement.unusedAcceptances.map(\.rule) == ["ack-added"])
        #expect(
            report.text().contains("note: the acceptance of 'ack-added' (accepted.yaml:9) matched no change: remove it")
        )
        // An accepted breaking change asks for no version bump.
        #expect(report.judgement.versionFindings.isEmpty)
        try Self.assertGolden(report, "accepted")
        try Golden.assertMatches(
            report.markdown(), golden: Self.folder.appendingPathComponent("accepted-report.md"))
    }

    @Test func anExpiredAcceptanceCountsAgainAndSaysSo() throws {
        let report = try Self.judged("expired.yaml")
        let finding = try #require(report.changes.first { $0.kind == .fieldRemovedRequired })
        #expect(finding.acceptance?.expired == true)
        #expect(!finding.isAccepted)
        #expect(report.fails)
        #expect(report.text().contains("acceptance expired 2026-10-31: no released app reads userName"))
        try Self.assertGolden(report, "expired")
        // On its last day it still applies.
        var lastDay = report
        lastDay.judge(by: report.judgement.policy, today: "2026-10-31", versions: [])
        #expect(!lastDay.fails)
    }

    @Test func aBreakingChangeWithoutARaisedMajorVersionFailsTheVersionRule() throws {
        let report = try Self.judged("version-bump.yaml")
        let finding = try #require(report.judgement.versionFindings.first)
        #expect(finding.severity == .error)
        #expect(finding.breakingChanges == 1)
        #expect(
            finding.problem.plain
                == "'version:' went from '1.2.0' to '1.3.0'; a breaking change raises the major version")
        #expect(report.failures.versions.count == 1)
        try Self.assertGolden(report, "version-bump")
        try Golden.assertMatches(
            report.markdown(), golden: Self.folder.appendingPathComponent("version-bump-report.md"))
    }

    @Test(arguments: [
        ("1.2.0", "2.0.0", false), ("1.2.0", "1.3.0", true), ("1.2.0", "1.2.0", true), ("v1", "v2", false),
        ("0.3.1", "0.4.0", false), ("0.3.1", "0.3.2", true), ("0.3.1", "1.0.0", false), ("2.0.0", "1.9.0", true),
        ("2024-06", "2024-07", true), ("beta", "gamma", false), ("beta", "beta", true),
    ])
    func versionsRiseAsSemanticVersioningReadsThem(old: String, new: String, isProblem: Bool) {
        #expect((VersionBump.problem(old: old, new: new) != nil) == isProblem, "\(old) → \(new)")
    }

    @Test func aContractWithoutAVersionIsNotAskedForOneButARemovedVersionIs() {
        #expect(VersionBump.problem(old: nil, new: nil) == nil)
        #expect(VersionBump.problem(old: nil, new: "1.0.0") == nil)
        #expect(VersionBump.problem(old: "1.0.0", new: nil)?.plain == "'version:' '1.0.0' was removed")
    }

    @Test func acceptancesMatchLocationsAndFilesWithStars() {
        #expect(Glob.matches("event member_joined › *", "event member_joined › userName"))
        #expect(Glob.matches("*userName", "event member_joined › userName"))
        #expect(Glob.matches("*v2.yaml", "Fixtures/v2.yaml"))
        #expect(!Glob.matches("event member_joined", "event member_joined › userName"))
        #expect(!Glob.matches("a*b*c", "acb"))
        #expect(Glob.matches("*", ""))
    }

    @Test func mistakesInTheDiffSectionAreLocatedAndSayWhatToWrite() throws {
        let path = Self.folder.appendingPathComponent("invalid.yaml").path
        let loaded = ProjectConfiguration.load(path: path)
        #expect(loaded.configuration == nil)
        let lines = loaded.diagnostics.map {
            "\(($0.location?.description ?? "").replacingOccurrences(of: path, with: "invalid.yaml")): \($0.message)"
        }
        #expect(
            lines == [
                "invalid.yaml:2:11: unknown severity 'warnings'; did you mean 'warning'?",
                "invalid.yaml:4:5: unknown rule 'field-removed-requird'; did you mean 'field-removed-required'?",
                "invalid.yaml:5:23: unknown severity 'fatal'; expected one of: error, warning, info",
                "invalid.yaml:7:7: missing `reason:` in an accepted finding; say why it is let through; every report shows it beside the finding",
                "invalid.yaml:8:14: `until` is the last day the acceptance applies, written YYYY-MM-DD (e.g. 2027-01-31); found '2027-02-30'",
                "invalid.yaml:10:15: `reason` is empty; say why the finding is let through",
                "invalid.yaml:13:7: unknown key 'when' in an accepted finding; expected one of: rule, at, file, reason, until",
            ])
    }

    /// The configuration docs/compatibility.md shows is one that loads, and means what its comments say.
    @Test func theDocumentedConfigurationLoads() throws {
        let page = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("docs/compatibility.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Tuning the check").dropFirst().first)
        let block = try #require(
            section.components(separatedBy: "```yaml\n").dropFirst().first?.components(separatedBy: "```").first)
        let file = FileManager.default.temporaryDirectory.appending(path: "schemagen-\(UUID().uuidString).yaml")
        try block.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let loaded = ProjectConfiguration.load(path: file.path)
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let policy = try #require(loaded.configuration).diff
        #expect(policy.failOn == .error)
        #expect(
            policy.rules == [
                "enum-value-added": .error, "field-removed-optional": .warning, "version-not-raised": .error,
            ])
        #expect(policy.acceptances.map(\.until) == ["2027-01-31"])
        #expect(policy.acceptances.first?.at == "event member_joined › userName")
    }

    @Test func today() {
        #expect(DiffPolicy.today(Date(timeIntervalSince1970: 1_795_737_600)) == "2026-11-27")
        #expect(DiffPolicy.isDay("2028-02-29"))
        #expect(!DiffPolicy.isDay("2027-02-29"))
        #expect(!DiffPolicy.isDay("2027-1-31"))
    }
}
