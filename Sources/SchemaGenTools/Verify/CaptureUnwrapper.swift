import Foundation
import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Takes the protocol off a capture's messages, as the transports take it off what they receive: what `verify` and
/// `infer` both read. A Socket.IO binary packet is put together with its attachments; a Phoenix binary message is read
/// into its text form, and a broadcast taken out of its topic; the protocols' own packets are named so a report can
/// count them. Memory: one Socket.IO packet waiting for attachments per sender.
package struct CaptureUnwrapper {
    /// What a captured message came to.
    package enum Part {
        /// A frame of the contract's framing, with the channel it came on when the protocol says (a Phoenix topic,
        /// without the topic prefix).
        case frame(Data, channel: String?)
        /// A Socket.IO packet (a binary one put together with its attachments), located at its first message.
        case packet(CapturedPacket, at: CapturedFrame)
        /// One of the protocol's own packets (a Phoenix reply, a Pusher `pusher:ping`), by name.
        case protocolPacket(String)
        /// What cannot be read, located.
        case unreadable(CaptureError)
    }

    /// The protocol given (`--protocol`); when `nil`, each message's is recognised from its WebSocket URL, else
    /// ``fallback``.
    package var captureProtocol: CaptureProtocol?
    package var fallback: CaptureProtocol
    /// Whether the contract describes a Phoenix connection's broadcasts, their `{"type": "broadcast", "event",
    /// "payload"}` objects on the channel their topic names after ``topicPrefix`` (the topic's other events are then
    /// protocol packets), rather than Phoenix's `[join_ref, ref, topic, event, payload]` messages themselves.
    package var phoenixBroadcasts: Bool
    /// What Phoenix topics start with before the channel's address: Supabase's `realtime:` unless set.
    package var topicPrefix = "realtime:"
    /// Pusher events named `pusher:…` or `pusher_internal:…` are the protocol's, unless the contract declares them.
    package var declaredPusherEvents: Set<String>
    private var assemblies: [Direction: SocketIOBinaryAssembly] = [:]
    private var binaryHeaders: [Direction: CapturedFrame] = [:]

    package init(
        captureProtocol: CaptureProtocol?, fallback: CaptureProtocol, phoenixBroadcasts: Bool,
        declaredPusherEvents: Set<String> = []
    ) {
        self.captureProtocol = captureProtocol
        self.fallback = fallback
        self.phoenixBroadcasts = phoenixBroadcasts
        self.declaredPusherEvents = declaredPusherEvents
    }

    /// The protocol `frame` travelled in.
    package func protocolOf(_ frame: CapturedFrame) -> CaptureProtocol {
        captureProtocol ?? frame.url.flatMap(CaptureProtocol.recognised(fromURL:)) ?? fallback
    }

    /// The parts of one captured message, and whether it counts as one of the capture's frames: every text message
    /// does, and a binary one that is read on its own; a Socket.IO attachment belongs to its packet's frame.
    package mutating func unwrap(_ frame: CapturedFrame) -> (counts: Bool, parts: [Part]) {
        let spoken = protocolOf(frame)
        if spoken == .socketIO { return socketIO(frame) }
        var data = frame.data
        if frame.isBinary {
            guard spoken == .phoenix else {
                return (
                    false,
                    [
                        .unreadable(
                            CaptureError(
                                origin: frame.origin,
                                message:
                                    "a binary message (opcode 2): \(spoken.rawValue) binary messages are not read (only Phoenix's and Socket.IO's are)"
                            ))
                    ]
                )
            }
            do {
                data = try PhoenixMessage.textForm(ofBinary: data, sentByClient: frame.direction == .clientToServer)
            } catch {
                return (false, [.unreadable(CaptureError(origin: frame.origin, message: error.reason))])
            }
        }
        switch spoken {
        case .phoenix: return (true, [phoenix(data)])
        case .pusher:
            if let name = Self.pusherEvent(data), !declaredPusherEvents.contains(name),
                name.hasPrefix("pusher:") || name.hasPrefix("pusher_internal:")
            {
                return (true, [.protocolPacket(name)])
            }
            return (true, [.frame(data, channel: nil)])
        case .websocket, .socketIO:
            return (true, [.frame(data, channel: nil)])
        }
    }

    /// A message of a Socket.IO capture: a packet, or an attachment of the binary packet its sender is sending.
    private mutating func socketIO(_ frame: CapturedFrame) -> (counts: Bool, parts: [Part]) {
        let sender = frame.direction
        if frame.isBinary {
            do {
                guard let whole = try assemblies[sender, default: SocketIOBinaryAssembly()].add(frame.data) else {
                    return (false, [])
                }
                return (
                    false, [.packet(CapturedPacket.of(whole), at: binaryHeaders.removeValue(forKey: sender) ?? frame)]
                )
            } catch {
                return (false, [.unreadable(CaptureError(origin: frame.origin, message: error.reason))])
            }
        }
        var parts: [Part] = []
        if frame.data.first == UInt8(ascii: "4") {
            // A Socket.IO packet, which also ends its sender's binary packet still waiting (pings may come between).
            let (abandoned, step) = assemblies[sender, default: SocketIOBinaryAssembly()].read(
                String(decoding: frame.data.dropFirst(), as: UTF8.self)[...])
            if let abandoned {
                let header = binaryHeaders.removeValue(forKey: sender)
                parts.append(
                    .unreadable(CaptureError(origin: header?.origin ?? frame.origin, message: abandoned.reason)))
            }
            switch step {
            case .packet(let packet): return (true, parts + [.packet(CapturedPacket.of(packet), at: frame)])
            case .waiting:
                binaryHeaders[sender] = frame
                return (true, parts)
            case .refused(let reason):
                return (true, parts + [.unreadable(CaptureError(origin: frame.origin, message: reason))])
            case .notAPacket: break
            }
        }
        guard let packet = CapturedPacket.unwrap(frame.data) else {
            return (true, parts + [.frame(frame.data, channel: nil)])
        }
        return (true, parts + [.packet(packet, at: frame)])
    }

    /// What of a Phoenix text message (a binary one read as its text form) the contract describes.
    private func phoenix(_ text: Data) -> Part {
        guard phoenixBroadcasts, let parts = PhoenixMessage.parts(ofText: text) else {
            return .frame(text, channel: nil)
        }
        guard let broadcast = PhoenixMessage.broadcast(inText: text) else { return .protocolPacket(parts.event) }
        let channel =
            broadcast.topic.hasPrefix(topicPrefix)
            ? String(broadcast.topic.dropFirst(topicPrefix.count)) : broadcast.topic
        return .frame(broadcast.object, channel: channel)
    }

    /// The `event` of a Pusher frame.
    private static func pusherEvent(_ data: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["event"] as? String
    }
}
