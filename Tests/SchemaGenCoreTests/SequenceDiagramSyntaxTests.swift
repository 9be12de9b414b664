import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Every Mermaid diagram schemagen writes (the references in Generated/Docs and Tests/GoldenDocs) reads as Mermaid's
/// sequence-diagram grammar reads it. Debian has no Mermaid to render them, so this is that grammar's part schemagen
/// uses: `sequenceDiagram`; participants declared before any message; messages `A->>B: text` and replies
/// `A-->>B: text` between declared participants, their text free of `;` and `#` but as entity codes; notes
/// `Note over A,B: text`; `alt`/`else`, `loop` and `opt` blocks, each closed by `end`, `else` only inside `alt`.
@Suite struct SequenceDiagramSyntaxTests {
    /// What is wrong with `lines` as a sequence diagram, or `nil`.
    static func problem(in lines: [String]) -> String? {
        guard lines.first == "sequenceDiagram" else { return "it does not start with sequenceDiagram" }
        var participants: Set<String> = []
        var blocks: [String] = []
        var messages = 0
        let message = /^(\w+)(-->>|->>)(\w+): (.+)$/
        for (number, raw) in lines.enumerated().dropFirst() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            let words = line.split(separator: " ", maxSplits: 1).map(String.init)
            switch words.first {
            case "participant"?:
                guard messages == 0, words.count == 2 else { return "line \(number + 1): a participant after messages" }
                participants.insert(words[1])
            case "alt"?, "loop"?, "opt"?:
                guard words.count == 2 else { return "line \(number + 1): a block without its label" }
                blocks.append(words[0])
            case "Note"?:
                guard line.wholeMatch(of: /Note over (\w+),(\w+): [^;#]+/) != nil else {
                    return "line \(number + 1): a note is `Note over A,B: text`"
                }
            case "else"?:
                guard blocks.last == "alt" else { return "line \(number + 1): else outside alt" }
            case "end"?:
                guard blocks.popLast() != nil, words.count == 1 else {
                    return "line \(number + 1): end without a block"
                }
            default:
                guard let match = line.wholeMatch(of: message) else {
                    return "line \(number + 1): not a statement: \(line)"
                }
                guard participants.contains(String(match.1)), participants.contains(String(match.3)) else {
                    return "line \(number + 1): a participant not declared"
                }
                // Entity codes (`#59;`) aside, `;` ends a statement and `#` starts a code.
                let text = String(match.4).replacing(/#\d+;/, with: "")
                if text.contains(";") || text.contains("#") {
                    return "line \(number + 1): `;` or `#` in a message's text"
                }
                messages += 1
            }
        }
        if !blocks.isEmpty { return "\(blocks.count) blocks are not closed" }
        return messages == 0 ? "no message" : nil
    }

    /// The ```mermaid blocks of a Markdown file.
    static func diagrams(in markdown: String) -> [[String]] {
        var diagrams: [[String]] = []
        var current: [String]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "```mermaid" {
                current = []
            } else if line == "```", let lines = current {
                diagrams.append(lines)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return diagrams
    }

    @Test func everyGeneratedDiagramParses() throws {
        var count = 0
        for folder in ["Generated/Docs", "Tests/GoldenDocs"] {
            let url = Golden.repositoryRoot.appending(path: folder)
            for file in try FileManager.default.contentsOfDirectory(atPath: url.path) where file.hasSuffix(".md") {
                let markdown = try String(contentsOf: url.appending(path: file), encoding: .utf8)
                for diagram in Self.diagrams(in: markdown) {
                    count += 1
                    #expect(Self.problem(in: diagram) == nil, "\(folder)/\(file): \(Self.problem(in: diagram) ?? "")")
                }
            }
        }
        #expect(count >= 10, "only \(count) diagrams found")
    }

    @Test func theGrammarRefusesWhatMermaidRefuses() {
        let good = ["sequenceDiagram", "participant App", "participant Server", "App->>Server: a (id: 1)"]
        #expect(Self.problem(in: good) == nil)
        #expect(Self.problem(in: ["graph TD"] + good.dropFirst()) != nil)
        #expect(Self.problem(in: good + ["Server-->>Client: b"]) != nil)
        #expect(Self.problem(in: good + ["loop every item", "Server-->>App: b"]) != nil)
        #expect(Self.problem(in: good + ["opt x", "else", "end"]) != nil)
        #expect(Self.problem(in: good + ["App->>Server: a; b"]) != nil)
        #expect(Self.problem(in: good + ["App->>Server: \(SequenceDiagrams.text("a; #b"))"]) == nil)
    }

    /// A request with its reply and error, a subscription with its items, end and cancel, an acknowledgement.
    @Test func conversationsAreDrawnWithTheirCorrelation() throws {
        let contract = try #require(
            ContractLoader().load(path: Golden.repositoryRoot.appending(path: "schemas/graphql-transport-ws.yaml").path)
                .contract)
        let subscribe = try #require(contract.allEvents.first { $0.event.wireName == "subscribe" }?.event)
        let diagram = try #require(SequenceDiagrams(contract: contract).diagram(of: subscribe, in: nil))
        #expect(Self.problem(in: diagram) == nil)
        #expect(diagram.contains("    App->>Server: subscribe (id: 1)"), "\(diagram)")
        #expect(diagram.contains("        Server-->>App: next (id: 1)"), "\(diagram)")
    }
}
