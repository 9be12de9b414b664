import Foundation

/// The server core's the server's own requests, matched to their replies by correlation.
extension RealtimeServerCore {
    /// A fresh correlation number (1, 2, 3…), for the server's requests and acknowledgements.
    public func nextCorrelationNumber() -> Int {
        lock.withLock {
            correlationCounter = correlationCounter == .max ? 1 : correlationCounter + 1
            return correlationCounter
        }
    }

    /// Sends the server's request to `connection`, `correlation` written into its encoded value at `path`, and returns
    /// the frame that answers it: the first frame on `match`'s route from that connection carrying `correlation`.
    /// Throws ``RequestFailure`` when no answer comes within `timeout` (or ``defaultAcknowledgementTimeout``) or the
    /// connection ends, and `CancellationError` when the calling task is cancelled. The answer also reaches the
    /// route's listeners.
    public func request(
        eventName: String, channel: String?, payload: some Encodable & Sendable, correlation: JSONValue,
        at path: String,
        expecting match: ReplyMatch, from connection: ServerConnection, timeout: Duration? = nil
    ) async throws -> WireFraming.ParsedFrame {
        let body = try frames.body(payload, echoing: correlation, at: path)
        let frame =
            payload is any EnvelopeFrame
            ? frames.frame(eventName: eventName, channel: channel, envelope: body.json)
            : frames.frame(eventName: eventName, channel: channel, body: body.json, bytePaths: body.bytePaths)
        return try await exchange(frame, expecting: match, correlation: correlation, with: connection, timeout: timeout)
    }

    /// ``request(eventName:channel:payload:correlation:at:expecting:from:timeout:)`` for the event at `address`
    /// (contracts with frame shapes).
    public func request(
        _ address: EventAddress, channel: String?, payload: some Encodable & Sendable, correlation: JSONValue,
        at path: String,
        expecting match: ReplyMatch, from connection: ServerConnection, timeout: Duration? = nil
    ) async throws -> WireFraming.ParsedFrame {
        let frame = frames.frame(
            address, channel: channel, body: try frames.body(payload, echoing: correlation, at: path, of: address).json)
        return try await exchange(frame, expecting: match, correlation: correlation, with: connection, timeout: timeout)
    }

    /// Sends `frame` to `connection` and waits in the connection's table for what answers it.
    func exchange(
        _ frame: OutgoingFrame, expecting match: ReplyMatch, correlation: JSONValue, with connection: ServerConnection,
        timeout: Duration?
    ) async throws -> WireFraming.ParsedFrame {
        let (pending, limit) = lock.withLock { (connections[connection]?.pending, timeout ?? acknowledgementTimeout) }
        guard let pending else { throw RequestFailure.connectionLost(reason: "\(connection) is not open") }
        return try await pending.exchange(expecting: match, correlation: correlation, timeout: limit) {
            try await transport.send(frame, to: connection)
        }
    }

    /// Decodes an acknowledgement's arguments: all of them as a tuple type when `spread`, else the first one; with
    /// `emptyIsNil` (an optional type), no arguments read as `nil`.
    public func decodeAcknowledgement<Value: Decodable>(
        _ type: Value.Type, from arguments: Data, spread: Bool, emptyIsNil: Bool = false
    ) throws -> Value {
        try decoder.decodeAcknowledgement(Value.self, from: arguments, spread: spread, emptyIsNil: emptyIsNil)
    }

    /// Answers a connection's request for an acknowledgement `ackID` with `value`: as its arguments when `spread` (a
    /// tuple type), else as its one argument.
    public func acknowledge(
        _ ackID: Int, eventName: String, channel: String?, with value: some Encodable & Sendable, spread: Bool,
        to connection: ServerConnection
    ) async throws {
        try await transport.send(
            frames.acknowledgement(ackID, eventName: eventName, channel: channel, with: value, spread: spread),
            to: connection)
    }
}
