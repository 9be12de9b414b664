import Foundation
import SchemaGenRuntime

extension OutgoingFrame {
    /// The Engine.IO messages that carry this frame on `namespace` (unless the frame names its channel), as the client
    /// and server sessions both send it: one `EVENT` or `ACK` packet, or, when the frame holds `Bytes` values, a
    /// `BINARY_EVENT` or `BINARY_ACK` whose placeholders stand for them and one binary message per value, as
    /// socket.io-parser's encoder writes a `Buffer`.
    func socketIOMessages(namespace: String) -> (packet: String, attachments: [Data]) {
        let target = channel ?? namespace
        let (data, attachments) =
            bytePaths.isEmpty ? (data, []) : SocketIOBinaryAssembly.split(data, at: bytePaths)
        let binary = !attachments.isEmpty
        let packet =
            if let acknowledges {
                SocketIOPacket.message(
                    binary ? .binaryAck : .ack, namespace: target, ackID: acknowledges, data: data,
                    attachments: attachments.count)
            } else {
                SocketIOPacket.message(
                    binary ? .binaryEvent : .event, namespace: target, ackID: ackID, data: data,
                    attachments: attachments.count)
            }
        return (packet, attachments)
    }
}
