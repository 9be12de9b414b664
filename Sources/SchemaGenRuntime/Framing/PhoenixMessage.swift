import Foundation

/// Phoenix Channels messages as serializer 2.0.0 carries them, with Supabase Realtime's binary user broadcasts: the
/// one reading and writing of them that the transports' Phoenix session and `schemagen verify`'s captures share.
///
/// Text messages are `[join_ref, ref, topic, event, payload]`. Binary messages start with a kind byte, then one byte
/// per length, then the strings, then the payload (supabase/realtime's `RealtimeWeb.Socket.V2Serializer`, and
/// supabase-js's realtime-js `Serializer`):
///
/// | kind | sent by | layout after the kind |
/// |---|---|---|
/// | 0 push | server | join_ref, topic, event sizes; the strings; the bytes |
/// | 0 push | client | join_ref, ref, topic, event sizes; the strings; the bytes |
/// | 1 reply | server | join_ref, ref, topic, status sizes; the strings; the bytes |
/// | 2 broadcast | server | topic, event sizes; the strings; the bytes |
/// | 3 user broadcast push | client | join_ref, ref, topic, user event, metadata sizes, encoding; the strings; the payload |
/// | 4 user broadcast | server | topic, user event, metadata sizes, encoding; the strings; the payload |
///
/// A user broadcast's payload is JSON (encoding 1) or raw bytes (0); its metadata, when not empty, a JSON object.
/// ``textForm(ofBinary:sentByClient:)`` turns a binary message into the text message a JSON client reads the same
/// event from (a user broadcast becomes the `broadcast` event whose payload is `{"type": "broadcast", "event", "payload"}`,
/// as realtime-js decodes it), so the contract's typed events read both alike; raw bytes become a base64 string.
public enum PhoenixMessage {
    public enum Kind: UInt8, Sendable {
        case push = 0, reply, broadcast, userBroadcastPush, userBroadcast
    }

    /// A binary message that cannot be read or written, saying why.
    public struct Unreadable: Error, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// A user broadcast's payload on the wire.
    public enum Payload: Sendable, Hashable {
        /// JSON text (encoding 1).
        case json(Data)
        /// Raw bytes (encoding 0).
        case bytes(Data)
    }

    // MARK: Reading

    /// The text message carrying what the binary message `data` carries: `[join_ref, ref, topic, event, payload]`,
    /// with an empty join reference or reference read as `null` (upstream writes a missing one as no bytes).
    /// `sentByClient` picks the layout of a push, which differs by sender.
    public static func textForm(ofBinary data: Data, sentByClient: Bool) throws(Unreadable) -> Data {
        var reader = Reader(bytes: data)
        let kindByte = try reader.byte("the kind")
        guard let kind = Kind(rawValue: kindByte) else {
            throw Unreadable(
                reason: "a binary Phoenix message of kind \(kindByte), which serializer 2.0.0 does not have")
        }
        switch kind {
        case .push:
            let sizes = try reader.sizes(sentByClient ? 4 : 3)
            let joinRef = try reader.string(sizes[0], "the join reference")
            let ref = sentByClient ? try reader.string(sizes[1], "the reference") : ""
            let topic = try reader.string(sizes[sentByClient ? 2 : 1], "the topic")
            let event = try reader.string(sizes[sentByClient ? 3 : 2], "the event")
            return text(joinRef: joinRef, ref: ref, topic: topic, event: event, payload: base64(reader.rest))
        case .reply:
            let sizes = try reader.sizes(4)
            let joinRef = try reader.string(sizes[0], "the join reference")
            let ref = try reader.string(sizes[1], "the reference")
            let topic = try reader.string(sizes[2], "the topic")
            let status = try reader.string(sizes[3], "the status")
            var reply = Data(#"{"status":"#.utf8)
            WireFraming.appendString(status, to: &reply)
            reply.append(contentsOf: #","response":"#.utf8)
            reply.append(base64(reader.rest))
            reply.append(UInt8(ascii: "}"))
            return text(joinRef: joinRef, ref: ref, topic: topic, event: "phx_reply", payload: reply)
        case .broadcast:
            let sizes = try reader.sizes(2)
            let topic = try reader.string(sizes[0], "the topic")
            let event = try reader.string(sizes[1], "the event")
            return text(joinRef: "", ref: "", topic: topic, event: event, payload: base64(reader.rest))
        case .userBroadcastPush, .userBroadcast:
            let pushed = kind == .userBroadcastPush
            let sizes = try reader.sizes(pushed ? 5 : 3)
            let encoding = try reader.byte("the payload encoding")
            guard encoding <= 1 else {
                throw Unreadable(
                    reason: "a user broadcast whose payload encoding is \(encoding), neither 0 (bytes) nor 1 (JSON)")
            }
            let joinRef = pushed ? try reader.string(sizes[0], "the join reference") : ""
            let ref = pushed ? try reader.string(sizes[1], "the reference") : ""
            let topic = try reader.string(sizes[pushed ? 2 : 0], "the topic")
            let userEvent = try reader.string(sizes[pushed ? 3 : 1], "the user event")
            let metadata = try reader.bytes(sizes[pushed ? 4 : 2], "the metadata")
            let payload = reader.rest
            if encoding == 1, !isJSON(payload) {
                throw Unreadable(reason: "a user broadcast '\(userEvent)' whose JSON payload is not JSON")
            }
            if !metadata.isEmpty, !isJSON(metadata) {
                throw Unreadable(reason: "a user broadcast '\(userEvent)' whose metadata is not JSON")
            }
            // The server's metadata reads as realtime-js reads it, under `meta`; a client's, which supabase-js took
            // from the broadcast's own keys (`persist`), goes back among them.
            let extra =
                metadata.isEmpty
                ? nil : pushed ? try objectMembers(metadata, userEvent) : Data(#""meta":"#.utf8) + metadata
            let object = broadcastObject(
                userEvent: userEvent, payload: encoding == 1 ? payload : base64(payload), extra: extra)
            return text(joinRef: joinRef, ref: ref, topic: topic, event: "broadcast", payload: object)
        }
    }

    /// A text message's references, topic, event and payload's bytes, or `nil` when it is not `[join_ref, ref,
    /// topic, event, payload]` (a reference that is not a string reads as `nil`).
    public static func parts(
        ofText data: Data
    )
        -> (joinRef: String?, ref: String?, topic: String, event: String, payload: Data)?
    {
        var scanner = JSONScanner(data)
        guard let elements = try? scanner.arrayElements(), elements.count == 5, (try? scanner.expectEnd()) != nil,
            let topic = try? string(data, elements[2]), let event = try? string(data, elements[3])
        else { return nil }
        return (try? string(data, elements[0]), try? string(data, elements[1]), topic, event, Data(data[elements[4]]))
    }

    /// The broadcast a text message carries: its topic and its payload's bytes (`{"type": "broadcast", "event",
    /// "payload"}`), or `nil` when the message is another event (a reply, presence, a heartbeat) or not a Phoenix message.
    public static func broadcast(inText data: Data) -> (topic: String, object: Data)? {
        guard let parts = parts(ofText: data), parts.event == "broadcast", parts.payload.first == UInt8(ascii: "{")
        else { return nil }
        return (parts.topic, parts.payload)
    }

    /// `text`'s members without its braces (`"a":1,"b":2`), for a client's metadata put back among the broadcast's keys.
    private static func objectMembers(_ json: Data, _ userEvent: String) throws(Unreadable) -> Data {
        var scanner = JSONScanner(json)
        guard (try? scanner.objectMembers()) != nil, let open = json.firstIndex(of: UInt8(ascii: "{")),
            let close = json.lastIndex(of: UInt8(ascii: "}"))
        else { throw Unreadable(reason: "a user broadcast '\(userEvent)' whose metadata is not a JSON object") }
        return Data(json[json.index(after: open)..<close]).trimmingWhitespace
    }

    // MARK: Writing

    /// The binary user broadcast push (kind 3) a client sends, as supabase-js writes it: refs written as no bytes when
    /// absent; `metadata` a JSON object or `nil`. Throws when a string or the metadata is over 255 bytes, as both
    /// upstream serializers refuse.
    public static func userBroadcastPush(
        joinRef: String?, ref: String?, topic: String, userEvent: String, metadata: Data?, payload: Payload
    ) throws(Unreadable) -> Data {
        let strings = [
            ("join reference", Data((joinRef ?? "").utf8)), ("reference", Data((ref ?? "").utf8)),
            ("topic", Data(topic.utf8)), ("user event", Data(userEvent.utf8)), ("metadata", metadata ?? Data()),
        ]
        return try binary(.userBroadcastPush, strings, payload)
    }

    /// The binary user broadcast (kind 4) a server sends, as supabase/realtime's `fastlane!` writes it.
    public static func userBroadcast(
        topic: String, userEvent: String, metadata: Data?, payload: Payload
    )
        throws(Unreadable) -> Data
    {
        let strings = [
            ("topic", Data(topic.utf8)), ("user event", Data(userEvent.utf8)), ("metadata", metadata ?? Data()),
        ]
        return try binary(.userBroadcast, strings, payload)
    }

    private static func binary(_ kind: Kind, _ strings: [(String, Data)], _ payload: Payload) throws(Unreadable) -> Data
    {
        var out = Data([kind.rawValue])
        for (name, bytes) in strings {
            guard bytes.count <= 255 else {
                throw Unreadable(
                    reason: "the \(name) is \(bytes.count) bytes; a binary Phoenix message holds at most 255")
            }
            out.append(UInt8(bytes.count))
        }
        let body: Data
        switch payload {
        case .json(let json):
            body = json
            out.append(1)
        case .bytes(let bytes):
            body = bytes
            out.append(0)
        }
        for (_, bytes) in strings { out.append(bytes) }
        out.append(body)
        return out
    }

    /// The text message of a broadcast a client sends: `[join_ref, ref, topic, "broadcast", {"type": "broadcast",
    /// "event": userEvent, "payload": payload}]`.
    public static func broadcastText(
        joinRef: String?, ref: String?, topic: String, userEvent: String, payload: Data
    )
        -> Data
    {
        text(
            joinRef: joinRef, ref: ref, topic: topic, event: "broadcast",
            payload: broadcastObject(userEvent: userEvent, payload: payload, extra: nil))
    }

    /// The user broadcast push (kind 3) carrying the broadcast text message `data` (`[join_ref, ref, topic,
    /// "broadcast", {"type", "event", "payload", ...}]`) as supabase-js sends it: the payload as JSON, the object's
    /// other members as metadata; `joinRef` when the message has none. `nil` when `data` is another message.
    public static func userBroadcastPush(ofText data: Data, joinRef: String?) throws(Unreadable) -> Data? {
        var scanner = JSONScanner(data)
        guard let elements = try? scanner.arrayElements(), elements.count == 5, (try? scanner.expectEnd()) != nil,
            let topic = try? string(data, elements[2]), (try? string(data, elements[3])) == "broadcast"
        else { return nil }
        var objectScanner = JSONScanner(data, at: elements[4].lowerBound)
        guard let members = try? objectScanner.objectMembers(),
            let eventRange = members.first(where: { $0.key == "event" })?.value,
            let userEvent = try? string(data, eventRange)
        else { return nil }
        var metadata = Data()
        for member in members where !["type", "event", "payload"].contains(member.key) {
            metadata.append(metadata.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
            WireFraming.appendString(member.key, to: &metadata)
            metadata.append(UInt8(ascii: ":"))
            metadata.append(data[member.value])
        }
        if !metadata.isEmpty { metadata.append(UInt8(ascii: "}")) }
        let payload = members.first(where: { $0.key == "payload" }).map { Data(data[$0.value]) } ?? Data("{}".utf8)
        let refs: [String?] = [elements[0], elements[1]].map { try? string(data, $0) }
        return try userBroadcastPush(
            joinRef: refs[0] ?? joinRef, ref: refs[1], topic: topic, userEvent: userEvent,
            metadata: metadata.isEmpty ? nil : metadata, payload: .json(payload))
    }

    /// `{"type":"broadcast","event":…,"payload":…` and `extra` members, closed.
    private static func broadcastObject(userEvent: String, payload: Data, extra: Data?) -> Data {
        var object = Data(#"{"type":"broadcast","event":"#.utf8)
        WireFraming.appendString(userEvent, to: &object)
        object.append(contentsOf: #","payload":"#.utf8)
        object.append(payload)
        if let extra, !extra.isEmpty {
            object.append(UInt8(ascii: ","))
            object.append(extra)
        }
        object.append(UInt8(ascii: "}"))
        return object
    }

    /// The text message `[join_ref, ref, topic, event, payload]`; an absent or empty reference is `null`.
    public static func text(joinRef: String?, ref: String?, topic: String, event: String, payload: Data) -> Data {
        var out = Data([UInt8(ascii: "[")])
        for member in [joinRef ?? "", ref ?? ""] {
            if member.isEmpty {
                out.append(contentsOf: "null".utf8)
            } else {
                WireFraming.appendString(member, to: &out)
            }
            out.append(UInt8(ascii: ","))
        }
        WireFraming.appendString(topic, to: &out)
        out.append(UInt8(ascii: ","))
        WireFraming.appendString(event, to: &out)
        out.append(UInt8(ascii: ","))
        out.append(payload)
        out.append(UInt8(ascii: "]"))
        return out
    }

    private static func base64(_ bytes: Data) -> Data {
        var out = Data([UInt8(ascii: "\"")])
        out.append(bytes.base64EncodedData())
        out.append(UInt8(ascii: "\""))
        return out
    }

    private static func isJSON(_ bytes: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: bytes, options: [.fragmentsAllowed])) != nil
    }

    private static func string(_ data: Data, _ range: Range<Int>) throws -> String? {
        var scanner = JSONScanner(data, at: range.lowerBound)
        return data[range.lowerBound] == UInt8(ascii: "\"") ? try scanner.parseString() : nil
    }

    /// Reads a binary message front to back, saying which part is cut short.
    private struct Reader {
        let bytes: Data
        var offset: Int

        init(bytes: Data) {
            self.bytes = bytes
            offset = bytes.startIndex
        }

        var rest: Data { Data(bytes[offset...]) }

        mutating func byte(_ what: String) throws(Unreadable) -> UInt8 {
            guard offset < bytes.endIndex else { throw cut(what) }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func sizes(_ count: Int) throws(Unreadable) -> [Int] {
            var sizes: [Int] = []
            for _ in 0..<count { sizes.append(Int(try byte("the header's sizes"))) }
            return sizes
        }

        mutating func bytes(_ count: Int, _ what: String) throws(Unreadable) -> Data {
            guard bytes.endIndex - offset >= count else { throw cut(what) }
            defer { offset += count }
            return Data(bytes[offset..<offset + count])
        }

        mutating func string(_ count: Int, _ what: String) throws(Unreadable) -> String {
            guard let text = String(data: try bytes(count, what), encoding: .utf8) else {
                throw Unreadable(reason: "a binary Phoenix message whose \(what.dropFirst(4)) is not UTF-8")
            }
            return text
        }

        func cut(_ what: String) -> Unreadable {
            Unreadable(
                reason: "a binary Phoenix message cut short: \(bytes.count) bytes end before \(what)")
        }
    }
}

extension Data {
    fileprivate var trimmingWhitespace: Data {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return Data()
        }
        return Data(self[first...last])
    }
}
