import Foundation

/// Runs the `schemagen` executable that SwiftPM built beside the test bundle.
enum SchemaGenProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static var executable: URL {
        // The test bundle (Linux: an executable; macOS: a .xctest bundle) sits in the products folder.
        let candidates = [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        for candidate in candidates {
            for folder in [candidate, candidate.deletingLastPathComponent()] {
                let url = folder.appendingPathComponent("schemagen")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return candidates[0].appendingPathComponent("schemagen")
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting so a full pipe cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }
}

/// A folder that exists for one test.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("schemagen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
