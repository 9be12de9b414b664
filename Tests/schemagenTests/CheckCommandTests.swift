import Foundation
import Testing

/// `schemagen check` fails on every kind of drift, with a diff and the fix, and passes after `generate`.
@Suite struct CheckCommandTests {
    static let contract =
        "schemagen: 1\nname: Demo\nframing: socket.io\nevents:\n  ping:\n    direction: both\n    description: Checks the connection.\n    payload: { sentAt: Date }\n"
    static let guide =
        "# Our guide\r\n\r\nWritten by hand.\r\n\r\n<!-- schemagen:begin Demo server-to-client -->\r\n<!-- schemagen:end -->\r\n\r\nThe end.\r\n"

    /// A project with a contract, a guide listed in `inject`, and everything generated.
    private func project() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try folder.write("schemas/demo.yaml", Self.contract)
        try folder.write("guide.md", Self.guide)
        try folder.write("schemagen.yaml", "inject: [guide.md]\n")
        let generated = try await SchemaGenProcess.run(["generate"], in: folder.url)
        #expect(generated.status == 0, "\(generated.standardError)")
        let check = try await SchemaGenProcess.run(["check"], in: folder.url)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput == "schemagen check: 1 contract, 2 generated files and 1 guide are up to date\n")
        return folder
    }

    private func expectDrift(in folder: TemporaryFolder, path: String, diffLine: String) async throws {
        let check = try await SchemaGenProcess.run(["check"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("--- a/\(path)\n+++ b/\(path)\n"), "\(check.standardOutput)")
        #expect(check.standardOutput.contains(diffLine), "\(check.standardOutput)")
        #expect(check.standardError.hasSuffix("Fix: swift run schemagen generate\n"), "\(check.standardError)")
        #expect(try await SchemaGenProcess.run(["generate"], in: folder.url).status == 0)
        let again = try await SchemaGenProcess.run(["check"], in: folder.url)
        #expect(again.status == 0, "\(again.standardOutput)")
    }

    private func edit(_ folder: TemporaryFolder, _ path: String, replacing old: String, with new: String) throws {
        let url = folder.url.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func handEditInGeneratedSwift() async throws {
        let folder = try await project()
        try edit(
            folder, "Generated/Swift/demo.swift", replacing: "public let sentAt: Date", with: "public let sentAt: Date?"
        )
        try await expectDrift(
            in: folder, path: "Generated/Swift/demo.swift",
            diffLine: "-        public let sentAt: Date?\n+        public let sentAt: Date\n")
    }

    @Test func handEditInGeneratedDoc() async throws {
        let folder = try await project()
        try edit(folder, "Generated/Docs/demo.md", replacing: "Checks the connection.", with: "Pings.")
        try await expectDrift(
            in: folder, path: "Generated/Docs/demo.md",
            diffLine: "+| `ping` | `{ sentAt: Date }` | Checks the connection. |\n")
    }

    @Test func contractEditWithoutRegenerating() async throws {
        let folder = try await project()
        try edit(
            folder, "schemas/demo.yaml", replacing: "payload: { sentAt: Date }",
            with: "payload: { sentAt: Date, from: String? }")
        let check = try await SchemaGenProcess.run(["check"], in: folder.url)
        #expect(
            check.standardError.contains(
                "3 files out of date: Generated/Docs/demo.md, Generated/Swift/demo.swift, guide.md"),
            "\(check.standardError)")
        try await expectDrift(
            in: folder, path: "Generated/Swift/demo.swift", diffLine: "+        public let from: String?\n")
    }

    @Test func staleInjectedTable() async throws {
        let folder = try await project()
        try edit(folder, "guide.md", replacing: "Checks the connection.", with: "Old words.")
        try await expectDrift(
            in: folder, path: "guide.md", diffLine: "+| `ping` | `{ sentAt: Date }` | Checks the connection. |\r\n")
        let guide = try String(contentsOf: folder.url.appendingPathComponent("guide.md"), encoding: .utf8)
        #expect(
            guide.hasPrefix(
                "# Our guide\r\n\r\nWritten by hand.\r\n\r\n<!-- schemagen:begin Demo server-to-client -->\r\n\r\n| Event Name |"
            ))
        #expect(
            guide.hasSuffix(
                "| `ping` | `{ sentAt: Date }` | Checks the connection. |\r\n\r\n<!-- schemagen:end -->\r\n\r\nThe end.\r\n"
            ))
    }

    @Test func generatedFileWithoutContract() async throws {
        let folder = try await project()
        try folder.write("Generated/Swift/gone.swift", "// Generated by schemagen from gone.yaml. Do not edit.\n")
        try folder.write("Generated/Swift/mine.swift", "// written by hand\n")
        let check = try await SchemaGenProcess.run(["check"], in: folder.url)
        #expect(check.status == 1)
        #expect(
            check.standardOutput.hasPrefix(
                "diff --schemagen a/Generated/Swift/gone.swift /dev/null\n--- a/Generated/Swift/gone.swift\n+++ /dev/null\n"
            ))
        #expect(try await SchemaGenProcess.run(["generate"], in: folder.url).status == 0)
        #expect(try await SchemaGenProcess.run(["check"], in: folder.url).status == 0)
        #expect(
            FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Generated/Swift/mine.swift").path)
        )
    }

    @Test func docsInjectsIntoANamedGuideAndLeavesBadGuidesUntouched() async throws {
        let folder = try await project()
        try folder.write(
            "other.md", "Intro\n<!-- schemagen:begin demo wire-format -->\nold\n<!-- schemagen:end -->\nOutro")
        let injected = try await SchemaGenProcess.run(["docs", "--inject", "other.md"], in: folder.url)
        #expect(injected.status == 0, "\(injected.standardError)")
        let other = try String(contentsOf: folder.url.appendingPathComponent("other.md"), encoding: .utf8)
        #expect(
            other.hasPrefix("Intro\n<!-- schemagen:begin demo wire-format -->\n\nEvents travel as Socket.IO events"))
        #expect(other.hasSuffix("```\n\n<!-- schemagen:end -->\nOutro"))

        let broken = "A\n<!-- schemagen:begin Demo server-to-clinet -->\nB\n<!-- schemagen:begin Nope types -->\n"
        try folder.write("broken.md", broken)
        let failed = try await SchemaGenProcess.run(["docs", "--inject", "broken.md"], in: folder.url)
        #expect(failed.status == 1)
        #expect(
            failed.standardError == """
                broken.md:2:1: error: unknown section 'server-to-clinet' for contract 'Demo'; did you mean 'server-to-client'?
                broken.md:2:1: error: this schemagen:begin marker has no `<!-- schemagen:end -->` after it
                broken.md:4:1: error: a schemagen:begin marker inside another; close the one at line 2 with `<!-- schemagen:end -->` first
                schemagen: nothing was written

                """)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("broken.md"), encoding: .utf8) == broken)
    }

    @Test func contractErrorsFailTheCheck() async throws {
        let folder = try await project()
        try folder.write(
            "schemas/demo.yaml", Self.contract.replacingOccurrences(of: "direction: both", with: "direction: sideways"))
        let check = try await SchemaGenProcess.run(["check"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.standardError.contains("schemas/demo.yaml:6:16: error: invalid direction 'sideways'"))
    }
}
