import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// What `schemagen generate` and `schemagen import asyncapi` run in memory on one contract's bytes, for the contract
/// fuzz target, which lives in another package and so sees no `package` declaration: an opt-in surface
/// (`@_spi(Fuzzing)`), not the library's API.
@_spi(Fuzzing) public enum InMemoryRun {
    private static let renderers = Result {
        (
            swift: try TemplateRenderer(kind: .swift), markdown: try TemplateRenderer(kind: .markdown),
            typescript: try TemplateRenderer(kind: .typescript)
        )
    }

    /// `contract` through every target: the Swift client, the Markdown reference, TypeScript and AsyncAPI, in that
    /// order. Throws when the default templates cannot be loaded.
    public static func renderEveryTarget(_ contract: Contract, sourceFile: String) throws -> [String] {
        let renderers = try renderers.get()
        return [
            renderers.swift.render(SwiftTranslator().translate(contract, sourceFile: sourceFile)),
            renderers.markdown.render(MarkdownTranslator().translate(contract, sourceFile: sourceFile)),
            renderers.typescript.render(TypeScriptTranslator().translate(contract, sourceFile: sourceFile)),
            AsyncAPITranslator().document(contract, sourceFile: sourceFile),
        ]
    }

    /// `data` read as an AsyncAPI document and written as a contract's YAML, when it is one, and that YAML loaded and
    /// checked as `lint` would.
    public static func importAsyncAPI(_ data: Data, path: String) -> ContractLoader.Loaded? {
        guard let root = YAMLLoader().load(data: data, path: path).root,
            let imported = AsyncAPIImporter().importDocument(root, sourceFile: path).contract
        else { return nil }
        return ContractLoader().load(text: imported, path: "imported.yaml")
    }
}
