import Foundation
import SchemaGenContract
import SchemaGenGenerator
@_spi(Generated) import SchemaGenRuntime

/// A server made from a contract alone, on any ``RealtimeServerTransport``: every frame an app sends is read by the
/// contract's interpreter and answered by a ``MockResponder``, a scenario plays on each connection, and everything
/// it hears, sends and refuses is reported to `log`. `schemagen-mock` serves it on a socket; tests run it on a
/// ``LoopbackServerTransport``.
///
/// Bounds: each connection queues at most ``queueLimit`` frames to send, ``queueLimit`` events for its scenario
/// to hear and ``queueLimit`` channel subscriptions; past that a frame, event or subscription is dropped and reported
/// (``MockLogEntry/dropped(_:what:reason:)``), never held.
/// Acknowledgements the mock asks for are remembered until answered, at most ``queueLimit`` per connection.
public final class ContractMockServer: @unchecked Sendable {
    /// How many frames a connection's outbox, and events its scenario's inbox, hold before dropping.
    package static let queueLimit = 1024

    package let responder: MockResponder
    package let scenario: Scenario?
    private let transport: any RealtimeServerTransport
    private let log: @Sendable (MockLogEntry) -> Void
    private let lock = NSLock()
    private var connections: [ServerConnection: Connection] = [:]
    private var refused = 0

    /// Starts serving: from now on the transport's connections are answered.
    ///
    /// - Parameters:
    ///   - scenario: played on every connection from its start.
    ///   - log: called with everything that happens, from any task; an entry whose ``MockLogEntry/isViolation`` is
    ///     true is a frame the contract does not allow.
    public init(
        contract: Contract, transport: any RealtimeServerTransport, scenario: Scenario? = nil,
        log: @escaping @Sendable (MockLogEntry) -> Void
    ) {
        responder = MockResponder(contract: contract)
        self.scenario = scenario
        self.transport = transport
        self.log = log
        transport.setReceiver { [weak self] event in self?.handle(event) }
    }

    /// How many frames and acknowledgements from apps the contract did not allow, so far.
    public var violations: Int { lock.withLock { refused } }

    private final class Connection: @unchecked Sendable {
        let outbox: AsyncStream<MockAnswer>.Continuation
        /// The scenario's next step; `nil` without a scenario or once it has played.
        var step: Int?
        /// What the app sent that no `after:` step has taken yet, oldest first: an `after:` step takes the first
        /// event on its channel address (or outside channels) that it waits for, and skips the ones before it there,
        /// as the generated `Mock` reads one stream per address.
        var backlog: [Heard] = []
        /// Whether a `wait:` step sleeps: what the app sends meanwhile joins the backlog, for the steps after it.
        var sleeping = false
        /// The channel addresses the app is subscribed to, for `subscribed:` steps.
        var subscriptions: Set<String> = []
        /// The step whose wait was logged, so that it is logged once.
        var announced: Int?
        var tasks: [Task<Void, Never>] = []
        /// The events, with their channels, whose acknowledgement the mock asked for, by acknowledgement id.
        var awaitedAcks: [Int: (event: String, channel: String?)] = [:]
        var nextAckID = 0

        init(outbox: AsyncStream<MockAnswer>.Continuation, playing: Bool) {
            self.outbox = outbox
            step = playing ? 0 : nil
        }
    }

    private func handle(_ event: ServerTransportEvent) {
        switch event {
        case .connected(let connection):
            open(connection)
        case .frame(let frame, let connection):
            if let ackID = frame.acknowledges {
                acknowledgement(ackID, frame.data, from: connection)
            } else if let separator = responder.contract.separator {
                // A message of several frames (`separator:`): each is read and answered on its own, in order, as
                // generated code reads them.
                for data in separator.frames(in: frame.data) {
                    receive(IncomingFrame(data: data, channel: frame.channel, ackID: frame.ackID), from: connection)
                }
            } else {
                receive(frame, from: connection)
            }
        case .subscribed(let connection, let channel):
            log(.subscribed(connection, channel: channel))
            subscriptions(of: connection, adding: [channel], removing: [])
        case .unsubscribed(let connection, let channel):
            log(.unsubscribed(connection, channel: channel))
            subscriptions(of: connection, adding: [], removing: [channel])
        case .disconnected(let connection, let reason):
            let ended = lock.withLock { connections.removeValue(forKey: connection) }
            ended?.outbox.finish()
            ended?.tasks.forEach { $0.cancel() }
            log(.disconnected(connection, reason: reason))
        }
    }

    private func open(_ connection: ServerConnection) {
        let (outbox, outgoing) = AsyncStream.makeStream(
            of: MockAnswer.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        let state = Connection(outbox: outgoing, playing: scenario != nil)
        lock.withLock { connections[connection] = state }
        log(.connected(connection))
        let transport = transport
        let log = log
        let sender = Task {
            for await answer in outbox {
                do {
                    try await transport.send(answer.frame, to: connection)
                    log(.sent(connection, answer))
                } catch {
                    log(.dropped(connection, what: answer.reason, reason: "the send failed: \(error)"))
                }
            }
        }
        lock.withLock { state.tasks.append(sender) }
        if let scenario { log(.scenario(connection, "plays `\(scenario.name)`")) }
        advance(state, connection)
    }

    private func receive(_ frame: IncomingFrame, from connection: ServerConnection) {
        let response = responder.respond(to: frame)
        if !response.reading.matches { lock.withLock { refused += 1 } }
        log(.received(connection, frame: frame.data, reading: response.reading, asksAck: frame.ackID))
        guard let state = lock.withLock({ connections[connection] }) else { return }
        // The frame's own answers first (a request's reply), then what the scenario does once it has heard it: the
        // order a server that handles each frame in turn sends them in.
        for answer in response.answers { enqueue(answer, on: state, connection) }
        if let event = response.reading.event {
            let address = event.channel == nil ? nil : event.address ?? frame.channel
            advance(
                state, connection,
                hearing: Heard(
                    name: event.wireName, channel: address, frame: frame.data, framing: responder.contract.framing))
        }
        if !response.subscribed.isEmpty || !response.unsubscribed.isEmpty {
            subscriptions(of: connection, adding: response.subscribed, removing: response.unsubscribed)
        }
    }

    /// Keeps which channel addresses the app is subscribed to (at most ``queueLimit``), and plays on a scenario
    /// waiting for one of them.
    private func subscriptions(of connection: ServerConnection, adding added: [String], removing removed: [String]) {
        guard let state = lock.withLock({ connections[connection] }) else { return }
        let full: [String] = lock.withLock {
            state.subscriptions.subtract(removed)
            var full: [String] = []
            for address in added where !state.subscriptions.contains(address) {
                if state.subscriptions.count < Self.queueLimit {
                    state.subscriptions.insert(address)
                } else {
                    full.append(address)
                }
            }
            return full
        }
        for address in full {
            log(
                .dropped(
                    connection, what: "the subscription to `\(address)` for the scenario",
                    reason: "the connection already has \(Self.queueLimit) subscriptions"))
        }
        if !added.isEmpty { advance(state, connection) }
    }

    private func enqueue(_ answer: MockAnswer, on state: Connection, _ connection: ServerConnection) {
        if let dropped = queue(answer, on: state, connection) { log(dropped) }
    }

    /// Queues `answer` to be sent; what to log when the outbox is full.
    private func queue(_ answer: MockAnswer, on state: Connection, _ connection: ServerConnection) -> MockLogEntry? {
        guard case .dropped = state.outbox.yield(answer) else { return nil }
        return .dropped(
            connection, what: answer.reason,
            reason: "\(Self.queueLimit) frames already wait to be sent on this connection")
    }

    /// The app's answer to an acknowledgement the mock asked for, read against the event's `ack:`.
    private func acknowledgement(_ ackID: Int, _ arguments: Data, from connection: ServerConnection) {
        let awaited = lock.withLock { connections[connection]?.awaitedAcks.removeValue(forKey: ackID) }
        guard let awaited, let (_, event) = responder.contract.event(awaited.event, inChannel: awaited.channel) else {
            lock.withLock { refused += 1 }
            log(.acknowledged(connection, event: nil, ackID: ackID, findings: []))
            return
        }
        let findings = responder.interpreter.readAcknowledgement(arguments, of: event)
        if findings.contains(where: { $0.severity == .mismatch }) { lock.withLock { refused += 1 } }
        log(.acknowledged(connection, event: awaited.event, ackID: ackID, findings: findings))
    }

    /// Plays the scenario's steps from where it stands: when the connection opens, once the app sent something
    /// (`heard`) or subscribed to a channel, when a `wait:` ends. Sends are queued at once, in order, so they go out
    /// before anything the app's later frames make the mock send; a `wait:` sleeps on a task of its own, and what the
    /// app sends meanwhile waits in the backlog (at most ``queueLimit`` events) for the steps after it.
    private func advance(
        _ state: Connection, _ connection: ServerConnection, hearing heard: Heard? = nil, woken: Bool = false
    ) {
        guard let scenario else { return }
        // What happens is logged once the lock is let go: a log handler may ask the server for its violations.
        var entries: [MockLogEntry] = []
        lock.lock()
        defer {
            lock.unlock()
            entries.forEach(log)
        }
        guard let current = state.step else { return }
        // Kept only for a step still to come that waits on its address: the generated `Mock` reads those alone.
        if let heard,
            scenario.steps[current...].contains(where: {
                if case .after(_, _, let channel) = $0.action { channel?.address == heard.channel } else { false }
            })
        {
            if state.backlog.count < Self.queueLimit {
                state.backlog.append(heard)
            } else {
                entries.append(
                    .dropped(
                        connection, what: "`\(heard.name)` for the scenario",
                        reason: "\(Self.queueLimit) events already wait for its steps"))
            }
        }
        if woken { state.sleeping = false }
        guard !state.sleeping else { return }
        while var index = state.step, index < scenario.steps.count {
            switch scenario.steps[index].action {
            case .after(let event, let conditions, let channel):
                let address = channel?.address
                var taken = false
                // The events on the step's address before the one it waits for are skipped, as a stream read past.
                while let position = state.backlog.firstIndex(where: { $0.channel == address }) {
                    let next = state.backlog.remove(at: position)
                    if next.name == event, next.satisfies(conditions) {
                        taken = true
                        break
                    }
                }
                guard taken else {
                    if state.announced != index {
                        state.announced = index
                        let values = conditions.map { " with \($0.field) \($0.json)" }.joined(separator: " and")
                        let on = address.map { " on `\($0)`" } ?? ""
                        entries.append(.scenario(connection, "waits for `\(event)`\(on)\(values)"))
                    }
                    return
                }
                index += 1
            case .subscribed(let channel):
                guard state.subscriptions.contains(channel.address) else {
                    if state.announced != index {
                        state.announced = index
                        entries.append(.scenario(connection, "waits for the app to subscribe to `\(channel.address)`"))
                    }
                    return
                }
                index += 1
            case .send(let event, let payload, let channel):
                if var frame = responder.frame(
                    of: event, payload: payload, channel: channel, wholeFrame: scenario.steps[index].frame)
                {
                    if responder.contract.event(event, inChannel: channel?.name)?.event.ack != nil,
                        transport.supportsAcknowledgements
                    {
                        state.nextAckID += 1
                        if state.awaitedAcks.count < Self.queueLimit {
                            state.awaitedAcks[state.nextAckID] = (event, channel?.name)
                        }
                        frame.ackID = state.nextAckID
                    }
                    if let dropped = queue(
                        MockAnswer(frame: frame, reason: "scenario `\(scenario.name)`"), on: state, connection)
                    {
                        entries.append(dropped)
                    }
                }
                index += 1
            case .wait(let seconds):
                state.step = index + 1
                state.sleeping = true
                state.tasks.append(
                    Task { [weak self] in
                        guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
                        self?.advance(state, connection, woken: true)
                    })
                return
            }
            state.step = index
        }
        if state.step != nil {
            state.step = nil
            state.backlog = []
            entries.append(.scenario(connection, "finished `\(scenario.name)`"))
        }
    }
}

/// An event the app sent, as a scenario's `after:` step hears it.
package struct Heard: Sendable {
    package let name: String
    /// The channel address it came on; `nil` for an event outside channels.
    package let channel: String?
    package let payload: DocumentValue?

    package init(name: String, channel: String?, frame: Data, framing: Framing) {
        self.name = name
        self.channel = channel
        payload = (try? framing.wireFraming.parse(frame).payload).flatMap { try? DocumentValue(parsingJSON: $0) }
    }

    /// Whether the payload's fields hold the values `conditions` name (numbers compared as numbers: `2` is `2.0`).
    package func satisfies(_ conditions: [ScenarioCondition]) -> Bool {
        conditions.allSatisfy { condition in
            guard let expected = try? DocumentValue(parsingJSON: Data(condition.json.utf8)),
                let actual = payload?[condition.field]
            else { return false }
            if let left = Self.number(expected), let right = Self.number(actual) { return left == right }
            return expected == actual
        }
    }

    private static func number(_ value: DocumentValue) -> Double? {
        switch value {
        case .integer(let number): Double(number)
        case .number(let text): Double(text)
        default: nil
        }
    }
}
