import Foundation
import SchemaGenRuntime

/// Phoenix Channels with the version 2.0.0 serializer, as Supabase Realtime speaks it: every text frame is
/// `[join_ref, ref, topic, event, payload]`. The connection joins each channel the client subscribes to
/// (`phx_join` with ``joinPayload``), again after every reconnection and when the server reports the channel crashed
/// (`phx_error`: after ``rejoinDelays``, as phoenix.js waits, so a channel that crashes on every join is not joined
/// in a tight loop); leaves with `phx_leave`; sends a `heartbeat` on the `phoenix` topic every ``heartbeatInterval`` and
/// reconnects when one goes unanswered until the next is due; and fills in the channel's join reference on frames
/// the client sends without one, since Phoenix ignores pushes whose join reference is not the channel's.
///
/// The server answers every join (`phx_reply` to the join's reference): `subscribe` returns once it says `ok`, and
/// throws ``ConnectionFailure/channelRefused(channel:reason:)`` with the reply's `response.reason` when it says
/// `error` (a refused channel is not joined again after a reconnection), and a send on a channel waits for its join.
/// Replies to its own heartbeats and accepted joins stay in the connection (their refs start with `sg`); every other
/// frame, refused joins included, reaches the client.
///
/// Binary messages (serializer 2.0.0's kinds 0 to 4, Supabase's user broadcasts among them) reach the client as the
/// text message a JSON client reads the same event from (``PhoenixMessage``), so a broadcast sent by a current
/// supabase-js or supabase-flutter client decodes as the same typed event as its text form; raw-byte payloads arrive as a
/// base64 string. One that cannot be read reaches `onIncomingFailure` saying why.
public struct PhoenixProtocol: RealtimeProtocol {
    /// What the contract describes.
    public enum ContractLayer: Sendable, Hashable {
        /// Phoenix's frames, `[join_ref, ref, topic, event, payload]`, as `schemas/supabase-realtime.yaml` writes them:
        /// every frame reaches the client as it is.
        case frames
        /// Only Supabase broadcasts, `{"type": "broadcast", "event", "payload"}`, as `schemas/order-status.yaml` writes
        /// them (an `envelope:` whose name is `event` and payload `payload`): the client receives each broadcast's
        /// object, on the channel its topic names without `topicPrefix` (Supabase's `realtime:`), and an event it
        /// sends on a channel goes out as a broadcast on that topic. The topic's other events (presence, Postgres
        /// changes, `system`) are Supabase's own, which such a contract does not describe: they stay in the connection.
        case broadcasts(topicPrefix: String)
    }

    /// How the client sends broadcasts (and a ``PhoenixServerProtocol`` its own).
    public enum BroadcastEncoding: Sendable, Hashable {
        /// As text messages, which every Phoenix server reads.
        case text
        /// As binary user broadcast pushes (kind 3) with a JSON payload, as supabase-js 2.x sends them by default:
        /// Supabase Realtime only. The broadcast's members other than `type`, `event` and `payload` travel as its
        /// metadata.
        case binary
    }

    /// What the contract describes: Phoenix's frames (the default) or only the broadcasts inside them.
    public var contractLayer: ContractLayer
    /// How broadcasts the client sends are written: text unless set.
    public var broadcastEncoding: BroadcastEncoding
    /// Replaces the URL's path when set (`/socket/websocket` for a Phoenix app, `/realtime/v1/websocket` for Supabase).
    public var path: String?
    public var heartbeatInterval: Duration
    /// How long to wait before joining a crashed channel again, by the number of crashes in a row (the last one
    /// repeats): phoenix.js's 1, 2, 5 and 10 seconds unless set. A join the server accepts starts the count again.
    public var rejoinDelays: [Duration]
    /// The `phx_join` payload for a topic: for Supabase, `{"config": {...}, "access_token": ...}`.
    public var joinPayload: @Sendable (_ topic: String, _ credentials: ConnectionCredentials) -> JSONValue

    public init(
        path: String? = nil, heartbeatInterval: Duration = .seconds(25),
        rejoinDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(5), .seconds(10)],
        joinPayload: @escaping @Sendable (_ topic: String, _ credentials: ConnectionCredentials) -> JSONValue = {
            _, credentials in
            credentials.auth ?? [:]
        },
        contractLayer: ContractLayer = .frames, broadcastEncoding: BroadcastEncoding = .text
    ) {
        self.contractLayer = contractLayer
        self.broadcastEncoding = broadcastEncoding
        self.path = path
        self.heartbeatInterval = heartbeatInterval
        self.rejoinDelays = rejoinDelays.isEmpty ? [.zero] : rejoinDelays
        self.joinPayload = joinPayload
    }

    public func request(for url: URL, credentials: ConnectionCredentials) throws -> WebSocketRequest {
        let withQuery = try self.url(url, adding: [URLQueryItem(name: "vsn", value: "2.0.0")], credentials: credentials)
        guard let path else { return WebSocketRequest(url: withQuery, headers: credentials.headers) }
        guard var components = URLComponents(url: withQuery, resolvingAgainstBaseURL: false) else {
            throw WebSocketFailure("'\(url)' is not a URL")
        }
        components.path = path
        guard let full = components.url else { throw WebSocketFailure("'\(path)' is not a URL path") }
        return WebSocketRequest(url: full, headers: credentials.headers)
    }

    public func makeSession(credentials: ConnectionCredentials) -> any ProtocolSession {
        Session(
            heartbeatInterval: heartbeatInterval, rejoinDelays: rejoinDelays, contractLayer: contractLayer,
            broadcastEncoding: broadcastEncoding
        ) { joinPayload($0, credentials) }
    }

    struct Session: ProtocolSession {
        let heartbeatInterval: Duration
        let rejoinDelays: [Duration]
        let contractLayer: ContractLayer
        let broadcastEncoding: BroadcastEncoding
        let joinPayload: @Sendable (String) -> JSONValue
        private var counter = 0
        /// The current join reference of each joined (or joining) topic.
        private var joinRefs: [String: String] = [:]
        private var pendingHeartbeat: String?
        private var lastHeartbeat: ContinuousClock.Instant?
        /// Crashed channels waiting to be joined again, with when.
        private var rejoins: [String: ContinuousClock.Instant] = [:]
        /// Crashes in a row of each topic since its last accepted join.
        private var crashes: [String: Int] = [:]

        init(
            heartbeatInterval: Duration,
            rejoinDelays: [Duration] = [.seconds(1), .seconds(2), .seconds(5), .seconds(10)],
            contractLayer: ContractLayer = .frames, broadcastEncoding: BroadcastEncoding = .text,
            joinPayload: @escaping @Sendable (String) -> JSONValue
        ) {
            self.contractLayer = contractLayer
            self.broadcastEncoding = broadcastEncoding
            self.heartbeatInterval = heartbeatInterval
            self.rejoinDelays = rejoinDelays.isEmpty ? [.zero] : rejoinDelays
            self.joinPayload = joinPayload
        }

        mutating func start(at now: ContinuousClock.Instant) -> [SessionEvent] {
            lastHeartbeat = now
            return [.ready]
        }

        var confirmsJoins: Bool { true }

        /// The next heartbeat, or a crashed channel's rejoin when that comes first.
        var nextHeartbeat: ContinuousClock.Instant? {
            let beat = lastHeartbeat.map { $0 + heartbeatInterval }
            guard let rejoin = rejoins.values.min() else { return beat }
            return beat.map { min($0, rejoin) } ?? rejoin
        }

        mutating func heartbeat(at now: ContinuousClock.Instant) -> [SessionEvent] {
            // Crashed channels whose wait is over, in a stable order.
            var events: [SessionEvent] = []
            for topic in rejoins.filter({ $0.value <= now }).keys.sorted() {
                rejoins[topic] = nil
                events += join(topic).map { .send($0) }
            }
            guard let lastHeartbeat, now - lastHeartbeat >= heartbeatInterval else { return events }
            if pendingHeartbeat != nil {
                return events + [
                    .reconnect(reason: "the server did not answer a heartbeat within \(heartbeatInterval)")
                ]
            }
            self.lastHeartbeat = now
            let ref = nextRef()
            pendingHeartbeat = ref
            return events + [
                .send(Self.frame(joinRef: nil, ref: ref, topic: "phoenix", event: "heartbeat", payload: [:]))
            ]
        }

        mutating func join(_ channel: String) -> [WebSocketMessage] {
            let ref = nextRef()
            joinRefs[channel] = ref
            return [
                Self.frame(
                    joinRef: ref, ref: ref, topic: topic(of: channel), event: "phx_join", payload: joinPayload(channel))
            ]
        }

        mutating func leave(_ channel: String) -> [WebSocketMessage] {
            (rejoins[channel], crashes[channel]) = (nil, nil)
            guard let joinRef = joinRefs.removeValue(forKey: channel) else { return [] }
            return [
                Self.frame(
                    joinRef: joinRef, ref: nextRef(), topic: topic(of: channel), event: "phx_leave", payload: [:])
            ]
        }

        private func topic(of channel: String) -> String { contractLayer.topic(of: channel) }
        private func channel(ofTopic topic: String) -> String { contractLayer.channel(ofTopic: topic) }

        mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [SessionEvent] {
            var data = message.bytes
            if case .binary(let bytes) = message {
                do {
                    data = try PhoenixMessage.textForm(ofBinary: bytes, sentByClient: false)
                } catch {
                    return [.deliver(IncomingFrame(data: bytes, unreadable: error.reason))]
                }
            }
            guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
                return [.deliver(IncomingFrame(data: data))]
            }
            let channel = channel(ofTopic: header.topic)
            switch header.event {
            case "phx_reply" where header.ref != nil && header.ref == pendingHeartbeat:
                pendingHeartbeat = nil
                return []
            case "phx_reply"
            where header.ref != nil && header.ref == joinRefs[channel] && header.ref?.hasPrefix("sg") == true:
                // An accepted join is the connection's business, and ends a run of crashes; a refused one is the app's
                // to see, as `subscribe`'s error and as the reply itself, and the channel is no longer joined.
                guard header.status == "ok" else {
                    joinRefs[channel] = nil
                    (rejoins[channel], crashes[channel]) = (nil, nil)
                    return [
                        .refused(
                            channel: channel,
                            reason: header.refusal ?? "the server answered \(header.status ?? "no status")")
                    ] + delivery(data, channel: channel)
                }
                crashes[channel] = nil
                return [.joined(channel: channel)]
            case "phx_error"
            where joinRefs[channel] != nil && header.joinRef == joinRefs[channel] && rejoins[channel] == nil:
                // The channel's process crashed on the server: join it again after a wait that grows with each crash in a
                // row, as phoenix.js does.
                let crash = crashes[channel, default: 0]
                crashes[channel] = crash + 1
                rejoins[channel] = now + rejoinDelays[min(crash, rejoinDelays.count - 1)]
                return delivery(data, channel: channel)
            case "phx_close" where header.joinRef != nil && header.joinRef == joinRefs[channel]:
                joinRefs[channel] = nil
                return delivery(data, channel: channel)
            default:
                return delivery(data, channel: channel)
            }
        }

        /// What of a text message on `channel` reaches the client: the message, or with only broadcasts in the
        /// contract, a broadcast's object (the topic's other events are Supabase's own, and stay here).
        private func delivery(_ data: Data, channel: String) -> [SessionEvent] {
            guard case .broadcasts = contractLayer else {
                return [.deliver(IncomingFrame(data: data, channel: channel))]
            }
            guard let broadcast = PhoenixMessage.broadcast(inText: data) else { return [] }
            return [.deliver(IncomingFrame(data: broadcast.object, channel: channel))]
        }

        mutating func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            guard frame.ackID == nil, frame.acknowledges == nil else {
                throw ConnectionFailure.unsupported(
                    "Phoenix Channels carry no Socket.IO acknowledgements; replies come as phx_reply")
            }
            if case .broadcasts = contractLayer {
                guard let channel = frame.channel else {
                    throw ConnectionFailure.unsupported(
                        "'\(frame.eventName)' names no channel, and a Supabase broadcast travels on a channel's topic")
                }
                let payload = frame.payload ?? Data("{}".utf8)
                let (joinRef, ref, topic) = (joinRefs[channel], nextRef(), topic(of: channel))
                switch broadcastEncoding {
                case .text:
                    return [
                        .text(
                            String(
                                decoding: PhoenixMessage.broadcastText(
                                    joinRef: joinRef, ref: ref, topic: topic, userEvent: frame.eventName,
                                    payload: payload), as: UTF8.self))
                    ]
                case .binary:
                    do {
                        return [
                            .binary(
                                try PhoenixMessage.userBroadcastPush(
                                    joinRef: joinRef, ref: ref, topic: topic, userEvent: frame.eventName,
                                    metadata: nil, payload: .json(payload)))
                        ]
                    } catch {
                        throw Self.unsendable(error)
                    }
                }
            }
            let joinRef = frame.channel.flatMap { joinRefs[$0] }
            if broadcastEncoding == .binary {
                do {
                    if let push = try PhoenixMessage.userBroadcastPush(ofText: frame.data, joinRef: joinRef) {
                        return [.binary(push)]
                    }
                } catch {
                    throw Self.unsendable(error)
                }
            }
            let text = String(decoding: frame.data, as: UTF8.self)
            if let joinRef, let filled = Self.fillingJoinRef(in: text, with: joinRef) {
                return [.text(filled)]
            }
            return [.text(text)]
        }

        /// Why a broadcast cannot go as a binary message (a topic over 255 bytes).
        private static func unsendable(_ error: PhoenixMessage.Unreadable) -> ConnectionFailure {
            .unsupported("a binary user broadcast cannot carry this: \(error.reason)")
        }

        private mutating func nextRef() -> String {
            counter += 1
            return "sg\(counter)"
        }

        /// The first four members of a frame; the payload is the client's to read.
        struct Header: Decodable {
            var joinRef: String?
            var ref: String?
            var topic: String
            var event: String
            var status: String?
            /// A refused join's reason: the reply's `response.reason`, or its whole `response` as JSON.
            var refusal: String?

            init(from decoder: any Decoder) throws {
                var members = try decoder.unkeyedContainer()
                joinRef = try members.decodeIfPresent(String.self)
                ref = try members.decodeIfPresent(String.self)
                topic = try members.decode(String.self)
                event = try members.decode(String.self)
                struct Reply: Decodable {
                    var status: String?
                    var response: JSONValue?
                }
                guard event == "phx_reply", let reply = try? members.decode(Reply.self) else { return }
                status = reply.status
                if case .string(let reason)? = reply.response?["reason"] {
                    refusal = reason
                } else if let response = reply.response, response != [:] {
                    refusal = response.description
                }
            }
        }

        static func frame(
            joinRef: String?, ref: String, topic: String, event: String, payload: JSONValue
        ) -> WebSocketMessage {
            let members: [JSONValue] = [
                joinRef.map(JSONValue.string) ?? .null, .string(ref), .string(topic), .string(event), payload,
            ]
            return .text(JSONValue.array(members).description)
        }

        /// `text` with a leading `[null,` made `["<joinRef>",`: the client wrote the frame without the join reference
        /// only the connection knows. Any other first member is the app's choice and is kept.
        static func fillingJoinRef(in text: String, with joinRef: String) -> String? {
            let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
            let trimmed = text.drop(while: isSpace)
            guard trimmed.hasPrefix("[") else { return nil }
            let afterBracket = trimmed.dropFirst().drop(while: isSpace)
            guard afterBracket.hasPrefix("null") else { return nil }
            let rest = afterBracket.dropFirst(4)
            guard rest.first(where: { !isSpace($0) }) == "," else { return nil }
            return "[\"\(joinRef)\"" + rest
        }
    }
}

extension PhoenixProtocol.ContractLayer {
    /// The topic of a channel an app names: with only broadcasts in the contract, behind the topic prefix.
    func topic(of channel: String) -> String {
        guard case .broadcasts(let prefix) = self else { return channel }
        return prefix + channel
    }

    /// The channel an app knows a topic by.
    func channel(ofTopic topic: String) -> String {
        guard case .broadcasts(let prefix) = self, topic.hasPrefix(prefix) else { return topic }
        return String(topic.dropFirst(prefix.count))
    }
}
