import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// `examples:` in a contract: each read as generated code reads it, a mismatch an error at the example, a tolerated
/// difference a warning, and every example shown in the reference.
@Suite struct ExampleCheckTests {
    static func contract(_ examples: String) -> String {
        """
        schemagen: 1
        name: Chat
        framing: socket.io
        types:
          Mood:
            enum: [happy, sad]
        events:
          said:
            direction: server-to-client
            payload: { text: String, at: Date, mood: Mood? }
            examples:
        \(examples)
          say:
            direction: client-to-server
            payload: { text: String }

        """
    }

    func diagnostics(_ examples: String) -> [String] {
        ContractLoader().load(text: Self.contract(examples), path: "chat.yaml").diagnostics.map {
            "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.severity): \($0.message)"
        }
    }

    @Test func examplesThatMatchAreQuietAndShownInTheReference() throws {
        let text = Self.contract(
            """
                  - summary: A message as the server relays it.
                    payload: { text: hi, at: "2026-11-27T10:00:00Z" }
                  - frame: '["said",{"text":"hi","at":"2026-11-27T10:00:00Z","mood":"happy"}]'
            """)
        let loaded = ContractLoader().load(text: text, path: "chat.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
        let contract = try #require(loaded.contract)
        let said = try #require(contract.events.first)
        #expect(
            said.examples.map(\.json) == [
                #"{"text":"hi","at":"2026-11-27T10:00:00Z"}"#,
                #"["said",{"text":"hi","at":"2026-11-27T10:00:00Z","mood":"happy"}]"#,
            ])
        let markdown = try TemplateRenderer(kind: .markdown).render(
            MarkdownTranslator().translate(contract, sourceFile: "chat.yaml"))
        #expect(
            markdown.contains(
                """
                ## Examples

                ### `said`

                A message as the server relays it.

                ```json
                {
                  "text": "hi",
                  "at": "2026-11-27T10:00:00Z"
                }
                ```

                The whole frame, as it travels:

                ```json
                [
                  "said",
                  {
                    "text": "hi",
                    "at": "2026-11-27T10:00:00Z",
                    "mood": "happy"
                  }
                ]
                ```
                """), "\(markdown)")
        #expect(markdown.contains("- [Examples](#examples)"))
    }

    @Test func anExampleThatDoesNotMatchIsAnErrorWhereItIsWritten() {
        #expect(
            diagnostics(
                """
                      - payload: { text: hi, at: yesterday }
                """) == [
                    #"12:9 error: an example of event 'said' does not match it at $.payload.at: expected a date, found "yesterday""#
                ])
        #expect(
            diagnostics(
                """
                      - frame: '["say",{"text":"hi"}]'
                """) == [
                    "12:9 error: an example of event 'said' is a frame of event 'say'; move it there, or correct its name"
                ])
    }

    /// Generated code tolerates an unknown key or an unlisted value; in an example it is most often a slip.
    @Test func aToleratedDifferenceIsAWarning() {
        #expect(
            diagnostics(
                """
                      - payload: { text: hi, at: "2026-11-27T10:00:00Z", mood: bored, txt: hi }
                """) == [
                    #"12:9 warning: an example of event 'said' does not match it at $.payload.mood: "bored" is not a value `Mood` lists (generated code keeps it as unknown)"#,
                    "12:9 warning: an example of event 'said' does not match it at $.payload.txt: a key the contract does not have (generated code skips it)",
                ])
    }

    @Test func examplesAreAListOfPayloadsOrFrames() {
        #expect(diagnostics("      payload: {}").first?.contains("`examples:` of event 'said' is a list") == true)
        #expect(
            diagnostics(
                """
                      - summary: nothing
                """
            ).first?.contains("needs exactly one of `payload:` (the payload's value) and `frame:` (the whole frame)")
                == true)
    }
}
