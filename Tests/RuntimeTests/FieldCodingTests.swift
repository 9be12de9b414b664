import Foundation
@testable import SchemaGenRuntime
import Testing

/// The runtime pieces generated code codes values through (`JSONNumber`, `JSONKind`, `NumberString`, `CodedDate`,
/// `EmbeddedJSON`, `Nullable`), with `WireDecoder` and with Foundation's own coders, which apps may use too.
@Suite struct FieldCodingTests {
    static let wire = WireDecoder(dates: .iso8601)
    static let foundation = WireDateEncoding.iso8601.makeJSONDecoder()
    static let encoder = WireDateEncoding.iso8601.makeEncoder()

    static func text(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func jsonValuesKeepNumbersAsWritten() throws {
        let document = Data(#"[9007199254740993, 0.0010, -0, 1e2, 12345678901234567890]"#.utf8)
        let value = try Self.wire.decode(JSONValue.self, from: document)
        guard case .array(let numbers) = value else { Issue.record("not an array: \(value)"); return }
        #expect(
            numbers.map { if case .number(let number) = $0 { number.text } else { "" } } == [
                "9007199254740993", "0.0010", "-0", "1e2", "12345678901234567890",
            ])
        if case .number(let big) = numbers[0] {
            #expect(big.int64 == 9_007_199_254_740_993 && big.double == 9_007_199_254_740_992)
        }
        if case .number(let small) = numbers[1] { #expect(small.decimal == Decimal(string: "0.001")) }
        // Written back digit for digit where JSON allows; the exponent form through Double.
        #expect(try Self.text(value) == "[9007199254740993,0.001,0,100,12345678901234567890]")
        // Foundation's decoder reads whole numbers exactly too.
        let viaFoundation = try Self.foundation.decode(JSONValue.self, from: Data("[9007199254740993, 1.5]".utf8))
        #expect(viaFoundation == [.number(JSONNumber(9_007_199_254_740_993)), 1.5])
        #expect(
            JSONNumber(1) == JSONNumber(text: "1.0") && JSONNumber(1).hashValue == JSONNumber(text: "1.0")?.hashValue)
        // A fraction JSONDecoder would drop from a whole number is kept (a fuzzing finding): both decoders agree.
        let mixed = Data("[0,-0,1e2,123456789012345678,9007199254740993.5,3.0]".utf8)
        #expect(
            try Self.wire.decode(JSONValue.self, from: mixed)
                == (try Self.foundation.decode(JSONValue.self, from: mixed)))
        #expect(JSONNumber(text: "9007199254740993") != JSONNumber(text: "9007199254740992"))
        #expect(throws: DecodingError.self) { try Self.wire.decode(JSONValue.self, from: Data("1e400".utf8)) }
    }

    @Test func jsonNumberTextFollowsTheGrammar() {
        for valid in ["0", "-0", "12", "1.5", "-1.5e-3", "2E+10", "0.0010"] {
            #expect(JSONNumber(text: valid) != nil, "\(valid)")
        }
        for invalid in ["", "+1", ".5", "01", "1.", "1e", "-", "NaN", "0x10", " 1", "1 "] {
            #expect(JSONNumber(text: invalid) == nil, "\(invalid)")
        }
    }

    struct Probe: Decodable {
        var kind: JSONKind
        init(from decoder: any Decoder) throws { kind = try JSONKind(of: decoder) }
    }

    @Test(arguments: [
        ("null", JSONKind.null), ("true", .bool), ("1.5", .number), (#""x""#, .string), ("[1]", .array),
        (#"{"a":1}"#, .object),
    ])
    func kindsAreReadAlikeByBothDecoders(_ json: String, _ kind: JSONKind) throws {
        #expect(try Self.wire.decode(Probe.self, from: Data(json.utf8)).kind == kind)
        #expect(try Self.foundation.decode(Probe.self, from: Data(json.utf8)).kind == kind)
    }

    @Test func numbersInStringsAreExactlyJSONNumbers() throws {
        for decoder in [Self.wire.decode, Self.foundation.decode]
            as [(NumberString<Decimal>.Type, Data) throws -> NumberString<Decimal>]
        {
            #expect(try decoder(NumberString<Decimal>.self, Data(#""0.0010""#.utf8)).value == Decimal(string: "0.001"))
            for bad in [#"" 1""#, #""+1""#, #""1e""#, #""NaN""#, #""0x10""#, "1"] {
                #expect(throws: DecodingError.self, "\(bad)") {
                    try decoder(NumberString<Decimal>.self, Data(bad.utf8))
                }
            }
        }
        #expect(throws: DecodingError.self) {
            try Self.wire.decode(NumberString<Int64>.self, from: Data(#""9223372036854775808""#.utf8))
        }
        #expect(
            try Self.wire.decode(NumberString<Int64>.self, from: Data(#""-9223372036854775808""#.utf8)).value == .min)
        #expect(try Self.text(NumberString(Decimal(string: "12.50")!)) == #""12.5""#)
        #expect(try Self.text(NumberString(0.1)) == #""0.1""#)
    }

    @Test func datesInTheirOwnEncoding() throws {
        let micro = try Self.foundation.decode(
            CodedDate<WireDateEncoding.UnixMicroseconds>.self, from: Data("1534614248456738".utf8))
        #expect(abs(micro.value.timeIntervalSince1970 - 1_534_614_248.456738) < 0.000_001)
        #expect(try Self.text(micro) == "1534614248456738")
        let millis = try Self.wire.decode(
            CodedDate<WireDateEncoding.UnixMilliseconds>.self, from: Data("1738315800123".utf8))
        #expect(try Self.text(millis) == "1738315800123")
        #expect(
            try Self.text(CodedDate<WireDateEncoding.ISO8601Fractional>(Date(timeIntervalSince1970: 0)))
                == #""1970-01-01T00:00:00.000Z""#)
        #expect(throws: DecodingError.self) {
            try Self.wire.decode(CodedDate<WireDateEncoding.ISO8601>.self, from: Data(#""yesterday""#.utf8))
        }
    }

    struct Meta: Codable, Equatable, Sendable {
        var at: Date
    }

    @Test func jsonInsideAStringUsesThePayloadsDates() throws {
        let millis = WireDecoder(dates: .unixMilliseconds)
        let embedded = try millis.decode(EmbeddedJSON<Meta>.self, from: Data(#""{\"at\":1000}""#.utf8))
        #expect(embedded.value == Meta(at: Date(timeIntervalSince1970: 1)))
        let viaFoundation = try WireDateEncoding.unixMilliseconds.makeJSONDecoder().decode(
            EmbeddedJSON<Meta>.self, from: Data(#""{\"at\":1000}""#.utf8))
        #expect(viaFoundation.value == embedded.value)
        #expect(
            String(decoding: try WireDateEncoding.unixMilliseconds.makeEncoder().encode(embedded), as: UTF8.self)
                == #""{\"at\":1000}""#)
        #expect(throws: DecodingError.self) {
            try millis.decode(EmbeddedJSON<Meta>.self, from: Data(#""{\"at\":""#.utf8))
        }
    }

    @Test func nullableTellsNullFromAValue() throws {
        #expect(try Self.foundation.decode(Nullable<Int>.self, from: Data("null".utf8)) == .null)
        #expect(try Self.wire.decode(Nullable<Int>.self, from: Data("3".utf8)) == .value(3))
        #expect(try Self.text([Nullable<Int>.null, .value(2)]) == "[null,2]")
        #expect(Nullable<Int>(nil) == .null && Nullable(4).wrapped == 4 && Nullable(4).map { $0 * 2 } == .value(8))
    }
}
