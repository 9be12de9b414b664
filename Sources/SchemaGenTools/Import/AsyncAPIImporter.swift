import SchemaGenContract
import SchemaGenGenerator
/// `schemagen import asyncapi`: an AsyncAPI 3.0 or 2.6 document becomes a contract, written in the contract
/// format, with a located warning for everything it cannot carry over.
///
/// Documents schemagen exported carry back losslessly what AsyncAPI has no word for (the framing, wire forms, a
/// request's whole reply and subscription) through their `x-schemagen-…` extensions (docs/asyncapi.md); other
/// documents get the framing they must then set by hand, said in a warning.
package struct AsyncAPIImporter: Sendable {
    /// Whose side the document's operations describe.
    package enum Perspective: String, Sendable, CaseIterable {
        /// The document describes the server (the usual AsyncAPI document): what it sends, apps receive.
        case server
        /// The document describes the app (schemagen's own exports say so): what it sends goes to the server.
        case app
    }

    /// The contract, as the contract format writes it, and what could not be carried over.
    package struct Result: Sendable {
        /// The contract's YAML, or `nil` when the document could not be read as AsyncAPI at all.
        package var contract: String?
        package var diagnostics: [Diagnostic]
    }

    /// `nil` reads the perspective from the document: schemagen's exports are the app's, others the server's.
    package var perspective: Perspective?

    package init(perspective: Perspective? = nil) {
        self.perspective = perspective
    }

    package func importDocument(_ root: SyntaxNode, sourceFile: String) -> Result {
        var reader = AsyncAPIReader(root: root, perspective: perspective)
        guard let contract = reader.contract() else { return Result(contract: nil, diagnostics: reader.diagnostics) }
        let header =
            "# Imported by schemagen from \(sourceFile) (AsyncAPI \(reader.version)). Check the framing and the directions, then edit freely.\n"
        return Result(
            contract: header + YAMLWriter(plainIntegerKeys: true).write(contract), diagnostics: reader.diagnostics)
    }
}
