import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Twitch EventSub's documented messages (Fixtures/twitch-eventsub/README.md): a discriminator on two levels
/// (`metadata.message_type`, then `metadata.subscription_type`), nullable session fields, nanosecond timestamps.
@Suite struct TwitchEventSubExampleTests {
    static func example(_ name: String) throws -> Data {
        try VendorExampleTests.example("twitch-eventsub/\(name).json")
    }

    static func date(_ text: String) throws -> Date {
        try #require(try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    @Test func documentedMessagesDecode() async throws {
        let transport = LoopbackTransport()
        let client = TwitchEventSub.Client(transport: transport)
        let welcomes = Recorder<TwitchEventSub.SessionWelcome>()
        let keepalives = Recorder<String>()
        let reconnects = Recorder<TwitchEventSub.SessionReconnect>()
        let follows = Recorder<TwitchEventSub.ChannelFollow>()
        let revocations = Recorder<TwitchEventSub.FollowRevoked>()
        let failures = Recorder<String>()
        client.onSessionWelcome { welcomes.append($0) }
        client.onSessionKeepalive { keepalives.append($0.messageId) }
        client.onSessionReconnect { reconnects.append($0) }
        client.onChannelFollow { follows.append($0) }
        client.onFollowRevoked { revocations.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        for name in ["welcome", "keepalive", "notification", "reconnect", "revocation"] {
            await transport.deliver(try Self.example(name))
        }
        #expect(failures.values.isEmpty, "\(failures.values)")

        let welcome = try #require(welcomes.values.first)
        #expect(welcome.messageId == "96a3f3b5-5dec-4eed-908e-e11ee657416c")
        #expect(welcome.messageTimestamp == (try Self.date("2023-07-19T14:56:51.634234626Z")))
        #expect(
            welcome.payload.session
                == .init(
                    id: "AQoQILE98gtqShGmLD7AM6yJThAB", status: .connected,
                    connectedAt: try Self.date("2023-07-19T14:56:51.616329898Z"), keepaliveTimeoutSeconds: 10))
        #expect(keepalives.values == ["84c1e79a-2a4b-4c13-ba0b-4312293e9308"])
        let reconnect = try #require(reconnects.values.first).payload.session
        #expect(reconnect.status == .reconnecting && reconnect.keepaliveTimeoutSeconds == nil)
        #expect(reconnect.reconnectUrl == URL(string: "wss://eventsub.wss.twitch.tv?..."))

        let follow = try #require(follows.values.first)
        #expect(follow.subscriptionVersion == "1" && follow.subscription.condition == ["broadcaster_user_id": "12826"])
        #expect(follow.subscription.transport == .init(method: "websocket", sessionId: "AQoQexAWVYKSTIu4ec_2VAxyuhAB"))
        #expect(
            follow.payload
                == .init(
                    userId: "1337", userLogin: "awesome_user", userName: "Awesome_User", broadcasterUserId: "12826",
                    broadcasterUserLogin: "twitch", broadcasterUserName: "Twitch",
                    followedAt: try Self.date("2023-07-15T18:16:11.17106713Z")))
        let revoked = try #require(revocations.values.first)
        #expect(
            revoked.payload.status == "authorization_revoked" && revoked.payload.type == "channel.follow"
                && revoked.payload.cost == 1)
    }

    /// A subscription type the contract does not list keeps its name, event and envelope fields.
    @Test func otherSubscriptionTypesArriveAsUnknown() async throws {
        let transport = LoopbackTransport()
        let client = TwitchEventSub.Client(transport: transport)
        let events = Recorder<TwitchEventSub.ServerEvent>()
        let stream = client.events
        let reader = Task { for await event in stream { events.append(event) } }
        defer { reader.cancel() }
        let text = String(decoding: try Self.example("notification"), as: UTF8.self)
            .replacingOccurrences(of: "\"channel.follow\"", with: "\"channel.cheer\"")
        await transport.deliver(Data(text.utf8))
        try await eventually("an event on the stream") { !events.values.isEmpty }
        guard case .unknown(let unknown)? = events.values.first else {
            Issue.record("expected an unknown event, got \(events.values)")
            return
        }
        #expect(unknown.shape == "notification" && unknown.name == "channel.cheer")
        #expect(unknown.fields["metadata.message_id"] == "befa7b53-d79d-478f-86b9-120f112b044e")
    }
}
