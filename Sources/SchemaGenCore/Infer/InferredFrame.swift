import Foundation
import SchemaGenRuntime

/// One captured frame taken apart by the framing ``FramingGuess`` recognised: the event's wire name, its payload and
/// the envelope's other keys, or a Socket.IO acknowledgement answering an earlier event.
enum InferredFrame {
    case event(Event)
    /// A Socket.IO acknowledgement: its id, namespace and arguments.
    case acknowledgement(id: Int, namespace: String, arguments: [DocumentValue])
    /// A frame that carries no event: a protocol packet (Engine.IO's ping), or one the framing cannot read.
    case other

    struct Event {
        var name: String
        /// `nil` when the frame has no payload (`["get_notifications"]`, an envelope without its payload key).
        var payload: DocumentValue?
        /// Keys beside the name and the payload, for envelopes.
        var envelope: [(key: String, value: DocumentValue)] = []
        /// Socket.IO: more than one argument was sent (only the first is the contract's payload).
        var extraArguments = 0
        /// Socket.IO: the id the sender asked an acknowledgement with, and the namespace.
        var ackID: Int?
        var namespace = "/"
    }

    /// The Socket.IO packet `data` holds (`42["event",…]`, `2`), or `nil` when it is not one.
    static func socketIOPacket(_ data: Data) -> SocketIOPacket? {
        let text = String(decoding: data, as: UTF8.self)
        guard let engine = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "6")).contains(engine) else {
            return nil
        }
        // Engine.IO's open, close, ping, pong, upgrade and noop carry no Socket.IO packet: a connect stands for them.
        guard engine == UInt8(ascii: "4") else { return SocketIOPacket("0") }
        return SocketIOPacket(text.dropFirst())
    }

    init(_ data: Data, framing: FramingGuess.Framing) {
        switch framing {
        case .socketIO: self = Self.socketIO(data)
        case .positional:
            guard case .array(let items)? = try? DocumentValue(parsingJSON: data), case .string(let verb)? = items.first
            else {
                self = .other
                return
            }
            self = .event(Event(name: verb, payload: .array(Array(items.dropFirst()))))
        case .discriminator(let key):
            guard case .object(let members)? = try? DocumentValue(parsingJSON: data),
                case .string(let name)? = members.first(where: { $0.key == key })?.value
            else {
                self = .other
                return
            }
            let rest = members.filter { $0.key != key }
            self = .event(Event(name: name, payload: rest.isEmpty ? nil : .object(rest)))
        case .envelope(let nameKey, let payloadKey, let payloadIsJSONString, _):
            guard case .object(let members)? = try? DocumentValue(parsingJSON: data),
                case .string(let name)? = members.first(where: { $0.key == nameKey })?.value
            else {
                self = .other
                return
            }
            var payload = members.first(where: { $0.key == payloadKey })?.value
            if payloadIsJSONString, case .string(let text)? = payload {
                payload = try? DocumentValue(parsingJSON: Array(text.utf8))
            }
            self = .event(
                Event(
                    name: name, payload: payload,
                    envelope: members.filter { $0.key != nameKey && $0.key != payloadKey }))
        }
    }

    private static func socketIO(_ data: Data) -> InferredFrame {
        let packet = socketIOPacket(data)
        let arrayBytes: [UInt8]
        var namespace = "/"
        var ackID: Int?
        if let packet {
            namespace = packet.namespace
            ackID = packet.ackID
            switch packet.kind {
            case .event: arrayBytes = Array(packet.data)
            case .ack:
                guard let id = packet.ackID, case .array(let arguments)? = try? DocumentValue(parsingJSON: packet.data)
                else { return .other }
                return .acknowledgement(id: id, namespace: namespace, arguments: arguments)
            default: return .other
            }
        } else {
            arrayBytes = Array(data)
        }
        guard case .array(let items)? = try? DocumentValue(parsingJSON: arrayBytes),
            case .string(let name)? = items.first
        else { return .other }
        return .event(
            Event(
                name: name, payload: items.count > 1 ? items[1] : nil, extraArguments: max(0, items.count - 2),
                ackID: ackID, namespace: namespace))
    }
}
