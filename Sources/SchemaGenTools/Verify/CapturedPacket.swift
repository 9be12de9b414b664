import Foundation
import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// A captured WebSocket message of a Socket.IO connection, as Engine.IO and Socket.IO wrap it: `42["event",{...}]`,
/// `42/admin,["event"]`, `421["event"]` (an acknowledgement asked for), or a packet that carries no event (Engine.IO's
/// open, ping and pong, Socket.IO's connect). Generated code sees only the event array; captures hold the packets,
/// which the runtime's ``SocketIOPacket`` reads as the transports read them.
package enum CapturedPacket {
    /// An event: its array, its namespace when it is not the root one, and the id it asks an acknowledgement with.
    case event(Data, namespace: String?, ackID: Int?)
    /// An acknowledgement: the id of the event it answers, its namespace, and the array of its arguments.
    case acknowledgement(id: Int, namespace: String?, arguments: Data)
    /// The protocol's own packets (open, ping, pong, connect, disconnect, acknowledgements), named for the report.
    case control(String)

    package static let engineIOTypes = ["open", "close", "ping", "pong", "message", "upgrade", "noop"]
    package static let socketIOTypes = [
        "connect", "disconnect", "event", "acknowledgement", "connect error", "binary event", "binary acknowledgement",
    ]

    /// The packet `data` holds, or `nil` when it is not one (a bare event array is read as it is). A binary packet
    /// is only named here: the verifier puts it together with its attachments (``SocketIOBinaryAssembly``).
    package static func unwrap(_ data: Data) -> CapturedPacket? {
        let text = String(decoding: data, as: UTF8.self)
        guard let engine = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "6")).contains(engine) else { return nil }
        guard engine == UInt8(ascii: "4") else { return .control(engineIOTypes[Int(engine - UInt8(ascii: "0"))]) }
        let body = text.dropFirst()
        guard let packet = SocketIOPacket(body) else {
            if let type = body.utf8.first, (UInt8(ascii: "5")...UInt8(ascii: "6")).contains(type) {
                return .control(socketIOTypes[Int(type - UInt8(ascii: "0"))])
            }
            return nil
        }
        return of(packet)
    }

    /// What a read packet is to verify.
    package static func of(_ packet: SocketIOPacket) -> CapturedPacket {
        let namespace = packet.namespace == "/" ? nil : packet.namespace
        switch packet.kind {
        case .event: return .event(Data(packet.data), namespace: namespace, ackID: packet.ackID)
        case .ack:
            guard let id = packet.ackID else { return .control(socketIOTypes[Int(packet.kind.rawValue)]) }
            return .acknowledgement(id: id, namespace: namespace, arguments: Data(packet.data))
        default: return .control(socketIOTypes[Int(packet.kind.rawValue)])
        }
    }
}
