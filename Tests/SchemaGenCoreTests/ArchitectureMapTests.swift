import Foundation
import Testing

/// docs/ARCHITECTURE.md's folder tables against the folders of the modules they map: a folder added, renamed or
/// removed without its row fails here, so the map a newcomer reads first stays true.
struct ArchitectureMapTests {
    static let modules = [
        "SchemaGenContract", "SchemaGenGenerator", "SchemaGenTools", "SchemaGenRuntime", "SchemaGenTransport",
    ]

    @Test func everyFolderOfTheMappedModulesHasARowAndEveryRowAFolder() throws {
        let root = Golden.repositoryRoot
        let map = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let rows = Set(
            map.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /^\| `([A-Za-z]+(?:\/[A-Za-z]+)*)\/` \|/).map { String($0.1) }
            })
        var folders: Set<String> = []
        for module in Self.modules {
            let base = root.appendingPathComponent("Sources/\(module)")
            let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isDirectoryKey])
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
                // A folder with subfolders (Targets/) is mapped through them, or by a row of its own that covers them.
                let hasSubfolders =
                    (try? FileManager.default.contentsOfDirectory(
                        at: url, includingPropertiesForKeys: [.isDirectoryKey]))?
                    .contains { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true } ?? false
                if !hasSubfolders { folders.insert(relative) }
            }
        }
        let withoutRow = folders.subtracting(rows).filter { folder in !rows.contains { folder.hasPrefix($0 + "/") } }
        #expect(withoutRow.isEmpty, "folders with no row in docs/ARCHITECTURE.md: \(withoutRow.sorted())")
        let withoutFolder = rows.subtracting(folders).filter { row in !folders.contains { $0.hasPrefix(row + "/") } }
        #expect(withoutFolder.isEmpty, "rows of docs/ARCHITECTURE.md naming no folder: \(withoutFolder.sorted())")
    }
}
