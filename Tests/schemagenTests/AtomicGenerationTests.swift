import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// A run of `generate` is all or nothing for its output (Swift, docs and injected guides together): killed at
/// any moment, the output is the old version or the new one once the next run has started, never a mix, and
/// no temporary file is left. Concurrent runs on one output wait for each other.
@Suite struct AtomicGenerationTests {
    static func contract(_ name: String, field: String) -> String {
        """
        schemagen: 1
        name: \(name)
        framing: socket.io
        events:
          updated:
            direction: server-to-client
            payload:
              \(field): Int
        """
    }

    /// Version 1 has contracts a, b and c; version 2 changes a, drops b and adds d. Each version has its
    /// configuration, which also injects A's table into guide.md.
    static func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("v1/a.yaml", contract("A", field: "count"))
        try folder.write("v1/b.yaml", contract("B", field: "count"))
        try folder.write("v1/c.yaml", contract("C", field: "count"))
        try folder.write("v2/a.yaml", contract("A", field: "total"))
        try folder.write("v2/c.yaml", contract("C", field: "count"))
        try folder.write("v2/d.yaml", contract("D", field: "count"))
        for version in ["v1", "v2"] {
            try folder.write("\(version).config.yaml", "inputs: [\(version)]\noutput: Generated\ninject: [guide.md]\n")
        }
        try folder.write(
            "guide.md", "# Guide\n\n<!-- schemagen:begin A server-to-client -->\n<!-- schemagen:end -->\n\nThe end.\n")
        return folder
    }

    static func generate(
        _ version: String, in folder: TemporaryFolder, environment: [String: String] = [:]
    ) async throws -> SchemaGenProcess.Result {
        try await SchemaGenProcess.run(
            ["generate", "--config", "\(version).config.yaml"], in: folder.url, environment: environment)
    }

    /// Every file of the output and the guide, hidden ones included, with its bytes.
    static func snapshot(_ folder: TemporaryFolder) -> [String: Data] {
        var files: [String: Data] = [
            "guide.md": (try? Data(contentsOf: folder.url.appendingPathComponent("guide.md"))) ?? Data()
        ]
        let root = folder.url.appendingPathComponent("Generated")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files[String(url.path.dropFirst(root.path.count))] = try? Data(contentsOf: url)
        }
        return files
    }

    /// The output of version 1 and of version 2, each generated cleanly.
    static func expectedVersions() async throws -> (v1: [String: Data], v2: [String: Data]) {
        let folder = try project()
        #expect(try await generate("v1", in: folder).status == 0)
        let v1 = snapshot(folder)
        #expect(try await generate("v2", in: folder).status == 0)
        return (v1, snapshot(folder))
    }

    /// What the next writing run does first: finish or undo what an interrupted run left.
    static func recover(_ folder: TemporaryFolder) throws {
        _ = try OutputWriter(directory: folder.url.appendingPathComponent("Generated")).write([], owned: [])
    }

    @Test func aRunInterruptedAtEveryStepLeavesTheOldOutputOrTheNew() async throws {
        let (v1, v2) = try await Self.expectedVersions()
        #expect(v1 != v2 && v1.keys.contains("/Swift/b.swift") && v2.keys.contains("/Swift/d.swift"))
        var outcomes: [String] = []
        for step in 1...40 {
            let folder = try Self.project()
            #expect(try await Self.generate("v1", in: folder).status == 0)
            let run = try await Self.generate(
                "v2", in: folder, environment: ["SCHEMAGEN_TEST_CRASH_AFTER_STEPS": "\(step)"])
            if run.status == 0 {
                #expect(Self.snapshot(folder) == v2)
                break
            }
            #expect(run.status == 86, "the run stopped at step \(step): \(run.standardError)")
            let check = try await SchemaGenProcess.run(["check", "--config", "v2.config.yaml"], in: folder.url)
            #expect(check.status == 1 && check.standardError.contains("was interrupted"), "\(check.standardError)")
            try Self.recover(folder)
            let recovered = Self.snapshot(folder)
            #expect(
                recovered == v1 || recovered == v2,
                "step \(step): a mix of versions or a leftover file: \(recovered.keys.sorted())")
            outcomes.append(recovered == v1 ? "old" : "new")
        }
        // Interruptions before the commit point undo the run; after it, the run is finished.
        #expect(outcomes.first == "old" && outcomes.last == "new" && outcomes.count > 6, "\(outcomes)")
        #expect(
            outcomes == outcomes.sorted { $0 == "old" && $1 == "new" }, "undone, then finished, never back: \(outcomes)"
        )
    }

    @Test func theNextGenerateFinishesAnInterruptedRunAndSaysSo() async throws {
        let (_, v2) = try await Self.expectedVersions()
        let folder = try Self.project()
        #expect(try await Self.generate("v1", in: folder).status == 0)
        // Step 9 is after the commit (journal, 5 files staged, journal committed, then renames).
        #expect(
            try await Self.generate("v2", in: folder, environment: ["SCHEMAGEN_TEST_CRASH_AFTER_STEPS": "9"]).status
                == 86)
        let next = try await Self.generate("v2", in: folder)
        #expect(next.status == 0)
        #expect(next.standardError.contains("finished an interrupted earlier run"), "\(next.standardError)")
        #expect(Self.snapshot(folder) == v2)
    }

    /// Killed for real, at random moments, while generating many contracts.
    @Test func aRunKilledAtRandomMomentsLeavesTheOldOutputOrTheNew() async throws {
        let folder = try Self.project()
        for index in 0..<60 {
            try folder.write("v1/many\(index).yaml", Self.contract("Many\(index)", field: "count"))
            try folder.write("v2/many\(index).yaml", Self.contract("Many\(index)", field: "total"))
        }
        #expect(try await Self.generate("v2", in: folder).status == 0)
        let v2 = Self.snapshot(folder)
        #expect(try await Self.generate("v1", in: folder).status == 0)
        let v1 = Self.snapshot(folder)
        var random = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let target = round.isMultiple(of: 2) ? "v2" : "v1"
            let process = Process()
            process.executableURL = SchemaGenProcess.executable
            process.arguments = ["generate", "--config", "\(target).config.yaml"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...150_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            await SchemaGenProcess.waitForExit(process)
            try Self.recover(folder)
            let state = Self.snapshot(folder)
            #expect(state == v1 || state == v2, "round \(round): \(state.keys.filter { $0.contains("schemagen") })")
            // Start the next round from a known state.
            #expect(try await Self.generate(target == "v1" ? "v2" : "v1", in: folder).status == 0)
        }
    }

    @Test func aRunThatCannotWriteSaysWhereAndChangesNothing() async throws {
        let folder = try Self.project()
        #expect(try await Self.generate("v1", in: folder).status == 0)
        let before = Self.snapshot(folder)
        // The unprivileged user can read everything but write nothing.
        _ = try await SchemaGenProcess.shell("chmod -R a+rX,go-w \(folder.url.path)")
        let run = try await SchemaGenProcess.run(
            ["generate", "--config", "v2.config.yaml"], in: folder.url, unprivileged: true)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "schemagen: cannot write the generated files ('Generated/.schemagen-journal.tmp' cannot be accessed: "
                    + "permission denied; check its permissions); nothing was changed"), "\(run.standardError)")
        #expect(!run.standardError.contains("NSCocoaErrorDomain"))
        #expect(Self.snapshot(folder) == before)
    }

    @Test func concurrentRunsOnOneOutputWaitForEachOther() async throws {
        let (v1, v2) = try await Self.expectedVersions()
        let folder = try Self.project()
        #expect(try await Self.generate("v1", in: folder).status == 0)
        let processes = try (0..<8).map { index in
            let process = Process()
            process.executableURL = SchemaGenProcess.executable
            process.arguments = ["generate", "--config", index.isMultiple(of: 2) ? "v2.config.yaml" : "v1.config.yaml"]
            process.currentDirectoryURL = folder.url
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { await SchemaGenProcess.waitForExit(process) }
        #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8))
        let final = Self.snapshot(folder)
        #expect(final == v1 || final == v2, "\(final.keys.sorted())")
    }
}
