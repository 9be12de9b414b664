import Foundation
import GeneratedClients
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenRuntime
import TestSupport
import Testing

/// The contract's `examples:` as Swift values (`GraphQLTransportWS.Next.example1`) are the values a generated client
/// reads from the example frames, and writes back as those frames: the same examples, in code a test or a SwiftUI
/// preview uses, and in the reference.
@Suite struct ContractExampleValuesTests {
    /// The example frames of `event` in the repository's contract `file`.
    static func exampleFrames(_ file: String, _ event: String) throws -> [Data] {
        let contract = try #require(ContractLoader().load(path: RepositoryContracts.path(file)).contract)
        let found = try #require(contract.allEvents.first { $0.event.wireName == event }?.event)
        return found.examples.map { Data($0.json.utf8) }
    }

    @Test func theExampleFramesArriveAsTheExampleValues() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let nexts = Recorder<GraphQLTransportWS.Next>()
        let errors = Recorder<GraphQLTransportWS.Error>()
        let failures = Recorder<String>()
        client.onNext { nexts.append($0) }
        client.onError { errors.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        for frame in try Self.exampleFrames("graphql-transport-ws.yaml", "next")
            + Self.exampleFrames("graphql-transport-ws.yaml", "error")
        {
            await transport.deliver(frame)
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
        #expect(nexts.values == GraphQLTransportWS.Next.examples)
        #expect(errors.values == GraphQLTransportWS.Error.examples)
    }

    @Test func theExampleValuesAreSentAsTheExampleFrames() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        try await client.connectionInit(GraphQLTransportWS.ConnectionInit.example1)
        let sent = try #require(transport.sentFrames.first)
        let expected = try #require(Self.exampleFrames("graphql-transport-ws.yaml", "connection_init").first)
        let decoder = WireDecoder(dates: .iso8601)
        #expect(
            try decoder.decode(JSONValue.self, from: sent.data) == decoder.decode(JSONValue.self, from: expected),
            "\(String(decoding: sent.data, as: UTF8.self))")
    }

    @Test func scalarAndNamedPayloadsHaveTheirExamplesToo() {
        #expect(DiscordGateway.Heartbeat.examples == [251])
        #expect(DiscordGateway.Hello.example1.heartbeatInterval == 45000)
        #expect(DiscordGateway.UpdatePresence.example1.activities.first?.name == "Save the Oxford Comma")
    }

    /// Where the contract has no example, the value made from its types is one the contract accepts: sent by the
    /// generated client, the interpreter reads its frame as the event, with nothing to report.
    @Test func madeUpValuesAreFramesTheContractAccepts() async throws {
        #expect(Zikr.JoinGroup.example1 == Zikr.JoinGroup(groupId: "group-1"))
        #expect(Zikr.Notification.example.senderId == "sender-1")
        let transport = LoopbackTransport()
        let client = Zikr.Client(transport: transport)
        for event: Zikr.ClientEvent in [
            .joinGroup(.example1), .bookPora(.example1), .updateZikrCount(.example1), .respondToInvitation(.example1),
        ] {
            try await client.emit(event)
        }
        let contract = try #require(
            ContractLoader().load(path: RepositoryContracts.path("zikr.yaml")).contract)
        let interpreter = FrameInterpreter(contract: contract)
        #expect(transport.sentFrames.count == 4)
        for frame in transport.sentFrames {
            let reading = interpreter.read(frame.data, sentBy: .clientToServer)
            #expect(reading.matches && reading.findings.isEmpty, "\(reading.findings)")
        }
    }
}
