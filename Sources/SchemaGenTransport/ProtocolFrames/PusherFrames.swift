import Foundation
import SchemaGenRuntime

/// What both sides of a Pusher Channels connection share (``PusherProtocol``, ``PusherServerProtocol``): its event
/// objects, `{"event": ..., "channel": ..., "data": ...}`, and its silence check.
enum PusherFrames {
    /// An event's name, channel and data; the rest is the receiver's to read.
    struct Header: Decodable {
        var event: String
        var channel: String?
        var data: JSONValue?
    }

    /// The header of `data`, or `nil` when it is not a Pusher event object.
    static func header(of data: Data) -> Header? {
        try? JSONDecoder().decode(Header.self, from: data)
    }

    /// A protocol event as its text message.
    static func message(event: String, channel: String? = nil, data: JSONValue) -> WebSocketMessage {
        var members: [String: JSONValue] = ["event": .string(event), "data": data]
        if let channel { members["channel"] = .string(channel) }
        return .text(JSONValue.object(members).description)
    }

    /// The message carrying an app's frame: the frame as text. Pusher has no acknowledgements.
    static func messages(for frame: OutgoingFrame) throws -> [WebSocketMessage] {
        guard frame.ackID == nil, frame.acknowledges == nil else {
            throw ConnectionFailure.unsupported("Pusher Channels carry no Socket.IO acknowledgements")
        }
        return [.text(String(decoding: frame.data, as: UTF8.self))]
    }
}

/// The silence check both sides of a Pusher connection run: after `activityTimeout` without a frame from the peer,
/// ping it; when nothing comes within `pongTimeout` of the ping, it is gone. Any frame counts as an answer.
struct PusherSilence: Sendable {
    var activityTimeout: Duration
    let pongTimeout: Duration
    private var lastFrame: ContinuousClock.Instant?
    private var pingSent: ContinuousClock.Instant?

    init(activityTimeout: Duration, pongTimeout: Duration) {
        self.activityTimeout = activityTimeout
        self.pongTimeout = pongTimeout
    }

    /// What the check finds when it is due.
    enum Finding: Equatable {
        case quiet
        /// Time to ping the peer.
        case ping
        /// The peer did not answer the ping within `pongTimeout`.
        case gone
    }

    /// The peer sent a frame (or the connection opened).
    mutating func heard(at now: ContinuousClock.Instant) {
        lastFrame = now
        pingSent = nil
    }

    /// When ``check(at:)`` is due next.
    var nextCheck: ContinuousClock.Instant? {
        if let pingSent { return pingSent + pongTimeout }
        return lastFrame.map { $0 + activityTimeout }
    }

    mutating func check(at now: ContinuousClock.Instant) -> Finding {
        if let pingSent { return now - pingSent >= pongTimeout ? .gone : .quiet }
        guard let lastFrame, now - lastFrame >= activityTimeout else { return .quiet }
        pingSent = now
        return .ping
    }
}
