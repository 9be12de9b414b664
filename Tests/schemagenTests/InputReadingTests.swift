import Foundation
import Testing

/// Every input that cannot be read is an error naming its path, with a non-zero exit; `generate` then writes
/// and removes nothing, so an unreadable folder never makes its generated files look stale.
@Suite struct InputReadingTests {
    static let contract = """
        schemagen: 1
        name: Small
        framing: socket.io
        events:
          ping:
            direction: server-to-client
            payload:
              at: Int
        """

    /// `schemas/a.yaml` and `schemas/private/b.yaml`, generated once into `Generated/`.
    static func generatedProject() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("schemas/private"), withIntermediateDirectories: true)
        try folder.write("schemas/a.yaml", contract)
        try folder.write("schemas/private/b.yaml", contract)
        let first = try await SchemaGenProcess.run(["generate"], in: folder.url)
        #expect(first.status == 0, "\(first.standardError)")
        // Readable and writable by the unprivileged user the permission tests run as.
        _ = try await SchemaGenProcess.shell("chmod -R a+rwX \(folder.url.path)")
        return folder
    }

    static func generatedFiles(_ folder: TemporaryFolder) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent("Generated/Swift").path)) ?? []).sorted()
    }

    @Test func anUnreadableSubfolderIsAnErrorAndGenerateRemovesNothing() async throws {
        let folder = try await Self.generatedProject()
        #expect(Self.generatedFiles(folder) == ["a.swift", "b.swift"])
        let secret = folder.url.appendingPathComponent("schemas/private")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: secret.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: secret.path) }

        let lint = try await SchemaGenProcess.run(["lint", "schemas"], in: folder.url, unprivileged: true)
        #expect(lint.status == 1)
        #expect(
            lint.standardError.contains(
                "schemas/private: error: 'schemas/private' cannot be accessed: permission denied"),
            "\(lint.standardError)")

        let generate = try await SchemaGenProcess.run(["generate"], in: folder.url, unprivileged: true)
        #expect(generate.status == 1)
        #expect(generate.standardError.contains("'schemas/private' cannot be accessed"), "\(generate.standardError)")
        #expect(!generate.standardOutput.contains("removed"))
        #expect(
            Self.generatedFiles(folder) == ["a.swift", "b.swift"],
            "b.swift must survive a run that could not read its contract")

        let check = try await SchemaGenProcess.run(["check"], in: folder.url, unprivileged: true)
        #expect(check.status == 1)
    }

    @Test func aFolderNamedLikeAContractIsSearched() async throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("schemas/v2.yaml"), withIntermediateDirectories: true)
        try folder.write("schemas/v2.yaml/small.yaml", Self.contract)
        let lint = try await SchemaGenProcess.run(["lint", "schemas"], in: folder.url)
        #expect(lint.status == 0, "\(lint.standardError)")
        #expect(lint.standardOutput.contains("schemas/v2.yaml/small.yaml: Small: 1 event"), "\(lint.standardOutput)")
    }

    /// Special files and broken links named like contracts, each with the words for what it is.
    @Test(arguments: [
        ("loop.yaml", "ln -s loop.yaml schemas/loop.yaml", "is a symbolic link that loops"),
        ("pipe.yaml", "mkfifo schemas/pipe.yaml", "is a named pipe (FIFO), not a file"),
        ("zero.yaml", "ln -s /dev/zero schemas/zero.yaml", "is a device, not a file"),
        ("gone.yaml", "ln -s nowhere.yaml schemas/gone.yaml", "is a symbolic link to something that does not exist"),
        ("up", "ln -s .. schemas/up", "reached through a symbolic link, so searching it would never end"),
    ])
    func unreadableEntriesAreLocatedErrors(name: String, command: String, words: String) async throws {
        let folder = try await Self.generatedProject()
        _ = try await SchemaGenProcess.shell("cd \(folder.url.path) && \(command)")
        let lint = try await SchemaGenProcess.run(["lint", "schemas"], in: folder.url)
        #expect(lint.status == 1, "\(lint.standardOutput)")
        #expect(
            lint.standardError.contains("schemas/\(name)") && lint.standardError.contains(words),
            "\(lint.standardError)")
        #expect(!lint.standardError.contains(":1:1:"), "a file that cannot be read has no line to point at")

        let generate = try await SchemaGenProcess.run(["generate"], in: folder.url)
        #expect(generate.status == 1)
        #expect(Self.generatedFiles(folder) == ["a.swift", "b.swift"])
    }

    @Test func aDeviceNamedOnTheCommandLineIsNotRead() async throws {
        let folder = try TemporaryFolder()
        let lint = try await SchemaGenProcess.run(["lint", "/dev/zero"], in: folder.url)
        #expect(lint.status == 1)
        #expect(
            lint.standardError.contains("/dev/zero: error: '/dev/zero' is a device, not a file"),
            "\(lint.standardError)")
    }
}
