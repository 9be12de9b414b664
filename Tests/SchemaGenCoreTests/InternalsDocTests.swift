import Foundation
import Testing

/// docs/internals.md names types, files, modules and tests in backticks; each must still exist, so the notes cannot
/// keep describing a type that was deleted or renamed (they named `TranslatedList` long after it went).
struct InternalsDocTests {
    /// Names from Swift, Foundation and the peers the notes compare with: not this repository's to declare.
    static let external: Set<String> = [
        "AsyncClient", "AsyncStream", "AsyncThrowingStream", "CONNECT", "Codable", "Decimal", "Decoder", "Duration",
        "Encodable", "Foundation", "GET", "Hashable", "ISO8601FormatStyle", "Int64", "JSON", "JSONDecoder",
        "JSONSerialization",
        "POST", "Swift", "Task", "UUID", "Void",
    ]

    @Test func everyNameTheNotesGiveExists() throws {
        let root = Golden.repositoryRoot
        let notes = try String(contentsOf: root.appendingPathComponent("docs/internals.md"), encoding: .utf8)
        let named = Set(notes.matches(of: /`([A-Z][A-Za-z0-9]+)(?:\.[A-Za-z]+)*`/).map { String($0.1) })
        var known = Self.external
        // Targets, whose folders may be named otherwise (`SchemaGenTemplates` is `templates/`).
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        known.formUnion(manifest.matches(of: /name: "(\w+)"/).map { String($0.1) })
        for folder in ["Sources", "Tests", "Integration", "Fuzz/Sources", "Benchmarks/Sources"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.path.contains("/.build/") {
                    enumerator?.skipDescendants()
                    continue
                }
                // A folder is a module or a test target; a file names what it holds.
                known.insert(url.deletingPathExtension().lastPathComponent)
                guard url.pathExtension == "swift", let source = try? String(contentsOf: url, encoding: .utf8) else {
                    continue
                }
                known.formUnion(
                    source.matches(of: /\b(?:struct|enum|class|protocol|typealias|actor|case|func)\s+([A-Z]\w*)/).map {
                        String($0.1)
                    })
            }
        }
        let missing = named.subtracting(known).sorted()
        #expect(missing.isEmpty, "docs/internals.md names what no source declares: \(missing)")
    }
}
