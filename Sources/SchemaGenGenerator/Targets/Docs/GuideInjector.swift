import Foundation
import SchemaGenContract

/// Keeps the tables of hand-written guides true: replaces what stands between
/// `<!-- schemagen:begin CONTRACT SECTION -->` and `<!-- schemagen:end -->` with the generated section, and
/// leaves every other byte of the guide as it was (line endings included).
package struct GuideInjector: Sendable {
    /// The sections a marker can name, besides `channel:NAME`.
    package static let sections = ["client-to-server", "server-to-client", "types", "wire-format"]

    /// A contract that can be injected: its references by name and by file, and its Markdown context.
    package struct Source: Sendable {
        package var names: [String]
        package var context: MarkdownFileContext

        package init(names: [String], context: MarkdownFileContext) {
            self.names = names
            self.context = context
        }
    }

    package let sources: [Source]
    package let renderer: TemplateRenderer

    package init(sources: [Source], renderer: TemplateRenderer) {
        self.sources = sources
        self.renderer = renderer
    }

    /// The guide with every marked section regenerated, or the diagnostics that prevent it (then the guide
    /// must be left untouched).
    package func inject(into text: String, path: String) -> Result<String, InjectionFailure> {
        let lines = Self.linesKeepingTerminators(text)
        var diagnostics = DiagnosticBag()
        var output = ""
        var open: (line: Int, column: Int, content: String?)?
        for (index, line) in lines.enumerated() {
            let number = index + 1
            // Scalars, not Characters: "\r\n" is a single Character in Swift.
            var scalars = Substring(line).unicodeScalars
            while let last = scalars.last, last == "\n" || last == "\r" { scalars.removeLast() }
            let body = String(scalars)
            let trimmed = body.trimmingCharacters(in: .whitespaces)
            let column = body.prefix { $0 == " " || $0 == "\t" }.count + 1
            let location = SourceLocation(path: path, line: number, column: column)
            if trimmed.hasPrefix("<!-- schemagen:begin") {
                if let open {
                    diagnostics.error(
                        "a schemagen:begin marker inside another; close the one at line \(open.line) with `<!-- schemagen:end -->` first",
                        at: location)
                    continue
                }
                output += line
                let terminator = line.unicodeScalars.suffix(2).elementsEqual(["\r", "\n"]) ? "\r\n" : "\n"
                switch section(for: trimmed, at: location) {
                case .success(let rendered):
                    // A blank line on each side keeps the generated Markdown apart from the markers.
                    open = (
                        number, column,
                        rendered.map {
                            terminator + Self.converting(rendered: $0, to: terminator) + terminator + terminator
                        }
                    )
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    open = (number, column, nil)
                }
            } else if trimmed.hasPrefix("<!-- schemagen:end") {
                guard let current = open else {
                    diagnostics.error("a schemagen:end marker without a schemagen:begin before it", at: location)
                    continue
                }
                guard trimmed == "<!-- schemagen:end -->" else {
                    diagnostics.error("the end marker must read exactly `<!-- schemagen:end -->`", at: location)
                    continue
                }
                output += current.content ?? ""
                output += line
                open = nil
            } else if open == nil {
                output += line
            }
        }
        if let open {
            diagnostics.error(
                "this schemagen:begin marker has no `<!-- schemagen:end -->` after it",
                at: SourceLocation(path: path, line: open.line, column: open.column))
        }
        if diagnostics.hasErrors { return .failure(InjectionFailure(diagnostics: diagnostics.sorted)) }
        return .success(output)
    }

    package struct InjectionFailure: Error, Sendable {
        package var diagnostics: [Diagnostic]
    }

    /// The generated Markdown for `<!-- schemagen:begin CONTRACT SECTION -->`.
    private func section(for marker: String, at location: SourceLocation) -> Result<String?, Diagnostic> {
        guard marker.hasSuffix("-->") else {
            return .failure(.error("the begin marker must end with `-->` on the same line", at: location))
        }
        let words = marker.dropFirst("<!-- schemagen:begin".count).dropLast(3).split(separator: " ").map(String.init)
        guard words.count == 2 else {
            return .failure(
                .error(
                    "a begin marker names a contract and a section: `<!-- schemagen:begin Zikr server-to-client -->`",
                    at: location))
        }
        let (contractName, sectionName) = (words[0], words[1])
        guard let source = sources.first(where: { $0.names.contains(contractName) }) else {
            let known = sources.flatMap(\.names)
            return .failure(
                .error(
                    "unknown contract '\(contractName)' in the marker\(Suggestions.hint(for: contractName, in: known))",
                    at: location))
        }
        let context = source.context
        switch sectionName {
        case "client-to-server": return .success(renderer.render(template: "client-events", context: context.root))
        case "server-to-client": return .success(renderer.render(template: "server-events", context: context.root))
        case "types": return .success(renderer.render(template: "types", context: context))
        case "wire-format": return .success(renderer.render(template: "wire-format", context: context.wireFormat))
        default:
            let channels = context.channels.map { "channel:" + $0.heading.dropFirst("Channel ".count) }
            if let index = channels.firstIndex(of: sectionName) {
                return .success(renderer.render(template: "channel", context: context.channels[index]))
            }
            return .failure(
                .error(
                    "unknown section '\(sectionName)' for contract '\(contractName)'\(Suggestions.hint(for: sectionName, in: Self.sections + channels))",
                    at: location))
        }
    }

    /// Rendered text (LF) with the guide's own line endings, without its final newline.
    private static func converting(rendered: String, to terminator: String) -> String {
        var text = rendered
        while text.hasSuffix("\n") { text.removeLast() }
        return terminator == "\n" ? text : text.linesSplitAtLineFeeds.joined(separator: terminator)
    }

    /// The lines of `text`, each with its own terminator, so joining them gives back every byte.
    package static func linesKeepingTerminators(_ text: String) -> [String] {
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            current.append(scalar)
            if scalar == "\n" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { lines.append(String(current)) }
        return lines
    }
}
