import Foundation
@_spi(Generated) import SchemaGenRuntime

/// A server made from a contract alone, on any ``RealtimeServerTransport``: every frame an app sends is read by the
/// contract's interpreter and answered by a ``MockResponder``, a scenario plays on each connection, and everything
/// it hears, sends and refuses is reported to `log`. `schemagen-mock` serves it on a socket; tests run it on a
/// ``LoopbackServerTransport``.
///
/// Bounds: each connection queues at most ``queueLimit`` frames to send and ``queueLimit`` events for its scenario
/// to hear; past that a frame or event is dropped and reported (``MockLogEntry/dropped(_:what:reason:)``), never held.
/// Acknowledgements the mock asks for are remembered until answered, at most ``queueLimit`` per connection.
public final class ContractMockServer: @unchecked Sendable {
    /// How many frames a connection's outbox, and events its scenario's inbox, hold before dropping.
    public static let queueLimit = 1024

    public let responder: MockResponder
    public let scenario: Scenario?
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
        /// The events the app sent, for the scenario's `after:` steps; `nil` once the scenario no longer listens.
        var heard: AsyncStream<Heard>.Continuation?
        var tasks: [Task<Void, Never>] = []
        var awaitedAcks: [Int: String] = [:]
        var nextAckID = 0

        init(outbox: AsyncStream<MockAnswer>.Continuation, heard: AsyncStream<Heard>.Continuation?) {
            self.outbox = outbox
            self.heard = heard
        }
    }

    private func handle(_ event: ServerTransportEvent) {
        switch event {
        case .connected(let connection):
            open(connection)
        case .frame(let frame, let connection):
            if let ackID = frame.acknowledges {
                acknowledgement(ackID, frame.data, from: connection)
            } else {
                receive(frame, from: connection)
            }
        case .subscribed(let connection, let channel):
            log(.subscribed(connection, channel: channel))
        case .unsubscribed(let connection, let channel):
            log(.unsubscribed(connection, channel: channel))
        case .disconnected(let connection, let reason):
            let ended = lock.withLock { connections.removeValue(forKey: connection) }
            ended?.outbox.finish()
            ended?.heard?.finish()
            ended?.tasks.forEach { $0.cancel() }
            log(.disconnected(connection, reason: reason))
        }
    }

    private func open(_ connection: ServerConnection) {
        let (outbox, outgoing) = AsyncStream.makeStream(
            of: MockAnswer.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        var heardStream: AsyncStream<Heard>?
        var heard: AsyncStream<Heard>.Continuation?
        if scenario != nil {
            let (stream, continuation) = AsyncStream.makeStream(
                of: Heard.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
            (heardStream, heard) = (stream, continuation)
        }
        let state = Connection(outbox: outgoing, heard: heard)
        lock.withLock { connections[connection] = state }
        log(.connected(connection))
        let transport = transport
        let log = log
        var tasks = [
            Task {
                for await answer in outbox {
                    do {
                        try await transport.send(answer.frame, to: connection)
                        log(.sent(connection, answer))
                    } catch {
                        log(.dropped(connection, what: answer.reason, reason: "the send failed: \(error)"))
                    }
                }
            }
        ]
        if let scenario, let heardStream {
            tasks.append(Task { [weak self] in await self?.play(scenario, on: connection, hearing: heardStream) })
        }
        lock.withLock { state.tasks = tasks }
    }

    private func receive(_ frame: IncomingFrame, from connection: ServerConnection) {
        let response = responder.respond(to: frame)
        if !response.reading.matches { lock.withLock { refused += 1 } }
        log(.received(connection, frame: frame.data, reading: response.reading, asksAck: frame.ackID))
        guard let state = lock.withLock({ connections[connection] }) else { return }
        if let name = response.reading.event?.wireName, let heard = lock.withLock({ state.heard }),
            case .dropped = heard.yield(Heard(name: name, frame: frame.data, framing: responder.contract.framing))
        {
            log(
                .dropped(
                    connection, what: "`\(name)` for the scenario",
                    reason: "its scenario waits elsewhere with \(Self.queueLimit) events unheard"))
        }
        for answer in response.answers { enqueue(answer, on: state, connection) }
    }

    private func enqueue(_ answer: MockAnswer, on state: Connection, _ connection: ServerConnection) {
        if case .dropped = state.outbox.yield(answer) {
            log(
                .dropped(
                    connection, what: answer.reason,
                    reason: "\(Self.queueLimit) frames already wait to be sent on this connection"))
        }
    }

    /// The app's answer to an acknowledgement the mock asked for, read against the event's `ack:`.
    private func acknowledgement(_ ackID: Int, _ arguments: Data, from connection: ServerConnection) {
        let name = lock.withLock { connections[connection]?.awaitedAcks.removeValue(forKey: ackID) }
        guard let name, let event = responder.contract.events.first(where: { $0.wireName == name }) else {
            lock.withLock { refused += 1 }
            log(.acknowledged(connection, event: nil, ackID: ackID, findings: []))
            return
        }
        let findings = responder.interpreter.readAcknowledgement(arguments, of: event)
        if findings.contains(where: { $0.severity == .mismatch }) { lock.withLock { refused += 1 } }
        log(.acknowledged(connection, event: name, ackID: ackID, findings: findings))
    }

    private func play(_ scenario: Scenario, on connection: ServerConnection, hearing heard: AsyncStream<Heard>) async {
        log(.scenario(connection, "plays `\(scenario.name)`"))
        var iterator = heard.makeAsyncIterator()
        for step in scenario.steps {
            switch step.action {
            case .after(let event, let conditions):
                let values = conditions.map { " with \($0.field) \($0.json)" }.joined(separator: " and")
                log(.scenario(connection, "waits for `\(event)`\(values)"))
                var heardIt = false
                while let heard = await iterator.next() {
                    if heard.name == event, heard.satisfies(conditions) {
                        heardIt = true
                        break
                    }
                }
                // The connection ended first.
                guard heardIt else { return }
            case .send(let event, let payload):
                guard var answer = responder.frame(of: event, payload: payload) else { continue }
                guard let state = lock.withLock({ connections[connection] }) else { return }
                if let declared = responder.contract.events.first(where: { $0.wireName == event }), declared.ack != nil,
                    transport.supportsAcknowledgements
                {
                    answer.ackID = lock.withLock {
                        state.nextAckID += 1
                        if state.awaitedAcks.count < Self.queueLimit { state.awaitedAcks[state.nextAckID] = event }
                        return state.nextAckID
                    }
                }
                enqueue(MockAnswer(frame: answer, reason: "scenario `\(scenario.name)`"), on: state, connection)
            case .wait(let seconds):
                do { try await Task.sleep(for: .seconds(seconds)) } catch { return }
            }
        }
        // Nothing listens any more: stop queueing what the app sends.
        let listening = lock.withLock {
            defer { connections[connection]?.heard = nil }
            return connections[connection]?.heard
        }
        listening?.finish()
        log(.scenario(connection, "finished `\(scenario.name)`"))
    }
}

/// An event the app sent, as a scenario's `after:` step hears it.
struct Heard: Sendable {
    let name: String
    let payload: DocumentValue?

    init(name: String, frame: Data, framing: Framing) {
        self.name = name
        payload = (try? framing.wireFraming.parse(frame).payload).flatMap { try? DocumentValue(parsingJSON: $0) }
    }

    /// Whether the payload's fields hold the values `conditions` name (numbers compared as numbers: `2` is `2.0`).
    func satisfies(_ conditions: [ScenarioCondition]) -> Bool {
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
