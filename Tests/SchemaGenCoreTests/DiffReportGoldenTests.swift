import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// A realistic change to the Zikr contract (a renamed field, a new required field, Int → Double, an event
/// added, one removed, an optional field, a deprecation): its pull-request comment is a golden file.
@Suite struct DiffReportGoldenTests {
    static let folder = Golden.fixtures.appendingPathComponent("Diff")

    static func report() throws -> DiffReport {
        let old = try Data(contentsOf: Golden.repositoryRoot.appendingPathComponent("schemas/zikr.yaml"))
        let new = try Data(contentsOf: folder.appendingPathComponent("zikr-v2.yaml"))
        let result = ContractComparison().compare(
            old: [.init(key: "schemas/zikr.yaml", displayPath: "main:schemas/zikr.yaml", data: old)],
            new: [.init(key: "schemas/zikr.yaml", displayPath: "schemas/zikr.yaml", data: new)])
        #expect(result.diagnostics.isEmpty)
        return result.report
    }

    @Test func markdownReportMatchesTheGolden() throws {
        try Golden.assertMatches(
            try Self.report().markdown(), golden: Self.folder.appendingPathComponent("zikr-v2-report.md"))
    }

    @Test func jsonReportHasTheDocumentedShape() throws {
        let json = try Self.report().json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["format"] as? String == "schemagen-diff")
        #expect(object["version"] as? Int == 1)
        #expect(object["verdict"] as? String == "breaking")
        #expect(object["summary"] as? [String: Int] == ["breaking": 5, "degrading": 1, "safe": 2])
        #expect(
            object["skews"] as? [String: [String: Int]] == [
                "oldAppNewServer": ["breaks": 3, "degrades": 0], "newAppOldServer": ["breaks": 2, "degrades": 1],
            ])
        let changes = try #require(object["changes"] as? [[String: Any]])
        let renamed = try #require(changes.first { $0["path"] as? [String] == ["userName"] })
        #expect(renamed["kind"] as? String == "field-removed-required")
        #expect(renamed["line"] as? Int == 251)
        #expect(renamed["lineIsInOldVersion"] as? Bool == true)
        #expect(renamed["event"] as? String == "member_joined")
        #expect(renamed["file"] as? String == "schemas/zikr.yaml")
        #expect(renamed["flows"] as? [String] == ["server-to-client"])
        #expect((renamed["oldAppNewServer"] as? [String: String])?["verdict"] == "breaks")
        #expect((renamed["newAppOldServer"] as? [String: String])?["verdict"] == "safe")
        let documented: Set<String> = [
            "kind", "contract", "file", "channel", "event", "type", "path", "summary", "flows", "affectedEvents",
            "rollout", "line", "lineIsInOldVersion", "severity", "acceptance",
            "oldAppNewServer", "newAppOldServer",
        ]
        #expect(Set(renamed.keys).isSubset(of: documented))
        #expect(renamed["severity"] as? String == "error")
        let check = try #require(object["check"] as? [String: Any])
        #expect(check["failOn"] as? String == "error")
        #expect(check["fails"] as? Bool == true)
        #expect(check["counts"] as? [String: Int] == ["error": 5, "warning": 1, "info": 2, "accepted": 0])
        #expect(
            Set(["kind", "contract", "file", "path", "summary", "flows", "oldAppNewServer", "newAppOldServer"])
                .isSubset(of: Set(renamed.keys)))
    }
}
