import Foundation

/// A captured WebSocket message of a Socket.IO connection, as Engine.IO and Socket.IO wrap it: `42["event",{...}]`,
/// `42/admin,["event"]`, `421["event"]` (an acknowledgement asked for), or a packet that carries no event (Engine.IO's
/// open, ping and pong, Socket.IO's connect). Generated code sees only the event array; captures hold the packets.
enum SocketIOPacket {
    /// An event: its array, and its namespace when it is not the root one.
    case event(Data, namespace: String?)
    /// The protocol's own packets (open, ping, pong, connect, disconnect, acknowledgements), named for the report.
    case control(String)

    /// The packet `data` holds, or `nil` when it is not one (a bare event array is read as it is).
    static func unwrap(_ data: Data) -> SocketIOPacket? {
        let bytes = [UInt8](data)
        guard let engine = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "6")).contains(engine) else { return nil }
        guard engine == UInt8(ascii: "4") else {
            return .control(
                ["open", "close", "ping", "pong", "message", "upgrade", "noop"][Int(engine - UInt8(ascii: "0"))])
        }
        guard bytes.count > 1, (UInt8(ascii: "0")...UInt8(ascii: "6")).contains(bytes[1]) else { return nil }
        let kind = bytes[1]
        guard kind == UInt8(ascii: "2") else {
            return .control(
                [
                    "connect", "disconnect", "event", "acknowledgement", "connect error", "binary event",
                    "binary acknowledgement",
                ][
                    Int(kind - UInt8(ascii: "0"))])
        }
        var index = 2
        var namespace: String?
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") {
            guard let comma = bytes[index...].firstIndex(of: UInt8(ascii: ",")) else {
                return .event(Data(bytes[index...]), namespace: String(decoding: bytes[index...], as: UTF8.self))
            }
            namespace = String(decoding: bytes[index..<comma], as: UTF8.self)
            index = comma + 1
        }
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return .event(Data(bytes[index...]), namespace: namespace == "/" ? nil : namespace)
    }
}
