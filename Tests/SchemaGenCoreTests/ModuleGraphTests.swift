import Foundation
import Testing

/// The module graph docs/ARCHITECTURE.md draws, against `Package.swift` and against every source file's imports: a
/// dependency added to the manifest without its row fails here, and so does an import of a module a module must not
/// see (SwiftPM lets a module import any module already built, declared or not).
struct ModuleGraphTests {
    /// Modules any source may import: the toolchain's and the system's.
    static let system: Set<String> = [
        "Foundation", "FoundationEssentials", "Dispatch", "Glibc", "Musl", "Darwin", "Synchronization", "os",
        "WinSDK", "CRT", "Android", "Bionic", "ucrt",
    ]

    /// The table under "## Modules": each module and what it depends on.
    static func documented() throws -> [String: Set<String>] {
        let map = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let section = try #require(
            map.components(separatedBy: "\n## Modules\n").dropFirst().first?.components(separatedBy: "\n## ").first)
        var graph: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") {
            guard let row = line.firstMatch(of: /^\| `(\w+)` \| (.*) \|$/) else { continue }
            graph[String(row.1)] = Set(row.2.matches(of: /`(\w+)`/).map { String($0.1) })
        }
        return graph
    }

    /// Each target of `Package.swift` with the targets and products it depends on, read from its `.target(` call.
    static func manifest() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: Golden.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        for call in text.split(separator: /\.(?:target|executableTarget|testTarget)\(/).dropFirst() {
            guard let name = call.firstMatch(of: /name: "(\w[\w-]*)"/).map({ String($0.1) }) else { continue }
            var dependencies: Set<String> = []
            if let start = call.range(of: "dependencies: [") {
                var list = String(
                    call[start.upperBound..<Self.close(call, from: start.upperBound, open: "[", close: "]")])
                // A product is named by its product name (`.product(name: "Yams", ...)`), a target by its string.
                while let product = list.range(of: ".product(") {
                    let end = Self.close(list, from: product.upperBound, open: "(", close: ")")
                    let call = list[product.upperBound..<end]
                    if let named = call.firstMatch(of: /name: "(\w+)"/) { dependencies.insert(String(named.1)) }
                    list.removeSubrange(product.lowerBound..<end)
                }
                dependencies.formUnion(list.matches(of: /"(\w+)"/).map { String($0.1) })
            }
            graph[name] = dependencies
        }
        return graph
    }

    /// The index just past the bracket that closes the one opened before `start`.
    static func close(
        _ text: some StringProtocol, from start: String.Index, open: Character, close: Character
    )
        -> String.Index
    {
        var depth = 1
        var index = start
        while index < text.endIndex, depth > 0 {
            if text[index] == open { depth += 1 } else if text[index] == close { depth -= 1 }
            index = text.index(after: index)
        }
        return depth == 0 ? text.index(before: index) : index
    }

    @Test func theManifestDependsAsTheMapSays() throws {
        let documented = try Self.documented()
        #expect(documented.count == 6, "\(documented)")
        let manifest = try Self.manifest()
        for (module, dependencies) in documented {
            let declared = try #require(manifest[module], "\(module) is not a target of Package.swift")
            let runtimeOnly = dependencies == ["nothing"] || dependencies.isEmpty
            #expect(
                runtimeOnly ? declared.isEmpty : declared == dependencies,
                "Package.swift gives \(module) \(declared.sorted()); docs/ARCHITECTURE.md says \(dependencies.sorted())"
            )
        }
    }

    @Test func noSourceImportsAModuleItsModuleDoesNotDependOn() throws {
        let documented = try Self.documented()
        var wrong: [String] = []
        for (module, dependencies) in documented {
            let base = Golden.repositoryRoot.appendingPathComponent("Sources/\(module)")
            let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let source = try String(contentsOf: url, encoding: .utf8)
                for line in source.split(separator: "\n") {
                    guard let imported = line.firstMatch(of: /^(?:@[\w()]+ )*import (?:struct |enum |class )?(\w+)/)
                    else { continue }
                    let name = String(imported.1)
                    if !Self.system.contains(name), !dependencies.contains(name) {
                        wrong.append("\(module)/\(url.lastPathComponent) imports \(name)")
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "imports the map in docs/ARCHITECTURE.md does not allow: \(wrong.sorted())")
    }
}
