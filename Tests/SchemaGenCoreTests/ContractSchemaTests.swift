import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// docs/contract.schema.json (for editor completion) stays true to the format: every contract in
/// schemas/ and every example in docs/contract-format.md validates against it, and so does the checker.
@Suite struct ContractSchemaTests {
    static let root = Golden.repositoryRoot

    static func json(_ text: String, path: String) throws -> JSONValue {
        let loaded = YAMLLoader().load(text: text, path: path)
        return JSONValue(try #require(loaded.root, "\(loaded.diagnostics)"))
    }

    static func validator() throws -> JSONSchemaValidator {
        let text = try String(contentsOf: root.appendingPathComponent("docs/contract.schema.json"), encoding: .utf8)
        return JSONSchemaValidator(root: try json(text, path: "contract.schema.json"))
    }

    /// The ```yaml blocks of the format documentation, with the line each starts on.
    static var documentationExamples: [DocumentationExample] {
        guard
            let text = try? String(contentsOf: root.appendingPathComponent("docs/contract-format.md"), encoding: .utf8)
        else { return [] }
        var examples: [DocumentationExample] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```yaml" {
                current = (index + 2, [])
            } else if let block = current, line == "```" {
                examples.append(
                    DocumentationExample(line: block.line, text: block.lines.joined(separator: "\n") + "\n"))
                current = nil
            } else if current != nil {
                current?.lines.append(String(line))
            }
        }
        return examples
    }

    struct DocumentationExample: CustomTestStringConvertible, Sendable {
        var line: Int
        var text: String
        var testDescription: String { "contract-format.md:\(line)" }
    }

    @Test func documentationHasAnExampleForEveryFeature() {
        #expect(Self.documentationExamples.count >= 13)
    }

    @Test(arguments: documentationExamples)
    func documentationExampleIsValid(_ example: DocumentationExample) throws {
        let loaded = ContractLoader().load(text: example.text, path: "contract-format.md:\(example.line)")
        #expect(loaded.diagnostics.isEmpty, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        let errors = try Self.validator().validate(Self.json(example.text, path: "example"))
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test(arguments: [
        "zikr.yaml", "rooms.yaml", "comapi.yaml", "order-status.yaml", "driver.yaml", "discord-gateway.yaml",
        "nostr.yaml",
        "supabase-realtime.yaml", "ethereum-pubsub.yaml", "graphql-transport-ws.yaml", "twitch-eventsub.yaml",
    ])
    func guideContractMatchesTheSchema(_ file: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("schemas/\(file)"), encoding: .utf8)
        let errors = try Self.validator().validate(Self.json(text, path: file))
        #expect(errors.isEmpty, "\(errors)")
    }

    /// The schema must reject what the checker rejects for shape, or it would let editors accept anything.
    @Test(arguments: [
        "unknown-event-key", "invalid-direction", "missing-framing", "unknown-framing", "missing-direction",
        "unknown-top-level-key",
        "unsupported-format-version", "envelope-missing-keys", "unknown-date-encoding", "type-fields-and-enum",
        "type-without-shape",
        "empty-enum", "parameter-type-not-scalar", "channel-missing-address", "deprecated-wrong-type",
        "invalid-namespace",
        "frames-and-framing",
    ])
    func schemaRejectsMalformedContract(_ name: String) throws {
        let url = Golden.fixtures.appendingPathComponent("Invalid/\(name).yaml")
        let errors = try Self.validator().validate(Self.json(String(contentsOf: url, encoding: .utf8), path: name))
        #expect(!errors.isEmpty)
    }
}
