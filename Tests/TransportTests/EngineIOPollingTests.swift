import Foundation
import SchemaGenRuntime
@testable import SchemaGenTransport
import TestSupport
import Testing

/// Engine.IO v4's HTTP long-polling and its upgrade to a WebSocket, served by ``WebSocketServerTransport`` request by
/// request: the exchanges of engine.io-protocol's "HTTP long-polling" and "Upgrade" sections
/// (https://socket.io/docs/v4/engine-io-protocol/), carrying Socket.IO packets as socket.io's clients send them.
@Suite(.timeLimit(.minutes(1))) struct EngineIOPollingTests {
    /// The server's side of one polling client: the transport, what it reported, and the session's id.
    struct Polled {
        let transport: WebSocketServerTransport
        let events = Recorder<String>()
        let unread = Unread()
        var sid = ""

        /// Packets a poll brought after the one a test waited for.
        final class Unread: @unchecked Sendable {
            private let lock = NSLock()
            private var packets: [String] = []
            func take() -> [String] {
                lock.withLock {
                    defer { packets = [] }; return packets
                }
            }
            func keep(_ more: [String]) { lock.withLock { packets += more } }
        }

        init(
            pingInterval: Duration = .seconds(25), pingTimeout: Duration = .seconds(20),
            limits: ServerLimits = .standard
        ) {
            transport = WebSocketServerTransport(
                protocol: SocketIOServerProtocol(pingInterval: pingInterval, pingTimeout: pingTimeout), limits: limits)
            transport.setReceiver { [events] event in
                switch event {
                case .connected(let connection): events.append("connected \(connection.id)")
                case .frame(let frame, _): events.append("frame \(String(decoding: frame.data, as: UTF8.self))")
                case .subscribed(_, let channel): events.append("subscribed \(channel)")
                case .unsubscribed(_, let channel): events.append("unsubscribed \(channel)")
                case .disconnected(_, let reason): events.append("disconnected: \(reason)")
                }
            }
        }

        func get() async -> PollingResponse {
            await transport.poll(
                PollingRequest(method: "GET", query: ["EIO": "4", "transport": "polling", "sid": sid]))
        }

        func post(_ packets: String...) async -> PollingResponse {
            await transport.poll(
                PollingRequest(
                    method: "POST", query: ["EIO": "4", "transport": "polling", "sid": sid],
                    body: Data(packets.joined(separator: "\u{1e}").utf8)))
        }

        /// A client that handshook and connected Socket.IO's main namespace.
        static func connected(
            pingInterval: Duration = .seconds(25), pingTimeout: Duration = .seconds(20),
            limits: ServerLimits = .standard
        ) async throws -> Polled {
            var polled = Polled(pingInterval: pingInterval, pingTimeout: pingTimeout, limits: limits)
            try await polled.connect()
            return polled
        }

        private mutating func connect() async throws {
            let open = await transport.poll(PollingRequest(method: "GET", query: ["EIO": "4", "transport": "polling"]))
            let packet = String(decoding: open.body, as: UTF8.self)
            let handshake = try JSONSerialization.jsonObject(with: Data(packet.dropFirst().utf8)) as? [String: Any]
            sid = try #require(handshake?["sid"] as? String)
            #expect(await post("40").body == Data("ok".utf8))
            #expect(await packets(until: #"40{"sid":"\#(sid)"}"#).last == #"40{"sid":"\#(sid)"}"#)
            // The server hears of the connection just after it queues the CONNECT answer (so that what a connect
            // handler sends goes after it): the poll may bring the answer first.
            try await eventually("the server hears the connection") { [events] in !events.values.isEmpty }
        }

        /// The packets of successive polls up to and including `packet`; those after it in the same poll are kept
        /// for the next call (a ping may come in the same poll as anything).
        func packets(until packet: String) async -> [String] {
            var packets = unread.take()
            while !packets.contains(packet) {
                let response = await get()
                guard response.status == 200 else { break }
                packets += String(decoding: response.body, as: UTF8.self).split(separator: "\u{1e}").map(String.init)
            }
            guard let end = packets.firstIndex(of: packet) else { return packets }
            unread.keep(Array(packets[(end + 1)...]))
            return Array(packets[...end])
        }
    }

    static func text(_ response: PollingResponse) -> String {
        String(decoding: response.body, as: UTF8.self)
    }

    @Test func theHandshakeAnswersTheOpenPacketOfferingTheWebSocketUpgrade() async throws {
        let polled = Polled(pingInterval: .seconds(25), pingTimeout: .seconds(5))
        let open = await polled.transport.poll(
            PollingRequest(method: "GET", query: ["EIO": "4", "transport": "polling", "t": "N8hyd6w"]))
        #expect(open.status == 200 && open.contentType == "text/plain; charset=UTF-8" && open.refusal == nil)
        let body = Self.text(open)
        let sid = try #require(body.firstMatch(of: /"sid":"([A-Za-z0-9_-]{20})"/)?.1)
        #expect(
            body
                == #"0{"sid":"\#(sid)","upgrades":["websocket"],"pingInterval":25000,"pingTimeout":5000,"maxPayload":1000000}"#
        )
        // Open for the server only once the client connects a namespace.
        #expect(polled.events.values.isEmpty)
    }

    @Test func postedPacketsReachTheServerInOrderAndItsFramesWaitForTheNextGet() async throws {
        let polled = try await Polled.connected()
        #expect(polled.events.values == ["connected 1"])
        // Two packets in one POST, separated by the record separator.
        #expect(await polled.post(#"42["hello",1]"#, #"42["world"]"#).status == 200)
        try await eventually("both frames arrive") { polled.events.values.count == 3 }
        #expect(polled.events.values.dropFirst() == [#"frame ["hello",1]"#, #"frame ["world"]"#])

        // What the server sends while no GET waits goes out together in the next one.
        let connection = ServerConnection(id: 1)
        for name in ["a", "b"] {
            try await polled.transport.send(
                OutgoingFrame(eventName: name, channel: nil, payload: nil, data: Data(#"["\#(name)"]"#.utf8)),
                to: connection)
        }
        try await eventually("both frames wait") { polled.transport.polling[polled.sid]?.waitingCount == 2 }
        #expect(Self.text(await polled.get()) == "42[\"a\"]\u{1e}42[\"b\"]")

        // A GET with nothing to send waits for the next frame.
        async let waiting = polled.get()
        try await Task.sleep(for: .milliseconds(30))
        try await polled.transport.send(
            OutgoingFrame(eventName: "c", channel: nil, payload: nil, data: Data(#"["c",{"n":1}]"#.utf8)),
            to: connection)
        #expect(Self.text(await waiting) == #"42["c",{"n":1}]"#)
    }

    @Test func pingsTravelInPollsThePongsComeInPostsAndTheClientsCloseEndsTheConnection() async throws {
        let polled = try await Polled.connected(pingInterval: .milliseconds(20), pingTimeout: .seconds(60))
        for _ in 0..<3 {
            #expect(await polled.packets(until: "2") == ["2"])
            #expect(await polled.post("3").status == 200)
        }
        #expect(await polled.post("1").status == 200)
        try await eventually("the connection ends") { polled.events.values.last?.hasPrefix("disconnected") == true }
        #expect(polled.events.values == ["connected 1", "disconnected: the client closed the Engine.IO session"])
    }

    @Test func aClientThatStopsPollingIsClosedByThePingTimeoutAndItsNextPollGetsTheClosePacket() async throws {
        let polled = try await Polled.connected(pingInterval: .milliseconds(10), pingTimeout: .milliseconds(50))
        try await eventually("the server closes the silent client") {
            polled.events.values.last?.hasPrefix("disconnected") == true
        }
        #expect(polled.events.values.last == "disconnected: the client sent no pong within 0.05 seconds of the ping")
        // The ping it never answered, then the close packet; then the session is gone.
        #expect(await polled.packets(until: "1") == ["2", "1"])
        let after = await polled.get()
        #expect(after.status == 400 && after.refusal?.contains("closed") == true)
    }

    @Test func refusedRequestsAreAnswered400InEngineIOsShapeWithTheReasonForTheLog() async throws {
        let polled = Polled()
        let old = await polled.transport.poll(
            PollingRequest(method: "GET", query: ["EIO": "3", "transport": "polling"]))
        #expect(old.status == 400 && Self.text(old) == #"{"code":5,"message":"Unsupported protocol version"}"#)
        #expect(
            old.refusal
                == "a long-polling request for Engine.IO version 3; this server speaks version 4 (socket.io v3 and later)"
        )
        let unknown = await polled.transport.poll(
            PollingRequest(method: "GET", query: ["EIO": "4", "transport": "polling", "sid": "nope"]))
        #expect(unknown.status == 400 && Self.text(unknown) == #"{"code":1,"message":"Session ID unknown"}"#)
        #expect(
            unknown.refusal
                == "a GET for session nope, which this server does not have (it ended, or the server restarted)")
        let posted = await polled.transport.poll(
            PollingRequest(method: "POST", query: ["EIO": "4", "transport": "polling"]))
        #expect(Self.text(posted) == #"{"code":2,"message":"Bad handshake method"}"#)

        let plain = WebSocketServerTransport(protocol: PlainWebSocketServerProtocol())
        let refused = await plain.poll(PollingRequest(method: "GET", query: ["EIO": "4", "transport": "polling"]))
        #expect(
            refused.status == 400
                && refused.refusal
                    == "a long-polling handshake, but PlainWebSocketServerProtocol is served over WebSockets only"
        )
    }

    @Test func aSecondGetWhileOneWaitsBreaksTheProtocolAndEndsTheConnection() async throws {
        let polled = try await Polled.connected()
        async let first = polled.get()
        try await Task.sleep(for: .milliseconds(30))
        let second = await polled.get()
        #expect(
            second.status == 400
                && second.refusal == "a second GET on session \(polled.sid) while one waits (overlap from the client)")
        #expect(Self.text(await first) == "1")
        try await eventually("the connection ends") { polled.events.values.last?.hasPrefix("disconnected") == true }
        #expect(
            polled.events.values.last
                == "disconnected: the client broke Engine.IO's long-polling: \(second.refusal ?? "")")
    }

    @Test func theServerClosingSaysSocketIOsDisconnectThenEngineIOsClose() async throws {
        let polled = try await Polled.connected()
        async let waiting = polled.get()
        try await Task.sleep(for: .milliseconds(30))
        await polled.transport.close(ServerConnection(id: 1), reason: "done")
        // Socket.IO's DISCONNECT, so the client ends as one the server disconnected and does not reconnect; then the
        // session's close packet.
        #expect(Self.text(await waiting) == "41")
        #expect(Self.text(await polled.get()) == "1")
        try await eventually("the connection ends") { polled.events.values.last == "disconnected: done" }
    }

    @Test func theUpgradeProbesThenMovesTheConnectionToTheWebSocketWithWhatWaited() async throws {
        let polled = try await Polled.connected()
        let socket = RecordingSocket()
        let inbox = WebSocketInbox()
        let upgrading = Task { await polled.transport.serve(socket, inbox: inbox, upgrading: polled.sid) }
        async let pending = polled.get()
        try await Task.sleep(for: .milliseconds(30))

        await inbox.push(.text("2probe"))
        try await eventually("the probe is answered") { socket.sent.values == ["3probe"] }
        // The waiting poll is answered with a noop so the client's polling ends before it switches.
        #expect(Self.text(await pending) == "6")
        // A frame sent before the upgrade packet waits for a GET, then goes out on the WebSocket first.
        try await polled.transport.send(
            OutgoingFrame(eventName: "a", channel: nil, payload: nil, data: Data(#"["a"]"#.utf8)),
            to: ServerConnection(id: 1))
        try await eventually("the frame waits for a GET") { polled.transport.polling[polled.sid]?.waitingCount == 1 }
        await inbox.push(.text("5"))
        try await eventually("what waited goes out on the WebSocket") { socket.sent.values == ["3probe", #"42["a"]"#] }
        try await polled.transport.send(
            OutgoingFrame(eventName: "b", channel: nil, payload: nil, data: Data(#"["b"]"#.utf8)),
            to: ServerConnection(id: 1))
        try await eventually("later frames go out on the WebSocket") {
            socket.sent.values == ["3probe", #"42["a"]"#, #"42["b"]"#]
        }

        // Polling is over for this session; the WebSocket carries the client's frames.
        let late = await polled.get()
        #expect(late.status == 400 && late.refusal == "a GET on session \(polled.sid), which upgraded to a WebSocket")
        await inbox.push(.text(#"42["over ws"]"#))
        try await eventually("the client's frame arrives") { polled.events.values.last == #"frame ["over ws"]"# }
        inbox.finish()
        try await eventually("the WebSocket's end ends the connection") {
            polled.events.values.last?.hasPrefix("disconnected") == true
        }
        #expect(await upgrading.value == nil)
    }

    @Test func whatWaitedThatCannotReachTheUpgradedWebSocketEndsTheConnectionSayingSo() async throws {
        let polled = try await Polled.connected()
        let socket = RecordingSocket(refusing: #"42["a"]"#)
        let inbox = WebSocketInbox()
        let upgrading = Task { await polled.transport.serve(socket, inbox: inbox, upgrading: polled.sid) }
        defer { upgrading.cancel() }
        await inbox.push(.text("2probe"))
        try await eventually("the probe is answered") { socket.sent.values == ["3probe"] }
        try await polled.transport.send(
            OutgoingFrame(eventName: "a", channel: nil, payload: nil, data: Data(#"["a"]"#.utf8)),
            to: ServerConnection(id: 1))
        try await eventually("the frame waits for a GET") { polled.transport.polling[polled.sid]?.waitingCount == 1 }
        await inbox.push(.text("5"))
        // The upgrade is read on the upgrading socket's task: once it has taken what waited, the next send relays.
        // (Sent before that, the frame would wait for a GET too, and the connection end only at its next ping.)
        try await eventually("the upgrade takes what waited") {
            polled.transport.polling[polled.sid]?.waitingCount == 0
        }
        // The next frame does not go out after the lost one: the connection ends, saying why.
        try? await polled.transport.send(
            OutgoingFrame(eventName: "b", channel: nil, payload: nil, data: Data(#"["b"]"#.utf8)),
            to: ServerConnection(id: 1))
        try await eventually("the connection ends") { polled.events.values.last?.hasPrefix("disconnected") == true }
        #expect(
            polled.events.values.last?.contains("the socket refused the message") == true, "\(polled.events.values)")
        #expect(socket.sent.values == ["3probe"])
    }

    @Test func anUpgradeForAnUnknownSessionIsRefusedAndClosed() async throws {
        let polled = Polled()
        let socket = RecordingSocket()
        let refusal = await polled.transport.serve(socket, inbox: WebSocketInbox(), upgrading: "nope")
        #expect(
            refusal
                == "a WebSocket upgrade for session nope, which this server does not have (it ended, or the server restarted)"
        )
        #expect(socket.closed.values == ["Session ID unknown"])
    }

    @Test func aClientThatStopsPollingFillsOnlyItsOwnBufferAndIsClosedWhenItOverflows() async throws {
        var limits = ServerLimits.standard
        limits.maximumMessageSize = 64
        limits.outboundBuffer = 256
        let polled = try await Polled.connected(limits: limits)
        let frame = OutgoingFrame(
            eventName: "x", channel: nil, payload: nil, data: Data(String(repeating: "x", count: 40).utf8))
        var failure: (any Error)?
        for _ in 0..<40 {
            do { try await polled.transport.send(frame, to: ServerConnection(id: 1)) } catch {
                failure = error
                break
            }
        }
        #expect("\(failure.map { "\($0)" } ?? "")".contains("the client fell behind"))
        try await eventually("the connection ends") {
            polled.events.values.last?.hasPrefix("disconnected: the client fell behind") == true
        }
    }
}

/// A WebSocket that records what the server sends it and why it was closed; a send of `refused` fails.
final class RecordingSocket: ServerWebSocket, @unchecked Sendable {
    let sent = Recorder<String>()
    let closed = Recorder<String>()
    let refused: String?

    init(refusing refused: String? = nil) {
        self.refused = refused
    }

    func send(_ message: WebSocketMessage) async throws {
        guard case .text(let text) = message else { return sent.append("binary") }
        if text == refused { throw WebSocketFailure("the socket refused the message") }
        sent.append(text)
    }

    func close(reason: String) async {
        closed.append(reason)
    }
}
