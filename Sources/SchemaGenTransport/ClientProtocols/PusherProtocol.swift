import Foundation
import SchemaGenRuntime

/// The Pusher Channels protocol, version 7 (github.com/pusher/pusher-socket-protocol): every text frame is an
/// event object, `{"event": "my-event", "channel": "my-channel", "data": "{\"hello\":\"world\"}"}`, which a
/// contract describes as an envelope (`name: event`, `channel: channel`, `payload: data`, `payloadEncoding:
/// json-string`).
///
/// The connection is ready once the server's `pusher:connection_established` arrives (the protocol says a client
/// must send nothing before it); it then subscribes every channel the client subscribes to (`pusher:subscribe`,
/// again after every reconnection), with the ``authorize`` answer for `private-` and `presence-` channels, and
/// unsubscribes with `pusher:unsubscribe`. It answers the server's `pusher:ping`, sends its own after the activity
/// timeout (the lesser of ``activityTimeout`` and the server's `activity_timeout`) without a frame from the
/// server, and reconnects when no frame comes within ``pongTimeout`` of it. A `pusher:error` with a code of
/// 4000–4099 stops the connection (the same request would fail again), 4100–4299 reconnects; every other frame,
/// errors without such a code and `pusher_internal:` events included, reaches the client.
///
/// The server answers every subscription: `subscribe` returns on `pusher_internal:subscription_succeeded`, and throws
/// ``ConnectionFailure/channelRefused(channel:reason:)`` on a `pusher:subscription_error` for the channel (soketi's
/// answer to a bad signature or a channel over its limits). Pusher itself refuses with a `pusher:error` that has
/// neither a code nor a channel ("Invalid signature: Expected HMAC SHA256 hex digest of 123.456:private-chat, …"):
/// that refuses the waiting subscription its message names, or the only one waiting when it names none, and reaches
/// the client too. An error that names no waiting channel while several wait is only delivered; those subscriptions
/// fail after the connection's handshake timeout, saying no answer came.
public struct PusherProtocol: RealtimeProtocol {
    /// The application's key: the URL's path becomes `/app/<key>`.
    public var appKey: String
    /// Sent as the `client` and `version` query items, which Pusher asks every library to supply.
    public var clientName: String
    public var clientVersion: String
    /// Silence from the server after which the connection pings it; the server's `activity_timeout` lowers it.
    public var activityTimeout: Duration
    /// How long the connection waits for any frame after its ping before it reconnects.
    public var pongTimeout: Duration
    /// The signature (`auth`, and `channel_data` for a presence channel) that subscribing a `private-` or
    /// `presence-` channel needs, given the connection's socket id; `nil` subscribes without one. It is called
    /// while the connection subscribes, so it must answer at once: sign with what the app already holds.
    public var authorize:
        @Sendable (_ channel: String, _ socketID: String, _ credentials: ConnectionCredentials) -> PusherAuthorization?

    public init(
        appKey: String, clientName: String = "swift-schemagen", clientVersion: String = "1.0",
        activityTimeout: Duration = .seconds(120), pongTimeout: Duration = .seconds(30),
        authorize:
            @escaping @Sendable (_ channel: String, _ socketID: String, _ credentials: ConnectionCredentials) ->
            PusherAuthorization? = { _, _, _ in nil }
    ) {
        self.appKey = appKey
        self.clientName = clientName
        self.clientVersion = clientVersion
        self.activityTimeout = activityTimeout
        self.pongTimeout = pongTimeout
        self.authorize = authorize
    }

    public func request(for url: URL, credentials: ConnectionCredentials) throws -> WebSocketRequest {
        let items = [
            URLQueryItem(name: "protocol", value: "7"), URLQueryItem(name: "client", value: clientName),
            URLQueryItem(name: "version", value: clientVersion),
        ]
        guard
            var components = URLComponents(
                url: try self.url(url, adding: items, credentials: credentials), resolvingAgainstBaseURL: false)
        else {
            throw WebSocketFailure("'\(url)' is not a URL")
        }
        components.path = "/app/\(appKey)"
        guard let full = components.url else { throw WebSocketFailure("'\(appKey)' cannot be part of a URL path") }
        return WebSocketRequest(url: full, headers: credentials.headers)
    }

    public func makeSession(credentials: ConnectionCredentials) -> any ProtocolSession {
        Session(activityTimeout: activityTimeout, pongTimeout: pongTimeout) { authorize($0, $1, credentials) }
    }

    struct Session: ProtocolSession {
        private var silence: PusherSilence
        let authorize: @Sendable (_ channel: String, _ socketID: String) -> PusherAuthorization?
        /// Known once `pusher:connection_established` has arrived.
        private(set) var socketID: String?
        /// Channels subscribed on this connection whose answer has not come yet.
        private var waitingForAnswer: Set<String> = []

        init(
            activityTimeout: Duration, pongTimeout: Duration,
            authorize: @escaping @Sendable (String, String) -> PusherAuthorization?
        ) {
            silence = PusherSilence(activityTimeout: activityTimeout, pongTimeout: pongTimeout)
            self.authorize = authorize
        }

        mutating func start(at now: ContinuousClock.Instant) -> [SessionEvent] {
            // Not ready yet: the server speaks first.
            silence.heard(at: now)
            return []
        }

        var confirmsJoins: Bool { true }

        var nextHeartbeat: ContinuousClock.Instant? { silence.nextCheck }

        mutating func heartbeat(at now: ContinuousClock.Instant) -> [SessionEvent] {
            switch silence.check(at: now) {
            case .quiet: []
            case .ping: [.send(PusherFrames.message(event: "pusher:ping", data: [:]))]
            case .gone: [.reconnect(reason: "the server did not answer a ping within \(silence.pongTimeout)")]
            }
        }

        mutating func join(_ channel: String) -> [WebSocketMessage] {
            var data: [String: JSONValue] = ["channel": .string(channel)]
            if channel.hasPrefix("private-") || channel.hasPrefix("presence-"), let socketID,
                let authorization = authorize(channel, socketID)
            {
                data["auth"] = .string(authorization.auth)
                if let channelData = authorization.channelData { data["channel_data"] = .string(channelData) }
            }
            waitingForAnswer.insert(channel)
            return [PusherFrames.message(event: "pusher:subscribe", data: .object(data))]
        }

        mutating func leave(_ channel: String) -> [WebSocketMessage] {
            waitingForAnswer.remove(channel)
            return [PusherFrames.message(event: "pusher:unsubscribe", data: ["channel": .string(channel)])]
        }

        mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [SessionEvent] {
            // Any frame shows the server is there.
            silence.heard(at: now)
            let data = message.bytes
            guard let header = PusherFrames.header(of: data) else {
                return [.deliver(IncomingFrame(data: data))]
            }
            switch header.event {
            case "pusher:connection_established":
                guard let established = header.data?.decoded(as: Established.self) else {
                    return [.reconnect(reason: "pusher:connection_established carried no socket id")]
                }
                socketID = established.socket_id
                if let seconds = established.activity_timeout, seconds > 0 {
                    silence.activityTimeout = min(silence.activityTimeout, .seconds(seconds))
                }
                return [.ready]
            case "pusher:ping":
                return [.send(PusherFrames.message(event: "pusher:pong", data: [:]))]
            case "pusher:pong":
                return []
            case "pusher_internal:subscription_succeeded":
                // Delivered as well: a presence channel's answer lists its members.
                let delivered = SessionEvent.deliver(IncomingFrame(data: data, channel: header.channel))
                guard let channel = header.channel, waitingForAnswer.remove(channel) != nil else { return [delivered] }
                return [.joined(channel: channel), delivered]
            case "pusher:subscription_error":
                let delivered = SessionEvent.deliver(IncomingFrame(data: data, channel: header.channel))
                guard let channel = header.channel, waitingForAnswer.remove(channel) != nil else { return [delivered] }
                let reason = header.data?.decoded(as: SubscriptionError.self)?.reason ?? ""
                return [
                    .refused(channel: channel, reason: reason.isEmpty ? "pusher:subscription_error" : reason),
                    delivered,
                ]
            case "pusher:error":
                let error = header.data?.decoded(as: ErrorData.self)
                let reason = "pusher:error \(error?.code.map(String.init) ?? "without a code"): \(error?.message ?? "")"
                switch error?.code {
                case (4000..<4100)?: return [.stop(.rejected(reason))]
                case (4100..<4300)?: return [.reconnect(reason: reason)]
                default:
                    let delivered = SessionEvent.deliver(IncomingFrame(data: data, channel: header.channel))
                    guard error?.code == nil, header.channel == nil,
                        let channel = refusedSubscription(saying: error?.message ?? "")
                    else { return [delivered] }
                    waitingForAnswer.remove(channel)
                    return [.refused(channel: channel, reason: reason), delivered]
                }
            default:
                return [.deliver(IncomingFrame(data: data, channel: header.channel))]
            }
        }

        /// The waiting subscription a channel-less error refuses: the one its message names (the longest name, so
        /// `private-chat-2` is not read as `private-chat`), or the only one waiting when it names none of them.
        private func refusedSubscription(saying message: String) -> String? {
            if let named = waitingForAnswer.filter({ message.contains($0) }).max(by: { $0.count < $1.count }) {
                return named
            }
            return waitingForAnswer.count == 1 ? waitingForAnswer.first : nil
        }

        func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            try PusherFrames.messages(for: frame)
        }

        struct Established: Decodable {
            var socket_id: String
            var activity_timeout: Int?
        }

        struct ErrorData: Decodable {
            var message: String?
            var code: Int?
        }

        /// soketi's `pusher:subscription_error` data: `{"type": "AuthError", "error": "…", "status": 401}`; other
        /// servers say `message` where soketi says `error`.
        struct SubscriptionError: Decodable {
            var type: String?
            var error: String?
            var message: String?
            var status: Int?

            var reason: String {
                let kind = [type, status.map(String.init)].compactMap { $0 }.joined(separator: " ")
                let text = error ?? message ?? ""
                return [kind, text].filter { !$0.isEmpty }.joined(separator: ": ")
            }
        }
    }
}

/// What subscribing a private or presence Pusher channel sends besides its name.
public struct PusherAuthorization: Sendable, Hashable {
    /// `<app key>:<signature>`, the HMAC your server computes over the socket id and channel name.
    public var auth: String
    /// A presence channel's member, as JSON text (`{"user_id": "1", "user_info": {...}}`).
    public var channelData: String?

    public init(auth: String, channelData: String? = nil) {
        self.auth = auth
        self.channelData = channelData
    }
}

private extension JSONValue {
    /// The value as `T`: Pusher sends a protocol event's data as JSON text, and some servers as the object itself.
    func decoded<T: Decodable>(as type: T.Type) -> T? {
        let data: Data? =
            switch self {
            case .string(let text): Data(text.utf8)
            case .object: try? JSONEncoder().encode(self)
            default: nil
            }
        return data.flatMap { try? JSONDecoder().decode(T.self, from: $0) }
    }
}
