import Foundation
import TestSupport

/// Runs the `schemagen` executable that SwiftPM built beside the test bundle.
enum SchemaGenProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    static var executable: URL {
        // The test bundle (Linux: an executable; macOS: a .xctest bundle) sits in the products folder.
        let candidates =
            [Bundle.main.bundleURL] + Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        for candidate in candidates {
            for folder in [candidate, candidate.deletingLastPathComponent()] {
                let url = folder.appendingPathComponent("schemagen")
                if FileManager.default.isExecutableFile(atPath: url.path) { return url }
            }
        }
        return candidates[0].appendingPathComponent("schemagen")
    }

    /// Runs schemagen; with `unprivileged`, as the user `nobody` when the tests run as root, so file
    /// permissions apply to it (root reads every folder whatever its mode).
    static func run(
        _ arguments: [String], in directory: URL, unprivileged: Bool = false,
        environment: [String: String] = [:]
    ) async throws -> Result {
        try await offCooperativePool {
            try runBlocking(arguments, in: directory, unprivileged: unprivileged, environment: environment)
        }
    }

    /// Waits for a started process to exit.
    static func waitForExit(_ process: Process) async {
        await offCooperativePool { process.waitUntilExit() }
    }

    private static func runBlocking(
        _ arguments: [String], in directory: URL, unprivileged: Bool, environment: [String: String]
    ) throws -> Result {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        if unprivileged, getuid() == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting so a full pipe cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}

extension SchemaGenProcess {
    /// Runs a shell command line (test setup: links, FIFOs, permissions); fails the test when it fails.
    @discardableResult
    static func shell(_ command: String) async throws -> String {
        try await offCooperativePool { try shellBlocking(command) }
    }

    private static func shellBlocking(_ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ShellFailure(command: command, status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }

    struct ShellFailure: Error { var command: String; var status: Int32 }
}

/// A folder that exists for one test.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("schemagen-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
