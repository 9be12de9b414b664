@testable import SchemaGenContract
@testable import SchemaGenGenerator
import Testing

/// Oracle finding (seed 705601984, O74 and O194): a request matched by `ticket.name` whose value is its whole frame
/// (frame-shape fields beside the payload) read `ticket.name`, which is `payload.ticket.name` there: the method did not
/// compile. The golden `nested-request-ids` covers the payload-only case.
@Suite struct NestedRequestPathTests {
    @Test func aPathInsideAWholeFramesPayloadIsReadFromThePayload() throws {
        let loaded = ContractLoader().load(
            text: """
                schemagen: 1
                name: Shaped
                frames:
                  message: {name: event, payload: data, fields: {seq: "Int?"}}
                events:
                  publish:
                    direction: client-to-server
                    payload: {ticket: {fields: {name: String}}}
                    reply: {event: ack, match: ticket.name, ids: app}
                  ack:
                    direction: server-to-client
                    payload: {ticket: {fields: {name: String}}}
                """, path: "shaped.yaml")
        let contract = try #require(loaded.contract, "\(loaded.diagnostics.map(\.message))")
        let swift = try TemplateRenderer(kind: .swift).render(
            SwiftTranslator().translate(contract, sourceFile: "x.yaml"))
        #expect(swift.contains("let _correlation = payload.ticket.name"))
    }
}
