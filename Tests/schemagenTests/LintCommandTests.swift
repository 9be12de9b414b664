import Foundation
import Testing

/// `schemagen lint` as users run it: the real binary, its output streams and exit codes.
@Suite struct LintCommandTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func lintsTheRepositoryContracts() async throws {
        let result = try await SchemaGenProcess.run(["lint", "schemas"], in: Self.repositoryRoot)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(
            result.standardOutput.contains(
                "schemas/zikr.yaml: Zikr: 32 events (9 client-to-server, 23 server-to-client), 0 channels, 1 type\n"))
        #expect(result.standardOutput.hasSuffix("12 contracts checked: 0 errors, 0 warnings\n"))
    }

    @Test func defaultsToTheSchemasFolder() async throws {
        let result = try await SchemaGenProcess.run(["lint"], in: Self.repositoryRoot)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("12 contracts checked"))
    }

    @Test func contractErrorsExitWithOneAndPrintLocatedDiagnostics() async throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "bad.yaml", "schemagen: 1\nname: Bad\nframing: socket.io\nevents:\n  ping:\n    direction: sideways\n")
        try folder.write(
            "good.yaml", "schemagen: 1\nname: Good\nframing: socket.io\nevents:\n  ping: { direction: both }\n")
        let result = try await SchemaGenProcess.run(["lint", "."], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "./bad.yaml:6:16: error: invalid direction 'sideways' for event 'ping'; expected one of: client-to-server, server-to-client, both\n"
        )
        #expect(
            result.standardOutput == """
                ./bad.yaml: not valid (1 error)
                ./good.yaml: Good: 1 event (0 client-to-server, 0 server-to-client, 1 both ways), 0 channels, 0 types
                2 contracts checked: 1 error, 0 warnings

                """)
    }

    @Test func warningsFailOnlyWhenAskedTo() async throws {
        let folder = try TemporaryFolder()
        try folder.write("quiet.yaml", "schemagen: 1\nname: Quiet\nframing: socket.io\n")
        #expect(try await SchemaGenProcess.run(["lint", "quiet.yaml"], in: folder.url).status == 0)
        let strict = try await SchemaGenProcess.run(["lint", "--warnings-as-errors", "quiet.yaml"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("quiet.yaml:1:1: warning: the contract declares no events"))
    }

    @Test func usageProblemsExitWithTwo() async throws {
        let missing = try await SchemaGenProcess.run(["lint", "does-not-exist.yaml"], in: Self.repositoryRoot)
        #expect(missing.status == 2)
        #expect(missing.standardError == "error: no such file or folder: 'does-not-exist.yaml'\n")
        let badOption = try await SchemaGenProcess.run(["lint", "--no-such-option"], in: Self.repositoryRoot)
        #expect(badOption.status == 2)
        #expect(badOption.standardError.contains("Unknown option '--no-such-option'"))
        let emptyFolder = try TemporaryFolder()
        #expect(try await SchemaGenProcess.run(["lint", "."], in: emptyFolder.url).status == 2)
    }

    @Test func binaryGarbageIsAnErrorNotACrash() async throws {
        let folder = try TemporaryFolder()
        try Data([0xFF, 0xFE, 0x00, 0x12, 0x9C, 0x80]).write(to: folder.url.appendingPathComponent("garbage.yaml"))
        let result = try await SchemaGenProcess.run(["lint", "garbage.yaml"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("garbage.yaml:1:1: error: the file is not UTF-8 text"))
    }
}
