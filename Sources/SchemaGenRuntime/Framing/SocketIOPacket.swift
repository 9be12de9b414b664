import Foundation

/// One Socket.IO v5 packet inside an Engine.IO v4 message (socket.io-protocol's "Packet encoding"):
/// `<type>[<namespace>,][<ack id>][<JSON data>]`, as in `42/admin,13["event",{}]`. The one reading of packets that
/// the transports' Socket.IO sessions (client and server) and `schemagen verify`'s captures share.
public struct SocketIOPacket: Sendable {
    public enum Kind: UInt8, Sendable {
        case connect = 0, disconnect, event, ack, connectError, binaryEvent, binaryAck
    }

    public var kind: Kind
    /// `/` unless the packet names another namespace.
    public var namespace: String
    public var ackID: Int?
    /// The JSON after the header, untouched; empty when there is none.
    public var data: Substring.UTF8View
    /// For a binary event or acknowledgement: how many binary messages follow it (`51-…` says 1), whose bytes its
    /// `{"_placeholder":true,"num":n}` objects stand for (``SocketIOBinaryAssembly`` puts them back).
    public var attachments = 0

    init(kind: Kind, namespace: String, ackID: Int?, data: Substring.UTF8View) {
        self.kind = kind
        self.namespace = namespace
        self.ackID = ackID
        self.data = data
    }

    /// Reads a packet from the text after Engine.IO's `4`; `nil` when it is not one (the caller reports it).
    public init?(_ text: Substring) {
        var rest = text.utf8[...]
        guard let first = rest.first, first >= UInt8(ascii: "0"), let kind = Kind(rawValue: first - UInt8(ascii: "0"))
        else { return nil }
        self.kind = kind
        rest = rest.dropFirst()
        if kind == .binaryEvent || kind == .binaryAck {
            let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            guard !digits.isEmpty, digits.count <= 6, rest.dropFirst(digits.count).first == UInt8(ascii: "-"),
                let count = Int(String(decoding: digits, as: UTF8.self))
            else { return nil }
            attachments = count
            rest = rest.dropFirst(digits.count + 1)
        }
        if rest.first == UInt8(ascii: "/") {
            let comma = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
            namespace = String(decoding: rest[..<comma], as: UTF8.self)
            rest = comma == rest.endIndex ? rest[comma...] : rest[rest.index(after: comma)...]
        } else {
            namespace = "/"
        }
        let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        if !digits.isEmpty {
            // An id longer than 15 digits is not one a client made; refuse rather than overflow.
            guard digits.count <= 15, let id = Int(String(decoding: digits, as: UTF8.self)) else { return nil }
            ackID = id
            rest = rest.dropFirst(digits.count)
        } else {
            ackID = nil
        }
        data = Substring(rest).utf8
    }

    /// The Engine.IO message that carries a packet: `4` (message), the type, for a binary packet the number of
    /// attachments and `-`, the namespace unless `/`, the ack id, the data.
    public static func message(
        _ kind: Kind, namespace: String, ackID: Int? = nil, data: Data? = nil, attachments: Int = 0
    ) -> String {
        var text = "4\(kind.rawValue)"
        if kind == .binaryEvent || kind == .binaryAck { text += "\(attachments)-" }
        if namespace != "/" { text += namespace + "," }
        if let ackID { text += String(ackID) }
        if let data { text += String(decoding: data, as: UTF8.self) }
        return text
    }
}
