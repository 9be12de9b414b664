import Foundation

/// The repository's own contracts (`schemas/*.yaml`), which many suites run over: every contract gets a mock, a round
/// trip, a reference. One place that knows where they are, so the suites of both packages find the same files.
public enum RepositoryContracts {
    /// The repository's root folder, found from this file's place in it (`Tests/TestSupport/`).
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `schemas/`.
    public static let folder = root.appending(path: "schemas")

    /// The contracts' file names (`rooms.yaml`), sorted; empty when the folder cannot be read.
    public static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".yaml") }
            .sorted()
    }

    /// The path of the contract named `file` (`rooms.yaml`).
    public static func path(_ file: String) -> String {
        folder.appending(path: file).path
    }
}
