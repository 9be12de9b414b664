import Foundation
import TestSupport
import Testing

/// `schemagen diff` as reviewers and CI run it.
@Suite struct DiffCommandTests {
    static let v1 =
        "schemagen: 1\nname: Demo\nframing: socket.io\nevents:\n  tick:\n    direction: server-to-client\n    payload: { at: Date, count: Int }\n"
    static let v2 =
        "schemagen: 1\nname: Demo\nframing: socket.io\nevents:\n  tick:\n    direction: server-to-client\n    payload: { at: Date }\n"
    static let v3 =
        "schemagen: 1\nname: Demo\nframing: socket.io\nevents:\n  tick:\n    direction: server-to-client\n    payload: { at: Date, count: Int, note: String? }\n"

    @Test func identicalContractsHaveNoChanges() async throws {
        let folder = try TemporaryFolder()
        try folder.write("a.yaml", Self.v1)
        try folder.write("b.yaml", Self.v1)
        let result = try await SchemaGenProcess.run(["diff", "a.yaml", "b.yaml"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardOutput == "schemagen diff: No changes.\n")
        let markdown = try await SchemaGenProcess.run(
            ["diff", "--format", "markdown", "a.yaml", "b.yaml"], in: folder.url)
        #expect(markdown.standardOutput == "### schemagen diff\n\n✅ **No changes** to the contracts.\n")
    }

    @Test func breakingChangesExitWithOneUnlessAllowed() async throws {
        let folder = try TemporaryFolder()
        try folder.write("old.yaml", Self.v1)
        try folder.write("new.yaml", Self.v2)
        let result = try await SchemaGenProcess.run(["diff", "old.yaml", "new.yaml"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                schemagen diff: Breaking: 1 change: 1 breaking, 0 degrading, 0 safe.
                  old apps on the new server: 1 breaks, 0 degrade; new apps on the old server: 0 break, 0 degrade
                  check: fails at --fail-on error: 1 error, 0 warnings, 0 info, 0 accepted

                error     BREAKING old.yaml:7 (old): event 'tick' › 'count'
                          required field 'count: Int' removed
                          old app, new server: breaks: the app requires a field that the server no longer sends
                          new app, old server: safe: the app ignores the field the server still sends
                          rollout: two steps: make the field optional and ship apps built with that; remove it once the apps that require it are gone

                """)
        let allowed = try await SchemaGenProcess.run(
            ["diff", "--allow-breaking", "--format", "json", "old.yaml", "new.yaml"], in: folder.url)
        #expect(allowed.status == 0)
        #expect(allowed.standardOutput.contains(#""verdict" : "breaking""#))
    }

    /// Exit codes with a team's `diff:` configuration (docs/compatibility.md): 1 when a finding not accepted is at or
    /// above `--fail-on`, 0 otherwise, 2 for a configuration with errors or contradicting flags.
    @Test func failOnAndTheConfigurationDecideTheExitCode() async throws {
        let folder = try TemporaryFolder()
        try folder.write("old.yaml", Self.v1)
        try folder.write("new.yaml", Self.v3)  // one safe change: info
        try folder.write("broken.yaml", Self.v2)  // one breaking change: error
        func status(_ arguments: [String]) async throws -> Int32 {
            try await SchemaGenProcess.run(["diff"] + arguments, in: folder.url).status
        }
        #expect(try await status(["old.yaml", "new.yaml"]) == 0)
        #expect(try await status(["--fail-on", "info", "old.yaml", "new.yaml"]) == 1)
        #expect(try await status(["--fail-on", "never", "old.yaml", "broken.yaml"]) == 0)
        #expect(try await status(["--allow-breaking", "--fail-on", "error", "old.yaml", "broken.yaml"]) == 2)

        try folder.write("schemagen.yaml", "diff:\n  rules:\n    field-added-optional: error\n")
        #expect(try await status(["old.yaml", "new.yaml"]) == 1)
        #expect(try await status(["--no-config", "old.yaml", "new.yaml"]) == 0)

        try folder.write(
            "team.yaml",
            """
            diff:
              accept:
                - rule: field-removed-required
                  at: event tick › count
                  reason: the app never shipped

            """)
        let accepted = try await SchemaGenProcess.run(
            ["diff", "--config", "team.yaml", "old.yaml", "broken.yaml"], in: folder.url)
        #expect(accepted.status == 0)
        #expect(accepted.standardOutput.contains("accepted  BREAKING old.yaml:7 (old): event 'tick' › 'count'"))
        #expect(accepted.standardOutput.contains("          accepted: the app never shipped\n"))

        try folder.write("schemagen.yaml", "diff:\n  failOn: sometimes\n")
        let invalid = try await SchemaGenProcess.run(["diff", "old.yaml", "new.yaml"], in: folder.url)
        #expect(invalid.status == 2)
        #expect(invalid.standardOutput.isEmpty)
        #expect(
            invalid.standardError.hasPrefix(
                "schemagen.yaml:2:11: error: unknown severity 'sometimes'; expected one of: error, warning, info, never"
            ))
    }

    @Test func safeChangesExitWithZero() async throws {
        let folder = try TemporaryFolder()
        try folder.write("old.yaml", Self.v1)
        try folder.write("new.yaml", Self.v3)
        let result = try await SchemaGenProcess.run(["diff", "old.yaml", "new.yaml"], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.standardOutput.hasPrefix(
                "schemagen diff: No breaking changes (1 change: 0 breaking, 0 degrading, 1 safe).\n"))
    }

    @Test func invalidContractsGiveLocatedDiagnosticsAndNoReport() async throws {
        let folder = try TemporaryFolder()
        try folder.write("old.yaml", Self.v1)
        try folder.write("new.yaml", Self.v1.replacingOccurrences(of: "Date", with: "Dte"))
        let result = try await SchemaGenProcess.run(["diff", "old.yaml", "new.yaml"], in: folder.url)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == """
                new.yaml:7:20: error: unknown type 'Dte' in field 'at' of the payload of event 'tick'; did you mean 'Date'?
                schemagen diff: the contracts have errors; no report

                """)
    }

    @Test func foldersPairContractsByFileName() async throws {
        let folder = try TemporaryFolder()
        for name in ["v1", "v2"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folder.write("v1/demo.yaml", Self.v1)
        try folder.write("v2/demo.yaml", Self.v3)
        try folder.write("v2/extra.yaml", Self.v1.replacingOccurrences(of: "Demo", with: "Extra"))
        let result = try await SchemaGenProcess.run(["diff", "--format", "json", "v1", "v2"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""kind" : "field-added-optional""#))
        #expect(result.standardOutput.contains(#""file" : "extra.yaml""#))
        #expect(result.standardOutput.contains(#""kind" : "event-added""#))
    }

    @Test func baseComparesTheWorkingTreeWithAGitRevision() async throws {
        let folder = try await repositoryWithAChange()
        let result = try await SchemaGenProcess.run(["diff", "--base", "main", "--format", "markdown"], in: folder.url)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "| ❌ | `schemas/demo.yaml:7 (old)` event `tick` › `count` | required field `count: Int` removed<br>**Rollout:** two steps: "
            ),
            "\(result.standardOutput)")
        let unknown = try await SchemaGenProcess.run(["diff", "--base", "no-such-branch"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("'no-such-branch' is not a commit in this repository"))
    }

    @Test func withoutTwoPathsOrABaseItIsAUsageError() async throws {
        let result = try await SchemaGenProcess.run(
            ["diff", "only-one.yaml"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 2)
        #expect(result.standardError.contains("give OLD and NEW"))
    }

    /// A repository whose `schemas/demo.yaml` is committed at v1 and changed to v2 in the working tree.
    private func repositoryWithAChange() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try folder.write("schemas/demo.yaml", Self.v1)
        for command in [
            ["init", "-q", "-b", "main"], ["add", "."],
            ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1"],
        ] {
            #expect(try await Self.git(command, in: folder.url) == 0)
        }
        try folder.write("schemas/demo.yaml", Self.v2)
        return folder
    }

    /// Issue 18: `--base HEAD ./schemas`, or `.` inside the folder, paired nothing (`demo.yaml` against `./demo.yaml`)
    /// and reported every event removed and added.
    @Test func baseWithADotPathPairsTheSameFiles() async throws {
        let folder = try await repositoryWithAChange()
        for (arguments, directory) in [
            (["./schemas"], folder.url), (["."], folder.url.appendingPathComponent("schemas")),
            (["schemas/../schemas/"], folder.url),
        ] {
            let result = try await SchemaGenProcess.run(
                ["diff", "--base", "HEAD", "--format", "json"] + arguments, in: directory)
            #expect(result.status == 1, "\(arguments): \(result.standardError)")
            #expect(
                result.standardOutput.contains(#""breaking" : 1"#) && result.standardOutput.contains(#""safe" : 0"#),
                "\(arguments): \(result.standardOutput)")
            #expect(
                !result.standardOutput.contains("event-removed") && !result.standardOutput.contains("event-added"),
                "\(arguments)")
        }
    }

    /// Issue 18: a file against a folder was accepted and reported nonsense.
    @Test func aFileAgainstAFolderIsAUsageError() async throws {
        let folder = try await repositoryWithAChange()
        for arguments in [["schemas/demo.yaml", "schemas"], ["schemas", "schemas/demo.yaml"]] {
            let result = try await SchemaGenProcess.run(["diff"] + arguments, in: folder.url)
            #expect(result.status == 2)
            #expect(result.standardOutput.isEmpty)
            #expect(
                result.standardError.contains(
                    "'schemas/demo.yaml' is a file and 'schemas' a folder: compare two contract files, or two folders"),
                "\(result.standardError)")
        }
    }

    /// Issue 18: outside a git repository `--base` said the revision was not a commit, and to fetch it.
    @Test func baseOutsideAGitRepositorySaysSo() async throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("schemas"), withIntermediateDirectories: true)
        try folder.write("schemas/demo.yaml", Self.v1)
        let result = try await SchemaGenProcess.run(["diff", "--base", "HEAD"], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("the working directory is not in a git repository"), "\(result.standardError)"
        )
        #expect(!result.standardError.contains("fetch it first"))
    }

    /// Issue 18: a backtick in a wire name broke the Markdown code span, and an added optional field was printed
    /// without its `?`.
    @Test func wireNamesWithBackticksStayInOneCodeSpanAndOptionalFieldsKeepTheirMark() async throws {
        let folder = try TemporaryFolder()
        try folder.write("old.yaml", Self.v1)
        try folder.write(
            "new.yaml", Self.v1.replacingOccurrences(of: "count: Int }", with: "count: Int, \"no`te\": String? }"))
        let markdown = try await SchemaGenProcess.run(
            ["diff", "--format", "markdown", "old.yaml", "new.yaml"], in: folder.url)
        #expect(markdown.status == 0, "\(markdown.standardError)")
        #expect(
            markdown.standardOutput.contains(
                "| ℹ️ | `new.yaml:7` event `tick` › ``no`te`` | optional field ``no`te: String?`` added |"),
            "\(markdown.standardOutput)")
        let text = try await SchemaGenProcess.run(["diff", "old.yaml", "new.yaml"], in: folder.url)
        #expect(text.standardOutput.contains("optional field"), "\(text.standardOutput)")
        #expect(text.standardOutput.contains("String?"), "\(text.standardOutput)")
    }

    /// Issue 18: a `dates:` change in a contract whose values hold no date read with it was judged breaking.
    @Test func datesChangeBreaksOnlyWhereADateIsReadWithThem() async throws {
        let folder = try TemporaryFolder()
        let noDates =
            "schemagen: 1\nname: Demo\nframing: socket.io\ndates: iso8601\nevents:\n  tick:\n    direction: server-to-client\n"
            + "    payload: { count: Int, at: { type: Date, encoding: unix-seconds } }\n"
        try folder.write("old.yaml", noDates)
        try folder.write(
            "new.yaml", noDates.replacingOccurrences(of: "dates: iso8601", with: "dates: unix-milliseconds"))
        let quiet = try await SchemaGenProcess.run(
            ["diff", "--format", "json", "old.yaml", "new.yaml"], in: folder.url)
        #expect(quiet.status == 0, "\(quiet.standardOutput)\(quiet.standardError)")
        #expect(quiet.standardOutput.contains(#""kind" : "documentation""#), "\(quiet.standardOutput)")
        try folder.write("dated-old.yaml", Self.v1)
        try folder.write(
            "dated-new.yaml",
            Self.v1.replacingOccurrences(of: "framing: socket.io", with: "framing: socket.io\ndates: unix-seconds"))
        let loud = try await SchemaGenProcess.run(
            ["diff", "--format", "json", "dated-old.yaml", "dated-new.yaml"], in: folder.url)
        #expect(loud.status == 1, "\(loud.standardOutput)")
        #expect(loud.standardOutput.contains(#""kind" : "date-encoding-changed""#), "\(loud.standardOutput)")
    }

    /// Issue 18: a pull request that fixes an invalid base contract could not be diffed at all.
    @Test func aChangeThatFixesAnInvalidBaseIsReportedWithANote() async throws {
        let folder = try TemporaryFolder()
        try folder.write("old.yaml", Self.v1.replacingOccurrences(of: "Date", with: "Dte"))
        try folder.write("new.yaml", Self.v1)
        let result = try await SchemaGenProcess.run(["diff", "old.yaml", "new.yaml"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("old.yaml:7:20: error: unknown type 'Dte'"), "\(result.standardError)")
        #expect(
            result.standardOutput.contains(
                "note: the base version 'old.yaml' has 1 error (above) and could not be read, so 'new.yaml' is compared "
                    + "with an empty contract"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("event added (server-to-client)"), "\(result.standardOutput)")
        // Errors in the new version still leave no report.
        let broken = try await SchemaGenProcess.run(["diff", "new.yaml", "old.yaml"], in: folder.url)
        #expect(broken.status == 2)
        #expect(broken.standardOutput.isEmpty)
    }

    static func git(_ arguments: [String], in directory: URL) async throws -> Int32 {
        try await offCooperativePool { try gitBlocking(arguments, in: directory) }
    }

    private static func gitBlocking(_ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
