import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// docs/templates.md is the contract for people who override templates: it must name every key of every
/// context type and every default template.
@Suite struct TemplateContextDocumentationTests {
    static let root = Golden.repositoryRoot

    /// Every stored property of every context, found by translating every golden contract for each target: a key
    /// is a stored property and its key table's row (`TemplateKeysTests`), and a row here.
    @Test func everyContextKeyIsDocumented() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        var keys: Set<String> = []
        for feature in GenerationGoldenTests.features {
            let path = GenerationGoldenTests.contracts.appendingPathComponent("\(feature).yaml").path
            let contract = try #require(ContractLoader().load(path: path).contract)
            keys.formUnion(TemplateContexts.keys(in: SwiftTranslator().translate(contract, sourceFile: "x.yaml")))
            keys.formUnion(
                TemplateContexts.keys(
                    in: SwiftTranslator().translate(contract, sourceFile: "x.yaml", role: .server(withTypes: false))))
            keys.formUnion(TemplateContexts.keys(in: MarkdownTranslator().translate(contract, sourceFile: "x.yaml")))
            keys.formUnion(TemplateContexts.keys(in: TypeScriptTranslator().translate(contract, sourceFile: "x.yaml")))
        }
        #expect(keys.count > 100)
        let missing = keys.filter { key in !docs.contains("`\(key.split(separator: ".").last!)`") }.sorted()
        #expect(missing.isEmpty, "undocumented context keys: \(missing)")
    }

    @Test func everyDefaultTemplateIsListed() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        let templates = try ["swift", "markdown", "typescript"].flatMap {
            try FileManager.default.contentsOfDirectory(
                atPath: Self.root.appendingPathComponent("templates/\($0)").path)
        }.filter { $0.hasSuffix(".mustache") }
        #expect(!templates.isEmpty)
        for template in templates {
            #expect(docs.contains("| `\(template.dropLast(".mustache".count))` |"), "\(template) is not listed")
        }
    }
}
