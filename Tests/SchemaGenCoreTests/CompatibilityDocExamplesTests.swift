import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// The examples of docs/compatibility.md, run: each ```` ```diff ```` block there is one contract change (its `-`
/// lines only in the old version, `+` lines only in the new one) whose first line states the kind of change and
/// the verdict for each version skew, which the differ must give.
@Suite struct CompatibilityDocExamplesTests {
    struct Example: Sendable, CustomTestStringConvertible {
        /// 1-based line of the block's opening fence in docs/compatibility.md, to find a failing example.
        var line: Int
        var kind: String
        var oldAppNewServer: String
        var newAppOldServer: String
        var old: String
        var new: String
        var testDescription: String { "docs/compatibility.md:\(line) \(kind)" }
    }

    static let document = Golden.repositoryRoot.appendingPathComponent("docs/compatibility.md")

    /// `# <kind> · old app, new server: <verdict> · new app, old server: <verdict>`
    static var heading: Regex<(Substring, Substring, Substring, Substring)> {
        /^# ([a-z-]+) · old app, new server: ([a-z]+) · new app, old server: ([a-z]+)$/
    }

    static func examples() throws -> [Example] {
        let lines = try String(contentsOf: document, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```diff" else { index += 1; continue }
            let fence = index + 1
            index += 1
            guard index < lines.count, let match = String(lines[index]).wholeMatch(of: heading) else {
                Issue.record(
                    "docs/compatibility.md:\(fence + 1): a diff example must start with `# <kind> · old app, new server: <verdict> · new app, old server: <verdict>`"
                )
                continue
            }
            var old: [Substring] = [], new: [Substring] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                let line = lines[index]
                switch line.first {
                case "-": old.append(line.dropFirst())
                case "+": new.append(line.dropFirst())
                default: old.append(line.dropFirst()); new.append(line.dropFirst())
                }
                index += 1
            }
            examples.append(
                Example(
                    line: fence, kind: String(match.1), oldAppNewServer: String(match.2),
                    newAppOldServer: String(match.3),
                    old: contract(old), new: contract(new)))
        }
        return examples
    }

    /// The lines the document leaves out: the header, and Socket.IO framing unless the example chooses a framing.
    static func contract(_ lines: [Substring]) -> String {
        let choosesFraming = lines.contains { $0.hasPrefix("framing:") || $0.hasPrefix("frames:") }
        return "schemagen: 1\nname: Example\n" + (choosesFraming ? "" : "framing: socket.io\n")
            + lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: try examples())
    func exampleGivesTheVerdictsItStates(_ example: Example) throws {
        let old = ContractLoader().load(text: example.old, path: "old.yaml")
        let new = ContractLoader().load(text: example.new, path: "new.yaml")
        #expect(old.diagnostics.isEmpty, "old version: \(old.diagnostics.map(\.message))\n\(example.old)")
        #expect(new.diagnostics.isEmpty, "new version: \(new.diagnostics.map(\.message))\n\(example.new)")
        let changes = ContractDiffer(
            old: try #require(old.contract), new: try #require(new.contract), file: "example.yaml"
        ).changes()
        let found = changes.map {
            "\($0.kind.rawValue) · old app, new server: \($0.oldAppNewServer.verdict.rawValue) · new app, old server: \($0.newAppOldServer.verdict.rawValue) (\($0.summary))"
        }
        let change = try #require(changes.count == 1 ? changes.first : nil, "expected one change, found: \(found)")
        #expect(change.kind.rawValue == example.kind, "\(found)")
        #expect(change.oldAppNewServer.verdict.rawValue == example.oldAppNewServer, "\(change.oldAppNewServer.reason)")
        #expect(change.newAppOldServer.verdict.rawValue == example.newAppOldServer, "\(change.newAppOldServer.reason)")
    }

    /// Every kind of change in the rules table has at least one example, under the heading the table links to.
    @Test func everyKindHasAnExample() throws {
        let examples = try Self.examples()
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        for kind in ChangeKind.allCases {
            #expect(
                examples.contains { $0.kind == kind.rawValue },
                "docs/compatibility.md has no example of \(kind.rawValue)")
            #expect(
                text.contains("\n### \(kind.rawValue)\n"), "docs/compatibility.md has no heading `### \(kind.rawValue)`"
            )
            #expect(
                text.contains("](#\(kind.rawValue))"), "the rules table does not link \(kind.rawValue) to its examples")
        }
    }
}
