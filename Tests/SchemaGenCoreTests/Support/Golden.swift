import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import TestSupport
import Testing

/// Golden (reference) files: the expected output checked in beside the tests.
///
/// A mismatch fails with a unified diff. Run with `SCHEMAGEN_RECORD=1` to write the actual output as the
/// new golden file instead, then review the change with `git diff`.
enum Golden {
    static var isRecording: Bool { ProcessInfo.processInfo.environment["SCHEMAGEN_RECORD"] == "1" }

    /// `Tests/SchemaGenCoreTests/Fixtures`, found from this file so recording writes into the source tree.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The repository root, for tests that read `schemas/` and `docs/`.
    static let repositoryRoot = RepositoryContracts.root

    static func assertMatches(
        _ actual: String, golden url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        if isRecording {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(url.path); run with SCHEMAGEN_RECORD=1 to create it",
                sourceLocation: sourceLocation)
            return
        }
        let diff = TextDiff.unified(
            from: expected, to: actual, oldLabel: url.lastPathComponent + " (golden)", newLabel: "actual")
        if !diff.isEmpty {
            Issue.record(
                "output differs from \(url.lastPathComponent) (re-record with SCHEMAGEN_RECORD=1):\n\(diff)",
                sourceLocation: sourceLocation)
        }
    }
}
