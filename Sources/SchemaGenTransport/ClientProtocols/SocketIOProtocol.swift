import Foundation
import SchemaGenRuntime

/// Socket.IO v5 over Engine.IO v4, WebSocket transport only (socket.io-protocol and engine.io-protocol): the open
/// packet and its ping interval and timeout, pong for every ping, the connection's namespace joined with `CONNECT`
/// and the credentials' auth payload, `CONNECT_ERROR` and the server's `DISCONNECT`, events and acknowledgements both
/// ways.
///
/// A contract's channels are namespaces (their addresses start with `/`, which the checker enforces): subscribing a
/// channel connects its namespace on the same WebSocket, its events arrive with the namespace as their channel, and
/// the client's frames on the channel go to it; unsubscribing sends its `DISCONNECT`.
///
/// The URL names the server (`ws://host:3000`); `path` replaces its path (`/socket.io/` unless the server was set up
/// with another one).
public struct SocketIOProtocol: RealtimeProtocol {
    /// The namespace joined: `/` by default, or the contract's (`/admin`).
    public var namespace: String
    /// The server's Engine.IO path.
    public var path: String

    public init(namespace: String = "/", path: String = "/socket.io/") {
        self.namespace = namespace.hasPrefix("/") ? namespace : "/" + namespace
        self.path = path
    }

    public var supportsAcknowledgements: Bool { true }

    public func request(for url: URL, credentials: ConnectionCredentials) throws -> WebSocketRequest {
        let withQuery = try self.url(
            url, adding: [URLQueryItem(name: "EIO", value: "4"), URLQueryItem(name: "transport", value: "websocket")],
            credentials: credentials)
        guard var components = URLComponents(url: withQuery, resolvingAgainstBaseURL: false) else {
            throw WebSocketFailure("'\(url)' is not a URL")
        }
        components.path = path
        guard let full = components.url else { throw WebSocketFailure("'\(path)' is not a URL path") }
        return WebSocketRequest(url: full, headers: credentials.headers)
    }

    public func makeSession(credentials: ConnectionCredentials) -> any ProtocolSession {
        Session(namespace: namespace, auth: credentials.auth)
    }

    struct Session: ProtocolSession {
        let namespace: String
        let auth: JSONValue?
        private var phase = Phase.waitingForOpen
        /// The server's promise: a ping every `pingInterval`, and it waits `pingTimeout` for the pong.
        private var silenceLimit: Duration = .seconds(45)
        private var lastHeardPing: ContinuousClock.Instant?
        private var maximumPayload = Int.max
        /// The channels' namespaces joined on this connection, beside ``namespace``.
        private var channelNamespaces: Set<String> = []
        /// A binary event or acknowledgement waiting for its attachments.
        private var assembly = SocketIOBinaryAssembly()

        enum Phase { case waitingForOpen, connecting, connected }

        init(namespace: String, auth: JSONValue?) {
            self.namespace = namespace
            self.auth = auth
        }

        mutating func start(at now: ContinuousClock.Instant) -> [SessionEvent] {
            lastHeardPing = now
            return []
        }

        var nextHeartbeat: ContinuousClock.Instant? { lastHeardPing.map { $0 + silenceLimit } }

        mutating func heartbeat(at now: ContinuousClock.Instant) -> [SessionEvent] {
            guard let lastHeardPing, now - lastHeardPing >= silenceLimit else { return [] }
            return [.reconnect(reason: "the server sent no ping for \(silenceLimit) (its ping interval and timeout)")]
        }

        mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [SessionEvent] {
            guard case .text(let text) = message, let type = text.utf8.first else {
                if case .binary(let bytes) = message { return attachment(bytes) }
                return [.deliver(IncomingFrame(data: Self.bytes(of: message)))]
            }
            let body = text.dropFirst()
            switch type {
            case UInt8(ascii: "0") where phase == .waitingForOpen: return opened(body, at: now)
            case UInt8(ascii: "1"): return [.reconnect(reason: "the server closed the Engine.IO session")]
            case UInt8(ascii: "2"):
                lastHeardPing = now
                return [.send(.text("3"))]
            case UInt8(ascii: "6"), UInt8(ascii: "3"): return []
            case UInt8(ascii: "4"):
                // A packet before the last attachment of a binary one ends that one (Engine.IO's pings may come between).
                let (abandoned, step) = assembly.read(body)
                let events = abandoned.map {
                    [SessionEvent.deliver(IncomingFrame(data: $0.data, unreadable: $0.reason))]
                }
                switch step {
                case .packet(let packet): return (events ?? []) + received(packet, raw: text)
                case .waiting: return events ?? []
                case .notAPacket: return (events ?? []) + [.deliver(IncomingFrame(data: Data(text.utf8)))]
                case .refused(let reason):
                    return (events ?? []) + [.deliver(IncomingFrame(data: Data(text.utf8), unreadable: reason))]
                }
            default:
                return [.deliver(IncomingFrame(data: Data(text.utf8)))]
            }
        }

        /// One attachment of the binary packet being put together: the packet, once it has them all.
        private mutating func attachment(_ bytes: Data) -> [SessionEvent] {
            do {
                guard let whole = try assembly.add(bytes) else { return [] }
                return received(whole, raw: String(decoding: whole.data, as: UTF8.self))
            } catch {
                return [.deliver(IncomingFrame(data: bytes, unreadable: error.reason))]
            }
        }

        private mutating func opened(_ body: Substring, at now: ContinuousClock.Instant) -> [SessionEvent] {
            struct Handshake: Decodable { var pingInterval: Int; var pingTimeout: Int; var maxPayload: Int? }
            guard let handshake = try? JSONDecoder().decode(Handshake.self, from: Data(body.utf8)) else {
                return [.reconnect(reason: "the server's Engine.IO open packet is not one: \(body.prefix(200))")]
            }
            // Values a server announces are checked, not trusted: a ping interval of 0 made a 0 s silence limit, one of
            // Int.max turned the silent-server check off, a maxPayload of -1 failed every send while the state stayed
            // connected. Nonsense stops the connection saying which value; reconnecting would only read it again. A
            // value under 100 ms counts as 100 ms: python-engineio announces a sub-second interval as 0 (it rounds the
            // seconds down) while it pings every 0.3 s.
            let day = 86_400_000, floor = 100
            for (name, value) in [("pingInterval", handshake.pingInterval), ("pingTimeout", handshake.pingTimeout)]
            where !(0...day).contains(value) {
                return [
                    .stop(
                        .failed(
                            "the server's Engine.IO open packet says \(name) \(value) ms; a server pings every 0 ms to a day "
                                + "(Engine.IO's default is 25000 and 20000): fix the server's configuration"))
                ]
            }
            if let payload = handshake.maxPayload, payload <= 0 {
                return [
                    .stop(
                        .failed(
                            "the server's Engine.IO open packet says maxPayload \(payload); it takes no frame at all: fix the server's "
                                + "configuration"))
                ]
            }
            silenceLimit =
                .milliseconds(max(floor, handshake.pingInterval)) + .milliseconds(max(floor, handshake.pingTimeout))
            maximumPayload = handshake.maxPayload ?? .max
            lastHeardPing = now
            phase = .connecting
            return [.send(connect(namespace))]
        }

        /// `CONNECT` for a namespace, carrying the credentials' auth payload.
        private func connect(_ namespace: String) -> WebSocketMessage {
            .text(
                SocketIOPacket.message(
                    .connect, namespace: namespace, data: auth.flatMap { try? JSONEncoder().encode($0) }))
        }

        private mutating func received(_ packet: SocketIOPacket, raw: String) -> [SessionEvent] {
            if packet.namespace != namespace {
                // A channel's namespace; any other is not this client's.
                guard channelNamespaces.contains(packet.namespace) else { return [] }
                return receivedOnChannel(packet, raw: raw)
            }
            switch packet.kind {
            case .connect:
                phase = .connected
                return [.ready]
            case .connectError:
                return [.stop(.rejected(Self.refusal(in: packet)))]
            case .disconnect:
                return [.stop(.closedByServer("the server disconnected the namespace \(namespace)"))]
            case .event:
                return [.deliver(IncomingFrame(data: Data(packet.data), ackID: packet.ackID))]
            case .ack:
                guard let id = packet.ackID else { return [.deliver(IncomingFrame(data: Data(raw.utf8)))] }
                return [.deliver(IncomingFrame(data: Data(packet.data), acknowledges: id))]
            case .binaryEvent, .binaryAck:
                return [.deliver(IncomingFrame(data: Data(raw.utf8)))]
            }
        }

        private mutating func receivedOnChannel(_ packet: SocketIOPacket, raw: String) -> [SessionEvent] {
            switch packet.kind {
            case .connect:
                return [.joined(channel: packet.namespace)]
            case .connectError:
                channelNamespaces.remove(packet.namespace)
                return [.refused(channel: packet.namespace, reason: Self.refusal(in: packet))]
            case .event:
                return [
                    .deliver(IncomingFrame(data: Data(packet.data), channel: packet.namespace, ackID: packet.ackID))
                ]
            case .ack where packet.ackID != nil:
                return [
                    .deliver(
                        IncomingFrame(data: Data(packet.data), channel: packet.namespace, acknowledges: packet.ackID))
                ]
            case .disconnect:
                channelNamespaces.remove(packet.namespace)
                return [
                    .refused(
                        channel: packet.namespace, reason: "the server disconnected the namespace \(packet.namespace)")
                ]
            case .ack, .binaryEvent, .binaryAck:
                // What the contract cannot describe: the app's failure handlers see the packet.
                return [.deliver(IncomingFrame(data: Data(raw.utf8), channel: packet.namespace))]
            }
        }

        /// Why a `CONNECT_ERROR` refused a namespace: its `message`, or its data as it came (python-socketio sends a
        /// bare string when a handler refuses without one).
        private static func refusal(in packet: SocketIOPacket) -> String {
            struct Refusal: Decodable { var message: String }
            return (try? JSONDecoder().decode(Refusal.self, from: Data(packet.data))).map(\.message)
                ?? (try? JSONDecoder().decode(String.self, from: Data(packet.data)))
                ?? String(decoding: packet.data, as: UTF8.self)
        }

        var confirmsJoins: Bool { true }

        mutating func join(_ channel: String) -> [WebSocketMessage] {
            guard channel.hasPrefix("/"), channel != namespace, channelNamespaces.insert(channel).inserted else {
                return []
            }
            return [connect(channel)]
        }

        mutating func leave(_ channel: String) -> [WebSocketMessage] {
            guard channelNamespaces.remove(channel) != nil else { return [] }
            return [.text(SocketIOPacket.message(.disconnect, namespace: channel))]
        }

        func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            let (text, attachments) = frame.socketIOMessages(namespace: namespace)
            for size in [text.utf8.count] + attachments.map(\.count) where size > maximumPayload {
                throw ConnectionFailure.unsupported(
                    "the frame is \(size) bytes; the server takes at most \(maximumPayload) (its maxPayload)")
            }
            return [.text(text)] + attachments.map(WebSocketMessage.binary)
        }

        private static func bytes(of message: WebSocketMessage) -> Data {
            switch message {
            case .text(let text): Data(text.utf8)
            case .binary(let data): data
            }
        }
    }
}
