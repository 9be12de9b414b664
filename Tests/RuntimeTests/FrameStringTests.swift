import Foundation
@testable import SchemaGenRuntime
import TestSupport
import Testing

/// Every string a frame parser reads (event names, envelope keys, channels, Pusher's JSON-in-a-string
/// `data`, discriminator values) goes through the same validation as payload strings: a hostile string is a
/// `MalformedFrame`, never a crash.
@Suite struct FrameStringTests {
    static let framings: [WireFraming] = [
        .socketIO,
        .envelope(.init(nameKey: "event", payloadKey: "data", channelKey: "channel")),
        .envelope(.init(nameKey: "event", payloadKey: "data", channelKey: "channel", payloadIsJSONString: true)),
        .discriminator(key: "type"),
        // A name in a nested object, with a condition and a channel: every string a shape reads.
        .shapes([
            FrameShape(
                name: "event", conditions: [.init(path: FramePath(keys: "kind"), value: .string("event"))],
                eventName: FramePath(keys: "d.type"), payload: .at(FramePath(keys: "d.data")),
                channel: FramePath(keys: "topic"))
        ]),
    ]

    /// Strings JSON does not allow, each as it would be written between quotes: a high surrogate followed by
    /// a `\u` escape that is not a low surrogate (the 18-byte frame that trapped), lone surrogates, bad hex,
    /// control characters and malformed UTF-8.
    static let hostileStrings: [[UInt8]] = [
        Array(#"\ud800\u0041"#.utf8), Array(#"\udbff\ud800"#.utf8), Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8),
        Array(#"\ud800\u"#.utf8), Array(#"\u12g4"#.utf8), Array(#"\x"#.utf8), [0x01], [0xFF], [0xED, 0xA0, 0x80],
        [0xC3],
    ]

    /// `42["\ud800\u0041"]` on the wire, 18 bytes with Socket.IO's packet type: the event array trapped.
    @Test func theEighteenBytesThatTrappedAreAMalformedFrame() {
        let frame = Data(#"["\ud800\u0041"]"#.utf8)
        #expect(throws: WireFraming.MalformedFrame.self) { try WireFraming.socketIO.parse(frame) }
    }

    @Test(arguments: hostileStrings)
    func hostileStringsAnywhereAFrameParserReadsAreMalformedFrames(string: [UInt8]) {
        let quoted = [UInt8(ascii: "\"")] + string + [UInt8(ascii: "\"")]
        func frame(_ parts: [UInt8]...) -> Data { Data(parts.joined()) }
        let frames: [(WireFraming, Data)] = [
            (.socketIO, frame(Array("[".utf8), quoted, Array(",{}]".utf8))),
            (Self.framings[1], frame(Array(#"{"event":"#.utf8), quoted, Array(#","data":{}}"#.utf8))),
            (Self.framings[1], frame(Array("{".utf8), quoted, Array(#":1,"event":"e","data":{}}"#.utf8))),
            (Self.framings[1], frame(Array(#"{"event":"e","channel":"#.utf8), quoted, Array(#","data":{}}"#.utf8))),
            (Self.framings[2], frame(Array(#"{"event":"e","data":"#.utf8), quoted, Array("}".utf8))),
            (Self.framings[3], frame(Array(#"{"type":"#.utf8), quoted, Array("}".utf8))),
            (Self.framings[4], frame(Array(#"{"kind":"#.utf8), quoted, Array(#","d":{"type":"e"}}"#.utf8))),
            (Self.framings[4], frame(Array(#"{"kind":"event","d":{"type":"#.utf8), quoted, Array("}}".utf8))),
            (
                Self.framings[4],
                frame(Array(#"{"kind":"event","topic":"#.utf8), quoted, Array(#","d":{"type":"e"}}"#.utf8))
            ),
            (Self.framings[4], frame(Array(#"{"kind":"event","d":{"#.utf8), quoted, Array(#":1,"type":"e"}}"#.utf8))),
        ]
        for (framing, data) in frames {
            #expect(throws: WireFraming.MalformedFrame.self, "\(String(decoding: data, as: UTF8.self))") {
                try framing.parse(data)
            }
        }
    }

    @Test func validEscapesDecodeAlikeInFramesAndPayloads() throws {
        let name = #"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \b\f\n\r\t é"#
        let expected = "café 😀 \"q\" \\ / \u{8}\u{C}\n\r\t é"
        for framing in Self.framings {
            let data: Data =
                switch framing {
                case .socketIO: Data(#"["\#(name)",{}]"#.utf8)
                case .envelope: Data(#"{"event":"\#(name)","data":"{}"}"#.utf8)
                case .discriminator: Data(#"{"type":"\#(name)"}"#.utf8)
                case .shapes: Data(#"{"kind":"event","d":{"type":"\#(name)"}}"#.utf8)
                }
            #expect(try framing.parse(data).eventName == expected, "\(framing)")
        }
        #expect(try WireDecoder(dates: .iso8601).decode(String.self, from: Data(#""\#(name)""#.utf8)) == expected)
    }

    /// Random strings of escapes, surrogates, multi-byte characters and stray bytes: the frame scanner, the
    /// payload decoder and Foundation accept the same ones, with the same text.
    @Test func scannerDecoderAndFoundationAgreeOnRandomStrings() {
        var random = SeededGenerator(seed: 0x57_21_46)
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("é".utf8), Array("😀".utf8), Array(#"\n"#.utf8), Array(#"\""#.utf8),
            Array(#"\u0041"#.utf8),
            Array(#"\ud83d"#.utf8), Array(#"\ude00"#.utf8), Array(#"\u00"#.utf8), Array(#"\"#.utf8), [0x01], [0xFF],
            [0xF0, 0x9F],
            Array(#"\ud800\u0041"#.utf8), Array(#"\/"#.utf8), Array(#"\q"#.utf8),
        ]
        for _ in 0..<5_000 {
            var body: [UInt8] = []
            for _ in 0..<Int(random.next() % 5) { body += pieces[Int(random.next() % UInt64(pieces.count))] }
            let data = Data([UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")])
            let reference = try? JSONDecoder().decode(String.self, from: data)
            let payload = try? WireDecoder(dates: .iso8601).decode(String.self, from: data)
            let scanned = data.withUnsafeBytes { bytes -> String? in
                var scanner = JSONScanner(bytes)
                guard let text = try? scanner.parseString(), scanner.atEnd else { return nil }
                return text
            }
            #expect(payload == reference, "\(String(decoding: data, as: UTF8.self))")
            #expect(scanned == reference, "\(String(decoding: data, as: UTF8.self))")
        }
    }
}
