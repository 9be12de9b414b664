import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// Reads the contracts of a git revision, for `schemagen diff --base origin/main`.
package struct GitBaseline: Sendable {
    package let revision: String

    package init(revision: String) {
        self.revision = revision
    }

    package struct Failure: Error, CustomStringConvertible, Sendable {
        package var description: String
    }

    /// The contract files under `paths` (relative to the working directory) as they are at the revision,
    /// keyed by those paths so they pair with the working tree's files.
    package func sources(paths: [String]) throws(Failure) -> [ContractComparison.Source] {
        _ = try git(
            ["rev-parse", "--is-inside-work-tree"],
            failure:
                "the working directory is not in a git repository: --base compares the contracts with a revision of the repository they are in; "
                + "run schemagen diff inside it, or compare two files or folders (schemagen diff OLD NEW)")
        _ = try git(
            ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"],
            failure: "'\(revision)' is not a commit in this repository; fetch it first (e.g. git fetch origin main)")
        let listing = try git(
            ["ls-tree", "-r", "--name-only", revision, "--"] + paths, failure: "cannot list '\(revision)'")
        var sources: [ContractComparison.Source] = []
        for file in String(decoding: listing, as: UTF8.self).split(separator: "\n").map(String.init).sorted() {
            let name = (file as NSString).lastPathComponent
            guard ContractFiles.extensions.contains((name as NSString).pathExtension),
                name != ContractFiles.configurationFileName
            else { continue }
            let data = try git(["show", "\(revision):./\(file)"], failure: "cannot read '\(file)' at '\(revision)'")
            sources.append(
                .init(key: ContractComparison.key(for: file), displayPath: "\(revision):\(file)", data: data))
        }
        return sources
    }

    private func git(_ arguments: [String], failure: String) throws(Failure) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = Pipe()
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run git: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: failure) }
        return data
    }
}
