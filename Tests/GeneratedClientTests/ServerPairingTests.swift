import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// A generated client and a generated server of the same contract, paired over `LoopbackServerTransport`, exchange
/// every event of the contract in both directions, with its reply or acknowledgement where the contract declares one.
@Suite struct ServerPairingTests {
    /// Collects the first `count` events of `stream`.
    static func first<Event: Sendable>(_ count: Int, of stream: AsyncStream<Event>) async -> [Event] {
        var heard: [Event] = []
        for await event in stream {
            heard.append(event)
            if heard.count == count { break }
        }
        return heard
    }

    static let user = Rooms.User(
        id: "u1", auth0Id: "auth0|1", email: "ana@example.com", username: "ana", firstName: "Ana",
        dateOfBirth: .fixture, avatarUrl: nil, createdAt: .fixture)
    static let element = Rooms.Element(
        id: "e1", roomId: "r1", type: .note, createdBy: "u1", positionX: 1, positionY: 2, width: 30, height: 40,
        content: "hi", createdAt: .fixture)

    @Test func roomsEveryEventBothWaysAndTheCreatedElementAsAcknowledgement() async throws {
        let transport = LoopbackServerTransport()
        let server = Rooms.Server(transport: transport)
        let link = transport.connect()
        let client = Rooms.Client(transport: link)
        let fromClients = server.events, fromServer = client.events

        let clientEvents: [Rooms.ClientEvent] = [
            .roomJoin(.init(roomId: "r1")), .roomLeave(.init(roomId: "r1")),
            .touchMove(.init(roomId: "r1", x: 0.5, y: 1.5, elementId: "e1")),
            .touchMove(.init(roomId: "r1", x: 2, y: 3)), .touchEnd(.init(roomId: "r1")),
            .elementCreate(
                .init(
                    roomId: "r1", type: .audio, positionX: 1, positionY: 2, width: 3, height: 4,
                    audioUrl: "https://a.example/1.m4a", duration: 2.5)),
            .elementUpdate(.init(roomId: "r1", elementId: "e1", positionX: 9, positionY: 8)),
            .elementDelete(.init(roomId: "r1", elementId: "e1")),
        ]
        for event in clientEvents { try await client.emit(event) }
        #expect(
            await Self.first(clientEvents.count, of: fromClients)
                == clientEvents.map { ReceivedEvent(connection: link.connection, event: $0) })

        let serverEvents: [Rooms.ServerEvent] = [
            .error("room is full"), .userJoined(.init(userId: "u1", user: Self.user)), .userLeft(.init(userId: "u1")),
            .touchMoved(.init(roomId: "r1", x: 4, y: 5, elementId: nil)), .elementCreated(Self.element),
        ]
        for event in serverEvents { try await server.emit(event, to: .connection(link.connection)) }
        #expect(await Self.first(serverEvents.count, of: fromServer) == serverEvents)

        // `element:create` is acknowledged with the element the server made.
        server.respondToElementCreate { _, create in
            Rooms.Element(
                id: "e2", roomId: create.roomId, type: create.type, createdBy: "u1", positionX: create.positionX,
                positionY: create.positionY,
                width: create.width, height: create.height, content: create.content, createdAt: .fixture)
        }
        let created = try await client.elementCreate(
            roomId: "r1", type: .note, positionX: 1, positionY: 2, width: 30, height: 40, content: "hi")
        #expect(
            created
                == Rooms.Element(
                    id: "e2", roomId: "r1", type: .note, createdBy: "u1", positionX: 1, positionY: 2, width: 30,
                    height: 40,
                    content: "hi", createdAt: .fixture))
    }

    @Test func roomsBroadcastToARoomButTheSender() async throws {
        let transport = LoopbackServerTransport()
        let server = Rooms.Server(transport: transport)
        // The server a Rooms backend is: join puts the socket in the room, moves are relayed to the others.
        server.onRoomJoin { connection, join in server.join(connection, to: join.roomId) }
        server.onTouchMove { connection, move in
            let relay = Rooms.TouchMoveData(roomId: move.roomId, x: move.x, y: move.y, elementId: move.elementId)
            Task { try await server.emit(.touchMoved(relay), to: .group(move.roomId).excluding(connection)) }
        }
        let links = (0..<3).map { _ in transport.connect() }
        let clients = links.map { Rooms.Client(transport: $0) }
        let moves = Recorder<String>()
        for (index, client) in clients.enumerated() { client.onTouchMoved { moves.append("\(index):\($0.x)") } }
        try await clients[0].roomJoin(roomId: "r1")
        try await clients[1].roomJoin(roomId: "r1")
        try await clients[2].roomJoin(roomId: "r2")
        try await clients[0].touchMove(roomId: "r1", x: 7, y: 0)
        try await eventually("the move reaches the room") { !moves.values.isEmpty }
        try await Task.sleep(for: .milliseconds(20))
        #expect(moves.values == ["1:7.0"])
    }

    @Test func graphQLTransportWSEveryEventBothWaysAndASubscriptionServed() async throws {
        typealias GQL = GraphQLTransportWS
        let transport = LoopbackServerTransport(supportsAcknowledgements: false)
        let server = GQL.Server(transport: transport)
        let link = transport.connect()
        let client = GQL.Client(transport: link)

        let fromClients = server.events
        let clientEvents: [GQL.ClientEvent] = [
            .connectionInit(.init(payload: ["token": .string("t")])),
            .startOperation(.init(id: "op1", payload: .init(query: "{ me }"))),
            .complete(.init(id: "op1")),
        ]
        for event in clientEvents { try await client.emit(event) }
        #expect(await Self.first(clientEvents.count, of: fromClients).map(\.event) == clientEvents)

        let fromServer = client.events
        let serverEvents: [GQL.ServerEvent] = [
            .connectionAck(.init()), .next(.init(id: "op1", payload: .init(data: .object(["me": .string("ana")])))),
            .error(.init(id: "op2", payload: [.init(message: "unknown field", path: [.field("me"), .index(0)])])),
            .complete(.init(id: "op1")),
        ]
        for event in serverEvents { try await server.emit(event, to: .everyone) }
        #expect(await Self.first(serverEvents.count, of: fromServer) == serverEvents)

        // The server side of a subscription: results for the operation's id, then `complete`.
        server.onStartOperation { connection, start in
            Task {
                for count in 1...3 {
                    try await server.emit(
                        .next(.init(id: start.id, payload: .init(data: .number(JSONNumber(count))))),
                        to: .connection(connection))
                }
                try await server.emit(.complete(.init(id: start.id)), to: .connection(connection))
            }
        }
        var results: [JSONValue?] = []
        for try await next in try await client.startOperation(payload: .init(query: "subscription { count }")) {
            results.append(next.payload.data)
        }
        #expect(results == [.number(JSONNumber(1)), .number(JSONNumber(2)), .number(JSONNumber(3))])
    }
}

/// JSON-RPC through frame shapes: the server answers `eth_subscribe` with the request's `id` echoed into the reply
/// (or into JSON-RPC's error object), streams notifications for the subscription id it chose, and answers the
/// client's `eth_unsubscribe` when the client's loop ends.
@Suite struct JSONRPCServerPairingTests {
    typealias Eth = EthereumPubSub

    @Test func subscribeIsAnsweredWithTheRequestsIdThenNotificationsFlowUntilTheLoopEnds() async throws {
        let transport = LoopbackServerTransport(supportsAcknowledgements: false)
        let server = Eth.Server(transport: transport)
        let unsubscribed = Recorder<String>()
        server.respondToEthSubscribe { connection, request in
            guard request.payload.kind == "newHeads" else {
                // The handler's `id` is a placeholder: the server writes the request's.
                return .rejection(
                    Eth.RpcError(id: 0, payload: .init(code: -32602, message: "unknown kind \(request.payload.kind)")))
            }
            Task {
                for block in ["0x1", "0x2", "0x3"] {
                    try await server.emit(
                        .ethSubscription(.init(subscription: "sub-\(request.id)", result: .hash(block))),
                        to: .connection(connection))
                }
            }
            return .reply(Eth.Result(id: 0, payload: .subscriptionId("sub-\(request.id)")))
        }
        server.respondToEthUnsubscribe { _, request in
            unsubscribed.append(request.payload.subscription)
            return .reply(Eth.Result(id: 0, payload: .cancelled(true)))
        }
        let client = Eth.Client(transport: transport.connect())

        var heads: [String] = []
        for try await notification in try await client.ethSubscribe(payload: .init(kind: "newHeads"), id: 41) {
            guard case .hash(let hash) = notification.result else { continue }
            heads.append(hash)
            if heads.count == 3 { break }
        }
        #expect(heads == ["0x1", "0x2", "0x3"])
        try await eventually("leaving the loop unsubscribes") { unsubscribed.values == ["sub-41"] }

        await #expect(throws: RequestRejected<Eth.RpcError>.self) {
            _ = try await client.ethSubscribe(payload: .init(kind: "sunspots"))
        }
        do {
            _ = try await client.ethSubscribe(payload: .init(kind: "sunspots"), id: 77)
        } catch let rejected as RequestRejected<Eth.RpcError> {
            #expect(rejected.reply.id == 77)
            #expect(rejected.reply.payload.code == -32602)
        }
    }
}

/// The server's own requests: Slack Socket Mode's server sends an envelope and waits for the app's acknowledgement,
/// matched by the `envelope_id` the generated server fills in.
@Suite struct ServerRequestPairingTests {
    typealias Slack = SlackSocketMode

    static let event = Slack.EventCallback(
        teamId: "T1", apiAppId: "A1", event: ["type": .string("app_mention")], type: "event_callback",
        eventId: "Ev1", eventTime: 1_700_000_000)

    @Test func theServerAwaitsTheAppsAnswerToEachOfItsEnvelopes() async throws {
        let transport = LoopbackServerTransport(supportsAcknowledgements: false)
        let server = Slack.Server(transport: transport)
        let link = transport.connect()
        let client = Slack.Client(transport: link)
        client.respondToEventsApi { envelope in ["seen": .string(envelope.payload.eventId)] }

        // Concurrent envelopes, each answered to its own call; the handler's envelope id is replaced by a fresh one.
        async let first = server.eventsApi(.init(envelopeId: "", payload: Self.event), to: link.connection)
        async let second = server.eventsApi(.init(envelopeId: "", payload: Self.event), to: link.connection)
        let (one, two) = try await (first, second)
        #expect(one.payload == ["seen": .string("Ev1")])
        #expect(two.payload == ["seen": .string("Ev1")])
        #expect(one.envelopeId != two.envelopeId && !one.envelopeId.isEmpty)
    }

    @Test func anEnvelopeTheAppNeverAnswersTimesOutAndADropFailsItAtOnce() async throws {
        let transport = LoopbackServerTransport(supportsAcknowledgements: false)
        let server = Slack.Server(transport: transport)
        let link = transport.connect()
        let client = Slack.Client(transport: link)
        let heard = Recorder<String>()
        client.onEventsApi { heard.append($0.envelopeId) }
        await #expect(throws: RequestFailure.timedOut(after: .milliseconds(30))) {
            try await server.eventsApi(
                .init(envelopeId: "", payload: Self.event), to: link.connection, timeout: .milliseconds(30))
        }
        let waiting = Task {
            try await server.eventsApi(.init(envelopeId: "", payload: Self.event), to: link.connection, timeout: nil)
        }
        // The envelope reached the app, so the server waits for its answer: now the connection drops.
        try await eventually("the second envelope reaches the app") { heard.values.count == 2 }
        link.disconnect(reason: "gone")
        await #expect(throws: RequestFailure.connectionLost(reason: "gone")) { try await waiting.value }
    }
}
