import Foundation
import SchemaGenCore
import Testing

/// docs/templates.md is the contract for people who override templates: it must name every key of every
/// context type and every default template.
@Suite struct TemplateContextDocumentationTests {
    static let root = Golden.repositoryRoot

    @Test func everyContextKeyIsDocumented() throws {
        let source = try ["Swift/Common/SwiftContext.swift", "Docs/MarkdownContext.swift", "TypeScript/TypeScriptContext.swift"].map {
            try String(contentsOf: Self.root.appendingPathComponent("Sources/SchemaGenCore/Targets/\($0)"), encoding: .utf8)
        }.joined(separator: "\n")
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        let keys = source.linesSplitAtLineFeeds.compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("public var ") || trimmed.hasPrefix("public private(set) var ") else { return nil }
            return trimmed.components(separatedBy: "var ")[1].components(separatedBy: ":")[0]
        }
        #expect(keys.count > 100)
        let missing = keys.filter { !docs.contains("`\($0)`") }
        #expect(missing.isEmpty, "undocumented context keys: \(missing)")
    }

    @Test func everyDefaultTemplateIsListed() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        let templates = try ["swift", "markdown", "typescript"].flatMap {
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("templates/\($0)").path)
        }.filter { $0.hasSuffix(".mustache") }
        #expect(!templates.isEmpty)
        for template in templates {
            #expect(docs.contains("| `\(template.dropLast(".mustache".count))` |"), "\(template) is not listed")
        }
    }
}
