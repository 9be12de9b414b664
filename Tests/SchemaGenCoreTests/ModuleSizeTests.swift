import Foundation
import Testing

/// The walls issue 52 set around the generator's code: modules small enough to hold in mind, files of one purpose, and
/// a public API that is only what a library user calls. Counted from the sources, so a change that grows past a
/// wall fails here rather than in review.
struct ModuleSizeTests {
    static let generatorModules = ["SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools"]

    /// Every Swift file under `Sources/<module>`, with its text.
    static func sources(of module: String) throws -> [(path: String, text: String)] {
        let base = Golden.repositoryRoot.appendingPathComponent("Sources/\(module)")
        var files: [(String, String)] = []
        let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append((url.path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    @Test func noGeneratorModuleIsOver10000Lines() throws {
        for module in Self.generatorModules {
            let lines = try Self.sources(of: module).reduce(0) { $0 + $1.text.split(separator: "\n").count }
            #expect(lines > 0 && lines <= 10_000, "\(module) has \(lines) lines")
        }
    }

    @Test func theGeneratorModulesHaveAtMost150PublicDeclarations() throws {
        var count = 0
        for module in Self.generatorModules {
            for file in try Self.sources(of: module) {
                count +=
                    file.text.split(separator: "\n").filter {
                        $0.firstMatch(of: #/^\s*(?:@\w+(?:\([^)]*\))?\s+)*public /#) != nil
                    }.count
            }
        }
        #expect(count > 0 && count <= 150, "\(count) public declarations across \(Self.generatorModules)")
    }

    @Test func noSourceFileIsOver600Lines() throws {
        let sources = Golden.repositoryRoot.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path)
        var long: [String] = []
        for module in modules {
            for file in try Self.sources(of: module) {
                let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
                if lines > 600 { long.append("\(file.path): \(lines)") }
            }
        }
        #expect(long.isEmpty, "files over 600 lines: \(long)")
    }
}
