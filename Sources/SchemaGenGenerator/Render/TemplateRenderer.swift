import Foundation
import SchemaGenTemplates
import SchemaGenContract

/// The render stage: lays out template contexts as text with Mustache templates (`Mustache/`).
///
/// The default templates (`templates/<kind>/`) load first; every `.mustache` file of a user's override folder
/// then replaces the template or partial of the same name.
package struct TemplateRenderer: Sendable {
    /// The kind of output, which is also the templates' subfolder.
    package enum Kind: String, Sendable {
        case swift
        case markdown
        case typescript
    }

    /// Why templates could not be loaded.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var diagnostic: Diagnostic
        package var description: String { diagnostic.message }
    }

    private let library: TemplateLibrary
    package let kind: Kind

    /// Loads the default templates of `kind`, then the overrides in `overrides` (a folder), if given.
    package init(kind: Kind, overrides: String? = nil) throws(Failure) {
        self.kind = kind
        var library = TemplateLibrary()
        guard let defaults = DefaultTemplates.directory?.appendingPathComponent(kind.rawValue).path else {
            throw Failure(diagnostic: .error("the default templates are missing from this build of schemagen", at: nil))
        }
        try Self.register(folder: defaults, into: &library)
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                throw Failure(
                    diagnostic: .error(
                        "the template folder '\(overrides)' does not exist; check `templates:` in schemagen.yaml or --templates",
                        at: nil))
            }
            // One folder overrides every kind's templates. A kind takes the files that replace one of its own
            // templates, and the new partials those include: a Swift override that includes a Swift partial
            // must not leave the Markdown or TypeScript templates with a partial they do not have.
            var candidates = TemplateLibrary()
            try Self.register(folder: overrides, into: &candidates)
            for name in candidates.names(reachableFrom: library.names, within: candidates.names) {
                library.replace(name, from: candidates)
            }
        }
        if let missing = library.missingPartials().first {
            throw Failure(diagnostic: missing)
        }
        self.library = library
    }

    /// Renders the main Swift template (`swift-file`) with `context`, laid out by ``BraceLayout``.
    package func render(_ context: consuming SwiftFileContext) -> String {
        renderBraceLanguage("swift-file", context: context)
    }

    /// Renders the main TypeScript template (`typescript-file`) with `context`, laid out by ``BraceLayout``.
    package func render(_ context: consuming TypeScriptFileContext) -> String {
        renderBraceLanguage("typescript-file", context: context)
    }

    /// Renders the main Markdown template (`markdown-file`) with `context`, tidied by ``MarkdownLayout``.
    package func render(_ context: MarkdownFileContext) -> String {
        MarkdownLayout.format(utf8: library.renderUTF8("markdown-file", context: context) ?? [])
    }

    /// Renders a brace language's file through ``BraceLayout``, which sets every line's indentation: the partials'
    /// own would only be undone.
    private func renderBraceLanguage(_ name: String, context: some TemplateContext) -> String {
        BraceLayout.format(utf8: library.renderUTF8(name, context: context, indentsPartials: false) ?? [])
    }

    /// Renders one template or partial by name, for a section injected into a hand-written guide.
    package func render(template name: String, context: some TemplateContext) -> String {
        MarkdownLayout.format(library.render(name, context: context) ?? "")
    }

    private static func register(folder: String, into library: inout TemplateLibrary) throws(Failure) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
            $0.hasSuffix(".mustache")
        }.sorted()
        for file in names {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw Failure(diagnostic: .error("cannot read the template '\(path)'", at: nil))
            }
            do {
                try library.register(text: text, named: String(file.dropLast(".mustache".count)), path: path)
            } catch {
                throw Failure(diagnostic: error)
            }
        }
    }
}
