import Foundation
@_spi(Fuzzing) @testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import TestSupport
import Testing

/// The one-pass reader is a shortcut past Yams, so wherever it reads a text it must build exactly the tree,
/// locations included, that the Yams path builds; everything else it must decline.
@Suite struct BlockYAMLReaderTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every YAML file of the repository: the contracts, the goldens' and fixtures' contracts (broken ones
    /// included), the fuzz corpus, AsyncAPI documents.
    private static func repositoryYAMLFiles() throws -> [String] {
        var files: [String] = []
        for folder in ["schemas", "Tests", "Examples", "Fuzz/Corpus", "Generated/AsyncAPI"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let relative as String in walker where relative.hasSuffix(".yaml") || relative.hasSuffix(".yml") {
                files.append(base.appendingPathComponent(relative).path)
            }
        }
        return files.sorted()
    }

    /// The Yams path's tree, or `nil` where it reports anything (the shortcut must then decline).
    private func yamsTree(_ text: String, path: String = "c.yaml") -> SyntaxNode? {
        let result = YAMLLoader().loadWithYams(source: SourceText(path: path, text: text))
        return result.diagnostics.isEmpty ? result.root : nil
    }

    /// Checks the shortcut against Yams on `text`; returns whether the shortcut read it.
    @discardableResult
    private func agree(_ text: String, path: String = "c.yaml", _ comment: Comment? = nil) -> Bool {
        guard let fast = BlockYAMLReader.read(text, path: path) else { return false }
        // The verdict is the fuzz target's; the rest only says where the trees part.
        guard !YAMLLoader.blockReaderAgreesWithYams(text, path: path) else { return true }
        if let expected = yamsTree(text, path: path) {
            Issue.record("trees differ \(comment ?? ""): \(firstDifference(fast, expected) ?? "?")\n\(text)")
        } else {
            Issue.record("the shortcut read a text Yams rejects: \(comment ?? "")\n\(text)")
        }
        return true
    }

    private func firstDifference(_ a: SyntaxNode, _ b: SyntaxNode) -> String? {
        if a.location != b.location { return "location \(a.location) vs \(b.location)" }
        switch (a.kind, b.kind) {
        case (.scalar(let x), .scalar(let y)):
            return x == y ? nil : "scalar \(x) vs \(y) at \(a.location)"
        case (.sequence(let x), .sequence(let y)):
            if x.count != y.count { return "sequence of \(x.count) vs \(y.count) at \(a.location)" }
            return zip(x, y).lazy.compactMap { firstDifference($0, $1) }.first
        case (.mapping(let x), .mapping(let y)):
            if x.count != y.count { return "mapping of \(x.count) vs \(y.count) at \(a.location)" }
            return zip(x, y).lazy.compactMap { firstDifference($0.key, $1.key) ?? firstDifference($0.value, $1.value) }
                .first
        default:
            return "kinds differ at \(a.location)"
        }
    }

    @Test func everyRepositoryYAMLFileReadsAsYamsReadsIt() throws {
        let files = try Self.repositoryYAMLFiles()
        #expect(files.count > 150)
        var read = 0
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            if agree(text, path: file, "\(file)") { read += 1 }
        }
        // The shortcut is only worth having if it reads real contracts.
        #expect(read * 10 > files.count * 6, "the shortcut read \(read) of \(files.count) files")
    }

    @Test func everyContractOfSchemasTakesTheShortcut() throws {
        let folder = Self.root.appendingPathComponent("schemas").path
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".yaml") {
            let text = try String(contentsOfFile: "\(folder)/\(name)", encoding: .utf8)
            #expect(BlockYAMLReader.read(text, path: name) != nil, "\(name) went through Yams")
        }
    }

    /// Damaged copies of real contracts: a character deleted, a YAML indicator inserted, a line repeated or
    /// re-indented. Wherever the shortcut still reads the text, Yams must read the same tree.
    @Test func damagedContractsReadAsYamsReadsThem() throws {
        var generator = SeededGenerator(seed: 20261125)
        let sources = try Self.repositoryYAMLFiles().filter { $0.contains("/schemas/") || $0.contains("/Golden/") }
            .map { try String(contentsOfFile: $0, encoding: .utf8) }
            .filter { $0.utf8.count < 6_000 }
        #expect(!sources.isEmpty)
        let insertions = [
            ":", " ", "-", "#", "'", "\"", "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "?", "%", "@",
            "\n", "  ", "- ", ": ", " #", "---\n", "é", "''", "\\",
        ]
        var read = 0
        for round in 0..<3_000 {
            var lines = sources[round % sources.count].linesSplitAtLineFeeds
            let mutations = Int.random(in: 1...3, using: &generator)
            for _ in 0..<mutations {
                let at = Int.random(in: 0..<lines.count, using: &generator)
                var line = Array(lines[at])
                switch Int.random(in: 0..<5, using: &generator) {
                case 0 where !line.isEmpty: line.remove(at: Int.random(in: 0..<line.count, using: &generator))
                case 1:
                    line.insert(
                        contentsOf: insertions.randomElement(using: &generator)!,
                        at: Int.random(in: 0...line.count, using: &generator))
                case 2: lines.insert(lines[at], at: at)
                case 3:
                    line.insert(
                        contentsOf: String(repeating: " ", count: Int.random(in: 1...3, using: &generator)), at: 0)
                case 4 where line.first == " ": line.removeFirst()
                default: break
                }
                lines[at] = String(line)
            }
            if agree(lines.joined(separator: "\n"), "round \(round)") { read += 1 }
        }
        #expect(read > 300, "only \(read) damaged texts took the shortcut; the comparison tests little")
    }

    /// A long mapping read in chunks: comments at any column, sequences at the keys' own column, keys repeated in
    /// another chunk, lines continued deeper, what follows the mapping.
    @Test func longMappingsReadInChunksAsWhole() {
        let entries = (0..<40).map { "  T\($0):\n    fields:\n      a: String\n# at column 0\n    # deeper\n\n" }
            .joined()
        #expect(agree("name: A\ntypes:\n" + entries + "events:\n  e:\n    direction: both\n# trailing\n\n"))
        #expect(
            agree("types:\n" + entries + "  list:\n  - 1\n  - 2\n" + entries.replacingOccurrences(of: "T", with: "U")))
        #expect(!agree("types:\n" + entries + entries))
        #expect(
            !agree(
                "types:\n" + entries + "  T99: a\n    continued\n" + entries.replacingOccurrences(of: "T", with: "U")))
        #expect(!agree("types:\n" + entries + "   T99: mis-indented\n"))
        #expect(agree("types:\n" + entries + "last: 1\n"))
    }

    /// libyaml reads a `:` that starts a token inside a flow as an indicator, whatever follows (found by the
    /// contract fuzz target in CI): the shortcut declines it, so Yams reports the error.
    @Test func aColonStartingAValueInAFlowIsLeftToYams() {
        #expect(!agree("events:\n  kind: { direction: :erver-to-client, payload: Kind }\n"))
        #expect(!agree("a: [:x, y]\n"))
        agree("a: :x\nb: { c: d:e }\n")  // whichever way it goes, the shortcut and Yams must agree
    }

    @Test func readsTheSubsetContractsUse() {
        #expect(
            agree("a: 1\nb:\n  c: [x, 'y z', \"w\"]\n  d: {op: 0, s: [1, 2]}\ne:\n- f\n- g: h\n  i: j\n-\n  k: l\n- \n")
        )
        #expect(agree("# comment\n\nkey: value with spaces and a#hash  # and a comment\nempty:\nlast:   \n"))
        #expect(agree("'quoted key': 'it''s'\n\"double\": \"[Activity]\"\n\"element:create\": x\nurl: http://a.b/c\n"))
        #expect(agree("émoji: \"日本語 ✓\"\nnext: é: no\n") == false)
        #expect(agree("a:\n  - 1\n  - 2\nb:\n- 3\n"))
    }

    @Test func declinesWhatItDoesNotRead() {
        for text in [
            "a: &x 1\nb: *x\n", "a: !tag 1\n", "a: |\n  text\n", "a: >\n  text\n", "a: b\n  continued\n",
            "a: \"multi\n  line\"\n", "a: \"esc\\n\"\n", "a:\tb\n", "a: b\r\n", "a: 1\na: 2\n", "---\na: 1\n",
            "%YAML 1.1\n---\na: 1\n",
            "a: [1,\n  2]\n", "a: [1,2]\n", "? a\n: b\n", "- - a\n", "a: b: c\n", "  a: 1\n", "a: 1\n b: 2\n", "",
            "# only\n",
            "just a scalar\n", "a: [x: 1]\n", "a: {b}\n", "a: [1, ]\n",
        ] {
            #expect(BlockYAMLReader.read(text, path: "c.yaml") == nil, "read: \(text.debugDescription)")
        }
    }
}
