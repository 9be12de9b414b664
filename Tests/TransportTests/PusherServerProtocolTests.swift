import Foundation
import GeneratedClients
import SchemaGenRuntime
@testable import SchemaGenTransport
import TestSupport
import Testing

/// The Pusher protocol's server side (``PusherServerProtocol``), message by message and against the client side: the
/// driver app's generated client (schemas/driver.yaml) on ``PusherProtocol`` subscribes to its channels on a generated
/// server over in-memory WebSockets, as it would to Pusher or soketi.
@Suite struct PusherServerProtocolTests {
    let start = ContinuousClock.now

    /// It speaks first, with a socket id and its activity timeout as JSON text (the protocol's
    /// `pusher:connection_established`), pings a silent client and closes one that does not answer.
    @Test func theServerEstablishesPingsAndClosesASilentClient() throws {
        var session = PusherServerProtocol(activityTimeout: .seconds(120), pongTimeout: .seconds(30)).makeSession()
        let opening = session.start(at: start)
        guard case .send(.text(let text))? = opening.first, opening.last == .ready else {
            Issue.record("expected the established event, then ready: \(opening)")
            return
        }
        let established = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
        #expect(established["event"] == "pusher:connection_established")
        let data = try JSONDecoder().decode(
            [String: JSONValue].self, from: Data(try #require(established["data"]).utf8))
        #expect(data["activity_timeout"] == 120)
        guard case .string(let socketID)? = data["socket_id"] else {
            Issue.record("no socket id in \(text)")
            return
        }
        #expect(socketID.split(separator: ".").count == 2)

        #expect(
            session.receive(.text(#"{"event":"pusher:ping","data":{}}"#), at: start)
                == [.send(.text(#"{"data":{},"event":"pusher:pong"}"#))])
        #expect(session.heartbeat(at: start + .seconds(119)) == [])
        #expect(session.heartbeat(at: start + .seconds(120)) == [.send(.text(#"{"data":{},"event":"pusher:ping"}"#))])
        guard case .close(let reason)? = session.heartbeat(at: start + .seconds(150)).first else {
            Issue.record("a client that does not answer the ping must be closed")
            return
        }
        #expect(reason.contains("did not answer a ping"))
    }

    /// What is not the protocol's own reaches the server with its channel, JSON or not.
    @Test func clientEventsAndBadBytesReachTheServer() {
        var session = PusherServerProtocol().makeSession()
        _ = session.start(at: start)
        let typing = #"{"event":"client-typing","channel":"private-chat","data":{"user":"ada"}}"#
        #expect(
            session.receive(.text(typing), at: start) == [
                .deliver(IncomingFrame(data: Data(typing.utf8), channel: "private-chat"))
            ])
        #expect(session.receive(.text("not json"), at: start) == [.deliver(IncomingFrame(data: Data("not json".utf8)))])
        guard
            case .send(.text(let error))? = session.receive(
                .text(#"{"event":"pusher:subscribe","data":{}}"#), at: start
            ).first
        else {
            Issue.record("a subscribe without a channel must be answered with an error")
            return
        }
        #expect(error.contains("pusher:error") && error.contains("names no channel"))
    }

    /// The generated client subscribes and the server confirms, so `subscribe()` returns; a channel the server refuses
    /// throws the server's reason from `subscribe()`; the server's emits on a channel reach the typed listener of its
    /// subscribers only.
    @Test(.timeLimit(.minutes(1))) func theDriverAppSubscribesAndHearsItsChannelOverPusher() async throws {
        let transport = WebSocketServerTransport(
            protocol: PusherServerProtocol { channel, _, _ in
                channel == "driver-7" ? "The connection is unauthorized." : nil
            })
        let server = DriverApp.Server(transport: transport)
        let backend = InMemoryWebSocketBackend(server: transport)
        let connection = RealtimeConnection(
            url: URL(string: "ws://127.0.0.1:6001")!, backend: backend, protocol: PusherProtocol(appKey: "app-key"),
            options: ServerProtocolPairingTests.options)
        let client = DriverApp.Client(transport: connection)
        connection.connect()
        try await connection.waitUntilConnected()

        let driver = client.driver(driverId: "42")
        let assigned = Recorder<String>()
        let token = driver.onJobAssigned { assigned.append($0.bookingReference) }
        try await driver.subscribe()
        #expect(server.driver(driverId: "42").subscribers.count == 1)
        await #expect(
            throws: ConnectionFailure.channelRefused(
                channel: "driver-7", reason: "AuthError 401: The connection is unauthorized.")
        ) { try await client.driver(driverId: "7").subscribe() }
        #expect(server.driver(driverId: "7").subscribers.isEmpty)

        let job = DriverApp.Driver.JobAssigned(
            bookingId: "b1", bookingReference: "SV-1001", customerName: "Jo Smith", pickupAddress: "1 High St",
            dropoffAddress: "9 Low Rd", scheduledAt: Date(timeIntervalSince1970: 1_738_315_800), totalGBP: 89.5,
            message: nil)
        try await server.driver(driverId: "42").emit(.jobAssigned(job))
        try await server.driver(driverId: "7").emit(.jobAssigned(job))
        try await eventually("the job reaches driver 42") { assigned.values == ["SV-1001"] }

        try await driver.unsubscribe()
        try await eventually("the server hears the unsubscribe") { server.driver(driverId: "42").subscribers.isEmpty }
        token.cancel()
        await connection.disconnect()
    }
}
