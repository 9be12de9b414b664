import Foundation
import SchemaGenRuntime

/// The Pusher Channels protocol, version 7, server side (github.com/pusher/pusher-socket-protocol): the mirror of
/// ``PusherProtocol``, for a mock or a test server that Pusher apps connect to unchanged. On opening it sends
/// `pusher:connection_established` with a socket id and its activity timeout; `pusher:subscribe` subscribes the
/// connection to the channel and is answered with `pusher_internal:subscription_succeeded`, or with a
/// `pusher:subscription_error` saying why when ``authorize`` refuses it (soketi's answer, which ``PusherProtocol`` turns
/// into `subscribe`'s error); `pusher:unsubscribe` unsubscribes; `pusher:ping` is answered with `pusher:pong`. The
/// server pings a connection silent for ``activityTimeout`` and closes it when no frame comes within ``pongTimeout``.
/// Every other frame (an app's `client-` event, or anything that is not a Pusher event) reaches the server with the
/// channel it names. Presence channels are confirmed with no members: the server keeps no presence of its own.
public struct PusherServerProtocol: ServerProtocol {
    /// How long a connection may be silent before the server pings it; announced as `activity_timeout`.
    public var activityTimeout: Duration
    /// How long the server waits for any frame after its ping before it closes the connection.
    public var pongTimeout: Duration
    /// Decides a subscription: `nil` accepts it, a reason refuses it. Given the channel, the connection's socket id
    /// and the `auth` the client sent (a private or presence channel's signature), if any. Accepts every one unless
    /// set: a mock holds no app secret to check signatures with.
    public var authorize: @Sendable (_ channel: String, _ socketID: String, _ auth: String?) -> String?

    public init(
        activityTimeout: Duration = .seconds(120), pongTimeout: Duration = .seconds(30),
        authorize: @escaping @Sendable (_ channel: String, _ socketID: String, _ auth: String?) -> String? = {
            _, _, _ in nil
        }
    ) {
        self.activityTimeout = activityTimeout
        self.pongTimeout = pongTimeout
        self.authorize = authorize
    }

    public func makeSession() -> any ServerProtocolSession {
        Session(settings: self, socketID: "\(UInt32.random(in: 1...UInt32.max)).\(UInt32.random(in: 1...UInt32.max))")
    }

    struct Session: ServerProtocolSession {
        let settings: PusherServerProtocol
        let socketID: String
        private var channels: Set<String> = []
        private var silence: PusherSilence

        init(settings: PusherServerProtocol, socketID: String) {
            self.settings = settings
            self.socketID = socketID
            silence = PusherSilence(activityTimeout: settings.activityTimeout, pongTimeout: settings.pongTimeout)
        }

        mutating func start(at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            silence.heard(at: now)
            // Pusher sends the event's data as JSON text.
            let established = JSONValue.object([
                "socket_id": .string(socketID),
                "activity_timeout": .number(JSONNumber(Int(settings.activityTimeout.components.seconds))),
            ])
            return [
                .send(
                    PusherFrames.message(event: "pusher:connection_established", data: .string(established.description))
                ),
                .ready,
            ]
        }

        var nextHeartbeat: ContinuousClock.Instant? { silence.nextCheck }

        mutating func heartbeat(at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            switch silence.check(at: now) {
            case .quiet: []
            case .ping: [.send(PusherFrames.message(event: "pusher:ping", data: [:]))]
            case .gone: [.close(reason: "the client did not answer a ping within \(settings.pongTimeout)")]
            }
        }

        mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            silence.heard(at: now)
            let data = message.bytes
            guard let header = PusherFrames.header(of: data) else {
                return [.deliver(IncomingFrame(data: data))]
            }
            switch header.event {
            case "pusher:ping":
                return [.send(PusherFrames.message(event: "pusher:pong", data: [:]))]
            case "pusher:pong":
                return []
            case "pusher:subscribe":
                guard case .string(let channel)? = header.data?["channel"] else {
                    return [.send(Self.error("pusher:subscribe names no channel"))]
                }
                let auth: String? = if case .string(let auth)? = header.data?["auth"] { auth } else { nil }
                if let refusal = settings.authorize(channel, socketID, auth) {
                    return [
                        .send(
                            PusherFrames.message(
                                event: "pusher:subscription_error", channel: channel,
                                data: ["type": "AuthError", "error": .string(refusal), "status": 401]))
                    ]
                }
                let confirmation: JSONValue =
                    channel.hasPrefix("presence-")
                    ? .string(#"{"presence":{"count":0,"ids":[],"hash":{}}}"#) : .string("{}")
                let confirm = ServerSessionEvent.send(
                    PusherFrames.message(
                        event: "pusher_internal:subscription_succeeded", channel: channel, data: confirmation))
                return channels.insert(channel).inserted ? [.subscribed(channel), confirm] : [confirm]
            case "pusher:unsubscribe":
                guard case .string(let channel)? = header.data?["channel"], channels.remove(channel) != nil else {
                    return []
                }
                return [.unsubscribed(channel)]
            default:
                return [.deliver(IncomingFrame(data: data, channel: header.channel))]
            }
        }

        func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            try PusherFrames.messages(for: frame)
        }

        /// A `pusher:error` without a code: the protocol's answer to a request it cannot act on.
        static func error(_ message: String) -> WebSocketMessage {
            PusherFrames.message(event: "pusher:error", data: ["code": .null, "message": .string(message)])
        }
    }
}
