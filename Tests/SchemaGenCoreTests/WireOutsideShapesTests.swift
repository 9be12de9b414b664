import SchemaGenContract
import Testing

/// Issue 53, shape 7: `wire:` under `framing:` is refused with what to write instead. For a discriminator and a JSON
/// envelope, that is the one frame shape reading the same frames, which the rewritten contract then accepts with
/// `wire:` on both events; Socket.IO and a payload inside a string, which no shape reads, get `direction: both`.
@Suite struct WireOutsideShapesTests {
    static let events = """
        events:
          ping_sent: {wire: ping, direction: client-to-server, payload: {nonce: Int}}
          ping_received: {wire: ping, direction: server-to-client, payload: {at: Int}}
        """

    static func load(_ framing: String) -> ContractLoader.Loaded {
        ContractLoader().load(text: "schemagen: 1\nname: Ping\n\(framing)\n\(events)\n", path: "ping.yaml")
    }

    @Test(arguments: [
        ("framing: {discriminator: type}", "frames: {message: {name: type, payload: rest}}"),
        ("framing: {envelope: {name: event, payload: data}}", "frames: {message: {name: event, payload: data}}"),
        (
            "framing: {envelope: {name: \"@type\", payload: body, channel: topic, fields: {id: Int?}}}",
            "frames: {message: {name: \"@type\", payload: body, channel: topic, fields: {id: Int?}}}"
        ),
    ])
    func theRefusalGivesShapesThatTheCheckerThenAccepts(framing: String, shapes: String) throws {
        let refused = Self.load(framing)
        #expect(refused.contract == nil)
        #expect(refused.diagnostics.count == 2)
        for diagnostic in refused.diagnostics {
            #expect(diagnostic.message.contains("replace `framing:` with `\(shapes)`"), "\(diagnostic.message)")
            #expect(diagnostic.message.contains("write `wire: ping` on both"))
        }
        let rewritten = Self.load(shapes)
        let contract = try #require(rewritten.contract, "\(rewritten.diagnostics.map(\.message))")
        #expect(contract.events.map { $0.address?.name } == [.string("ping"), .string("ping")])
    }

    @Test(arguments: [
        "framing: socket.io", "framing: {envelope: {name: event, payload: data, payloadEncoding: json-string}}",
    ])
    func framingsNoShapeReadsAreToldToUseOneEventBothWays(framing: String) {
        let refused = Self.load(framing)
        #expect(refused.contract == nil)
        #expect(
            refused.diagnostics.allSatisfy { $0.message.contains("declare the event once with `direction: both`") },
            "\(refused.diagnostics.map(\.message))")
    }
}
