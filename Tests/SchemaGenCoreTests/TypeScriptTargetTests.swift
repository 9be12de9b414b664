import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import TestSupport
import Testing

/// The TypeScript target: golden files per feature, and every golden and generated file, with the usage files
/// in Tests/TypeScript, type-checked by the real compiler (`tsc`, Debian's node-typescript) in strict mode. The
/// misuse files there must fail to compile with exactly the errors their lines announce (`// error TS2322`).
///
/// Without `tsc` on the PATH the compiler tests are skipped, unless `SCHEMAGEN_REQUIRE_TSC=1` (CI) makes that
/// a failure.
@Suite struct TypeScriptTargetTests {
    static let goldens = Golden.repositoryRoot.appendingPathComponent("Tests/GoldenTypeScript")
    static let usage = Golden.repositoryRoot.appendingPathComponent("Tests/TypeScript")
    static let generated = Golden.repositoryRoot.appendingPathComponent("Generated/TypeScript")

    /// Strict mode, and the checks a careful team adds to it, so generated files never trip a project's settings.
    static let compilerOptions = [
        "--strict", "--noEmit", "--target", "es2020", "--moduleResolution", "node",
        "--noUnusedLocals", "--noUnusedParameters", "--noImplicitReturns", "--noFallthroughCasesInSwitch",
        "--noUncheckedIndexedAccess", "--exactOptionalPropertyTypes", "--pretty", "false",
    ]

    static let compiler = executableOnPath("tsc")

    static var compilerRequired: Bool { ProcessInfo.processInfo.environment["SCHEMAGEN_REQUIRE_TSC"] == "1" }

    static func files(in folder: URL, ending suffix: String) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(suffix) }
            .sorted()
            .map { folder.appendingPathComponent($0) }
    }

    static var misuseFiles: [String] {
        files(in: usage.appendingPathComponent("misuse"), ending: ".ts").map(\.lastPathComponent)
    }

    @Test(arguments: GenerationGoldenTests.features)
    func generatedTypeScriptMatchesTheGolden(feature: String) throws {
        let loaded = ContractLoader().load(
            path: GenerationGoldenTests.contracts.appendingPathComponent("\(feature).yaml").path)
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let typescript = try TemplateRenderer(kind: .typescript).render(
            TypeScriptTranslator().translate(contract, sourceFile: "\(feature).yaml"))
        try Golden.assertMatches(typescript, golden: Self.goldens.appendingPathComponent("\(feature).ts"))
    }

    /// Swift nests a channel's events in the channel's type; TypeScript has one namespace, so a channel event whose
    /// name meets a named type's takes `Event` after it, and the file still compiles.
    @Test(.enabled(if: compiler != nil || compilerRequired, "tsc is not installed (apt-get install node-typescript)"))
    func aChannelEventNamedLikeANamedTypeGetsAnEventSuffix() async throws {
        let text = """
            schemagen: 1
            name: Fleet
            framing:
              envelope: {name: event, payload: data, channel: channel}
            types:
              DriverLocation:
                fields: {lat: Double, lng: Double}
            channels:
              driver:
                address: driver-{driverId}
                parameters: {driverId: String}
                events:
                  location:
                    direction: server-to-client
                    payload: {at: DriverLocation, speed: Double}
            """
        let contract = try #require(ContractLoader().load(text: text, path: "fleet.yaml").contract)
        let typescript = try TemplateRenderer(kind: .typescript).render(
            TypeScriptTranslator().translate(contract, sourceFile: "fleet.yaml"))
        #expect(typescript.contains("export interface DriverLocation {\n"))
        #expect(typescript.contains("export interface DriverLocationEvent {\n"))
        #expect(typescript.contains("export type DriverLocationEventFrame = {\n"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schemagen-ts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try typescript.write(to: folder.appendingPathComponent("fleet.ts"), atomically: true, encoding: .utf8)
        let tsc = try #require(Self.compiler, "tsc is not installed: apt-get install node-typescript")
        let run = try await runChildProcess(
            tsc, Self.compilerOptions + [folder.appendingPathComponent("fleet.ts").path])
        #expect(run.status == 0, "\(run.standardOutput)")
    }

    /// Oracle finding (seed 14, O236): the guard of a shape told by its keys (`has: [push]`) passed an array frame,
    /// since an array has a `push` method; the guards read the frame's own members only now, as the runtime does.
    @Test(.enabled(if: compiler != nil || compilerRequired, "tsc is not installed (apt-get install node-typescript)"))
    func aGuardReadsTheFramesOwnMembersOnly() async throws {
        let text = """
            schemagen: 1
            name: Owned
            frames:
              push: {has: [push], payload: push}
              data: {array: [chanId], payload: rest, fields: {chanId: Int}}
            events:
              pushed: {frame: push, direction: server-to-client, payload: Int}
              update: {frame: data, direction: server-to-client, payload: "[Double]"}
            """
        let contract = try #require(ContractLoader().load(text: text, path: "owned.yaml").contract)
        let typescript = try TemplateRenderer(kind: .typescript).render(
            TypeScriptTranslator().translate(contract, sourceFile: "owned.yaml"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schemagen-ts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try typescript.write(to: folder.appendingPathComponent("owned.ts"), atomically: true, encoding: .utf8)
        let tsc = try #require(Self.compiler, "tsc is not installed: apt-get install node-typescript")
        let options =
            Self.compilerOptions.filter { $0 != "--noEmit" } + ["--module", "commonjs", "--outDir", folder.path]
        let compiled = try await runChildProcess(tsc, options + [folder.appendingPathComponent("owned.ts").path])
        #expect(compiled.status == 0, "\(compiled.standardOutput)")
        let node = try #require(executableOnPath("node"), "node is not installed")
        let script = """
            const owned = require(process.argv[process.argv.length - 1]);
            console.log([owned.isPushedFrame([7, 1.5]), owned.isPushedFrame({push: 1}), owned.isUpdateFrame([7, 1.5]),
              owned.isUpdateFrame({push: 1})].join(" "));
            """
        let run = try await runChildProcess(
            node, ["-e", script, folder.appendingPathComponent("owned.js").path])
        #expect(
            run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "false true true false",
            "\(run.standardOutput)\(run.standardError)")
    }

    @Test(.enabled(if: compiler != nil || compilerRequired, "tsc is not installed (apt-get install node-typescript)"))
    func everyGoldenAndGeneratedFileTypeChecksWithTheUsageFiles() async throws {
        let tsc = try #require(Self.compiler, "tsc is not installed: apt-get install node-typescript")
        let inputs =
            Self.files(in: Self.goldens, ending: ".ts") + Self.files(in: Self.generated, ending: ".ts")
            + Self.files(in: Self.usage, ending: ".ts")
        #expect(inputs.count >= GenerationGoldenTests.features.count + 12 + 3)
        let run = try await runChildProcess(tsc, Self.compilerOptions + inputs.map(\.path), in: Golden.repositoryRoot)
        #expect(run.status == 0, "tsc failed:\n\(run.standardOutput)\(run.standardError)")
    }

    @Test(
        .enabled(if: compiler != nil || compilerRequired, "tsc is not installed (apt-get install node-typescript)"),
        arguments: misuseFiles)
    func misuseFailsToCompileWithTheAnnouncedErrors(file: String) async throws {
        let tsc = try #require(Self.compiler, "tsc is not installed: apt-get install node-typescript")
        let url = Self.usage.appendingPathComponent("misuse").appendingPathComponent(file)
        let source = try String(contentsOf: url, encoding: .utf8)
        var announced: [String] = []
        for (index, line) in source.linesSplitAtLineFeeds.enumerated() {
            guard let range = line.range(of: "// error TS") else { continue }
            announced.append("\(index + 1): TS" + line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(!announced.isEmpty, "a misuse file announces the errors it must cause")
        let run = try await runChildProcess(
            tsc, Self.compilerOptions + [Self.usage.appendingPathComponent("socket.io.d.ts").path, url.path],
            in: Golden.repositoryRoot)
        #expect(run.status != 0)
        // `path(line,column): error TS2322: …`
        let reported = run.standardOutput.linesSplitAtLineFeeds.compactMap { line -> String? in
            guard line.contains(file + "("), let open = line.firstIndex(of: "("),
                let comma = line[open...].firstIndex(of: ","),
                let code = line.range(of: "error TS")
            else { return nil }
            return "\(line[line.index(after: open)..<comma]): TS" + line[code.upperBound...].prefix { $0.isNumber }
        }
        #expect(reported == announced, "tsc said:\n\(run.standardOutput)")
    }
}
