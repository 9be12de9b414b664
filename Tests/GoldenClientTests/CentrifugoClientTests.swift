import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Centrifugo's JSON protocol through the `centrifugo` golden (https://centrifugal.dev/docs/transports/client_protocol):
/// several frames in one WebSocket message, one per line, and a ping that is exactly `{}`.
@Suite struct CentrifugoClientTests {
    @Test func severalFramesInOneMessageAreReadOneByOneInOrder() async throws {
        let transport = LoopbackTransport()
        let client = Centrifugo.Client(transport: transport)
        let pushes = Recorder<String>()
        let failures = Recorder<String>()
        client.onPush { pushes.append($0.channel) }
        client.onIncomingFailure { failures.append($0.description) }
        let connected = Task { try await client.connect(payload: .init(token: "XXX", name: "js")) }
        let subscribed = Task {
            try await eventually("connect was sent") { transport.sentFrames.count == 1 }
            return try await client.subscribeToChannel(payload: .init(channel: "chat:42"))
        }
        let sent = try await transport.sentFrames(atLeast: 2).map(\.text)
        // Frames are written one per message, as the API reads them alone.
        #expect(
            sent == [
                #"{"id":1,"connect":{"name":"js","token":"XXX"}}"#, #"{"id":2,"subscribe":{"channel":"chat:42"}}"#,
            ])
        await transport.deliver(
            Data(
                """
                {"id":1,"connect":{"client":"421bf374-dd01-4f82-9def-7c31697e956f","version":"5.0.0","ping":25,"pong":true}}
                {"id":2,"subscribe":{}}\r
                {"push":{"channel":"chat:42","pub":{"data":{"input":"hello"}}}}

                """.utf8))
        #expect(try await connected.value.payload.client == "421bf374-dd01-4f82-9def-7c31697e956f")
        #expect(try await subscribed.value.payload == .init(recoverable: nil, epoch: nil))
        #expect(pushes.values == ["chat:42"])
        #expect(failures.values.isEmpty)
    }

    /// The exact `ping` shape takes `{}` and nothing else: a frame of a kind the contract does not list is reported,
    /// not taken for a ping; one bad frame of a message does not stop the next.
    @Test func onlyAnEmptyObjectIsAPing() async throws {
        let transport = LoopbackTransport()
        let client = Centrifugo.Client(transport: transport)
        let pings = Recorder<Bool>()
        let failures = Recorder<String>()
        client.onPing { pings.append(true) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(Data("{}\n{\"disconnect\":{\"code\":3001,\"reason\":\"shutdown\"}}\n{ }".utf8))
        await transport.deliver(Data("\n\n".utf8))
        #expect(pings.values == [true, true])
        #expect(
            failures.values == [
                "a frame is malformed: the frame matches none of the contract's frame shapes ('ping': 'disconnect' is not one of its keys; "
                    + "'connect': no 'id'; 'subscribe': no 'id'; 'error': no 'id'; 'push': no 'push')",
                "a frame is malformed: the message holds no frame",
            ])
        try await client.ping()
        #expect(transport.sentFrames.map(\.text) == ["{}"])
    }

    /// The generated server reads a client's message of several frames one by one too, and answers each request.
    @Test func theServerReadsEachFrameOfAMessage() async throws {
        let transport = LoopbackServerTransport()
        let server = Centrifugo.Server(transport: transport)
        let pings = Recorder<Bool>()
        server.onPing { _ in pings.append(true) }
        server.respondToConnect { _, request in
            .reply(Centrifugo.Connected(id: 0, payload: .init(client: "c-\(request.payload.token)", version: "6.0.0")))
        }
        let link = transport.connect()
        let replies = Recorder<String>()
        link.setReceiver { replies.append(String(decoding: $0.data, as: UTF8.self)) }
        try await link.send(
            OutgoingFrame(
                eventName: "", channel: nil, payload: nil,
                data: Data("{}\n{\"id\":4,\"connect\":{\"token\":\"t\"}}\n".utf8)))
        try await eventually("the connect is answered") { !replies.values.isEmpty }
        #expect(pings.values == [true])
        #expect(replies.values == [#"{"id":4,"connect":{"client":"c-t","version":"6.0.0"}}"#])
    }
}
