import Foundation
import Mustache
import SchemaGenTemplates

/// The render stage: lays out template contexts as text with swift-mustache templates.
///
/// The default templates (`templates/<kind>/`) load first; every `.mustache` file of a user's override folder
/// then replaces the template or partial of the same name.
public struct TemplateRenderer: Sendable {
    /// The kind of output, which is also the templates' subfolder.
    public enum Kind: String, Sendable {
        case swift
        case markdown
    }

    /// Why templates could not be loaded.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var diagnostic: Diagnostic
        public var description: String { diagnostic.message }
    }

    private let library: MustacheLibrary
    public let kind: Kind

    /// Loads the default templates of `kind`, then the overrides in `overrides` (a folder), if given.
    public init(kind: Kind, overrides: String? = nil) throws(Failure) {
        self.kind = kind
        var library = MustacheLibrary()
        guard let defaults = DefaultTemplates.directory?.appendingPathComponent(kind.rawValue).path else {
            throw Failure(diagnostic: .error("the default templates are missing from this build of schemagen", at: nil))
        }
        try Self.register(folder: defaults, into: &library)
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Failure(diagnostic: .error("the template folder '\(overrides)' does not exist; check `templates:` in schemagen.yaml or --templates", at: nil))
            }
            try Self.register(folder: overrides, into: &library)
        }
        self.library = library
    }

    /// Renders the main Swift template (`swift-file`) with `context`.
    public func render(_ context: SwiftFileContext) -> String {
        SwiftLayout.format(library.render(context, withTemplate: "swift-file") ?? "")
    }

    /// Renders the main Markdown template (`markdown-file`) with `context`.
    public func render(_ context: MarkdownFileContext) -> String {
        MarkdownLayout.format(library.render(context, withTemplate: "markdown-file") ?? "")
    }

    /// Renders one template or partial by name, for a section injected into a hand-written guide.
    public func render(template name: String, context: Any) -> String {
        MarkdownLayout.format(library.render(context, withTemplate: name) ?? "")
    }

    private static func register(folder: String, into library: inout MustacheLibrary) throws(Failure) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".mustache") }.sorted()
        for file in names {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw Failure(diagnostic: .error("cannot read the template '\(path)'", at: nil))
            }
            do {
                library.register(try MustacheTemplate(string: text), named: String(file.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                throw Failure(diagnostic: .error("template syntax error: \(error.error)",
                                                 at: SourceLocation(path: path, line: error.context.lineNumber, column: error.context.columnNumber)))
            } catch {
                throw Failure(diagnostic: .error("template syntax error in '\(path)': \(error)", at: nil))
            }
        }
    }
}
