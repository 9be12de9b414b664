import Foundation

/// Socket.IO's binary packets put back together, as socket.io-parser's `Decoder` does: a binary event or
/// acknowledgement (`51-["upload",{"_placeholder":true,"num":0}]`) and then one binary message per attachment. The
/// result is the plain event or acknowledgement whose placeholders hold each attachment as a base64 string, which is
/// how a contract's `Bytes` reads bytes inside JSON. The transports' client and server sessions share it.
///
/// Bounds: at most ``maximumAttachments`` attachments a packet (each message is already bounded by the WebSocket's
/// message size); one packet is put together at a time, and a Socket.IO packet that arrives before the last
/// attachment abandons it, with a reason for the app (Engine.IO's pings may come in between).
package struct SocketIOBinaryAssembly: Sendable {
    /// The most attachments one packet may announce; a packet with more is refused. socket.io's servers send one per
    /// `Buffer` in an emit's arguments.
    package static let maximumAttachments = 64

    /// Why a binary packet could not be put together.
    package struct Unreadable: Error, Sendable, CustomStringConvertible {
        package var reason: String
        package var description: String { reason }
    }

    private var packet: SocketIOPacket?
    private var attachments: [Data] = []

    package init() {}

    /// Whether a binary packet waits for attachments.
    package var isWaiting: Bool { packet != nil }

    /// What a Socket.IO packet's text came to.
    package enum Step: Sendable {
        /// A packet to handle: a plain one, or a binary one that needed no attachment.
        case packet(SocketIOPacket)
        /// A binary packet now waits for its attachments.
        case waiting
        /// Not a Socket.IO packet.
        case notAPacket
        /// A binary packet that cannot be put together, saying why.
        case refused(String)
    }

    /// Reads the text of a Socket.IO packet (after Engine.IO's `4`): the packet, or the start of a binary one. A
    /// binary packet still waiting is abandoned first, and returned with why, since its sender has moved on.
    package mutating func read(_ text: Substring) -> (abandoned: (data: Data, reason: String)?, step: Step) {
        let abandoned = abandon()
        guard let packet = SocketIOPacket(text) else { return (abandoned, .notAPacket) }
        guard packet.kind == .binaryEvent || packet.kind == .binaryAck else { return (abandoned, .packet(packet)) }
        do {
            guard let whole = try start(packet) else { return (abandoned, .waiting) }
            return (abandoned, .packet(whole))
        } catch {
            return (abandoned, .refused(error.reason))
        }
    }

    /// Starts putting `packet` (a binary event or acknowledgement) together; returns it whole at once when it
    /// announces no attachment.
    package mutating func start(_ packet: SocketIOPacket) throws(Unreadable) -> SocketIOPacket? {
        guard packet.attachments <= Self.maximumAttachments else {
            throw Unreadable(
                reason:
                    "a binary packet announcing \(packet.attachments) attachments, more than the \(Self.maximumAttachments) a packet may have"
            )
        }
        self.packet = packet
        attachments = []
        return try finishIfComplete()
    }

    /// Adds the next attachment; returns the packet with its placeholders filled once the last one is in.
    package mutating func add(_ attachment: Data) throws(Unreadable) -> SocketIOPacket? {
        guard packet != nil else {
            throw Unreadable(
                reason:
                    "a binary message that no binary packet announced (got binary data when not reconstructing a packet)"
            )
        }
        attachments.append(attachment)
        return try finishIfComplete()
    }

    /// Gives up the packet being put together: its data and why, when there was one.
    package mutating func abandon() -> (data: Data, reason: String)? {
        guard let packet else { return nil }
        defer { (self.packet, attachments) = (nil, []) }
        return (
            Data(packet.data),
            "a binary packet that announced \(packet.attachments) attachments got \(attachments.count) before the next packet"
        )
    }

    private mutating func finishIfComplete() throws(Unreadable) -> SocketIOPacket? {
        guard let packet, attachments.count == packet.attachments else { return nil }
        let bytes = attachments
        (self.packet, attachments) = (nil, [])
        let data = try Self.fill(Data(packet.data), with: bytes)
        var whole = SocketIOPacket(
            kind: packet.kind == .binaryAck ? .ack : .event, namespace: packet.namespace, ackID: packet.ackID,
            data: Substring(String(decoding: data, as: UTF8.self)).utf8)
        whole.attachments = 0
        return whole
    }

    /// `json` with every `{"_placeholder":true,"num":n}` replaced by the base64 string of `attachments[n]`; each
    /// attachment must be used, and no placeholder may name one that is not there.
    static func fill(_ json: Data, with attachments: [Data]) throws(Unreadable) -> Data {
        var replacements: [(range: Range<Int>, index: Int)] = []
        do {
            var scanner = JSONScanner(json)
            let root = try scanner.skipValue()
            try scanner.expectEnd()
            try collect(in: json, root, into: &replacements)
        } catch {
            throw Unreadable(reason: "a binary packet whose data is not JSON: \(error.message)")
        }
        guard replacements.allSatisfy({ $0.index < attachments.count }),
            Set(replacements.map(\.index)).count == attachments.count
        else {
            throw Unreadable(
                reason:
                    "a binary packet whose placeholders do not name its \(attachments.count) attachments one each (illegal attachments)"
            )
        }
        var out = Data()
        var position = json.startIndex
        for (range, index) in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            out.append(json[position..<range.lowerBound])
            out.append(UInt8(ascii: "\""))
            out.append(attachments[index].base64EncodedData())
            out.append(UInt8(ascii: "\""))
            position = range.upperBound
        }
        out.append(json[position...])
        return out
    }

    /// The other way, as socket.io-parser's `deconstructPacket` does: `json` with the base64 string at each of
    /// `paths` replaced by `{"_placeholder":true,"num":n}`, and the bytes each stands for, numbered in the order
    /// they come in `json`. A path that leads to no base64 string (a value the app's code wrote over) stays as it is.
    package static func split(_ json: Data, at paths: [[JSONPathStep]]) -> (json: Data, attachments: [Data]) {
        var found: [Int: (range: Range<Int>, bytes: Data)] = [:]
        for path in paths {
            guard let range = try? locate(path[...], in: json, from: json.startIndex) else { continue }
            var scanner = JSONScanner(json, at: range.lowerBound)
            guard let text = try? scanner.parseString(), let bytes = Data(base64Encoded: text) else { continue }
            found[range.lowerBound] = (range, bytes)
        }
        let attachments = found.values.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var out = Data()
        var position = json.startIndex
        for (number, attachment) in attachments.enumerated() {
            out.append(json[position..<attachment.range.lowerBound])
            out.append(contentsOf: #"{"_placeholder":true,"num":\#(number)}"#.utf8)
            position = attachment.range.upperBound
        }
        out.append(json[position...])
        return (out, attachments.map(\.bytes))
    }

    /// The range of the value `path` leads to from the value at `start`.
    private static func locate(
        _ path: ArraySlice<JSONPathStep>, in json: Data, from start: Int
    ) throws(JSONSyntaxError) -> Range<Int>? {
        var scanner = JSONScanner(json, at: start)
        guard let step = path.first else { return try scanner.skipValue() }
        scanner.skipWhitespace()
        let next: Range<Int>?
        switch scanner.current {
        case UInt8(ascii: "{"): next = try scanner.objectMembers().last { $0.key == step.key }?.value
        case UInt8(ascii: "["):
            let elements = try scanner.arrayElements()
            next = step.index.flatMap { elements.indices.contains($0) ? elements[$0] : nil }
        default: next = nil
        }
        guard let next else { return nil }
        return try locate(path.dropFirst(), in: json, from: next.lowerBound)
    }

    /// The placeholders inside the value at `range`, outermost first.
    private static func collect(
        in json: Data, _ range: Range<Int>, into replacements: inout [(range: Range<Int>, index: Int)]
    ) throws(JSONSyntaxError) {
        switch json[range.lowerBound] {
        case UInt8(ascii: "{"):
            var scanner = JSONScanner(json, at: range.lowerBound)
            let members = try scanner.objectMembers()
            if members.count == 2, let flag = members.first(where: { $0.key == "_placeholder" }),
                json[flag.value] == Data("true".utf8), let num = members.first(where: { $0.key == "num" }),
                let index = Int(String(decoding: json[num.value], as: UTF8.self)), index >= 0
            {
                replacements.append((range, index))
                return
            }
            for member in members { try collect(in: json, member.value, into: &replacements) }
        case UInt8(ascii: "["):
            var scanner = JSONScanner(json, at: range.lowerBound)
            for element in try scanner.arrayElements() { try collect(in: json, element, into: &replacements) }
        default:
            return
        }
    }
}
