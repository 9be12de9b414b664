import Foundation
import SchemaGenTemplates

/// The render stage: lays out template contexts as text with Mustache templates (`Mustache/`).
///
/// The default templates (`templates/<kind>/`) load first; every `.mustache` file of a user's override folder
/// then replaces the template or partial of the same name.
public struct TemplateRenderer: Sendable {
    /// The kind of output, which is also the templates' subfolder.
    public enum Kind: String, Sendable {
        case swift
        case markdown
        case typescript
    }

    /// Why templates could not be loaded.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var diagnostic: Diagnostic
        public var description: String { diagnostic.message }
    }

    private let library: TemplateLibrary
    public let kind: Kind

    /// Loads the default templates of `kind`, then the overrides in `overrides` (a folder), if given.
    public init(kind: Kind, overrides: String? = nil) throws(Failure) {
        self.kind = kind
        var library = TemplateLibrary()
        guard let defaults = DefaultTemplates.directory?.appendingPathComponent(kind.rawValue).path else {
            throw Failure(diagnostic: .error("the default templates are missing from this build of schemagen", at: nil))
        }
        try Self.register(folder: defaults, into: &library)
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Failure(diagnostic: .error("the template folder '\(overrides)' does not exist; check `templates:` in schemagen.yaml or --templates", at: nil))
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

    /// Renders the main Swift template (`swift-file`) with `context`.
    public func render(_ context: consuming SwiftFileContext) -> String {
        let sink = MemorySink()
        render(context, into: sink)
        return sink.text
    }

    /// Renders the main Swift template into `sink` as rendering goes, laid out a megabyte at a time: neither the
    /// rendered text nor the file is held whole, nor the contexts of the named types (translated as reached).
    func render(_ context: consuming SwiftFileContext, into sink: any OutputSink) {
        renderLaidOut("swift-file", context: context, into: sink)
    }

    /// Renders the main TypeScript template (`typescript-file`) with `context`.
    public func render(_ context: consuming TypeScriptFileContext) -> String {
        let sink = MemorySink()
        render(context, into: sink)
        return sink.text
    }

    /// Renders the main TypeScript template into `sink` as rendering goes, as the Swift file is.
    func render(_ context: consuming TypeScriptFileContext, into sink: any OutputSink) {
        renderLaidOut("typescript-file", context: context, into: sink)
    }

    /// Renders a brace language's file through ``BraceLayout``, which sets every line's indentation: the partials'
    /// own would only be undone.
    private func renderLaidOut(_ name: String, context: some TemplateContext, into sink: any OutputSink) {
        renderLaidOut(name, context: context, layout: BraceLayout.Stream(), indentsPartials: false, into: sink)
    }

    /// Renders `name` and passes the output through `layout` to `sink` a megabyte of whole lines at a time.
    private func renderLaidOut(_ name: String, context: some TemplateContext, layout: some LineLayout, indentsPartials: Bool,
                               into sink: any OutputSink) {
        let layout = StreamingLayout(layout, sink: sink)
        var rest = library.renderUTF8(name, context: context, indentsPartials: indentsPartials, flush: layout.flush) ?? []
        layout.finish(&rest)
    }

    /// Renders the main Markdown template (`markdown-file`) with `context`.
    public func render(_ context: MarkdownFileContext) -> String {
        let sink = MemorySink()
        render(context, into: sink)
        return sink.text
    }

    /// Renders the main Markdown template into `sink` as rendering goes, tidied by ``MarkdownLayout`` a megabyte
    /// at a time, as the Swift file is laid out.
    func render(_ context: MarkdownFileContext, into sink: any OutputSink) {
        renderLaidOut("markdown-file", context: context, layout: MarkdownLayout.Stream(), indentsPartials: true, into: sink)
    }

    /// Renders one template or partial by name, for a section injected into a hand-written guide.
    public func render(template name: String, context: some TemplateContext) -> String {
        MarkdownLayout.format(library.render(name, context: context) ?? "")
    }

    private static func register(folder: String, into library: inout TemplateLibrary) throws(Failure) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".mustache") }.sorted()
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

/// A layout between a rendering and its sink: takes the whole lines of what has been rendered, lays them out
/// and passes them on. Only the rendering's joining thread calls it, one call at a time (hence `@unchecked`).
private final class StreamingLayout<Layout: LineLayout>: @unchecked Sendable {
    private var stream: Layout
    private let sink: any OutputSink

    init(_ layout: Layout, sink: any OutputSink) {
        stream = layout
        self.sink = sink
    }

    /// Lays out and passes on every whole line of `rendered`, leaving the last, unfinished one; returns how many
    /// bytes it took.
    @Sendable func flush(_ rendered: UnsafeBufferPointer<UInt8>) -> Int {
        guard let lastLineFeed = rendered.lastIndex(of: UInt8(ascii: "\n")) else { return 0 }
        stream.layOut(UnsafeBufferPointer(rebasing: rendered[...lastLineFeed])) { sink.write($0) }
        return lastLineFeed + 1
    }

    /// Lays out and passes on the rest of the text, which ends it.
    func finish(_ rendered: inout [UInt8]) {
        rendered.withUnsafeBufferPointer { bytes in stream.layOut(bytes) { sink.write($0) } }
        rendered.removeAll()
        stream.finish { sink.write($0) }
    }
}
