import Foundation
import SchemaGenRuntime

/// Phoenix Channels with serializer 2.0.0, server side, as Supabase Realtime answers: the mirror of
/// ``PhoenixProtocol``, for a mock or a test server that Phoenix and Supabase apps connect to unchanged. Every
/// `phx_join` is accepted (`phx_reply` with `ok`) and subscribes the connection to the topic's channel; `phx_leave` is
/// answered and unsubscribes it; a `heartbeat` on the `phoenix` topic is answered. Binary messages (a current
/// supabase-js client's user broadcast pushes) reach the server as their text form (``PhoenixMessage``).
///
/// With ``PhoenixProtocol/ContractLayer/broadcasts(topicPrefix:)`` the server reads and writes only the broadcasts'
/// `{"event", "payload"}` objects, on the channel the topic names after the prefix: a client's other pushes reach the
/// server whole, which reports them as frames it cannot read. The server's broadcasts go out as text, or with
/// ``PhoenixProtocol/BroadcastEncoding/binary`` as binary user broadcasts with a JSON payload, as Supabase Realtime
/// sends them to sockets joined with `vsn=2.0.0`. A connection that sends nothing, not even a heartbeat, for
/// ``silenceTimeout`` is closed, as Phoenix's socket closes after its `timeout` (60 s); the server refuses no join.
public struct PhoenixServerProtocol: ServerProtocol {
    /// What the contract describes: Phoenix's frames (the default) or only the broadcasts inside them.
    public var contractLayer: PhoenixProtocol.ContractLayer
    /// How the server's broadcasts are written: text unless set.
    public var broadcastEncoding: PhoenixProtocol.BroadcastEncoding
    /// How long a client may send nothing before its connection is closed: Phoenix's 60 s unless set. Clients send a
    /// heartbeat every 25 s (phoenix.js and supabase-js) or 30 s, so a live one is never closed.
    public var silenceTimeout: Duration

    public init(
        contractLayer: PhoenixProtocol.ContractLayer = .frames,
        broadcastEncoding: PhoenixProtocol.BroadcastEncoding = .text,
        silenceTimeout: Duration = .seconds(60)
    ) {
        self.contractLayer = contractLayer
        self.broadcastEncoding = broadcastEncoding
        self.silenceTimeout = silenceTimeout
    }

    public func makeSession() -> any ServerProtocolSession { Session(settings: self) }

    struct Session: ServerProtocolSession {
        let settings: PhoenixServerProtocol
        /// The channels the client joined.
        private var joined: Set<String> = []
        /// When the client last sent anything.
        private var lastHeard: ContinuousClock.Instant?

        init(settings: PhoenixServerProtocol) {
            self.settings = settings
        }

        mutating func start(at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            lastHeard = now
            return [.ready]
        }

        var nextHeartbeat: ContinuousClock.Instant? { lastHeard.map { $0 + settings.silenceTimeout } }

        mutating func heartbeat(at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            guard let lastHeard, now - lastHeard >= settings.silenceTimeout else { return [] }
            return [
                .close(
                    reason:
                        "the client sent nothing, not even a heartbeat, for \(settings.silenceTimeout) (Phoenix's socket timeout)"
                )
            ]
        }

        mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            lastHeard = now
            var data = message.bytes
            if case .binary(let bytes) = message {
                do {
                    data = try PhoenixMessage.textForm(ofBinary: bytes, sentByClient: true)
                } catch {
                    return [.deliver(IncomingFrame(data: bytes, unreadable: error.reason))]
                }
            }
            guard let parts = PhoenixMessage.parts(ofText: data) else { return [.deliver(IncomingFrame(data: data))] }
            let channel = settings.contractLayer.channel(ofTopic: parts.topic)
            switch parts.event {
            case "heartbeat" where parts.topic == "phoenix":
                return [Self.accepted(parts)]
            case "phx_join":
                return [Self.accepted(parts)] + (joined.insert(channel).inserted ? [.subscribed(channel)] : [])
            case "phx_leave":
                return [Self.accepted(parts)] + (joined.remove(channel) != nil ? [.unsubscribed(channel)] : [])
            default:
                guard case .broadcasts = settings.contractLayer, let broadcast = PhoenixMessage.broadcast(inText: data)
                else { return [.deliver(IncomingFrame(data: data, channel: channel))] }
                return [.deliver(IncomingFrame(data: broadcast.object, channel: channel))]
            }
        }

        mutating func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            guard frame.ackID == nil, frame.acknowledges == nil else {
                throw ConnectionFailure.unsupported(
                    "Phoenix Channels carry no Socket.IO acknowledgements; replies come as phx_reply")
            }
            guard case .broadcasts(let prefix) = settings.contractLayer else {
                return [.text(String(decoding: frame.data, as: UTF8.self))]
            }
            guard let channel = frame.channel else {
                throw ConnectionFailure.unsupported(
                    "'\(frame.eventName)' names no channel, and a Supabase broadcast travels on a channel's topic")
            }
            let payload = frame.payload ?? Data("{}".utf8)
            switch settings.broadcastEncoding {
            case .text:
                let text = PhoenixMessage.broadcastText(
                    joinRef: nil, ref: nil, topic: prefix + channel, userEvent: frame.eventName, payload: payload)
                return [.text(String(decoding: text, as: UTF8.self))]
            case .binary:
                do {
                    return [
                        .binary(
                            try PhoenixMessage.userBroadcast(
                                topic: prefix + channel, userEvent: frame.eventName, metadata: nil,
                                payload: .json(payload)))
                    ]
                } catch {
                    throw ConnectionFailure.unsupported("a binary user broadcast cannot carry this: \(error.reason)")
                }
            }
        }

        /// The `ok` reply to a join, a leave or a heartbeat.
        private static func accepted(
            _ parts: (joinRef: String?, ref: String?, topic: String, event: String, payload: Data)
        ) -> ServerSessionEvent {
            let reply = PhoenixMessage.text(
                joinRef: parts.joinRef, ref: parts.ref, topic: parts.topic, event: "phx_reply",
                payload: Data(#"{"status":"ok","response":{}}"#.utf8))
            return .send(.text(String(decoding: reply, as: UTF8.self)))
        }
    }
}
