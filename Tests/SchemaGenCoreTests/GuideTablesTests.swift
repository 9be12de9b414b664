import Foundation
import Testing

/// The generated Zikr reference lists the same events, in the same order, with the same payload fields as
/// the tables of the guide the contract was written from. Fixtures/Guides/zikr-guide.md is a copy of
/// shared/seeds/000_72dd876c9133e575.txt, kept in the repository so the test needs nothing outside it.
@Suite struct GuideTablesTests {
    struct Row: Equatable, CustomStringConvertible {
        var event: String
        /// `name: Type` pairs, `?` marking optional fields, as the guide writes them.
        var fields: [String]
        var description: String { "\(event) \(fields)" }
    }

    /// The rows of the table under `heading`, with payload cells reduced to their fields.
    static func table(under heading: String, in markdown: String) -> [Row] {
        var rows: [Row] = []
        var inSection = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") { inSection = line == "## \(heading)"; continue }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let event = cells[1].replacingOccurrences(of: "`", with: "")
            rows.append(Row(event: event, fields: fields(in: cells[2])))
        }
        return rows
    }

    /// `{ message: String, error?: String }` → ["message: String", "error?: String"]; links and code spans dropped.
    static func fields(in cell: String) -> [String] {
        let plain = cell.replacingOccurrences(of: #"\[`([^`]*)`\]\(#[^)]*\)"#, with: "$1", options: .regularExpression)
            .replacingOccurrences(of: "`", with: "")
        guard plain.hasPrefix("{") else { return [] }
        return plain.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: ["Client to Server Events", "Server to Client Events"])
    func generatedTableMatchesTheGuide(heading: String) throws {
        let guide = try String(contentsOf: Self.guideCopy, encoding: .utf8)
        let generated = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("Generated/Docs/zikr.md"), encoding: .utf8)
        let expected = Self.table(under: heading, in: guide)
        let actual = Self.table(under: heading, in: generated)
        #expect(expected.count == (heading.hasPrefix("Client") ? 9 : 23))
        #expect(actual.map(\.event) == expected.map(\.event))
        for (want, got) in zip(expected, actual) {
            #expect(got == want)
        }
    }

    static let guideCopy = Golden.fixtures.appendingPathComponent("Guides/zikr-guide.md")

    /// Where the seeds are (beside the repository, as CI has them), the copy must still be the same text.
    @Test func guideCopyMatchesTheSeedWhereTheSeedIsPresent() throws {
        let seed = Golden.repositoryRoot.deletingLastPathComponent().appendingPathComponent(
            "shared/seeds/000_72dd876c9133e575.txt")
        guard let original = try? Data(contentsOf: seed) else { return }
        #expect(
            try Data(contentsOf: Self.guideCopy) == original, "refresh Fixtures/Guides/zikr-guide.md from \(seed.path)")
    }

    @Test func fieldExtractionReadsBothSpellings() {
        #expect(Self.fields(in: "`{ message: String, error?: String }`") == ["message: String", "error?: String"])
        #expect(Self.fields(in: "`{ type: `[`Kind`](#kind)`, at: Date }`") == ["type: Kind", "at: Date"])
        #expect(Self.fields(in: "None").isEmpty)
        #expect(Self.fields(in: "Array of notification objects").isEmpty)
    }
}
