import Foundation
import SchemaGenRuntime
@testable import SchemaGenTransport
import Testing

/// The Socket.IO session frame by frame: the specification's own frames in, the frames it must answer with out.
struct SocketIOSessionTests {
    let start = ContinuousClock.now
    /// The open packet of the specification's sample session, verbatim.
    static let open =
        #"0{"sid":"lv_VI97HAXpY6yYWAAAC","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":5000,"maxPayload":1000000}"#

    func session(namespace: String = "/", auth: JSONValue? = nil) -> any ProtocolSession {
        SocketIOProtocol(namespace: namespace).makeSession(credentials: ConnectionCredentials(auth: auth))
    }

    @Test func connectsToTheNamespaceWithTheAuthPayloadOnceTheServerOpens() {
        var session = session(namespace: "/admin", auth: ["token": "123"])
        #expect(session.start(at: start) == [])
        #expect(session.receive(.text(Self.open), at: start) == [.send(.text(#"40/admin,{"token":"123"}"#))])
        #expect(session.receive(.text(#"40/admin,{"sid":"-G5j-67EZFp-q59rADQM"}"#), at: start) == [.ready])
    }

    @Test func theMainNamespaceWithoutAuthIsAPlainConnect() {
        var session = session()
        _ = session.start(at: start)
        #expect(session.receive(.text(Self.open), at: start) == [.send(.text("40"))])
        #expect(session.receive(.text(#"40{"sid":"wZX3oN0bSVIhsaknAAAI"}"#), at: start) == [.ready])
    }

    /// Issue 35: handshake values were trusted (a ping interval of 0 a 0 s silence limit, `Int.max` no silence check,
    /// `maxPayload: -1` failing every send while connected). Nonsense stops the connection naming the value; a value
    /// under 100 ms counts as 100 ms (python-engineio announces 0.3 s as 0).
    @Test func nonsenseInTheOpenPacketStopsTheConnectionSayingWhich() {
        var rounded = session()
        _ = rounded.start(at: start)
        #expect(
            rounded.receive(.text(#"0{"sid":"s","upgrades":[],"pingInterval":0,"pingTimeout":300}"#), at: start) == [
                .send(.text("40"))
            ])
        #expect(rounded.nextHeartbeat == start + .milliseconds(400))
        let cases: [(String, String)] = [
            (
                #"0{"sid":"s","upgrades":[],"pingInterval":25000,"pingTimeout":9223372036854775807}"#,
                "pingTimeout 9223372036854775807 ms"
            ),
            (#"0{"sid":"s","upgrades":[],"pingInterval":-5,"pingTimeout":5000}"#, "pingInterval -5 ms"),
            (#"0{"sid":"s","upgrades":[],"pingInterval":25000,"pingTimeout":5000,"maxPayload":-1}"#, "maxPayload -1"),
        ]
        for (open, named) in cases {
            var session = session()
            _ = session.start(at: start)
            let events = session.receive(.text(open), at: start)
            guard case .stop(.failed(let reason))? = events.first, events.count == 1 else {
                Issue.record("expected a stop for \(open): \(events)")
                continue
            }
            #expect(reason.contains(named), "\(reason)")
        }
    }

    @Test func aRefusedConnectionStopsWithTheServersMessage() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(.text(Self.open), at: start)
        #expect(
            session.receive(.text(#"44{"message":"Not authorized"}"#), at: start) == [
                .stop(.rejected("Not authorized"))
            ])
    }

    @Test func answersEveryPingAndReconnectsWhenPingsStopForIntervalPlusTimeout() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(.text(Self.open), at: start)
        #expect(session.nextHeartbeat == start + .seconds(30))
        #expect(session.receive(.text("2"), at: start + .seconds(25)) == [.send(.text("3"))])
        #expect(session.nextHeartbeat == start + .seconds(55))
        #expect(session.heartbeat(at: start + .seconds(54)) == [])
        guard case .reconnect(let reason) = session.heartbeat(at: start + .seconds(55)).first else {
            Issue.record("a silent server must end the connection")
            return
        }
        #expect(reason.contains("no ping"))
    }

    @Test func eventsAndAcknowledgementsOfTheNamespaceReachTheClient() {
        var session = session(namespace: "/admin")
        _ = session.start(at: start)
        _ = session.receive(.text(Self.open), at: start)
        _ = session.receive(.text(#"40/admin,{"sid":"x"}"#), at: start)
        #expect(
            session.receive(.text(#"42/admin,13["foo"]"#), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["foo"]"#.utf8), ackID: 13))
            ])
        #expect(
            session.receive(.text(#"43/admin,13["bar"]"#), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["bar"]"#.utf8), acknowledges: 13))
            ])
        // Another namespace on the same connection is someone else's.
        #expect(session.receive(.text(#"42["foo"]"#), at: start) == [])
        #expect(
            session.receive(.text("41/admin,"), at: start) == [
                .stop(.closedByServer("the server disconnected the namespace /admin"))
            ])
    }

    @Test func writesEventsAcknowledgementRequestsAndAnswersInTheNamespace() throws {
        var session = session(namespace: "/admin")
        let event = Data(#"["foo"]"#.utf8)
        #expect(
            try session.encode(OutgoingFrame(eventName: "foo", channel: nil, payload: nil, data: event)) == [
                .text(#"42/admin,["foo"]"#)
            ])
        #expect(
            try session.encode(OutgoingFrame(eventName: "foo", channel: nil, payload: nil, data: event, ackID: 13)) == [
                .text(#"42/admin,13["foo"]"#)
            ])
        #expect(
            try session.encode(
                OutgoingFrame(eventName: "", channel: nil, payload: nil, data: Data(#"["bar"]"#.utf8), acknowledges: 13)
            )
                == [.text(#"43/admin,13["bar"]"#)])
    }

    @Test func framesLargerThanTheServersMaxPayloadAreRefusedBeforeSending() {
        var session = session()
        _ = session.start(at: start)
        _ = session.receive(
            .text(#"0{"sid":"s","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":16}"#), at: start)
        #expect(throws: ConnectionFailure.self) {
            try session.encode(
                OutgoingFrame(eventName: "e", channel: nil, payload: nil, data: Data(#"["e","a long payload"]"#.utf8)))
        }
    }

    /// Bad bytes are handed on, never dropped: the client reports them to its failure handlers. (Binary packets wait
    /// for their attachments: SocketIOBinaryTests.)
    @Test(arguments: ["4x", "7", "42[oops", "\u{1}"])
    func whatItCannotReadReachesTheClientAsIs(_ text: String) {
        var session = session(namespace: text.contains("/admin") ? "/admin" : "/")
        _ = session.start(at: start)
        _ = session.receive(.text(Self.open), at: start)
        let events = session.receive(.text(text), at: start)
        if text == "42[oops" {
            #expect(events == [.deliver(IncomingFrame(data: Data("[oops".utf8)))])
        } else {
            #expect(events == [.deliver(IncomingFrame(data: Data(text.utf8)))])
        }
    }

    @Test func aMalformedOpenPacketEndsTheConnection() {
        var session = session()
        _ = session.start(at: start)
        guard case .reconnect = session.receive(.text("0{not json"), at: start).first else {
            Issue.record("expected a reconnect")
            return
        }
    }

    @Test func theRequestAddsEngineIOsQueryAndPathAndTheCredentials() throws {
        let request = try SocketIOProtocol().request(
            for: URL(string: "ws://127.0.0.1:3000")!,
            credentials: ConnectionCredentials(
                headers: ["Authorization": "Bearer t"],
                queryItems: [URLQueryItem(name: "room", value: "a b")]))
        #expect(request.url.absoluteString == "ws://127.0.0.1:3000/socket.io/?EIO=4&transport=websocket&room=a%20b")
        #expect(request.headers == ["Authorization": "Bearer t"])
        #expect(throws: WebSocketFailure.self) {
            try SocketIOProtocol().request(for: URL(string: "ftp://x")!, credentials: .none)
        }
    }
}

/// A contract's channels under Socket.IO framing are namespaces on the same connection.
struct SocketIONamespaceChannelTests {
    @Test func aSubscribedChannelConnectsItsNamespaceAndCarriesItsEventsBothWays() throws {
        var session = SocketIOProtocol().makeSession(credentials: ConnectionCredentials(auth: ["token": "123"]))
        let now = ContinuousClock.now
        _ = session.start(at: now)
        _ = session.receive(.text(SocketIOSessionTests.open), at: now)
        _ = session.receive(.text(#"40{"sid":"a"}"#), at: now)
        #expect(session.join("/ticker-BTC") == [.text(#"40/ticker-BTC,{"token":"123"}"#)])
        #expect(session.join("/ticker-BTC") == [])
        #expect(session.receive(.text(#"40/ticker-BTC,{"sid":"b"}"#), at: now) == [.joined(channel: "/ticker-BTC")])
        #expect(
            session.receive(.text(#"42/ticker-BTC,["24h",{"high":1.5}]"#), at: now)
                == [.deliver(IncomingFrame(data: Data(#"["24h",{"high":1.5}]"#.utf8), channel: "/ticker-BTC"))])
        #expect(session.receive(.text(#"42/ticker-ETH,["24h",{}]"#), at: now) == [])
        #expect(
            try session.encode(
                OutgoingFrame(
                    eventName: "24h", channel: "/ticker-BTC", payload: nil, data: Data(#"["24h",{}]"#.utf8), ackID: 4))
                == [.text(#"42/ticker-BTC,4["24h",{}]"#)])
        #expect(session.leave("/ticker-BTC") == [.text("41/ticker-BTC,")])
        #expect(session.receive(.text(#"42/ticker-BTC,["24h",{}]"#), at: now) == [])
    }

    /// Issue 36: a namespace the server refused reached the failure handler as a malformed frame, and the join looked
    /// done. The session now says which channel was refused and why, and forgets it.
    @Test func aRefusedOrClosedNamespaceIsReportedWithTheServersReason() throws {
        var session = SocketIOProtocol().makeSession(credentials: .none)
        let now = ContinuousClock.now
        _ = session.start(at: now)
        _ = session.receive(.text(SocketIOSessionTests.open), at: now)
        _ = session.receive(.text(#"40{"sid":"a"}"#), at: now)
        #expect(session.confirmsJoins)
        _ = session.join("/room:r1")
        // python-socketio's refusal without a message of its own is a bare string.
        #expect(
            session.receive(.text(#"44/room:r1,"Unable to connect""#), at: now) == [
                .refused(channel: "/room:r1", reason: "Unable to connect")
            ])
        #expect(session.receive(.text(#"42/room:r1,["said",{}]"#), at: now) == [])
        _ = session.join("/room:r2")
        #expect(
            session.receive(.text(#"44/room:r2,{"message":"Not authorized"}"#), at: now)
                == [.refused(channel: "/room:r2", reason: "Not authorized")])
        #expect(session.join("/room:r2") == [.text("40/room:r2,")])
        #expect(session.receive(.text(#"40/room:r2,{"sid":"c"}"#), at: now) == [.joined(channel: "/room:r2")])
        #expect(
            session.receive(.text("41/room:r2,"), at: now)
                == [.refused(channel: "/room:r2", reason: "the server disconnected the namespace /room:r2")])
    }
}
