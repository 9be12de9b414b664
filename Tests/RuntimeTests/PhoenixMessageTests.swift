import Foundation
import SchemaGenRuntime
import Testing

/// Serializer 2.0.0's binary messages, against the bytes of upstream's own serializer tests, copied verbatim:
///
/// - supabase/realtime, `test/realtime_web/socket/v2_serializer_test.exs` at commit
///   25a40df4d4db9054bd0ac95894b7b8d5b202f1e1 (the server's `RealtimeWeb.Socket.V2Serializer`): "realtime" below;
/// - supabase/supabase-js, `packages/core/realtime-js/test/serializer.test.ts` at commit
///   2e029df678aba3190a53996cdb3c4b5efdf2eb71 (the client's `Serializer`): "realtime-js" below, whose fixtures are
///   JavaScript strings of code points under 0x80, so each is its own UTF-8 bytes.
struct PhoenixMessageTests {
    /// The Elixir binaries, member by member as the test file writes them (`"12"` is its bytes).
    static func elixir(_ parts: [any Sendable]) -> Data {
        var out = Data()
        for part in parts {
            if let byte = part as? Int {
                out.append(UInt8(byte))
            } else if let text = part as? String {
                out.append(contentsOf: text.utf8)
            }
        }
        return out
    }

    static let efg: [any Sendable] = [101, 102, 103]  // "efg", base64 "ZWZn"

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    static func read(_ data: Data, sentByClient: Bool = false) throws -> String {
        text(try PhoenixMessage.textForm(ofBinary: data, sentByClient: sentByClient))
    }

    // MARK: realtime (the server's serializer)

    @Test func readsTheClientPushOfRealtimesTests() throws {
        // @client_push
        let push = Self.elixir([0, 2, 3, 5, 5, "12", "123", "topic", "event"] + Self.efg)
        #expect(try Self.read(push, sentByClient: true) == #"["12","123","topic","event","ZWZn"]"#)
    }

    @Test func readsTheServerPushRealtimeEncodes() throws {
        // "general pushed message": a server's push has no ref size.
        let push = Self.elixir([0, 2, 5, 5, "12", "topic", "event"] + Self.efg)
        #expect(try Self.read(push) == #"["12",null,"topic","event","ZWZn"]"#)
    }

    @Test func readsRealtimesReplyAndBroadcast() throws {
        // @reply and @broadcast
        let reply = Self.elixir([1, 2, 3, 5, 2, "12", "123", "topic", "ok"] + Self.efg)
        #expect(try Self.read(reply) == #"["12","123","topic","phx_reply",{"status":"ok","response":"ZWZn"}]"#)
        let broadcast = Self.elixir([2, 5, 5, "topic", "event"] + Self.efg)
        #expect(try Self.read(broadcast) == #"[null,null,"topic","event","ZWZn"]"#)
    }

    static let replayed: [any Sendable] = [
        123, 34, 114, 101, 112, 108, 97, 121, 101, 100, 34, 58, 116, 114, 117, 101, 125,
    ]
    static let ab: [any Sendable] = [123, 34, 97, 34, 58, 34, 98, 34, 125]

    @Test func readsRealtimesUserBroadcastsAsTheBroadcastEvent() throws {
        // @binary_user_broadcast, @binary_user_broadcast_no_metadata, @json_user_broadcast, @json_user_broadcast_no_metadata
        let binary = Self.elixir([4, 5, 10, 17, 0, "topic", "user_event"] + Self.replayed + Self.efg)
        #expect(
            try Self.read(binary)
                == #"[null,null,"topic","broadcast",{"type":"broadcast","event":"user_event","payload":"ZWZn","meta":{"replayed":true}}]"#
        )
        let binaryBare = Self.elixir([4, 5, 10, 0, 0, "topic", "user_event"] + Self.efg)
        #expect(
            try Self.read(binaryBare)
                == #"[null,null,"topic","broadcast",{"type":"broadcast","event":"user_event","payload":"ZWZn"}]"#)
        let json = Self.elixir([4, 5, 10, 17, 1, "topic", "user_event"] + Self.replayed + Self.ab)
        #expect(
            try Self.read(json)
                == #"[null,null,"topic","broadcast",{"type":"broadcast","event":"user_event","payload":{"a":"b"},"meta":{"replayed":true}}]"#
        )
        let jsonBare = Self.elixir([4, 5, 10, 0, 1, "topic", "user_event"] + Self.ab)
        #expect(
            try Self.read(jsonBare)
                == #"[null,null,"topic","broadcast",{"type":"broadcast","event":"user_event","payload":{"a":"b"}}]"#)
    }

    @Test func readsRealtimesUserBroadcastPushes() throws {
        // @client_binary_user_broadcast_push, @client_json_user_broadcast_push, and ..._with_metadata, whose
        // metadata the server reads as the broadcast's own keys (`store`).
        let binary = Self.elixir([3, 2, 3, 5, 10, 0, 0, "12", "123", "topic", "user_event"] + Self.efg)
        #expect(
            try Self.read(binary, sentByClient: true)
                == #"["12","123","topic","broadcast",{"type":"broadcast","event":"user_event","payload":"ZWZn"}]"#)
        let json = Self.elixir(
            [3, 2, 3, 5, 10, 0, 1, "12", "123", "topic", "user_event", 123, 34, 97, 34, 58, 34, 98, 34, 125])
        #expect(
            try Self.read(json, sentByClient: true)
                == #"["12","123","topic","broadcast",{"type":"broadcast","event":"user_event","payload":{"a":"b"}}]"#)
        let withMetadata = Self.elixir(
            [3, 2, 3, 5, 10, 14, 0, "12", "123", "topic", "user_event", #"{"store":true}"#] + Self.efg)
        #expect(
            try Self.read(withMetadata, sentByClient: true)
                == #"["12","123","topic","broadcast",{"type":"broadcast","event":"user_event","payload":"ZWZn","store":true}]"#
        )
    }

    @Test func writesUserBroadcastsByteForByteAsRealtimesFastlane() throws {
        // "fastlane binary UserBroadcast" and "fastlane json UserBroadcast", with and without metadata.
        let replayed = Data(#"{"replayed":true}"#.utf8)
        #expect(
            try PhoenixMessage.userBroadcast(
                topic: "topic", userEvent: "user_event", metadata: replayed, payload: .bytes(Data([101, 102, 103])))
                == Self.elixir([4, 5, 10, 17, 0, "topic", "user_event"] + Self.replayed + Self.efg))
        #expect(
            try PhoenixMessage.userBroadcast(
                topic: "topic", userEvent: "user_event", metadata: nil, payload: .bytes(Data([101, 102, 103])))
                == Self.elixir([4, 5, 10, 0, 0, "topic", "user_event"] + Self.efg))
        #expect(
            try PhoenixMessage.userBroadcast(
                topic: "topic", userEvent: "user_event", metadata: replayed, payload: .json(Data(#"{"a":"b"}"#.utf8)))
                == Self.elixir([4, 5, 10, 17, 1, "topic", "user_event"] + Self.replayed + Self.ab))
    }

    // MARK: realtime-js (the client's serializer)

    @Test func writesUserBroadcastPushesByteForByteAsRealtimeJS() throws {
        let ab = Data(#"{"a":"b"}"#.utf8)
        // "encodes user broadcast push with JSON payload no metadata"
        #expect(
            Self.text(
                try PhoenixMessage.userBroadcastPush(
                    joinRef: "10", ref: "1", topic: "top", userEvent: "user-event", metadata: nil, payload: .json(ab)))
                == "\u{03}\u{02}\u{01}\u{03}\u{0a}\u{00}\u{01}101topuser-event{\"a\":\"b\"}")
        // "forwards persist as metadata by default"
        #expect(
            Self.text(
                try PhoenixMessage.userBroadcastPush(
                    joinRef: "10", ref: "1", topic: "top", userEvent: "user-event",
                    metadata: Data(#"{"persist":true}"#.utf8), payload: .json(ab)))
                == "\u{03}\u{02}\u{01}\u{03}\u{0a}\u{10}\u{01}101topuser-event{\"persist\":true}{\"a\":\"b\"}")
        // "encodes user broadcast push with JSON payload no refs"
        #expect(
            Self.text(
                try PhoenixMessage.userBroadcastPush(
                    joinRef: nil, ref: nil, topic: "top", userEvent: "user-event", metadata: nil, payload: .json(ab)))
                == "\u{03}\u{00}\u{00}\u{03}\u{0a}\u{00}\u{01}topuser-event{\"a\":\"b\"}")
        // "encodes user broadcast push with Binary payload"
        #expect(
            Self.text(
                try PhoenixMessage.userBroadcastPush(
                    joinRef: "10", ref: "1", topic: "top", userEvent: "user-event", metadata: nil,
                    payload: .bytes(Data([1, 4]))))
                == "\u{03}\u{02}\u{01}\u{03}\u{0a}\u{00}\u{00}101topuser-event\u{01}\u{04}")
    }

    @Test func readsUserBroadcastsAsRealtimeJSDecodesThem() throws {
        // "decodes user broadcast with JSON payload and no metadata" / "... and metadata" / "binary payload ..."
        let json = Data("\u{04}\u{03}\u{0a}\u{00}\u{01}topuser-event{\"a\":\"b\"}".utf8)
        #expect(
            try Self.read(json)
                == #"[null,null,"top","broadcast",{"type":"broadcast","event":"user-event","payload":{"a":"b"}}]"#)
        let withMeta = Data("\u{04}\u{03}\u{0a}\u{11}\u{01}topuser-event{\"replayed\":true}{\"a\":\"b\"}".utf8)
        #expect(
            try Self.read(withMeta)
                == #"[null,null,"top","broadcast",{"type":"broadcast","event":"user-event","payload":{"a":"b"},"meta":{"replayed":true}}]"#
        )
        let bytes = Data("\u{04}\u{03}\u{0a}\u{11}\u{00}topuser-event{\"replayed\":true}\u{01}\u{04}".utf8)
        #expect(
            try Self.read(bytes)
                == #"[null,null,"top","broadcast",{"type":"broadcast","event":"user-event","payload":"AQQ=","meta":{"replayed":true}}]"#
        )
    }

    // MARK: What cannot be read

    @Test(arguments: [
        ([UInt8](), "cut short: 0 bytes end before the kind"),
        ([9, 1, 2], "of kind 9"),
        ([4, 3, 10], "cut short: 3 bytes end before the header's sizes"),
        ([4, 3, 1, 0, 2, 0x74, 0x6F, 0x70, 0x65], "payload encoding is 2"),
        ([4, 3, 1, 0, 1, 0x74, 0x6F], "cut short: 7 bytes end before the topic"),
        ([4, 3, 1, 0, 1, 0x74, 0x6F, 0x70, 0x65, 0x7B], "whose JSON payload is not JSON"),
        ([4, 3, 1, 2, 1, 0x74, 0x6F, 0x70, 0x65, 0x7B, 0x31, 0x7B, 0x7D], "whose metadata is not JSON"),
        ([2, 1, 1, 0xFF, 0x65], "whose topic is not UTF-8"),
    ])
    func refusesDamagedMessagesSayingWhy(bytes: [UInt8], reason: String) {
        #expect {
            try PhoenixMessage.textForm(ofBinary: Data(bytes), sentByClient: false)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func refusesToWriteAStringOver255Bytes() {
        #expect {
            try PhoenixMessage.userBroadcast(
                topic: String(repeating: "t", count: 256), userEvent: "e", metadata: nil,
                payload: .json(Data("{}".utf8)))
        } throws: { error in
            "\(error)" == "the topic is 256 bytes; a binary Phoenix message holds at most 255"
        }
    }

    @Test func findsTheBroadcastInATextMessage() throws {
        let frame = Data(
            #"[null,null,"realtime:order:1","broadcast",{"type":"broadcast","event":"x","payload":{}}]"#.utf8)
        let found = try #require(PhoenixMessage.broadcast(inText: frame))
        #expect(found.topic == "realtime:order:1")
        #expect(Self.text(found.object) == #"{"type":"broadcast","event":"x","payload":{}}"#)
        #expect(PhoenixMessage.broadcast(inText: Data(#"[null,"1","phoenix","phx_reply",{}]"#.utf8)) == nil)
        #expect(PhoenixMessage.broadcast(inText: Data(#"{"event":"broadcast"}"#.utf8)) == nil)
    }
}
