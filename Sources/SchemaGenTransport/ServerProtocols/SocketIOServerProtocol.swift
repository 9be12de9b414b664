import Foundation
import SchemaGenRuntime

/// Socket.IO v5 over Engine.IO v4, server side (socket.io-protocol and engine.io-protocol): the open packet with the
/// ping interval and timeout, a ping every interval and the connection closed when no pong comes in time, `CONNECT`
/// answered with the socket's id, events and acknowledgements both ways. The mirror of ``SocketIOProtocol``, which
/// generated clients speak. Over a WebSocket from the start, or over Engine.IO's HTTP long-polling
/// (``WebSocketServerTransport/poll(_:)``) with the upgrade to a WebSocket, as socket.io's own clients connect by
/// default.
///
/// The connection is open for the server once the client connects `namespace`. A contract's channels are namespaces:
/// a client that connects another namespace subscribes to that channel, its events there arrive with the namespace as
/// their channel, and `DISCONNECT` of it unsubscribes.
public struct SocketIOServerProtocol: ServerProtocol {
    /// The namespace a client connects first: `/` by default, or the contract's (`/admin`).
    public var namespace: String
    /// How often the server pings, and how long it then waits for the pong before it closes the connection.
    public var pingInterval: Duration
    public var pingTimeout: Duration
    /// The largest message the server takes, as its open packet announces (`maxPayload`).
    public var maximumPayload: Int

    public init(
        namespace: String = "/", pingInterval: Duration = .seconds(25), pingTimeout: Duration = .seconds(20),
        maximumPayload: Int = 1_000_000
    ) {
        self.namespace = namespace.hasPrefix("/") ? namespace : "/" + namespace
        self.pingInterval = pingInterval
        self.pingTimeout = pingTimeout
        self.maximumPayload = maximumPayload
    }

    public var supportsAcknowledgements: Bool { true }

    public func makeSession() -> any ServerProtocolSession {
        Session(protocol: self, sessionID: Self.randomID(), upgrades: [])
    }

    public func makePollingSession(id: String) -> (any ServerProtocolSession)? {
        Session(protocol: self, sessionID: id, upgrades: ["websocket"])
    }

    /// 20 URL-safe characters, as Engine.IO's own ids.
    static func randomID() -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String((0..<20).map { _ in alphabet.randomElement()! })
    }

    struct Session: ServerProtocolSession {
        let settings: SocketIOServerProtocol
        let sessionID: String
        /// The transports the open packet offers to upgrade to: a WebSocket from long-polling, none from a WebSocket.
        let upgrades: [String]
        private var isConnected = false
        private var namespaces: Set<String> = []
        /// When the next ping is due, or when the pong for the last one is overdue.
        private var nextPing: ContinuousClock.Instant?
        private var pongDeadline: ContinuousClock.Instant?
        /// A binary event or acknowledgement waiting for its attachments.
        private var assembly = SocketIOBinaryAssembly()

        init(protocol settings: SocketIOServerProtocol, sessionID: String, upgrades: [String]) {
            self.settings = settings
            self.sessionID = sessionID
            self.upgrades = upgrades
        }

        private static func milliseconds(_ duration: Duration) -> Int {
            Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }

        mutating func start(at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            nextPing = now + settings.pingInterval
            let offered = upgrades.map { "\"\($0)\"" }.joined(separator: ",")
            let open =
                #"0{"sid":"\#(sessionID)","upgrades":[\#(offered)],"pingInterval":\#(Self.milliseconds(settings.pingInterval)),"#
                + #""pingTimeout":\#(Self.milliseconds(settings.pingTimeout)),"maxPayload":\#(settings.maximumPayload)}"#
            return [.send(.text(open))]
        }

        var nextHeartbeat: ContinuousClock.Instant? { pongDeadline ?? nextPing }

        mutating func heartbeat(at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            if let pongDeadline {
                guard now >= pongDeadline else { return [] }
                return [.close(reason: "the client sent no pong within \(settings.pingTimeout) of the ping")]
            }
            guard let nextPing, now >= nextPing else { return [] }
            pongDeadline = now + settings.pingTimeout
            self.nextPing = nil
            return [.send(.text("2"))]
        }

        mutating func receive(_ message: WebSocketMessage, at now: ContinuousClock.Instant) -> [ServerSessionEvent] {
            guard case .text(let text) = message, let type = text.utf8.first else {
                guard case .binary(let bytes) = message, assembly.isWaiting else {
                    return [
                        .close(
                            reason: "the client sent a binary message that no binary packet announced, or an empty one")
                    ]
                }
                do {
                    guard let whole = try assembly.add(bytes) else { return [] }
                    return received(whole, raw: String(decoding: whole.data, as: UTF8.self))
                } catch {
                    return [.close(reason: "the client sent \(error.reason)")]
                }
            }
            switch type {
            case UInt8(ascii: "3"):
                pongDeadline = nil
                nextPing = now + settings.pingInterval
                return []
            case UInt8(ascii: "2"):
                return [.send(.text("3" + text.dropFirst()))]
            case UInt8(ascii: "1"):
                return [.close(reason: "the client closed the Engine.IO session")]
            case UInt8(ascii: "4"):
                // A packet before the last attachment of a binary one ends that one (Engine.IO's pings may come between).
                let (abandoned, step) = assembly.read(text.dropFirst())
                let events = abandoned.map {
                    [ServerSessionEvent.deliver(IncomingFrame(data: $0.data, unreadable: $0.reason))]
                }
                switch step {
                case .packet(let packet): return (events ?? []) + received(packet, raw: text)
                case .waiting: return events ?? []
                case .notAPacket: return (events ?? []) + [.deliver(IncomingFrame(data: Data(text.utf8)))]
                case .refused(let reason): return (events ?? []) + [.close(reason: "the client sent \(reason)")]
                }
            default:
                // An upgrade probe or a packet of a later protocol: Engine.IO has no error packet, and the client's
                // connection cannot go on in step.
                return [
                    .close(
                        reason:
                            "the client sent '\(PeerText.loggable(text, limit: 40))', not an Engine.IO v4 packet this server takes"
                    )
                ]
            }
        }

        private mutating func received(_ packet: SocketIOPacket, raw: String) -> [ServerSessionEvent] {
            let isMain = packet.namespace == settings.namespace
            switch packet.kind {
            case .connect:
                let answer = ServerSessionEvent.send(
                    .text(
                        SocketIOPacket.message(
                            .connect, namespace: packet.namespace,
                            data: Data(#"{"sid":"\#(sessionID)"}"#.utf8))))
                if isMain {
                    guard !isConnected else { return [] }
                    isConnected = true
                    return [answer, .ready]
                }
                guard isConnected else {
                    return [
                        .send(
                            .text(
                                SocketIOPacket.message(
                                    .connectError, namespace: packet.namespace,
                                    data: Data(#"{"message":"connect \#(settings.namespace) first"}"#.utf8))))
                    ]
                }
                return namespaces.insert(packet.namespace).inserted ? [answer, .subscribed(packet.namespace)] : []
            case .disconnect:
                if isMain { return [.close(reason: "the client disconnected \(settings.namespace)")] }
                return namespaces.remove(packet.namespace) != nil ? [.unsubscribed(packet.namespace)] : []
            case .event, .ack:
                // Frames of a namespace the client never connected are not the server's to read.
                guard isConnected, isMain || namespaces.contains(packet.namespace) else { return [] }
                let channel = isMain ? nil : packet.namespace
                if packet.kind == .ack {
                    guard let id = packet.ackID else {
                        return [.deliver(IncomingFrame(data: Data(raw.utf8), channel: channel))]
                    }
                    return [.deliver(IncomingFrame(data: Data(packet.data), channel: channel, acknowledges: id))]
                }
                return [.deliver(IncomingFrame(data: Data(packet.data), channel: channel, ackID: packet.ackID))]
            case .connectError, .binaryEvent, .binaryAck:
                return [.deliver(IncomingFrame(data: Data(raw.utf8)))]
            }
        }

        mutating func closing() -> [WebSocketMessage] {
            guard isConnected else { return [] }
            defer {
                isConnected = false
                namespaces = []
            }
            return (namespaces.sorted() + [settings.namespace]).map {
                .text(SocketIOPacket.message(.disconnect, namespace: $0))
            }
        }

        func encode(_ frame: OutgoingFrame) throws -> [WebSocketMessage] {
            let (text, attachments) = frame.socketIOMessages(namespace: settings.namespace)
            return [.text(text)] + attachments.map(WebSocketMessage.binary)
        }
    }
}
