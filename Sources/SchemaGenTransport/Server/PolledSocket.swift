import Foundation
import SchemaGenRuntime

/// One connection served over Engine.IO's HTTP long-polling, as the ``ServerWebSocket`` its writer writes to: what
/// it sends waits for the client's next `GET` (at most ``limit`` bytes of it; then the writer waits, so the
/// connection's outbound buffer and write timeout bound a client that stops polling, as they bound a slow WebSocket);
/// what the client `POST`s is pushed into ``inbox``. Once upgraded, it is a relay to the WebSocket.
///
/// Thread-safe. At most one `GET` and one `POST` at a time, as engine.io's own server allows.
final class PolledSocket: ServerWebSocket, @unchecked Sendable {
    /// The Engine.IO session id the client names in its requests.
    let id: String
    /// The client's packets, from its `POST`s and then from the WebSocket it upgraded to.
    let inbox: WebSocketInbox
    /// How many bytes of packets may wait for a `GET` before a send waits.
    let limit: Int
    private let lock = NSLock()
    /// Encoded packets the next `GET` takes, and their size.
    private var waiting: [String] = []
    private var waitingBytes = 0
    /// The `GET` waiting for a packet.
    private var poll: CheckedContinuation<[String], Never>?
    /// The writer, waiting for a `GET` to make room.
    private var writer: CheckedContinuation<Void, Never>?
    private var isPosting = false
    /// Why the connection closed, once it did: its close packet waits for (or went out in) a `GET`.
    private(set) var closeReason: String?
    /// The WebSocket the connection upgraded to, and the task that writes what waited for a `GET` to it first (its
    /// failure, if writing failed).
    private var upgraded: (socket: any ServerWebSocket, flushed: Task<(any Error)?, Never>)?

    /// How many packets wait for a `GET`.
    var waitingCount: Int {
        lock.withLock { waiting.count }
    }

    init(id: String, readAhead: Int, limit: Int) {
        self.id = id
        inbox = WebSocketInbox(limit: readAhead)
        self.limit = limit
    }

    /// The packet separator of a long-polling payload (engine.io-protocol v4: the record separator).
    static let separator: Character = "\u{1e}"

    /// A message as a long-polling packet: text as it is, binary as `b` and its base64.
    static func encode(_ message: WebSocketMessage) -> String {
        switch message {
        case .text(let text): text
        case .binary(let data): "b" + data.base64EncodedString()
        }
    }

    /// A long-polling packet as the message it carries; `nil` for `b` with bytes that are not base64.
    static func decode(_ packet: Substring) -> WebSocketMessage? {
        guard packet.first == "b" else { return .text(String(packet)) }
        return Data(base64Encoded: String(packet.dropFirst())).map { .binary($0) }
    }

    private enum SendStep {
        case relay(any ServerWebSocket, Task<(any Error)?, Never>)
        case handed(CheckedContinuation<[String], Never>?, [String])
        case full
    }

    func send(_ message: WebSocketMessage) async throws {
        let packet = Self.encode(message)
        while true {
            let step: SendStep = try lock.withLock {
                if let upgraded { return .relay(upgraded.socket, upgraded.flushed) }
                if let closeReason { throw WebSocketFailure("the long-polling session closed: \(closeReason)") }
                guard waiting.isEmpty || waitingBytes + packet.utf8.count <= limit else { return .full }
                waiting.append(packet)
                waitingBytes += packet.utf8.count
                guard let poll else { return .handed(nil, []) }
                self.poll = nil
                return .handed(poll, takeWaiting())
            }
            switch step {
            case .relay(let socket, let flushed):
                // What waited for a poll failed to reach the WebSocket: this send fails with it, which ends the
                // connection with its reason, rather than going out after a gap.
                if let failure = await flushed.value { throw failure }
                return try await socket.send(message)
            case .handed(let poll, let packets):
                poll?.resume(returning: packets)
                return
            case .full:
                try Task.checkCancellation()
                await waitForRoom()
            }
        }
    }

    /// Waits until a `GET` takes what waits, the session upgrades or closes, or the task is cancelled.
    private func waitForRoom() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let wait = lock.withLock { () -> Bool in
                    guard upgraded == nil, closeReason == nil, !waiting.isEmpty else { return false }
                    writer = continuation
                    return true
                }
                if !wait { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { () -> CheckedContinuation<Void, Never>? in
                defer { writer = nil }
                return writer
            }?.resume()
        }
    }

    /// Everything that waits for a `GET`, emptied; lets a waiting writer go on. Called with the lock held.
    private func takeWaiting() -> [String] {
        defer {
            waiting = []
            waitingBytes = 0
            writer?.resume()
            writer = nil
        }
        return waiting
    }

    func close(reason: String) async {
        let closing = markClosed(reason: reason)
        closing.poll?.resume(returning: closing.packets)
        await closing.relay?.close(reason: reason)
    }

    /// What closing leaves to do once the lock is let go: the WebSocket to close, or the waiting `GET` to answer.
    private struct Closing {
        var relay: (any ServerWebSocket)?
        var poll: CheckedContinuation<[String], Never>?
        var packets: [String] = []
    }

    private func markClosed(reason: String) -> Closing {
        lock.lock()
        defer { lock.unlock() }
        var closing = Closing()
        if let upgraded {
            closing.relay = upgraded.socket
        } else if closeReason == nil {
            closeReason = reason
            // Engine.IO's close packet tells a polling client the session is over.
            waiting.append("1")
            writer?.resume()
            writer = nil
            if let poll {
                self.poll = nil
                closing.poll = poll
                closing.packets = takeWaiting()
            }
        }
        return closing
    }

    /// What a `GET` answers.
    enum PollOutcome: Equatable {
        /// The packets to send, in order.
        case packets([String])
        /// The request is refused, saying why; `closes` when it breaks the protocol and ends the session.
        case refused(String, closes: Bool)
    }

    /// Waits for packets to send the client, then takes them all; a `GET` cancelled while it waits answers a noop.
    func nextPoll() async -> PollOutcome {
        enum Step { case answer(PollOutcome), wait }
        let step: Step = lock.withLock {
            if upgraded != nil {
                return .answer(.refused("a GET on session \(id), which upgraded to a WebSocket", closes: false))
            }
            if poll != nil {
                return .answer(
                    .refused("a second GET on session \(id) while one waits (overlap from the client)", closes: true))
            }
            if !waiting.isEmpty { return .answer(.packets(takeWaiting())) }
            if let closeReason {
                return .answer(.refused("a GET on session \(id), which closed (\(closeReason))", closes: false))
            }
            return .wait
        }
        if case .answer(let outcome) = step { return outcome }
        let packets = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[String], Never>) in
                let ready = lock.withLock { () -> [String]? in
                    // Packets, an upgrade or the close may have come since the lock was let go.
                    if !waiting.isEmpty { return takeWaiting() }
                    if upgraded != nil || closeReason != nil || poll != nil { return ["6"] }
                    poll = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            lock.withLock { () -> CheckedContinuation<[String], Never>? in
                defer { poll = nil }
                return poll
            }?.resume(returning: ["6"])
        }
        return .packets(packets)
    }

    /// Pushes a `POST`'s packets into the inbox, waiting while it is full; returns why they are refused, if they are.
    func post(_ body: Data) async -> (refusal: String, closes: Bool)? {
        let refusal: (String, Bool)? = lock.withLock {
            if upgraded != nil { return ("a POST on session \(id), which upgraded to a WebSocket", false) }
            if closeReason != nil { return ("a POST on session \(id), which closed", false) }
            if isPosting { return ("a second POST on session \(id) while one is read (overlap from the client)", true) }
            isPosting = true
            return nil
        }
        if let refusal { return refusal }
        defer { lock.withLock { isPosting = false } }
        for packet in String(decoding: body, as: UTF8.self).split(
            separator: Self.separator, omittingEmptySubsequences: false)
        {
            guard let message = Self.decode(packet) else {
                return ("a POST on session \(id) with a binary packet that is not base64", true)
            }
            guard await inbox.push(message) else { return ("a POST on session \(id), whose connection ended", false) }
        }
        return nil
    }

    /// Answers the waiting `GET` with a noop, as Engine.IO asks of a server probed for an upgrade, so the client's
    /// polling ends before it switches.
    func releasePoll() {
        lock.withLock { () -> CheckedContinuation<[String], Never>? in
            defer { poll = nil }
            return poll
        }?.resume(returning: ["6"])
    }

    /// Switches to `socket`: what waited for a `GET` is written to it first, then every send; a waiting `GET` is
    /// answered with a noop and later ones refused. Returns `false` when the session closed first.
    func upgrade(to socket: any ServerWebSocket) -> Bool {
        let poll: CheckedContinuation<[String], Never>?
        do {
            lock.lock()
            defer { lock.unlock() }
            guard closeReason == nil, upgraded == nil else { return false }
            let flushing = waiting.compactMap { Self.decode($0[...]) }
            upgraded = (
                socket,
                Task {
                    do {
                        for message in flushing { try await socket.send(message) }
                        return nil
                    } catch {
                        return error
                    }
                }
            )
            poll = self.poll
            self.poll = nil
            _ = takeWaiting()
        }
        poll?.resume(returning: ["6"])
        return true
    }
}

/// The connections open over long-polling, by session id.
final class PolledSockets: @unchecked Sendable {
    private let lock = NSLock()
    private var sockets: [String: PolledSocket] = [:]

    subscript(id: String) -> PolledSocket? {
        lock.withLock { sockets[id] }
    }

    func insert(_ socket: PolledSocket) {
        lock.withLock { sockets[socket.id] = socket }
    }

    func remove(_ socket: PolledSocket) {
        lock.withLock { if sockets[socket.id] === socket { sockets[socket.id] = nil } }
    }
}
