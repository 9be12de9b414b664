import Foundation

/// A child process run to its end, its standard output and error in one text (they go to a file, so neither pipe
/// can fill up and stall the child).
struct Shell {
    var status: Int32
    var output: String

    static func run(_ arguments: [String], in directory: String? = nil, input: Data? = nil) throws -> Shell {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        if let input {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString).in")
            try input.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            process.standardInput = try FileHandle(forReadingFrom: file)
            try process.run()
            process.waitUntilExit()
        } else {
            try process.run()
            process.waitUntilExit()
        }
        try handle.close()
        let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return Shell(status: process.terminationStatus, output: output)
    }

    /// Writes `text` to `path` only when it differs, so a build of the same contracts again compiles nothing.
    static func write(_ text: String, to path: String) throws {
        if let old = try? String(contentsOfFile: path, encoding: .utf8), old == text { return }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Removes the files of `folder` ending in `suffix` that `keep` does not name.
    static func removeOthers(in folder: String, ending suffix: String, keep: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasSuffix(suffix) && !keep.contains(name) {
            try? FileManager.default.removeItem(atPath: "\(folder)/\(name)")
        }
    }
}
