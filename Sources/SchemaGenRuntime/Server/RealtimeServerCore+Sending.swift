import Foundation

/// The server core's sending: framing events and writing them to their recipients, with the write watchdog.
extension RealtimeServerCore {
    /// Encodes `payload` and sends the event in the contract's framing to `recipients`.
    public func emit(
        eventName: String, channel: String?, payload: (some Encodable & Sendable)?, to recipients: Recipients
    ) async throws {
        try await send(frames.frame(eventName: eventName, channel: channel, payload: payload), to: recipients)
    }

    /// Sends an event without payload to `recipients`.
    public func emit(eventName: String, channel: String?, to recipients: Recipients) async throws {
        try await send(frames.frame(eventName: eventName, channel: channel, body: nil), to: recipients)
    }

    /// Encodes `payload` and sends the event at `address` (contracts with frame shapes) to `recipients`.
    public func emit(
        _ address: EventAddress, channel: String?, payload: (some Encodable & Sendable)?, to recipients: Recipients
    ) async throws {
        try await send(frames.frame(address, channel: channel, payload: payload), to: recipients)
    }

    /// Sends the event at `address` without payload to `recipients`.
    public func emit(_ address: EventAddress, channel: String?, to recipients: Recipients) async throws {
        try await send(frames.frame(address, channel: channel, body: nil), to: recipients)
    }

    /// Sends an event the contract does not describe, its payload given as raw JSON, to `recipients`.
    public func emit(eventName: String, channel: String?, rawPayload: Data?, to recipients: Recipients) async throws {
        try await send(frames.frame(eventName: eventName, channel: channel, body: rawPayload), to: recipients)
    }

    /// Sends the answer to a client's request to `connection`, the request's correlation `value` written into it at
    /// `path` (see ``correlationValue(in:at:)``), whatever the server's handler put there.
    public func emit(
        eventName: String, channel: String?, payload: some Encodable & Sendable, echoing value: JSONValue?,
        at path: String,
        to connection: ServerConnection
    ) async throws {
        try await emit(
            eventName: eventName, channel: channel, payload: payload, writing: [(path, value)], to: connection)
    }

    /// ``emit(eventName:channel:payload:echoing:at:to:)`` for the event at `address` (contracts with frame shapes).
    public func emit(
        _ address: EventAddress, channel: String?, payload: some Encodable & Sendable, echoing value: JSONValue?,
        at path: String,
        to connection: ServerConnection
    ) async throws {
        try await emit(address, channel: channel, payload: payload, writing: [(path, value)], to: connection)
    }

    /// Sends an answer to `connection` with each value of `writes` written at its path, as
    /// ``emit(eventName:channel:payload:echoing:at:to:)`` writes one: a subscription's item carries its id, and a
    /// count-ended stream's item its count.
    public func emit(
        eventName: String, channel: String?, payload: some Encodable & Sendable,
        writing writes: [(path: String, value: JSONValue?)],
        to connection: ServerConnection
    ) async throws {
        let body = try frames.body(payload, writing: writes)
        try await send(
            payload is any EnvelopeFrame
                ? frames.frame(eventName: eventName, channel: channel, envelope: body.json)
                : frames.frame(eventName: eventName, channel: channel, body: body.json, bytePaths: body.bytePaths),
            to: .connection(connection))
    }

    /// ``emit(eventName:channel:payload:writing:to:)`` for the event at `address` (contracts with frame shapes).
    public func emit(
        _ address: EventAddress, channel: String?, payload: some Encodable & Sendable,
        writing writes: [(path: String, value: JSONValue?)],
        to connection: ServerConnection
    ) async throws {
        try await send(
            frames.frame(address, channel: channel, body: frames.body(payload, writing: writes, of: address).json),
            to: .connection(connection))
    }

    /// The correlation value a client's request carries at `source` (a frame field, or a member of its payload), read
    /// as the client reads its replies' values; `nil` when the frame has none.
    public func correlationValue(in frame: WireFraming.ParsedFrame, at source: ReplyMatch.Source) -> JSONValue? {
        source.value(in: frame)
    }

    /// Sends `frame` to the recipients, to all at once. A failure to send to one named connection is thrown; to a
    /// group, it is skipped (the connection is closing, and its disconnect follows), so one dead or stalled connection
    /// stops no broadcast.
    func send(_ frame: OutgoingFrame, to recipients: Recipients) async throws {
        if recipients.isSingleConnection, case .connections(let list) = recipients.selection {
            return try await write(frame, to: list[0])
        }
        let targets = resolve(recipients)
        if targets.count == 1 { return (try? await write(frame, to: targets[0])) ?? () }
        await withTaskGroup(of: Void.self) { group in
            for connection in targets {
                group.addTask { try? await self.write(frame, to: connection) }
            }
        }
    }

    /// One write, watched: the watchdog closes a connection whose write outlasts ``writeTimeout``, which ends it. (A
    /// transport that queues its writes, as the WebSocket server transport does, returns at once and times its own
    /// writes: this watchdog is for transports whose send waits for the socket.)
    func write(_ frame: OutgoingFrame, to connection: ServerConnection) async throws {
        let number: UInt64 = lock.withLock {
            lastWrite += 1
            writes[lastWrite] = (connection, .now)
            if watchdog == nil {
                // Every quarter second (a cancelled long sleep per write would hold its memory until its deadline), for
                // as long as the server lives.
                watchdog = Task { [weak self] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: .milliseconds(250))
                        guard let self else { return }
                        await self.closeStalledConnections()
                    }
                }
            }
            return lastWrite
        }
        defer { lock.withLock { writes[number] = nil } }
        try await transport.send(frame, to: connection)
    }

    /// Closes the connections of writes that outlast the write timeout.
    func closeStalledConnections() async {
        let now = ContinuousClock.now
        let (stalled, limit): ([ServerConnection], Duration) = lock.withLock {
            let late = writes.filter { now - $0.value.started >= currentLimits.writeTimeout }
            for number in late.keys { writes[number] = nil }
            return (Array(Set(late.values.map(\.connection))).sorted(), currentLimits.writeTimeout)
        }
        for connection in stalled {
            await transport.close(
                connection,
                reason: "the client took no frame for \(limit) (it stopped reading); closed so it stalls no one else")
        }
    }

    func resolve(_ recipients: Recipients) -> [ServerConnection] {
        let chosen: [ServerConnection] = lock.withLock {
            switch recipients.selection {
            case .connections(let list): list
            case .group(let name): (groups[name] ?? []).sorted()
            case .subscribers(let address): (subscribers[address] ?? []).sorted()
            case .everyone: connections.keys.sorted()
            }
        }
        return recipients.excluded.isEmpty ? chosen : chosen.filter { !recipients.excluded.contains($0) }
    }
}
