import Foundation
import GeneratedClients
import Observation
import SchemaGenRuntime
import TestSupport
import Testing

/// A SwiftUI-style view model, written as an app writes it: `@MainActor @Observable`, mutating its state from the
/// generated client's listeners and from `for await` loops, with no `assumeIsolated` and no delivery option. That it
/// compiles in Swift 6 mode is half the test; the other half is that its listeners run on the main actor.
@MainActor @Observable final class RoomViewModel {
    var errors: [String] = []
    var peopleJoined: [String] = []
    var eventsSeen = 0
    var moves: [Double] = []
    var undeliverable = 0
    @ObservationIgnored private var tokens: [ListenerToken] = []
    @ObservationIgnored private var loops: [Task<Void, Never>] = []

    func start(_ client: Rooms.Client) {
        tokens.append(
            client.onError { message in
                MainActor.preconditionIsolated(
                    "a listener registered by a main-actor view model ran off the main actor")
                self.errors.append(message)
            })
        tokens.append(client.onUserJoined { joined in self.peopleJoined.append(joined.user.username) })
        tokens.append(client.onIncomingFailure { _ in self.undeliverable += 1 })
        // Streams made here, not inside the tasks, so no event sent from now on is missed.
        let events = client.events, moveEvents = client.events
        loops.append(
            Task {
                for await _ in events { self.eventsSeen += 1 }
            })
        loops.append(
            Task {
                for await event in moveEvents {
                    if case .touchMoved(let moved) = event { self.moves.append(moved.x) }
                }
            })
    }

    func stop() {
        tokens.forEach { $0.cancel() }
        loops.forEach { $0.cancel() }
    }
}

/// State an actor owns, told by a listener registered from inside it.
actor PresenceCounter {
    private(set) var joined = 0
    private var token: ListenerToken?

    func start(_ client: Rooms.Client) {
        token = client.onUserJoined { _ in
            self.preconditionIsolated("a listener registered inside an actor ran off it")
            self.joined += 1
        }
    }
}

@Suite struct ViewModelIsolationTests {
    static let user = ServerPairingTests.user

    @Test @MainActor func aMainActorViewModelHearsTypedEventsOnTheMainActor() async throws {
        // A preview's setup: the generated server pushes typed events to the generated client over a loopback.
        let transport = LoopbackServerTransport()
        let server = Rooms.Server(transport: transport)
        let link = transport.connect()
        let client = Rooms.Client(transport: link)
        let model = RoomViewModel()
        model.start(client)

        let app = Recipients.connection(link.connection)
        try await server.emit(.error("room is full"), to: app)
        try await server.emit(.userJoined(.init(userId: "u1", user: Self.user)), to: app)
        try await server.emit(.touchMoved(.init(roomId: "r1", x: 4, y: 5, elementId: nil)), to: app)
        let broken = Data(#"["user:joined",{"userId":7}]"#.utf8)
        try await transport.send(
            OutgoingFrame(eventName: "user:joined", channel: nil, payload: nil, data: broken), to: link.connection)

        #expect(model.errors == ["room is full"], "a listener's effect is there once the server's send returns")
        #expect(model.peopleJoined == ["ana"])
        #expect(model.undeliverable == 1)
        try await eventually("the loops caught up") { model.eventsSeen == 3 && model.moves == [4] }
        model.stop()
    }

    @Test func aListenerRegisteredInsideAnActorRunsOnIt() async throws {
        let transport = LoopbackServerTransport()
        let server = Rooms.Server(transport: transport)
        let link = transport.connect()
        let client = Rooms.Client(transport: link)
        let counter = PresenceCounter()
        await counter.start(client)
        for index in 1...3 {
            try await server.emit(
                .userJoined(.init(userId: "u\(index)", user: Self.user)), to: .connection(link.connection))
        }
        #expect(await counter.joined == 3)
    }
}
