import Foundation
import GeneratedClients
import SchemaGenRuntime
@testable import SchemaGenTransport
import TestSupport
import Testing

/// The Pusher Channels protocol (version 7) frame by frame, and the driver app's generated client over it (its
/// contract, schemas/driver.yaml, is the seed guide's Pusher notifications). Frames marked "verbatim" are copied
/// from the protocol's specification, protocol.adoc in github.com/pusher/pusher-socket-protocol at commit
/// 8397cadb (MIT License); no Pusher-compatible server installs from Debian or PyPI, so these stand in for one.
struct PusherSessionTests {
    let start = ContinuousClock.now
    /// Verbatim: the example of `pusher:connection_established` (its data a JSON string, as Pusher sends it).
    static let established = #"{"event": "pusher:connection_established", "data": "{\"socket_id\":\"123.456\"}"}"#
    /// Verbatim: a user event as Pusher delivers it.
    static let userEvent = #"{"channel": "my-channel", "event": "my-event", "data": "{\"hello\":\"world\"}"}"#

    func session(
        activityTimeout: Duration = .seconds(120),
        authorize: @escaping @Sendable (String, String, ConnectionCredentials) -> PusherAuthorization? = { _, _, _ in
            nil
        }
    ) -> any ProtocolSession {
        PusherProtocol(appKey: "e4d95db9ea1004f66730", activityTimeout: activityTimeout, authorize: authorize)
            .makeSession(credentials: ConnectionCredentials())
    }

    @Test func theConnectionIsReadyWhenTheServerSaysItIsEstablished() {
        var session = session()
        #expect(session.start(at: start) == [])
        #expect(session.receive(.text(Self.established), at: start) == [.ready])
        #expect((session as? PusherProtocol.Session)?.socketID == "123.456")
    }

    @Test func theRequestNamesTheAppAndTheProtocolVersion() throws {
        let request = try PusherProtocol(appKey: "e4d95db9ea1004f66730")
            .request(for: URL(string: "wss://ws-mt1.pusher.com")!, credentials: ConnectionCredentials())
        #expect(
            request.url.absoluteString
                == "wss://ws-mt1.pusher.com/app/e4d95db9ea1004f66730?protocol=7&client=swift-schemagen&version=1.0")
    }

    @Test func channelsAreSubscribedAndUnsubscribedWithTheirNames() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(.text(Self.established), at: start)
        #expect(session.join("my-channel") == [.text(#"{"data":{"channel":"my-channel"},"event":"pusher:subscribe"}"#)])
        #expect(
            session.leave("my-channel") == [.text(#"{"data":{"channel":"my-channel"},"event":"pusher:unsubscribe"}"#)])
    }

    /// A private or presence channel is subscribed with the signature the app gives for the connection's socket id.
    @Test func privateAndPresenceChannelsAreSubscribedWithTheirSignature() {
        let asked = Recorder<String>()
        var session = session { channel, socketID, _ in
            asked.append("\(channel) \(socketID)")
            return PusherAuthorization(
                auth: "e4d95db9ea1004f66730:sig-\(channel)",
                channelData: channel.hasPrefix("presence-") ? #"{"user_id":"1"}"# : nil)
        }
        _ = session.start(at: start)
        _ = session.receive(.text(Self.established), at: start)
        #expect(
            session.join("private-chat") == [
                .text(
                    #"{"data":{"auth":"e4d95db9ea1004f66730:sig-private-chat","channel":"private-chat"},"event":"pusher:subscribe"}"#
                )
            ])
        #expect(
            session.join("presence-room") == [
                .text(
                    #"{"data":{"auth":"e4d95db9ea1004f66730:sig-presence-room","channel":"presence-room","channel_data":"{\"user_id\":\"1\"}"},"event":"pusher:subscribe"}"#
                )
            ])
        // A public channel needs no signature.
        _ = session.join("news")
        #expect(asked.values == ["private-chat 123.456", "presence-room 123.456"])
    }

    @Test func userEventsReachTheClientWithTheirChannel() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(.text(Self.established), at: start)
        #expect(
            session.receive(.text(Self.userEvent), at: start) == [
                .deliver(IncomingFrame(data: Data(Self.userEvent.utf8), channel: "my-channel"))
            ])
        // Frames that are not events are the client's to report, never dropped.
        #expect(session.receive(.text("not json"), at: start) == [.deliver(IncomingFrame(data: Data("not json".utf8)))])
    }

    /// The server's ping (verbatim) is answered; after the activity timeout without a frame the connection pings,
    /// and it reconnects when nothing comes within the pong timeout. The server's `activity_timeout` lowers the
    /// client's own.
    @Test func pingsAreAnsweredAndASilentServerIsLeft() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(
            .text(
                #"{"event":"pusher:connection_established","data":"{\"socket_id\":\"123.456\",\"activity_timeout\":30}"}"#
            ), at: start)
        #expect(
            session.receive(.text(#"{"event": "pusher:ping"}"#), at: start) == [
                .send(.text(#"{"data":{},"event":"pusher:pong"}"#))
            ])
        #expect(session.nextHeartbeat == start + .seconds(30))
        #expect(session.heartbeat(at: start + .seconds(29)) == [])
        #expect(session.heartbeat(at: start + .seconds(30)) == [.send(.text(#"{"data":{},"event":"pusher:ping"}"#))])
        #expect(session.nextHeartbeat == start + .seconds(60))
        // Any frame, a pong or an event, shows the server is there.
        #expect(session.receive(.text(#"{"event":"pusher:pong","data":"{}"}"#), at: start + .seconds(31)) == [])
        #expect(session.nextHeartbeat == start + .seconds(61))
        _ = session.heartbeat(at: start + .seconds(61))
        guard case .reconnect(let reason) = session.heartbeat(at: start + .seconds(91)).first else {
            Issue.record("a server that does not answer a ping must end the connection")
            return
        }
        #expect(reason.contains("did not answer a ping"))
    }

    /// The protocol's error ranges: 4000–4099 must not be retried unchanged, 4100–4299 reconnect; others (4301, a
    /// client event over the rate limit) are the app's to see.
    @Test(arguments: [(4001, "stop"), (4100, "reconnect"), (4201, "reconnect"), (4301, "deliver")])
    func errorsStopReconnectOrReachTheAppByTheirCode(code: Int, outcome: String) {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(.text(Self.established), at: start)
        let frame = #"{"event":"pusher:error","data":{"message":"Application does not exist","code":\#(code)}}"#
        let events = session.receive(.text(frame), at: start)
        switch (outcome, events.first) {
        case ("stop", .stop(.rejected(let reason))?):
            #expect(reason == "pusher:error \(code): Application does not exist")
        case ("reconnect", .reconnect(let reason)?):
            #expect(reason == "pusher:error \(code): Application does not exist")
        case ("deliver", .deliver(let incoming)?): #expect(incoming.data == Data(frame.utf8))
        default: Issue.record("\(code): \(events)")
        }
    }

    /// The server answers each subscription: `pusher_internal:subscription_succeeded` (the protocol's event) confirms
    /// it and still reaches the app, whose presence channels read their members from it; soketi's
    /// `pusher:subscription_error` for the channel refuses it with its type, status and error (the shape of
    /// `handleSubscription` in soketi's src/ws-handler.ts, with the message its private channel manager gives); an
    /// answer for a channel not waiting for one confirms nothing.
    @Test func subscriptionsAreConfirmedOrRefusedByTheServersAnswer() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(.text(Self.established), at: start)
        #expect(session.confirmsJoins)
        _ = session.join("my-channel")
        _ = session.join("private-chat")
        let succeeded = #"{"event":"pusher_internal:subscription_succeeded","channel":"my-channel","data":"{}"}"#
        #expect(
            session.receive(.text(succeeded), at: start) == [
                .joined(channel: "my-channel"),
                .deliver(IncomingFrame(data: Data(succeeded.utf8), channel: "my-channel")),
            ])
        #expect(
            session.receive(.text(succeeded), at: start) == [
                .deliver(IncomingFrame(data: Data(succeeded.utf8), channel: "my-channel"))
            ], "a second answer is only the app's")
        let refused =
            #"{"event":"pusher:subscription_error","channel":"private-chat","data":{"type":"AuthError","error":"The connection is unauthorized.","status":401}}"#
        #expect(
            session.receive(.text(refused), at: start) == [
                .refused(channel: "private-chat", reason: "AuthError 401: The connection is unauthorized."),
                .deliver(IncomingFrame(data: Data(refused.utf8), channel: "private-chat")),
            ])
    }

    /// Pusher refuses a subscription with a `pusher:error` that has neither a code nor a channel; its message (the one
    /// Pusher's troubleshooting page quotes, "Invalid signature: Expected HMAC SHA256 hex digest of …") names the
    /// channel, and the longest waiting name it contains is the one refused. One that names no waiting channel refuses
    /// the only waiting subscription, and refuses none while several wait: it is still delivered, never dropped.
    @Test func pushersChannelLessErrorRefusesTheSubscriptionItNames() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(.text(Self.established), at: start)
        _ = session.join("private-chat")
        _ = session.join("private-chat-2")
        _ = session.join("private-news")
        let message =
            "Invalid signature: Expected HMAC SHA256 hex digest of 123.456:private-chat-2, but got app-key:bad"
        let invalid = #"{"event":"pusher:error","data":{"code":null,"message":"\#(message)"}}"#
        #expect(
            session.receive(.text(invalid), at: start) == [
                .refused(channel: "private-chat-2", reason: "pusher:error without a code: \(message)"),
                .deliver(IncomingFrame(data: Data(invalid.utf8))),
            ])
        let unnamed =
            #"{"event":"pusher:error","data":{"code":null,"message":"Invalid key in subscription auth data: 'x'"}}"#
        #expect(session.receive(.text(unnamed), at: start) == [.deliver(IncomingFrame(data: Data(unnamed.utf8)))])
        _ = session.receive(
            .text(#"{"event":"pusher_internal:subscription_succeeded","channel":"private-news","data":"{}"}"#),
            at: start)
        #expect(
            session.receive(.text(unnamed), at: start) == [
                .refused(
                    channel: "private-chat",
                    reason: "pusher:error without a code: Invalid key in subscription auth data: 'x'"),
                .deliver(IncomingFrame(data: Data(unnamed.utf8))),
            ])
        // Nothing waits now: an error is only the app's.
        #expect(session.receive(.text(unnamed), at: start) == [.deliver(IncomingFrame(data: Data(unnamed.utf8)))])
    }

    @Test func acknowledgementsAreRefused() {
        var session = session()
        let frame = OutgoingFrame(
            eventName: "client-typing", channel: "private-chat", payload: nil, data: Data("{}".utf8), ackID: 1)
        #expect(throws: ConnectionFailure.self) { try session.encode(frame) }
    }

    /// The driver app's generated client over a Pusher connection: nothing is sent before the server establishes
    /// the connection, the driver's channel is then subscribed, and a `job-assigned` in Pusher's shape (its data a
    /// JSON string) reaches the typed listener.
    @Test func theDriverAppsClientReceivesItsTypedEventsOverPusher() async throws {
        let backend = ScriptedBackend()
        let connection = RealtimeConnection(
            url: URL(string: "wss://ws-eu.pusher.com")!, backend: backend,
            protocol: PusherProtocol(appKey: "app-key"))
        let client = DriverApp.Client(transport: connection)
        let driver = client.driver(driverId: "42")
        let assigned = Recorder<DriverApp.Driver.JobAssigned>()
        let token = driver.onJobAssigned { assigned.append($0) }
        try await driver.subscribe()
        connection.connect()
        let socket = try await backend.connection(0)
        #expect(
            backend.requests.first?.url.absoluteString
                == "wss://ws-eu.pusher.com/app/app-key?protocol=7&client=swift-schemagen&version=1.0")
        socket.push(Self.established)
        try await connection.waitUntilConnected()
        #expect(try await socket.sent(atLeast: 1) == [#"{"data":{"channel":"driver-42"},"event":"pusher:subscribe"}"#])
        socket.push(#"{"event":"pusher_internal:subscription_succeeded","channel":"driver-42","data":"{}"}"#)
        let data =
            #"{\"bookingId\":\"b1\",\"bookingReference\":\"SV-1001\",\"customerName\":\"Jo Smith\",\"pickupAddress\":\"1 High St\",\"dropoffAddress\":\"9 Low Rd\",\"scheduledAt\":\"2025-01-31T09:30:00.000Z\",\"totalGBP\":89.5}"#
        socket.push(#"{"event":"job-assigned","channel":"driver-42","data":"\#(data)"}"#)
        try await eventually("the job delivered") { assigned.values.count == 1 }
        #expect(assigned.values.first?.bookingReference == "SV-1001")
        #expect(assigned.values.first?.totalGBP == 89.5)
        token.cancel()
        await connection.disconnect()
    }

    /// Over a connection: `subscribe` returns once the server confirms, and throws soketi's refusal with its reason;
    /// the refused channel is not subscribed again after a reconnection, and the confirmed one is.
    @Test func aRefusedSubscriptionThrowsFromSubscribeAndAConfirmedOneReturns() async throws {
        let backend = ScriptedBackend()
        let connection = RealtimeConnection(
            url: URL(string: "wss://ws-eu.pusher.com")!, backend: backend,
            protocol: PusherProtocol(appKey: "app-key"),
            options: ConnectionOptions(reconnect: ReconnectPolicy(initialDelay: .milliseconds(10), jitter: 0)))
        let client = DriverApp.Client(transport: connection)
        connection.connect()
        let socket = try await backend.connection(0)
        socket.push(Self.established)
        try await connection.waitUntilConnected()
        let accepted = Task { try await client.driver(driverId: "42").subscribe() }
        #expect(try await socket.sent(atLeast: 1) == [#"{"data":{"channel":"driver-42"},"event":"pusher:subscribe"}"#])
        socket.push(#"{"event":"pusher_internal:subscription_succeeded","channel":"driver-42","data":"{}"}"#)
        try await accepted.value

        let refused = Task { try await client.driver(driverId: "7").subscribe() }
        #expect(try await socket.sent(atLeast: 2)[1] == #"{"data":{"channel":"driver-7"},"event":"pusher:subscribe"}"#)
        socket.push(
            #"{"event":"pusher:subscription_error","channel":"driver-7","data":{"type":"LimitReached","error":"The channel has reached its member limit.","status":4100}}"#
        )
        await #expect(
            throws: ConnectionFailure.channelRefused(
                channel: "driver-7", reason: "LimitReached 4100: The channel has reached its member limit.")
        ) { try await refused.value }

        // After a reconnection only the confirmed channel is subscribed again.
        socket.drop()
        let next = try await backend.connection(1)
        next.push(Self.established)
        try await connection.waitUntilConnected()
        #expect(try await next.sent(atLeast: 1) == [#"{"data":{"channel":"driver-42"},"event":"pusher:subscribe"}"#])
        try await Task.sleep(for: .milliseconds(50))
        #expect(next.sent.count == 1)
        await connection.disconnect()
    }
}
