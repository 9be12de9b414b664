import SchemaGenContract
import SchemaGenGenerator
/// A report's changes judged by a team's ``DiffPolicy``: each change's severity and acceptance, the contracts whose
/// `version:` did not rise with a breaking change, and whether the check fails.
package struct DiffJudgement: Hashable, Sendable {
    package var policy: DiffPolicy
    /// The day acceptances are judged on (`YYYY-MM-DD`).
    package var today: String
    /// Contracts with a breaking change whose `version:` did not rise enough.
    package var versionFindings: [VersionFinding] = []
    /// Acceptances that named no finding: stale configuration a reviewer should remove.
    package var unusedAcceptances: [DiffAcceptance] = []

    /// A contract's versions on both sides of the comparison.
    package struct ContractVersions: Hashable, Sendable {
        package var contract: String
        package var file: String
        package var old: String?
        package var new: String?
    }

    /// A contract whose breaking changes came without a raised `version:`.
    package struct VersionFinding: Hashable, Sendable, Codable {
        package var rule = DiffPolicy.versionNotRaised
        package var contract: String
        package var file: String
        package var problem: ChangePhrase
        package var severity: DiffSeverity
        package var acceptance: AppliedAcceptance?
        /// The breaking changes that ask for the raise.
        package var breakingChanges: Int

        package var location: ChangePhrase { "contract \(code: contract)" }

        /// Whether an acceptance in force lets it through.
        package var isAccepted: Bool { acceptance?.isInForce ?? false }
    }
}

/// An acceptance as applied to one finding: its reason, and whether it has expired.
package struct AppliedAcceptance: Hashable, Sendable, Codable {
    package var reason: String
    package var until: String?
    package var expired: Bool
    /// Where it is written, `schemagen.yaml:12`.
    package var source: String?

    /// Whether it still lets its finding through: it has not expired.
    package var isInForce: Bool { !expired }

    /// `accepted until 2027-01-31: reason` or `acceptance expired 2026-10-01: reason`.
    package var phrase: String {
        let when = until.map { (expired ? " expired " : " until ") + $0 } ?? ""
        return (expired ? "acceptance" : "accepted") + when + ": " + reason
    }
}

extension DiffReport {
    /// Judges every change by `policy` on `today`: severities, acceptances (those past their `until` no longer let
    /// a finding through, and say so), the version-bump rule over `versions`, and acceptances that matched nothing.
    package mutating func judge(by policy: DiffPolicy, today: String, versions: [DiffJudgement.ContractVersions]) {
        var judgement = DiffJudgement(policy: policy, today: today)
        var used = Set<Int>()
        func applied(rule: String, file: String, location: String) -> AppliedAcceptance? {
            guard
                let index = policy.acceptances.firstIndex(where: {
                    $0.matches(rule: rule, file: file, location: location)
                })
            else { return nil }
            used.insert(index)
            let acceptance = policy.acceptances[index]
            return AppliedAcceptance(
                reason: acceptance.reason, until: acceptance.until, expired: !acceptance.isInForce(on: today),
                source: acceptance.source)
        }
        for index in changes.indices {
            let change = changes[index]
            changes[index].severity = policy.severity(of: change)
            changes[index].acceptance = applied(
                rule: change.kind.rawValue, file: change.file, location: change.location.bare)
        }
        for contract in versions {
            let breaking = changes.count { $0.file == contract.file && $0.isBreaking && !$0.isAccepted }
            guard breaking > 0, let problem = VersionBump.problem(old: contract.old, new: contract.new) else {
                continue
            }
            var finding = DiffJudgement.VersionFinding(
                contract: contract.contract, file: contract.file, problem: problem,
                severity: policy.versionNotRaisedSeverity, breakingChanges: breaking)
            finding.acceptance = applied(
                rule: DiffPolicy.versionNotRaised, file: contract.file, location: finding.location.bare)
            judgement.versionFindings.append(finding)
        }
        judgement.unusedAcceptances = policy.acceptances.indices.filter { !used.contains($0) }.map {
            policy.acceptances[$0]
        }
        self.judgement = judgement
    }

    /// The findings that fail the check: at or above `--fail-on`, and not accepted.
    package var failures: (changes: [ContractChange], versions: [DiffJudgement.VersionFinding]) {
        guard let failOn = judgement.policy.failOn else { return ([], []) }
        return (
            changes.filter { !$0.isAccepted && $0.judgedSeverity >= failOn },
            judgement.versionFindings.filter { !$0.isAccepted && $0.severity >= failOn }
        )
    }

    /// Whether the check fails (exit 1).
    package var fails: Bool { !failures.changes.isEmpty || !failures.versions.isEmpty }

    /// The findings that count, by severity, and the accepted ones apart: `error`, `warning`, `info`, `accepted`.
    package var severityCountsByName: [String: Int] {
        let open =
            changes.filter { !$0.isAccepted }.map(\.judgedSeverity)
            + judgement.versionFindings.filter { !$0.isAccepted }.map(\.severity)
        var counts = Dictionary(
            uniqueKeysWithValues: DiffSeverity.allCases.map { severity in
                (severity.rawValue, open.count { $0 == severity })
            })
        counts["accepted"] =
            changes.count(where: \.isAccepted) + judgement.versionFindings.count(where: \.isAccepted)
        return counts
    }

    /// `2 errors, 1 warning, 3 info, 1 accepted`.
    package var severityCounts: String {
        let counts = severityCountsByName
        return
            "\(ContractSummary.count(counts["error", default: 0], "error")), \(ContractSummary.count(counts["warning", default: 0], "warning")), \(counts["info", default: 0]) info, \(counts["accepted", default: 0]) accepted"
    }

    /// The check's outcome in one line: `fails at --fail-on error: 1 error, 0 warnings, 2 info, 1 accepted`.
    package var checkLine: String {
        guard let failOn = judgement.policy.failOn else { return "never fails (--fail-on never): \(severityCounts)" }
        return "\(fails ? "fails" : "passes") at --fail-on \(failOn.rawValue): \(severityCounts)"
    }

    /// Notes on the configuration itself: acceptances that matched nothing.
    package var policyNotes: [ChangePhrase] {
        judgement.unusedAcceptances.map { acceptance in
            let place: ChangePhrase = acceptance.source.map { " (\($0))" } ?? ""
            let scope: ChangePhrase = acceptance.at.map { " at \(code: $0)" } ?? ""
            return "the acceptance of \(code: acceptance.rule)\(scope)\(place) matched no change: remove it"
        }
    }
}

extension ContractChange {
    /// Whether an acceptance in force lets it through.
    package var isAccepted: Bool { acceptance?.isInForce ?? false }

    /// Its severity as judged, or what its verdict is worth when no policy judged it.
    package var judgedSeverity: DiffSeverity { severity ?? DiffSeverity(worst) }
}
