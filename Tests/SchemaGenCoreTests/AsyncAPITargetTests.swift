import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import TestSupport
import Testing
import Yams

/// The AsyncAPI target: a golden document per feature; every golden and generated document validated by a
/// third-party AsyncAPI 3.0 model and JSON Schema's meta-schema (Tests/AsyncAPI/validate.py, PyPI packages pinned
/// in its requirements.txt), and the guides' payload fixtures validated against the exported payload schemas.
///
/// Without those Python packages the validation test is skipped, unless `SCHEMAGEN_REQUIRE_ASYNCAPI=1` (CI)
/// makes that a failure.
@Suite struct AsyncAPITargetTests {
    static let goldens = Golden.repositoryRoot.appendingPathComponent("Tests/GoldenAsyncAPI")
    static let generated = Golden.repositoryRoot.appendingPathComponent("Generated/AsyncAPI")
    static let validator = Golden.repositoryRoot.appendingPathComponent("Tests/AsyncAPI/validate.py")
    static let fixtures = Golden.repositoryRoot.appendingPathComponent("Tests/GeneratedClientTests/Fixtures")

    static let python = executableOnPath("python3")

    /// Whether the validator's packages are installed (`pip install -r Tests/AsyncAPI/requirements.txt`).
    static let validatorAvailable: Bool = {
        guard let python else { return false }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-W", "ignore", "-c", "import asyncapi3, jsonschema, yaml"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static var validatorRequired: Bool { ProcessInfo.processInfo.environment["SCHEMAGEN_REQUIRE_ASYNCAPI"] == "1" }

    @Test(arguments: GenerationGoldenTests.features)
    func generatedDocumentMatchesTheGolden(feature: String) throws {
        let loaded = ContractLoader().load(
            path: GenerationGoldenTests.contracts.appendingPathComponent("\(feature).yaml").path)
        let contract = try #require(loaded.contract, "\(loaded.diagnostics)")
        let document = AsyncAPITranslator().document(contract, sourceFile: "\(feature).yaml")
        try Golden.assertMatches(document, golden: Self.goldens.appendingPathComponent("\(feature).yaml"))
    }

    @Test(
        .enabled(
            if: validatorAvailable || validatorRequired,
            "the validator's packages are not installed (pip install -r Tests/AsyncAPI/requirements.txt)"))
    func everyDocumentIsValidAsyncAPIAndTheGuidesPayloadsMatchItsSchemas() async throws {
        let python = try #require(Self.python)
        #expect(Self.validatorAvailable, "pip install -r Tests/AsyncAPI/requirements.txt")
        let documents =
            TypeScriptTargetTests.files(in: Self.goldens, ending: ".yaml")
            + TypeScriptTargetTests.files(in: Self.generated, ending: ".yaml")
        #expect(documents.count == GenerationGoldenTests.features.count + 12)
        // The guides whose fixtures are payloads (Socket.IO, and Pusher's decoded `data`).
        let examples = ["rooms", "zikr", "order-status", "driver"].map {
            Self.generated.appendingPathComponent("\($0).yaml").path + "="
                + Self.fixtures.appendingPathComponent($0).path
        }
        let run = try await runChildProcess(
            python, ["-W", "ignore", Self.validator.path] + documents.map(\.path) + examples)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("zikr.yaml: 31 fixtures checked"), "\(run.standardOutput)")
    }

    /// `x-schemagen-framing` is the contract's own `framing:` or `frames:` entry: put into a contract, it reads
    /// back as the same framing, for every contract of the repository and every golden one.
    @Test func theFramingExtensionIsContractSyntaxThatReadsBackTheSame() throws {
        let contracts = try ContractFiles.find([
            Golden.repositoryRoot.appendingPathComponent("schemas").path, GenerationGoldenTests.contracts.path,
        ]).files
        #expect(contracts.count == 12 + GenerationGoldenTests.features.count)
        for path in contracts {
            let contract = try #require(ContractLoader().load(path: path).contract, "\(path)")
            let exported = try #require(AsyncAPITranslator().translate(contract)["x-schemagen-framing"])
            // The framing's fields may name the contract's types; any declaration of those names will do here.
            let types =
                contract.types.isEmpty
                ? "" : "types:\n" + contract.types.map { "  \($0.name):\n    fields: {}\n" }.joined()
            let probe =
                "schemagen: 1\nname: Probe\n" + YAMLWriter.write(exported) + types
                + "events:\n  probe:\n    direction: server-to-client\n"
            let loaded = ContractLoader().load(text: probe, path: "probe.yaml")
            guard let reread = loaded.contract else {
                Issue.record("\(path): \(loaded.diagnostics.map(\.message))\n\(probe)")
                continue
            }
            #expect(AsyncAPITranslator().framing(reread.framing) == exported, "\(path)")
        }
    }

    /// Strings YAML would read as something else are quoted; every other string stays plain, and a YAML reader
    /// gives back exactly what was written.
    @Test func writtenYAMLReadsBackAsTheSameDocument() throws {
        let tricky = [
            "yes", "No", "on", "null", "~", "1.0", "0x1F", "2026-11-24", "a: b", "#x", "x #y", "- item", "[list]",
            "{map}",
            "", " leading", "trailing ", "line\nbreak", "tab\there", "quote\"s", "back\\slash", "ünïcödé", "emoji 🚀",
            "$ref", "/lobby", "ticker-{SYMBOL}", "*alias", "&anchor", "!tag", "%directive", "@at", "`tick`", "é:é",
            "\u{0007}bell", "\u{2028}separator", "plain words, with (parentheses)",
        ]
        let document = DocumentValue.object([
            ("strings", .array(tricky.map(DocumentValue.string))),
            ("keys", .object(tricky.map { ($0, .integer(1)) })),
            (
                "nested",
                .array([
                    .object([("a", .array([.string("x"), .object([])])), ("b", .null)]),
                    .array([.bool(true), .array([])]),
                ])
            ),
        ])
        let text = YAMLWriter.write(document)
        let parsed = try #require(try Yams.load(yaml: text) as? [String: Any])
        #expect(parsed["strings"] as? [String] == tricky)
        #expect(Set((parsed["keys"] as? [String: Int])?.keys.map { $0 } ?? []) == Set(tricky))
        #expect(
            text.contains("\n  - /lobby\n") && text.contains("\n  - \"yes\"\n")
                && text.contains("\n  - plain words, with (parentheses)\n"))
    }
}
