import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Generated servers and generated clients of the same golden contracts, paired over `LoopbackServerTransport`:
/// acknowledgements both ways, requests answered with their correlation echoed, channel subscribers, groups, and
/// the failures a server must survive.
@Suite struct ServerLoopbackTests {
    @Test func acknowledgementsGoBothWays() async throws {
        let transport = LoopbackServerTransport()
        let server = Acks.Server(transport: transport)
        let uploads = Recorder<Acks.Upload>()
        server.onUpload { _, upload in uploads.append(upload) }
        server.respondToUpload { _, upload in Acks.Stored(fileId: "f-\(upload.name)", bytes: upload.size) }
        server.respondToSync { _, names in Acks.SyncResult(error: names.isEmpty ? "nothing" : nil, count: names.count) }
        let link = transport.connect()
        let client = Acks.Client(transport: link)
        client.respondToPing { ping in Acks.ClientState(busy: ping.at > 10, version: "1.2") }
        client.respondToPoke { true }

        #expect(try await client.upload(name: "a.png", size: 5) == Acks.Stored(fileId: "f-a.png", bytes: 5))
        #expect(uploads.values == [Acks.Upload(name: "a.png", size: 5)])
        #expect(try await client.sync(["x", "y"]) == Acks.SyncResult(error: nil, count: 2))
        #expect(try await client.sync([]) == Acks.SyncResult(error: "nothing", count: 0))
        #expect(try await server.ping(at: 42, to: link.connection) == Acks.ClientState(busy: true, version: "1.2"))
        #expect(try await server.ping(at: 3, to: link.connection) == Acks.ClientState(busy: false, version: "1.2"))
        #expect(try await server.poke(to: link.connection) == true)
    }

    @Test func anAcknowledgementAwaitedFromAConnectionThatDropsFailsAtOnce() async throws {
        let transport = LoopbackServerTransport()
        let server = Acks.Server(transport: transport)
        let link = transport.connect()
        // No responder on the client: the server's question stays unanswered until the connection drops.
        let client = Acks.Client(transport: link)
        let poked = Recorder<Bool>()
        client.onPoke { poked.append(true) }
        let disconnects = Recorder<String>()
        server.onDisconnect { _, reason in disconnects.append(reason) }
        let asked = Task { try await server.poke(to: link.connection, timeout: nil) }
        // The question reached the app, so the server waits for its acknowledgement: now the connection drops.
        try await eventually("the question reaches the app") { poked.values == [true] }
        link.disconnect(reason: "network down")
        await #expect(throws: RequestFailure.connectionLost(reason: "network down")) { try await asked.value }
        #expect(disconnects.values == ["network down"])
        #expect(server.openConnections.isEmpty)
        await #expect(throws: RequestFailure.connectionLost(reason: "connection 1 is not open")) {
            try await server.poke(to: link.connection)
        }
    }

    /// A contract that takes the runtime's names (`ServerConnection`, `ListenerToken`, `JSONValue`...): its generated
    /// client and server compile, and still answer each other (issue 34, bug 5).
    @Test func aContractNamedLikeTheRuntimeStillWorks() async throws {
        let transport = LoopbackServerTransport()
        let server = RuntimeNames.Server(transport: transport)
        server.respondToServerAnswer { _, request in
            let text = if case .string(let text) = request.payload.value { text } else { "number" }
            return .reply(
                RuntimeNames.ReplyMatch(
                    id: 0, payload: RuntimeNames.ServerConnection(WireFields: text, WireFieldWriter: 7, Members: true)))
        }
        let heard = Recorder<RuntimeNames.Nullable>()
        server.onUnixMilliseconds { _, value in heard.append(value.payload) }
        let link = transport.connect()
        let client = RuntimeNames.Client(transport: link)
        let reply = try await client.serverAnswer(payload: .init(value: .string("hello")))
        #expect(reply.payload == RuntimeNames.ServerConnection(WireFields: "hello", WireFieldWriter: 7, Members: true))
        try await client.unixMilliseconds(.init(payload: .off))
        try await eventually("the server hears it") { heard.values == [.off] }
    }

    /// Issue 35: the server started one task per request without limit, so a flooding client grew its memory and
    /// starved the others. A connection with `maximumRequestsInFlight` requests still being answered that sends one
    /// more is reported and disconnected; another connection is answered as before.
    @Test func aConnectionBeyondItsRequestsInFlightIsReportedAndDisconnected() async throws {
        let transport = LoopbackServerTransport()
        let server = Requests.Server(transport: transport)
        server.limits.maximumRequestsInFlight = 2
        let gate = Gate()
        server.respondToGetBalance { _, request in
            if request.account == "slow" { await gate.wait() }
            return Requests.Balance(requestId: "", amount: Requests.Amount(value: 1, currency: "EUR"))
        }
        let failures = Recorder<String>()
        server.onIncomingFailure { _, failure in failures.append(failure.description) }
        let flooder = transport.connect()
        let flooding = Requests.Client(transport: flooder)
        let calls = (0..<3).map { _ in Task { try await flooding.getBalance(account: "slow", timeout: .seconds(5)) } }
        try await eventually("the third request reported") { !failures.values.isEmpty }
        #expect(
            failures.values == [
                "event 'get_balance' is a request beyond the 2 this connection may have answered at once; the connection is closed"
            ])
        try await eventually("the flooder disconnected") { !server.openConnections.contains(flooder.connection) }
        let other = Requests.Client(transport: transport.connect())
        #expect(try await other.getBalance(account: "fast").amount.currency == "EUR")
        await gate.open()
        for call in calls { _ = try? await call.value }
        // The two answers worked out for the closed connection could not go out: said, not dropped unseen.
        try await eventually("the unsent answers reported, got \(failures.values)") { failures.values.count == 3 }
        #expect(
            failures.values.dropFirst().allSatisfy {
                $0.hasPrefix("event 'get_balance' was answered, but the answer could not be sent: ")
            })
    }

    @Test func requestsAreAnsweredWithTheirCorrelationEchoed() async throws {
        let transport = LoopbackServerTransport()
        let server = Requests.Server(transport: transport)
        server.respondToGetBalance { _, request in
            // The handler need not copy the request's id: the server writes it into the reply.
            Requests.Balance(
                requestId: "", amount: Requests.Amount(value: request.account == "savings" ? 120.5 : 3, currency: "EUR")
            )
        }
        server.respondToGetRate { _, request in
            Requests.Rate(meta: .init(requestId: "", servedBy: "loopback"), value: request.pair == "EURUSD" ? 1.08 : 0)
        }
        let client = Requests.Client(transport: transport.connect())
        // Concurrent requests, each answered to its own caller.
        async let savings = client.getBalance(account: "savings")
        async let current = client.getBalance(account: "current", requestId: "mine")
        #expect(try await savings.amount == Requests.Amount(value: 120.5, currency: "EUR"))
        let answered = try await current
        #expect(answered.requestId == "mine")
        #expect(answered.amount.value == 3)
        let rate = try await client.getRate(pair: "EURUSD")
        #expect(rate.value == 1.08)
        #expect(rate.meta.servedBy == "loopback")
        #expect(client.pendingRequestCount == 0)
    }

    @Test func channelEventsReachTheChannelsSubscribersOnly() async throws {
        let transport = LoopbackServerTransport()
        let server = Channels.Server(transport: transport)
        let seat = server.seat(roomId: "r1", seat: 2)
        let waves = Recorder<String>()
        seat.onClientWave { connection, wave in waves.append("\(connection.id):\(wave.emoji)") }
        let (first, second) = (transport.connect(), transport.connect())
        let (a, b) = (Channels.Client(transport: first), Channels.Client(transport: second))
        let takenA = Recorder<String>(), takenB = Recorder<String>(), elsewhere = Recorder<String>()
        a.seat(roomId: "r1", seat: 2).onTaken { takenA.append($0.by) }
        b.seat(roomId: "r1", seat: 2).onTaken { takenB.append($0.by) }
        b.seat(roomId: "r1", seat: 3).onTaken { elsewhere.append($0.by) }
        try await a.seat(roomId: "r1", seat: 2).subscribe()
        try await b.seat(roomId: "r1", seat: 3).subscribe()
        #expect(seat.subscribers == [first.connection])

        try await seat.emit(.taken(.init(by: "ana")))
        try await b.seat(roomId: "r1", seat: 2).clientWave(emoji: "👋")
        #expect(takenA.values == ["ana"])
        #expect(takenB.values.isEmpty && elsewhere.values.isEmpty)
        #expect(waves.values == ["2:👋"])

        // Sent to a connection outright, a channel's event reaches it subscribed or not; `both` events go both ways.
        try await seat.emit(.clientWave(.init(emoji: "🎉")), to: .connection(second.connection))
        let wavesB = Recorder<String>()
        b.seat(roomId: "r1", seat: 2).onClientWave { wavesB.append($0.emoji) }
        try await seat.emit(.taken(.init(by: "bo")), to: .connection(second.connection))
        #expect(takenB.values == ["bo"])
        try await a.seat(roomId: "r1", seat: 2).unsubscribe()
        #expect(seat.subscribers.isEmpty)
    }

    /// A room created on the fly, whose scope the server never made: its events are reported as unhandled, naming the
    /// channel, not dropped unseen (issue 36); once the scope is made they reach its listeners.
    @Test func eventsOnAChannelTheServerNeverMadeAreReported() async throws {
        let transport = LoopbackServerTransport()
        let server = Channels.Server(transport: transport)
        let failures = Recorder<IncomingFailure>()
        server.onIncomingFailure { _, failure in failures.append(failure) }
        let client = Channels.Client(transport: transport.connect())
        let room = client.seat(roomId: "r9", seat: 1)
        try await room.subscribe()
        try await room.clientWave(emoji: "👋")
        #expect(failures.values.map(\.channel) == ["room:r9/seat-1"])
        #expect(failures.values.first?.eventName == "client-wave")
        guard case .unhandled? = failures.values.first?.reason else {
            Issue.record("expected .unhandled, got \(failures.values)")
            return
        }
        #expect(
            failures.values.first?.description.contains("no scope of that channel was made") == true,
            "\(failures.values)")

        let waves = Recorder<String>()
        server.seat(roomId: "r9", seat: 1).onClientWave { _, wave in waves.append(wave.emoji) }
        try await room.clientWave(emoji: "🎉")
        #expect(waves.values == ["🎉"])
        #expect(failures.values.count == 1)
    }

    /// A listener across every address of a channel's template hears rooms the server never made, with the typed
    /// channel each event came on; an address whose parameter is not of its type is reported, not dropped.
    @Test func aTemplateListenerHearsEveryAddressOfTheChannel() async throws {
        let transport = LoopbackServerTransport()
        let server = Channels.Server(transport: transport)
        let failures = Recorder<IncomingFailure>()
        server.onIncomingFailure { _, failure in failures.append(failure) }
        let heard = Recorder<String>()
        let token = server.everySeat.onClientWave { _, seat, wave in
            heard.append("\(seat.roomId)/\(seat.seat) \(wave.emoji)")
        }
        let client = Channels.Client(transport: transport.connect())
        try await client.seat(roomId: "r9", seat: 1).clientWave(emoji: "👋")
        try await client.seat(roomId: "lobby:2", seat: 12).clientWave(emoji: "🎉")
        #expect(heard.values == ["r9/1 👋", "lobby:2/12 🎉"])
        #expect(failures.values.isEmpty, "\(failures.values)")

        try await client.core.emit(
            eventName: "client-wave", channel: "room:r9/seat-x", payload: Channels.Seat.ClientWave(emoji: "?"))
        #expect(
            failures.values.map(\.description) == [
                "event 'client-wave' on channel 'room:r9/seat-x' is malformed: the channel 'room:r9/seat-x' is not an address of `room:{roomId}/seat-{seat}`: a parameter is not of its type"
            ])
        token.cancel()
        try await client.seat(roomId: "r9", seat: 1).clientWave(emoji: "👋")
        #expect(heard.values.count == 2)
        #expect(failures.values.count == 2, "with the listener gone, the room's event is unhandled again")
    }

    @Test func groupsAndExclusionsChooseTheRecipients() async throws {
        let transport = LoopbackServerTransport()
        let server = Acks.Server(transport: transport)
        let links = (0..<3).map { _ in transport.connect() }
        let clients = links.map { Acks.Client(transport: $0) }
        let asked = Recorder<String>()
        for (index, client) in clients.enumerated() {
            client.onPing { asked.append("\(index):\($0.at)") }
        }
        server.join(links[0].connection, to: "lobby")
        server.join(links[1].connection, to: "lobby")
        try await server.emit(.ping(.init(at: 1)), to: .group("lobby"))
        try await server.emit(.ping(.init(at: 2)), to: .group("lobby").excluding(links[0].connection))
        try await server.emit(.ping(.init(at: 3)), to: .everyone)
        try await server.emit(.ping(.init(at: 4)), to: .connections([links[2].connection, links[0].connection]))
        // Who got which: a broadcast goes to its recipients at once, in no set order.
        #expect(asked.values.sorted() == ["0:1", "1:1", "1:2", "0:3", "1:3", "2:3", "2:4", "0:4"].sorted())
        // A connection that leaves, or drops, is no longer in its groups; a group send skips nobody else.
        server.leave(links[1].connection, from: "lobby")
        links[0].disconnect()
        #expect(server.members(of: "lobby").isEmpty)
        try await server.emit(.ping(.init(at: 5)), to: .everyone)
        #expect(asked.values.suffix(2).sorted() == ["1:5", "2:5"])
        await #expect(throws: LoopbackConnectionClosed.self) {
            try await server.emit(.ping(.init(at: 6)), to: .connection(links[0].connection))
        }
    }

    @Test func badFramesFromAClientReachTheFailureHandlerAndNeverStopTheServer() async throws {
        let transport = LoopbackServerTransport()
        let server = Requests.Server(transport: transport)
        let failures = Recorder<String>()
        server.onIncomingFailure { connection, failure in failures.append("\(connection.id): \(failure)") }
        let received = Recorder<Requests.ClientEvent>()
        server.onCancelRequest { _, cancel in received.append(.cancelRequest(cancel)) }
        let link = transport.connect()
        for bytes in [
            "not json", #"{"type":"get_balance","request_id":7}"#, #"{"type":"launch_rockets"}"#, #"{"no_type":1}"#,
            "[]", "",
        ] {
            try await link.send(OutgoingFrame(eventName: "", channel: nil, payload: nil, data: Data(bytes.utf8)))
        }
        try await link.send(
            OutgoingFrame(
                eventName: "", channel: nil, payload: nil,
                data: Data(#"{"type":"cancel_request","request_id":"r1"}"#.utf8)))
        #expect(failures.values.count == 6)
        #expect(failures.values.contains { $0.contains("'launch_rockets' is not an event clients send here") })
        #expect(failures.values.contains { $0.contains("get_balance") && $0.contains("does not decode") })
        #expect(received.values == [.cancelRequest(.init(requestId: "r1"))])
    }

    @Test func theEventsStreamHearsEveryClientEventWithItsConnection() async throws {
        let transport = LoopbackServerTransport()
        let server = Requests.Server(transport: transport)
        let link = transport.connect()
        let client = Requests.Client(transport: link)
        let stream = server.events
        let sent: [Requests.ClientEvent] = [
            .getBalance(.init(requestId: "1", account: "a")), .cancelRequest(.init(requestId: "1")),
            .getRate(.init(requestId: "2", pair: "EURUSD")),
        ]
        for event in sent { try await client.emit(event) }
        var heard: [ReceivedEvent<Requests.ClientEvent>] = []
        for await event in stream {
            heard.append(event)
            if heard.count == sent.count { break }
        }
        #expect(heard == sent.map { ReceivedEvent(connection: link.connection, event: $0) })
    }

    /// A server that speaks as soon as it hears of a connection (a scenario's opening `send:`) reaches a client that
    /// connected with its receiver: with `connect()` then `setReceiver`, such a frame could come before the receiver.
    @Test(.timeLimit(.minutes(1))) func aFrameSentAsTheConnectionOpensReachesAReceiverGivenAtConnect() async throws {
        let transport = LoopbackServerTransport()
        transport.setReceiver { event in
            guard case .connected(let connection) = event else { return }
            let frame = OutgoingFrame(eventName: "hello", channel: nil, payload: nil, data: Data("hello".utf8))
            Task { try? await transport.send(frame, to: connection) }
        }
        let received = Recorder<String>()
        _ = transport.connect { received.append(String(decoding: $0.data, as: UTF8.self)) }
        try await eventually("the first frame arrives") { received.values == ["hello"] }
    }

    /// Frames sent before the client's receiver is set (`connect()`, then `setReceiver`) are held and handed over in
    /// order, before any sent later; past the hold's bound the server's send throws instead of losing the frame.
    @Test(.timeLimit(.minutes(1))) func framesSentBeforeTheReceiverIsSetArriveInOrder() async throws {
        let transport = LoopbackServerTransport()
        let client = transport.connect()
        func frame(_ text: String) -> OutgoingFrame {
            OutgoingFrame(eventName: "", channel: nil, payload: nil, data: Data(text.utf8))
        }
        for number in 1...3 { try await transport.send(frame("\(number)"), to: client.connection) }
        let received = Recorder<String>()
        client.setReceiver { received.append(String(decoding: $0.data, as: UTF8.self)) }
        try await transport.send(frame("4"), to: client.connection)
        try await eventually("every frame arrives") { received.values.count == 4 }
        #expect(received.values == ["1", "2", "3", "4"])

        let silent = transport.connect()
        for number in 0..<LoopbackClientTransport.heldFrameLimit {
            try await transport.send(frame("\(number)"), to: silent.connection)
        }
        await #expect(throws: LoopbackFramesUnread.self) {
            try await transport.send(frame("one too many"), to: silent.connection)
        }
    }
}

/// Holds answers back until the test lets them go.
actor Gate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
