import Foundation
import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// One captured frame taken apart by the framing ``FramingGuess`` recognised: the event's wire name, its payload and
/// the envelope's other keys, or a Socket.IO acknowledgement answering an earlier event.
package enum InferredFrame {
    case event(Event)
    /// A Socket.IO acknowledgement: its id, namespace and arguments.
    case acknowledgement(id: Int, namespace: String, arguments: [DocumentValue])
    /// A frame that carries no event: a protocol packet (Engine.IO's ping), or one the framing cannot read.
    case other

    package struct Event {
        package var name: String
        /// `nil` when the frame has no payload (`["get_notifications"]`, an envelope without its payload key).
        package var payload: DocumentValue?
        /// Keys beside the name and the payload, for envelopes.
        package var envelope: [(key: String, value: DocumentValue)] = []
        /// Socket.IO: more than one argument was sent (only the first is the contract's payload).
        package var extraArguments = 0
        /// Socket.IO: the id the sender asked an acknowledgement with, and the namespace.
        package var ackID: Int?
        package var namespace = "/"
        /// The channel the protocol delivered the frame on (a Phoenix broadcast's topic), when the frame itself does
        /// not name one.
        package var deliveredOn: String?
    }

    package init(_ data: Data, framing: FramingGuess.Framing) {
        switch framing {
        case .channelArrays(let objects, _, let heartbeats, let names):
            guard case .array(let items)? = try? DocumentValue(parsingJSON: data), case .integer? = items.first else {
                self = objects.map { InferredFrame(data, framing: $0) } ?? .other
                return
            }
            if items.count == 2, case .string(let word) = items[1], let index = heartbeats.firstIndex(of: word) {
                self = .event(Event(name: names.heartbeats[index], payload: nil))
            } else {
                self = .event(Event(name: names.data, payload: .array(Array(items.dropFirst()))))
            }
        case .socketIO: self = Self.socketIO(CapturedPacket.unwrap(data), data)
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

    /// The frame, had it been delivered on `channel`.
    package func delivered(on channel: String) -> InferredFrame {
        guard case .event(var event) = self else { return self }
        event.deliveredOn = channel
        return .event(event)
    }

    /// A Socket.IO packet, as `verify` reads it.
    package init(_ packet: CapturedPacket) {
        self = Self.socketIO(packet, Data())
    }

    /// A Socket.IO capture's packet, unwrapped as `verify` unwraps it (``CapturedPacket``); without one, `data` is a
    /// bare event array, read as it is.
    private static func socketIO(_ packet: CapturedPacket?, _ data: Data) -> InferredFrame {
        var arrayBytes = data
        var namespace = "/"
        var ackID: Int?
        switch packet {
        case .control?: return .other
        case .acknowledgement(let id, let packetNamespace, let arguments)?:
            guard case .array(let items)? = try? DocumentValue(parsingJSON: arguments) else { return .other }
            return .acknowledgement(id: id, namespace: packetNamespace ?? "/", arguments: items)
        case .event(let bytes, let packetNamespace, let packetAckID)?:
            (arrayBytes, namespace, ackID) = (bytes, packetNamespace ?? "/", packetAckID)
        case nil:
            break
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
