import Foundation
import SchemaGenRuntime
@testable import SchemaGenTransport
import Testing

/// The server's Socket.IO session message by message: the frames socket.io-protocol's sample session has a client
/// send, and what a server must answer.
struct SocketIOServerSessionTests {
    let start = ContinuousClock.now

    func connected(namespace: String = "/") -> SocketIOServerProtocol.Session {
        var session = SocketIOServerProtocol.Session(
            protocol: SocketIOServerProtocol(
                namespace: namespace, pingInterval: .seconds(25),
                pingTimeout: .seconds(20)),
            sessionID: "lv_VI97HAXpY6yYWAAAC", upgrades: [])
        _ = session.start(at: start)
        _ = session.receive(.text(namespace == "/" ? "40" : "40\(namespace),"), at: start)
        return session
    }

    @Test func opensWithItsPingIntervalTimeoutAndMaximumPayloadThenAnswersConnect() {
        var session = SocketIOServerProtocol.Session(
            protocol: SocketIOServerProtocol(pingInterval: .seconds(25), pingTimeout: .milliseconds(5000)),
            sessionID: "lv_VI97HAXpY6yYWAAAC", upgrades: [])
        #expect(
            session.start(at: start) == [
                .send(
                    .text(
                        #"0{"sid":"lv_VI97HAXpY6yYWAAAC","upgrades":[],"pingInterval":25000,"pingTimeout":5000,"maxPayload":1000000}"#
                    ))
            ])
        // The client's auth payload rides on its CONNECT; the server answers with the socket's id.
        #expect(
            session.receive(.text(#"40{"token":"123"}"#), at: start)
                == [.send(.text(#"40{"sid":"lv_VI97HAXpY6yYWAAAC"}"#)), .ready])
        #expect(session.receive(.text("40"), at: start) == [])
    }

    @Test func framesBeforeTheConnectAreNotTheServersToRead() {
        var session = SocketIOServerProtocol.Session(protocol: SocketIOServerProtocol(), sessionID: "s", upgrades: [])
        _ = session.start(at: start)
        #expect(session.receive(.text(#"42["hello",1]"#), at: start) == [])
    }

    @Test func eventsAndAcknowledgementsOfTheNamespaceReachTheServer() {
        var session = connected(namespace: "/admin")
        #expect(
            session.receive(.text(#"42/admin,13["foo"]"#), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["foo"]"#.utf8), ackID: 13))
            ])
        #expect(
            session.receive(.text(#"43/admin,13["bar"]"#), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["bar"]"#.utf8), acknowledges: 13))
            ])
        #expect(session.receive(.text(#"42["foo"]"#), at: start) == [])
        #expect(
            (try? session.encode(
                OutgoingFrame(eventName: "foo", channel: nil, payload: nil, data: Data(#"["foo",1]"#.utf8), ackID: 4)))
                == [.text(#"42/admin,4["foo",1]"#)])
        #expect(
            (try? session.encode(
                OutgoingFrame(eventName: "", channel: nil, payload: nil, data: Data("[true]".utf8), acknowledges: 13)))
                == [.text(#"43/admin,13[true]"#)])
    }

    @Test func anotherNamespaceIsAChannelTheClientSubscribesTo() {
        var session = connected()
        #expect(
            session.receive(.text("40/chat,"), at: start) == [
                .send(.text(#"40/chat,{"sid":"lv_VI97HAXpY6yYWAAAC"}"#)), .subscribed("/chat"),
            ])
        #expect(
            session.receive(.text(#"42/chat,["said","hi"]"#), at: start)
                == [.deliver(IncomingFrame(data: Data(#"["said","hi"]"#.utf8), channel: "/chat"))])
        #expect(
            (try? session.encode(
                OutgoingFrame(eventName: "said", channel: "/chat", payload: nil, data: Data(#"["said","yo"]"#.utf8))))
                == [.text(#"42/chat,["said","yo"]"#)])
        #expect(session.receive(.text("41/chat,"), at: start) == [.unsubscribed("/chat")])
        #expect(session.receive(.text(#"42/chat,["said","hi"]"#), at: start) == [])
        if case .close = session.receive(.text("41"), at: start).first {
        } else {
            Issue.record("DISCONNECT of the main namespace ends the connection")
        }
    }

    @Test func theServerClosingDisconnectsEveryNamespaceItsOwnLast() {
        var session = connected()
        _ = session.receive(.text("40/chat,"), at: start)
        _ = session.receive(.text("40/admin,"), at: start)
        #expect(session.closing() == [.text("41/admin,"), .text("41/chat,"), .text("41")])
        #expect(session.closing() == [])
    }

    @Test func pingsEveryIntervalAndClosesWhenNoPongComesInTime() {
        var session = connected()
        #expect(session.nextHeartbeat == start + .seconds(25))
        #expect(session.heartbeat(at: start + .seconds(24)) == [])
        #expect(session.heartbeat(at: start + .seconds(25)) == [.send(.text("2"))])
        #expect(session.nextHeartbeat == start + .seconds(45))
        // The pong puts the next ping an interval after it.
        #expect(session.receive(.text("3"), at: start + .seconds(26)) == [])
        #expect(session.nextHeartbeat == start + .seconds(51))
        #expect(session.heartbeat(at: start + .seconds(51)) == [.send(.text("2"))])
        guard case .close(let reason) = session.heartbeat(at: start + .seconds(71)).first else {
            Issue.record("a silent client must be closed")
            return
        }
        #expect(reason.contains("no pong"))
    }

    @Test func whatIsNotSocketIOClosesTheConnectionOrReachesTheFailureHandlers() {
        var session = connected()
        if case .close = session.receive(.binary(Data([1, 2])), at: start).first {
        } else {
            Issue.record("binary closes")
        }
        if case .close = session.receive(.text("5"), at: start).first {} else { Issue.record("an upgrade closes") }
        // A message packet that is no Socket.IO packet is handed over whole, and the server reports it.
        #expect(session.receive(.text("4x"), at: start) == [.deliver(IncomingFrame(data: Data("4x".utf8)))])
    }
}
