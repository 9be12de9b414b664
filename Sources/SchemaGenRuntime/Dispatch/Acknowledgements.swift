import Foundation

/// A call needed an acknowledgement (Socket.IO's emit with a callback) and the client's transport cannot carry one:
/// its ``RealtimeTransport/supportsAcknowledgements`` is `false`. Nothing was sent.
public struct AcknowledgementsUnsupported: Error, Hashable, Sendable, CustomStringConvertible {
    public var eventName: String

    public init(eventName: String) {
        self.eventName = eventName
    }

    public var description: String {
        "'\(eventName)' needs an acknowledgement, and the client's transport carries none; nothing was sent"
    }
}

/// The app's answer to a server's request: decodes the request from the frame at once (a payload that does not
/// decode is reported like any other), and returns the work that makes and sends the answer, which the client runs
/// in its own task. `ackID` is the acknowledgement the server asked for, if it asked for one.
public typealias Responder =
    @Sendable (_ frame: WireFraming.ParsedFrame, _ decoder: WireDecoder, _ ackID: Int?) throws
    -> (@Sendable () async throws -> Void)?

extension RealtimeClientCore {
    /// The route acknowledgements are filed under in the pending table; no event has it.
    static let acknowledgementRoute = "\u{0}ack"

    /// Sends the event asking for an acknowledgement (Socket.IO) and returns the acknowledgement's arguments, the
    /// JSON array the server's callback was called with. Ends as ``request(expecting:correlation:timeout:onAnswer:send:)``
    /// does; throws ``AcknowledgementsUnsupported`` at once when the transport carries no acknowledgements.
    public func emitExpectingAck(
        eventName: String, channel: String?, payload: (some Encodable & Sendable)?,
        timeout: Duration? = nil
    ) async throws -> Data {
        guard transport.supportsAcknowledgements else { throw AcknowledgementsUnsupported(eventName: eventName) }
        let id = nextCorrelationNumber()
        let frame = try frames.frame(eventName: eventName, channel: channel, payload: payload, ackID: id)
        let match = ReplyMatch(route: Self.acknowledgementRoute, channel: nil, source: .field(""))
        return try await request(expecting: match, correlation: .number(JSONNumber(id)), timeout: timeout) {
            try await transport.send(frame)
        }.payloadOrNull
    }

    /// Decodes an acknowledgement's arguments: all of them as a tuple type when `spread`, else the first one; with
    /// `emptyIsNil` (an optional type), no arguments read as `nil`.
    public func decodeAcknowledgement<Value: Decodable>(
        _ type: Value.Type, from arguments: Data, spread: Bool, emptyIsNil: Bool = false
    ) throws -> Value {
        try payloadDecoder.decodeAcknowledgement(Value.self, from: arguments, spread: spread, emptyIsNil: emptyIsNil)
    }

    /// Answers the server's request for an acknowledgement `ackID` with `value`: as its arguments when `spread`
    /// (a tuple type), else as its one argument.
    public func acknowledge(
        _ ackID: Int, eventName: String, channel: String?, with value: some Encodable & Sendable, spread: Bool
    ) async throws {
        try await transport.send(
            frames.acknowledgement(ackID, eventName: eventName, channel: channel, with: value, spread: spread))
    }

    /// Sets the app's answer to the server's requests on a route of a scope (one per route: a request has one
    /// answer), replacing any before. The token's `cancel()` removes it.
    public func setResponder(
        channel: String?, eventName route: String, _ responder: @escaping Responder
    ) -> ListenerToken {
        let key = routeKey(route, channel)
        let id = lock.withLock { responders.set(responder, for: key) }
        return ListenerToken(id: id) { [weak self] in self?.lock.withLock { self?.responders.remove(key, id: id) } }
    }

    /// Runs `responder` on `frame`; returns the error of a request that does not decode, which the caller reports.
    func respond(
        to frame: WireFraming.ParsedFrame, incoming: IncomingFrame, channel: String?, with responder: Responder
    ) async -> DecodingError? {
        do {
            guard let work = try responder(frame, payloadDecoder, incoming.ackID) else { return nil }
            // The server waits for this answer: one that cannot be made or sent is reported, never dropped unseen.
            Task {
                do { try await work() } catch {
                    await report(
                        IncomingFailure(
                            eventName: frame.reportedName, channel: channel, rawFrame: incoming.data,
                            rawPayload: frame.payload, reason: .answerNotSent("\(error)")))
                }
            }
            return nil
        } catch let error as DecodingError {
            return error
        } catch {
            await report(
                IncomingFailure(
                    eventName: frame.reportedName, channel: channel, rawFrame: incoming.data, rawPayload: frame.payload,
                    reason: .malformedFrame(WireFraming.MalformedFrame(reason: "\(error)"))))
            return nil
        }
    }

    func receiveAcknowledgement(_ incoming: IncomingFrame, id: Int) async {
        let frame = WireFraming.ParsedFrame(
            eventName: "", channel: nil, payload: incoming.data, frame: incoming.data,
            route: Self.acknowledgementRoute)
        if case .unexpected = pending.deliverAcknowledgement(frame, id: id) {
            await report(
                IncomingFailure(
                    eventName: nil, channel: incoming.channel, rawFrame: incoming.data, rawPayload: incoming.data,
                    reason: .unexpectedReply(correlation: .number(JSONNumber(id)))))
        }
    }
}

/// The key a route is filed under within a channel (or outside channels), in the tables that look frames up by route.
func routeKey(_ route: String, _ channel: String?) -> String {
    channel.map { "\($0)\u{0}\(route)" } ?? route
}

extension WireDecoder {
    /// Decodes an acknowledgement's arguments: all of them as a tuple type when `spread`, else the first one. With
    /// `emptyIsNil` (an optional type), no arguments at all (`callback()` in JavaScript sends `[]`) read as `nil`;
    /// a type that is only nullable (`T | null`) needs its `null`.
    @_spi(Generated) public func decodeAcknowledgement<Value: Decodable>(
        _ type: Value.Type, from arguments: Data, spread: Bool, emptyIsNil: Bool = false
    ) throws -> Value {
        if spread { return try decode(Value.self, from: arguments) }
        if emptyIsNil, let optional = Value.self as? any ExpressibleByNilLiteral.Type,
            try decode(NoArguments.self, from: arguments).isEmpty, let none = optional.init(nilLiteral: ()) as? Value
        {
            return none
        }
        return try decode(FirstArgument<Value>.self, from: arguments).value
    }
}

/// The first element of a JSON array: an acknowledgement's one argument.
private struct FirstArgument<Value: Decodable>: Decodable {
    var value: Value

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        value = try container.decode(Value.self)
    }
}

/// Whether a JSON array has no elements: an acknowledgement with no arguments.
private struct NoArguments: Decodable {
    var isEmpty: Bool

    init(from decoder: any Decoder) throws {
        isEmpty = try decoder.unkeyedContainer().isAtEnd
    }
}
