import Foundation
@_spi(Generated) @testable import SchemaGenRuntime
import TestSupport
import Testing

/// `WireDecoder` reads what Foundation's `JSONDecoder` reads, into the same values, and fails where it fails
/// with the same kind of error at the same coding path.
@Suite struct WireDecoderTests {
    struct Point: Codable, Equatable { var x: Double; var y: Double }
    enum Kind: String, Codable, Equatable { case small, large }

    /// Every type a contract can use, and the other types `JSONDecoder` reads specially.
    struct Everything: Codable, Equatable {
        var text: String
        var count: Int
        var ratio: Double
        var flag: Bool
        var at: Date
        var link: URL
        var extra: JSONValue
        var tags: [String]
        var grid: [[Int]]
        var weights: [String: Double]
        var flags: [String: [Bool]]?
        var point: Point
        var kind: Kind
        var maybePoint: Point?
        var maybeKinds: [Kind]?
        var small: Int8
        var unsigned: UInt64
        var single: Float
        var blob: Data
        var amount: Decimal
        var nothing: String?
    }

    static let everything = #"""
        {"text":"caf\u00e9 \"quoted\" \/ \ud83d\ude00 tab\tnew\nline é😀","count":-42,"ratio":1.5e-3,"flag":true,"at":1738315800.25,
         "link":"https://example.com/a?b=c","extra":{"list":[1,2.5,"x",null,true,{}],"nested":{"deep":[[]]}},"tags":["a","",  "b"],
         "grid":[[1,2],[],[3]],"weights":{"a":1,"b":-0.5,"":0},"flags":{"x":[true,false]},"point":{"y":2,"x":1},"kind":"large",
         "maybePoint":null,"small":-128,"unsigned":18446744073709551615,"single":0.1,"blob":"aGVsbG8=","amount":12.345,
         "unknown":{"ignored":[1,{"a":"b"}]}}
        """#

    static func foundation(_ dates: WireDateEncoding = .unixSeconds) -> JSONDecoder { dates.makeJSONDecoder() }

    @Test func decodesEveryTypeAsFoundationDoes() throws {
        let data = Data(Self.everything.utf8)
        let wire = try WireDecoder(dates: .unixSeconds).decode(Everything.self, from: data)
        let reference = try Self.foundation().decode(Everything.self, from: data)
        #expect(wire == reference)
        #expect(wire.text == "café \"quoted\" / 😀 tab\tnew\nline é😀")
        #expect(wire.unsigned == .max && wire.small == .min && wire.point == Point(x: 1, y: 2))
        #expect(wire.maybePoint == nil && wire.nothing == nil && wire.blob == Data("hello".utf8))
    }

    @Test(arguments: [
        "null", "true", "false", "0", "-0", "1e2", "1E+2", "-1.25e-7", "123456789012345678", "0.1", "\"\"",
        "\"\\u0000\"",
        "[]", "{}", " [ 1 , [ 2 , [ 3 ] ] ] ", "{\"a\":{\"b\":{\"c\":[null,{}]}}}", "\"\\b\\f\\n\\r\\t\\\\\\/\"",
        "{\"é\":\"\\u00e9\",\"\\u00e9x\":1}", "[1.7976931348623157e308, 5e-324, 4.9e-324]", "\r\n\t{}\r\n",
    ])
    func readsAnyDocumentAsFoundationDoes(text: String) throws {
        let data = Data(text.utf8)
        #expect(
            try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: data)
                == Self.foundation().decode(JSONValue.self, from: data))
    }

    @Test(arguments: [
        "", " ", "nul", "tru", "True", "{'a':1}", "{\"a\" 1}", "{1:2}", "[1 2]", "01", "-", "+1", ".5", "1.",
        "1e", "1e+", "NaN", "Infinity", "-Infinity", "0x10", "\"unterminated", "\"bad \\x escape\"", "\"\\u12\"",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"tab\there\"", "[1] [2]", "{} x", "[", "{", "{\"a\":",
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
    ])
    func rejectsWhatFoundationRejects(text: String) {
        let data = Data(text.utf8)
        #expect(throws: DecodingError.self) { try Self.foundation().decode(JSONValue.self, from: data) }
        #expect(
            Self.errorShape { try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: data) }
                == .dataCorrupted(path: []))
    }

    /// Foundation tolerates a comma before a closing bracket; JSON does not, and neither does the decoder.
    @Test(arguments: ["[1,]", #"{"a":1,}"#, "[,]", "[1,,2]"])
    func rejectsTrailingCommas(text: String) {
        #expect(
            Self.errorShape { try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: Data(text.utf8)) }
                == .dataCorrupted(path: []))
    }

    @Test(
        arguments: [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]]
            as [[UInt8]])
    func rejectsMalformedUTF8(sequence: [UInt8]) {
        let data = Data([UInt8(ascii: "\"")] + sequence + [UInt8(ascii: "\"")])
        #expect(throws: DecodingError.self) { try Self.foundation().decode(String.self, from: data) }
        #expect(
            Self.errorShape { try WireDecoder(dates: .iso8601).decode(String.self, from: data) }
                == .dataCorrupted(path: []))
    }

    /// Strings are scanned eight bytes at a time: every byte that needs a look of its own (a quote, a backslash,
    /// a control character, each byte of a multi-byte character, a stray continuation byte) is found at every
    /// offset of the eight-byte window and near the end of the buffer, and read or rejected as Foundation does.
    @Test func everySpecialByteIsFoundAtEveryOffsetOfAString() throws {
        let specials: [[UInt8]] = [
            [0x22], [0x5C, 0x6E], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x5C], [0x5C, 0x78], [0x01], [0x1F],
            [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC3], [0xFF], [0x20],
        ]
        for special in specials {
            for before in 0..<18 {
                for after in [0, 1, 7, 8, 9] {
                    let content =
                        Array(repeating: UInt8(ascii: "a"), count: before) + special
                        + Array(repeating: UInt8(ascii: "b"), count: after)
                    let data = Data(
                        [UInt8(ascii: "["), UInt8(ascii: "\"")] + content + [UInt8(ascii: "\""), UInt8(ascii: "]")])
                    let wire = Result { try WireDecoder(dates: .unixSeconds).decode([String].self, from: data) }
                    let reference = Result { try Self.foundation().decode([String].self, from: data) }
                    switch (wire, reference) {
                    case (.success(let value), .success(let expected)): #expect(value == expected, "\(content)")
                    case (.failure, .failure): break
                    default: Issue.record("\(content): WireDecoder \(wire), Foundation \(reference)")
                    }
                }
            }
        }
    }

    /// Thousands of damaged copies of a realistic document (bytes deleted, inserted, replaced, from a seeded
    /// generator so failures reproduce): the decoder never crashes, and accepts exactly what Foundation accepts
    /// (but trailing commas), into the same value.
    @Test func damagedDocumentsAreReadOrRejectedAsFoundationDoes() throws {
        var random = SeededGenerator(seed: 0x5EED)
        let original = Array(Self.everything.utf8)
        let alphabet = Array(#"{}[]":,.-+eE0123456789 \u"tfnrl"#.utf8) + [0xC3, 0xA9, 0xFF, 0x00, 0x0A]
        var agreedFailures = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int(random.next() % 3 + 1) {
                let position = Int(random.next() % UInt64(bytes.count))
                let byte = alphabet[Int(random.next() % UInt64(alphabet.count))]
                switch random.next() % 3 {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(byte, at: position)
                default: bytes[position] = byte
                }
            }
            let data = Data(bytes)
            let wire = Result { try WireDecoder(dates: .unixSeconds).decode(JSONValue.self, from: data) }
            let reference = Result { try Self.foundation().decode(JSONValue.self, from: data) }
            switch (wire, reference) {
            case (.success(let value), .success(let expected)):
                #expect(value == expected, "\(String(decoding: bytes, as: UTF8.self))")
            case (.failure(let error), .success):
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(
                    text.contains(/,\s*[\]}]/),
                    "only trailing commas may be read by Foundation alone: \(text): \(error)")
            case (.success, .failure):
                Issue.record("read what Foundation rejects: \(String(decoding: bytes, as: UTF8.self))")
            case (.failure, .failure):
                agreedFailures += 1
            }
        }
        #expect(agreedFailures > 1_000, "the damage should break most documents")
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(
            Self.errorShape { try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: deep) }
                == .dataCorrupted(path: []))
        let allowed = Data((String(repeating: "[", count: 500) + String(repeating: "]", count: 500)).utf8)
        #expect(throws: Never.self) { try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: allowed) }
    }

    /// What a decoding error says, without its message: the case, the path and (for keys) the missing key.
    enum ErrorShape: Equatable {
        case typeMismatch(path: [String])
        case valueNotFound(path: [String])
        case keyNotFound(key: String, path: [String])
        case dataCorrupted(path: [String])
        case none
        case other(String)
    }

    static func errorShape(_ body: () throws -> Any) -> ErrorShape {
        do {
            _ = try body()
            return .none
        } catch let error as DecodingError {
            func path(_ context: DecodingError.Context) -> [String] { context.codingPath.map(\.stringValue) }
            switch error {
            case .typeMismatch(_, let context): return .typeMismatch(path: path(context))
            case .valueNotFound(_, let context): return .valueNotFound(path: path(context))
            case .keyNotFound(let key, let context): return .keyNotFound(key: key.stringValue, path: path(context))
            case .dataCorrupted(let context): return .dataCorrupted(path: path(context))
            @unknown default: return .other("\(error)")
            }
        } catch {
            return .other("\(error)")
        }
    }

    struct Sample: Codable, Equatable {
        var id: Int
        var point: Point
        var points: [Point]
        var small: Int8?
        var kinds: [String: Kind]?
    }

    @Test(arguments: [
        // Each case drops or breaks one thing in an otherwise valid sample.
        #"{"id":"1","point":{"x":1,"y":2},"points":[]}"#, #"{"id":null,"point":{"x":1,"y":2},"points":[]}"#,
        #"{"point":{"x":1,"y":2},"points":[]}"#, #"{"id":1,"point":{"x":1},"points":[]}"#,
        #"{"id":1,"point":{"x":1,"y":"2"},"points":[]}"#,
        #"{"id":1,"point":{"x":1,"y":2},"points":[{"x":1,"y":2},{"x":true,"y":2}]}"#,
        #"{"id":1,"point":{"x":1,"y":2},"points":[{"x":1,"y":2},null]}"#, #"{"id":1,"point":[1,2],"points":[]}"#,
        #"{"id":1,"point":{"x":1,"y":2},"points":{}}"#, #"{"id":1.5,"point":{"x":1,"y":2},"points":[]}"#,
        #"{"id":1e300,"point":{"x":1,"y":2},"points":[]}"#, #"{"id":1,"point":{"x":1,"y":2},"points":[],"small":300}"#,
        #"{"id":1,"point":{"x":1,"y":2},"points":[],"small":-129}"#,
        #"{"id":99999999999999999999,"point":{"x":1,"y":2},"points":[]}"#,
        #"{"id":1,"point":{"x":1,"y":2},"points":[],"kinds":{"a":"small","b":"huge"}}"#, #"[]"#, #"null"#, #""text""#,
        #"{"id":1.0,"point":{"x":1,"y":2},"points":[],"small":1e2}"#,
        #"{"id":-0,"point":{"x":1e0,"y":-2.5E+1},"points":[]}"#,
    ])
    func failsWhereFoundationFailsAtTheSamePath(text: String) throws {
        let data = Data(text.utf8)
        let wire = Self.errorShape { try WireDecoder(dates: .iso8601).decode(Sample.self, from: data) }
        let reference = Self.errorShape { try Self.foundation().decode(Sample.self, from: data) }
        // Foundation reports a number that does not fit as invalid JSON (no path); schemagen names the field.
        if case .dataCorrupted = reference, case .dataCorrupted = wire { return }
        #expect(wire == reference)
        if reference == .none {
            #expect(
                try WireDecoder(dates: .iso8601).decode(Sample.self, from: data)
                    == Self.foundation().decode(Sample.self, from: data))
        }
    }

    @Test func numbersThatDoNotFitNameTheirField() {
        let data = Data(#"{"id":1,"point":{"x":1,"y":2},"points":[],"small":300}"#.utf8)
        #expect(
            Self.errorShape { try WireDecoder(dates: .iso8601).decode(Sample.self, from: data) }
                == .dataCorrupted(path: ["small"]))
    }

    @Test func keysInAnyOrderAndRepeatedLookupsFindTheirValues() throws {
        struct Three: Decodable {
            var a: Int, b: Int, c: Int, again: Int
            enum CodingKeys: String, CodingKey { case a, b, c }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                c = try container.decode(Int.self, forKey: .c)
                a = try container.decode(Int.self, forKey: .a)
                b = try container.decode(Int.self, forKey: .b)
                again = try container.decode(Int.self, forKey: .a)
                #expect(container.contains(.b) && container.allKeys.map(\.stringValue) == ["b", "a", "c"])
            }
        }
        let three = try WireDecoder(dates: .iso8601).decode(Three.self, from: Data(#"{"b":2,"a":1,"c":3}"#.utf8))
        #expect(three.a == 1 && three.b == 2 && three.c == 3 && three.again == 1)
    }

    @Test func escapedKeysMatch() throws {
        struct Keyed: Decodable, Equatable { var name: String }
        let keyed = try WireDecoder(dates: .iso8601).decode(Keyed.self, from: Data(#"{"n\u0061me":"x"}"#.utf8))
        #expect(keyed == Keyed(name: "x"))
    }

    @Test func dictionariesKeepTheFirstOfRepeatedKeys() throws {
        let data = Data(#"{"x":1,"y":2,"x":3,"y":4,"z":5}"#.utf8)
        let value = try WireDecoder(dates: .iso8601).decode([String: Int].self, from: data)
        #expect(value == ["x": 1, "y": 2, "z": 5])
        #expect(try value == Self.foundation().decode([String: Int].self, from: data))
    }

    @Test func datesFollowTheContractsEncoding() throws {
        struct Stamp: Decodable { var at: Date }
        let expected = Date(timeIntervalSince1970: 1_738_315_800.5)
        for (dates, text) in [
            (WireDateEncoding.iso8601Fractional, #""2025-01-31T09:30:00.5Z""#),
            (.iso8601, #""2025-01-31T11:30:00.5+02:00""#),
            (.unixSeconds, "1738315800.5"), (.unixMilliseconds, "1738315800500"),
        ] {
            let data = Data(#"{"at":\#(text)}"#.utf8)
            #expect(try WireDecoder(dates: dates).decode(Stamp.self, from: data).at == expected, "\(dates)")
            #expect(try dates.makeJSONDecoder().decode(Stamp.self, from: data).at == expected, "\(dates)")
        }
        let wrong = Data(#"{"at":"31/01/2025"}"#.utf8)
        #expect(
            Self.errorShape { try WireDecoder(dates: .iso8601).decode(Stamp.self, from: wrong) }
                == .dataCorrupted(path: ["at"]))
        #expect(
            Self.errorShape { try WireDecoder(dates: .unixSeconds).decode(Stamp.self, from: wrong) }
                == .typeMismatch(path: ["at"]))
    }

    @Test func aDecoderKeptAfterDecodingStillReadsItsValue() throws {
        struct Keeper: Decodable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
        }
        let keeper = try WireDecoder(dates: .iso8601).decode([Keeper].self, from: Data(#"["kept"]"#.utf8))
        #expect(try keeper[0].decoder.singleValueContainer().decode(String.self) == "kept")
        #expect(keeper[0].decoder.codingPath.map(\.intValue) == [0])
    }

    @Test func unkeyedContainersReportTheirEnd() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                #expect(container.count == 2)
                #expect(try container.decodeNil())
                #expect(try container.decode(Int.self) == 7)
                #expect(container.isAtEnd)
                #expect(throws: DecodingError.self) { try container.decode(Int.self) }
            }
        }
        _ = try WireDecoder(dates: .iso8601).decode(Pair.self, from: Data("[null,7]".utf8))
    }

    /// A Socket.IO callback called with nothing (`callback()`) sends `[]`: an optional acknowledgement (`emptyIsNil`)
    /// reads it as `nil`, as the contract interpreter does; a required or only nullable one refuses it. Found by the
    /// oracle (seed 777).
    @Test func anEmptyAcknowledgementIsNilForAnOptionalValueOnly() throws {
        let decoder = WireDecoder(dates: .iso8601)
        let empty = Data("[]".utf8)
        #expect(try decoder.decodeAcknowledgement(Int?.self, from: empty, spread: false, emptyIsNil: true) == nil)
        #expect(try decoder.decodeAcknowledgement(Int?.self, from: Data("[null]".utf8), spread: false) == nil)
        #expect(
            try decoder.decodeAcknowledgement(Int?.self, from: Data("[4]".utf8), spread: false, emptyIsNil: true) == 4)
        #expect(throws: DecodingError.self) { try decoder.decodeAcknowledgement(Int?.self, from: empty, spread: false) }
        #expect(throws: DecodingError.self) {
            try decoder.decodeAcknowledgement(Int.self, from: empty, spread: false, emptyIsNil: true)
        }
    }
}
