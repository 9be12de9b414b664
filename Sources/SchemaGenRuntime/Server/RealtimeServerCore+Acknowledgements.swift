import Foundation

/// The server core's acknowledgements: the server's events that wait for one, and its answers to the clients'.
extension RealtimeServerCore {
    /// How long the server waits for a connection's acknowledgement or answer when the call names no timeout (30
    /// seconds unless set); `nil` waits until it comes or the connection ends.
    public var defaultAcknowledgementTimeout: Duration? {
        get { lock.withLock { acknowledgementTimeout } }
        set { lock.withLock { acknowledgementTimeout = newValue } }
    }

    /// Sends the event to `connection` asking for an acknowledgement (Socket.IO) and returns its arguments, the JSON
    /// array the client's callback answered with. Throws ``RequestFailure`` when none comes within `timeout` or the
    /// connection ends, ``AcknowledgementsUnsupported`` when the transport carries none, `CancellationError` when the
    /// calling task is cancelled.
    public func emitExpectingAck(
        eventName: String, channel: String?, payload: (some Encodable & Sendable)?, to connection: ServerConnection,
        timeout: Duration? = nil
    ) async throws -> Data {
        guard transport.supportsAcknowledgements else { throw AcknowledgementsUnsupported(eventName: eventName) }
        let id = nextCorrelationNumber()
        let frame = try frames.frame(eventName: eventName, channel: channel, payload: payload, ackID: id)
        let match = ReplyMatch(route: RealtimeClientCore.acknowledgementRoute, channel: nil, source: .field(""))
        return try await exchange(
            frame, expecting: match, correlation: .number(JSONNumber(id)), with: connection, timeout: timeout
        ).payloadOrNull
    }
}
