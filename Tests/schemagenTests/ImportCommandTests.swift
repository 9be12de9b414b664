import Foundation
import Testing

/// `schemagen import asyncapi` as users run it.
@Suite struct ImportCommandTests {
    static let gemini = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SchemaGenCoreTests/Fixtures/AsyncAPI/websocket-gemini.yml")

    @Test func writesAContractThatLintsAndSaysWhatItCouldNotCarry() async throws {
        let folder = try TemporaryFolder()
        let result = try await SchemaGenProcess.run(
            ["import", "asyncapi", Self.gemini.path, "-o", "gemini.yaml"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "websocket-gemini.yml:52:3: warning: AsyncAPI does not say how events are framed on the wire"))
        #expect(
            result.standardError.hasSuffix("schemagen import: wrote gemini.yaml (1 event)\n"), "\(result.standardError)"
        )
        let contract = try String(contentsOf: folder.url.appendingPathComponent("gemini.yaml"), encoding: .utf8)
        #expect(contract.hasPrefix("# Imported by schemagen from websocket-gemini.yml (AsyncAPI 2.6.0)."))
        let lint = try await SchemaGenProcess.run(["lint", "gemini.yaml"], in: folder.url)
        #expect(lint.status == 0, "\(lint.standardOutput)\(lint.standardError)")

        let printed = try await SchemaGenProcess.run(["import", "asyncapi", Self.gemini.path], in: folder.url)
        #expect(printed.status == 0)
        #expect(printed.standardOutput == contract)
    }

    @Test func aDocumentThatCannotBeImportedWritesNothing() async throws {
        let folder = try TemporaryFolder()
        try folder.write("old.yaml", "asyncapi: 1.2.0\ninfo: {title: Old}\n")
        let result = try await SchemaGenProcess.run(
            ["import", "asyncapi", "old.yaml", "-o", "old-contract.yaml"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("old.yaml:1:11: error: AsyncAPI 1.2.0 is not supported"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("old-contract.yaml").path))
        let missing = try await SchemaGenProcess.run(["import", "asyncapi", "nope.yaml"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("nope.yaml"), "\(missing.standardError)")
    }
}
