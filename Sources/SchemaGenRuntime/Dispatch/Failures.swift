import Foundation

/// An incoming frame the client could not deliver. The client reports it to its error handlers and goes on
/// with the next frame: one bad message never stops the others.
public struct IncomingFailure: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable {
        /// The frame is not in the contract's framing (not JSON, no event name…).
        case malformedFrame(WireFraming.MalformedFrame)
        /// The payload does not decode into the event's type.
        case undecodablePayload(DecodingError)
        /// A reply no request waits for: its correlation value is unknown, was answered already, or belongs to a
        /// request that timed out or was cancelled (`nil` when the reply carries none). Listeners still get it.
        case unexpectedReply(correlation: JSONValue?)
        /// A stream (`events`, a subscription) was full when the frame arrived: the loop reading it is behind, and it let
        /// go of an event as its buffer says (this one, or its oldest). Listeners still got it.
        case droppedByStream(StreamBuffer)
        /// A server's: the connection sent a request while `limit` of its requests were still being answered; it is
        /// disconnected (``RealtimeServerCore/maximumRequestsInFlight``).
        case tooManyRequestsInFlight(limit: Int)
        /// The answer to the peer's request (a server's answer to a client, a client's responder answering the
        /// server) could not be made or sent (the connection went away, the answer did not encode), with why.
        case answerNotSent(String)
        /// A server's: nothing on the server takes the frame: it arrived on a channel whose scope the server never
        /// made (a room created on the fly), and no listener or responder of its route waits there either.
        case unhandled
        /// The connection opened again, and the request subscribing these channels again (`subscribes:`) failed, with
        /// why; they are asked for again after the next reconnection.
        case resubscriptionFailed(channels: [String], why: String)
    }

    /// The event's wire name, when the frame could be read that far.
    public var eventName: String?
    /// The channel address the frame arrived on, if any.
    public var channel: String?
    /// The frame's bytes as they arrived.
    public var rawFrame: Data
    /// The payload's bytes, when the frame could be taken apart.
    public var rawPayload: Data?
    public var reason: Reason

    public var description: String {
        let event = eventName.map { "event '\($0)'" } ?? "a frame"
        let place = channel.map { " on channel '\($0)'" } ?? ""
        switch reason {
        case .malformedFrame(let malformed): return "\(event)\(place) is malformed: \(malformed.reason)"
        case .undecodablePayload(let error):
            return "\(event)\(place) has a payload that does not decode: \(Self.describe(error))"
        case .unexpectedReply(let correlation?):
            return
                "\(event)\(place) answers \(correlation), which no request waits for (unknown, answered already, or timed out)"
        case .unexpectedReply(nil): return "\(event)\(place) is a reply that says no request it answers"
        case .droppedByStream(let buffer):
            let lost =
                switch buffer {
                case .dropOldest: "its oldest event"
                case .dropNewest: "this one"
                case .failConnection: "this one; the connection is failed"
                }
            return
                "\(event)\(place) found a stream full (the loop reading it is behind): the stream \(buffer), and let go of \(lost)"
        case .tooManyRequestsInFlight(let limit):
            return
                "\(event)\(place) is a request beyond the \(limit) this connection may have answered at once; the connection is closed"
        case .answerNotSent(let why):
            return "\(event)\(place) was answered, but the answer could not be sent: \(why)"
        case .unhandled:
            return "\(event)\(place) reached nothing on the server: no scope of that channel was made (make it, "
                + "`server.<channel>(...)`, before clients join, as for a room created on the fly) and no listener of the event waits"
        case .resubscriptionFailed(let channels, let why):
            return
                "the connection opened again, but subscribing \(channels.joined(separator: ", ")) again failed: \(why)"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.isEmpty
                ? ""
                : " at '"
                    + context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
                    + "'"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type)\(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "expected \(type)\(path(context)), found null"
        case .dataCorrupted(let context): return "\(context.debugDescription)\(path(context))"
        @unknown default: return "\(error)"
        }
    }
}

/// A constant field that held another value: the frame is not the event the contract describes.
@_spi(Generated) public func constantMismatch<Key: CodingKey, Value>(
    _ key: Key, in container: KeyedDecodingContainer<Key>, expected: Value,
    found: Value
) -> DecodingError {
    DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "expected the constant \(String(reflecting: expected)), found \(String(reflecting: found))")
}
