import Foundation
@testable import SchemaGenRuntime
import Testing

/// What `WireDecoder` reads, decided case by case and written down in docs/decoding.md: each row has the
/// value schemagen gives and, where Foundation's `JSONDecoder` gives something else, what Foundation gives,
/// so the documented differences are checked on every run (and a change in Foundation shows up here).
@Suite struct DecodingSemanticsTests {
    /// How a number reads: its `description`, or `nil` when it is rejected.
    struct NumberCase: CustomTestStringConvertible, Sendable {
        var text: String
        var type: String
        var wire: String?
        /// Foundation's result when it differs from schemagen's.
        var foundation: String??
        var testDescription: String { "\(text) as \(type)" }

        init(_ text: String, _ type: String, _ wire: String?, foundation: String?? = .none) {
            self.text = text
            self.type = type
            self.wire = wire
            self.foundation = foundation
        }
    }

    static let numbers: [NumberCase] = [
        // Integers read exact whole numbers, whatever their spelling; fractions and out-of-range values fail.
        .init("3.0", "Int", "3"), .init("3e2", "Int", "300"), .init("1.5e1", "Int", "15"), .init("100e-2", "Int", "1"),
        .init("0.1e1", "Int", "1"), .init("3.5", "Int", nil), .init("1e-1", "Int", nil), .init("-0", "Int", "0"),
        .init("0e400", "Int", "0"), .init("1e400", "Int", nil),
        .init("10000000000000000000000e-5", "Int", "100000000000000000"),
        .init("9007199254740993.0", "Int", "9007199254740993"), .init("9223372036854775808", "Int", nil),
        .init("-9223372036854775808", "Int", "-9223372036854775808"),
        // Foundation reads these through Double: it truncates a fraction beyond Double's precision, and
        // rejects whole numbers at the edge of the range written with an exponent.
        .init("9007199254740993.5", "Int", nil, foundation: "9007199254740993"),
        .init("9.223372036854775807e18", "Int", "9223372036854775807", foundation: .some(nil)),
        .init("-9.223372036854775808e18", "Int", "-9223372036854775808", foundation: .some(nil)),
        .init("255.0", "UInt8", "255"), .init("2.55e2", "UInt8", "255"), .init("256", "UInt8", nil),
        .init("-1", "UInt8", nil),
        .init("-0.0", "UInt8", "0"),
        // Doubles: the nearest value; -0 keeps its sign; too large, or so small it would read as 0, fails.
        .init("-0", "Double", "-0.0"), .init("-0.0", "Double", "-0.0"), .init("0e-999", "Double", "0.0"),
        .init("1e-400", "Double", nil), .init("-1e-400", "Double", nil), .init("2e-324", "Double", nil),
        .init("3e-324", "Double", "5e-324"), .init("4e-320", "Double", "4e-320"), .init("1e309", "Double", nil),
        .init("123456789012345678901234567890", "Double", "1.2345678901234568e+29"), .init("0.1", "Double", "0.1"),
        // Floats: the same rules at Float's precision.
        .init("-0", "Float", "-0.0"), .init("1e-50", "Float", nil), .init("1e-46", "Float", nil),
        .init("1e-40", "Float", "1e-40"),
        .init("3.4e39", "Float", nil), .init("16777217", "Float", "16777216.0"),
        // RFC 8259 allows any zero with an exponent; JSONDecoder rejects some (and reads `0E+2`, `0.0e1`).
        .init("0e1", "Double", "0.0", foundation: .some(nil)), .init("0E1", "Double", "0.0", foundation: .some(nil)),
        .init("-0.0E+2", "Double", "-0.0", foundation: .some(nil)),
        .init("0.00E-1", "Double", "0.0", foundation: .some(nil)),
        .init("0E+2", "Double", "0.0"), .init("0.0e1", "Double", "0.0"),
    ]

    static func read(_ text: String, as type: String, with decode: (Data) throws -> Any) -> String? {
        guard let array = try? decode(Data("[\(text)]".utf8)) else { return nil }
        return (array as? [Any])?.first.map { "\($0)" }
    }

    static func decoder(_ type: String, wire: Bool) -> (Data) throws -> Any {
        func make<T: Decodable>(_: T.Type) -> (Data) throws -> Any {
            wire
                ? { try WireDecoder(dates: .iso8601).decode([T].self, from: $0) }
                : { try JSONDecoder().decode([T].self, from: $0) }
        }
        switch type {
        case "Int": return make(Int.self)
        case "UInt8": return make(UInt8.self)
        case "Double": return make(Double.self)
        default: return make(Float.self)
        }
    }

    @Test(arguments: numbers)
    func numbersReadAsDecided(number: NumberCase) {
        #expect(Self.read(number.text, as: number.type, with: Self.decoder(number.type, wire: true)) == number.wire)
        let foundation = Self.read(number.text, as: number.type, with: Self.decoder(number.type, wire: false))
        switch number.foundation {
        case .none: #expect(foundation == number.wire, "Foundation agrees on this one")
        case .some(let expected): #expect(foundation == expected, "the documented difference from Foundation")
        }
    }

    struct Fields: Decodable, Equatable { var a: Int; var b: Int }

    /// Whichever order the fields come in, and whether a repeat is escaped, the first value is read, as
    /// Foundation reads it (the lookup that resumes after the last key found used to take a later copy).
    @Test(arguments: [
        #"{"a":1,"b":2,"a":3}"#, #"{"b":2,"a":1,"a":3}"#, #"{"a":1,"a":3,"b":2}"#, #"{"a":1,"b":2,"b":4,"a":3}"#,
        #"{"a":1,"\u0061":3,"b":2}"#, #"{"\u0061":1,"a":3,"b":2,"b":5}"#,
        // A later value that would not read (a number too small for a Double) is never read.
        #"{"a":1,"b":2,"a":-4465e-709}"#, #"{"a":1,"b":2,"b":[1e-400,{"x":1e999}]}"#,
    ])
    func repeatedKeysReadTheFirstValue(text: String) throws {
        let data = Data(text.utf8)
        #expect(try WireDecoder(dates: .iso8601).decode(Fields.self, from: data) == Fields(a: 1, b: 2))
        #expect(try JSONDecoder().decode(Fields.self, from: data) == Fields(a: 1, b: 2))
        #expect(
            try WireDecoder(dates: .iso8601).decode(JSONValue.self, from: data)
                == JSONDecoder().decode(JSONValue.self, from: data))
    }

    struct ThreeFields: Decodable, Equatable { var a: Int; var b: Int; var c: Int }

    /// A repeat found after the keys a lookup already passed: `c` is found where the lookup resumes (after `b`),
    /// and its first value is before that, among keys passed while looking for `a`.
    @Test(arguments: [
        #"{"c":1,"a":1,"b":2,"c":3}"#, #"{"x":0,"c":1,"a":1,"b":2,"c":3}"#, #"{"a":1,"c":1,"b":2,"c":3,"c":4}"#,
        #"{"\u0063":1,"a":1,"b":2,"c":3}"#, #"{"c":1,"a":1,"\u0062":2,"c":3}"#,
        #"{"b":2,"a":1,"c":1,"a":5,"b":6,"c":7}"#,
    ])
    func repeatedKeysBeforeWhereALookupResumesReadTheFirstValue(text: String) throws {
        let data = Data(text.utf8)
        #expect(try WireDecoder(dates: .iso8601).decode(ThreeFields.self, from: data) == ThreeFields(a: 1, b: 2, c: 1))
        #expect(try JSONDecoder().decode(ThreeFields.self, from: data) == ThreeFields(a: 1, b: 2, c: 1))
    }

    /// Keys the filter of passed keys cannot tell apart from the one looked for (many keys, or a dictionary's
    /// keys looked up one by one) still read the first value of each, in objects large and small.
    @Test(arguments: [3, 40, 130, 1_000])
    func everyKeyOfADictionaryReadsItsFirstValue(count: Int) throws {
        let members = (0..<count).map { #""k\#($0)":\#($0)"# } + (0..<count).map { #""k\#($0)":-1"# }
        let data = Data("{\(members.joined(separator: ","))}".utf8)
        let dictionary = try WireDecoder(dates: .iso8601).decode([String: Int].self, from: data)
        #expect(dictionary == Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", $0) }))
    }

    /// A dictionary of objects: each member's lookup resumes where the last one stopped after its value's own
    /// lookups (it used to start again from the first member, quadratic in the members: minutes for this one).
    @Test(.timeLimit(.minutes(1)))
    func aDictionaryOfObjectsIsReadInOnePass() throws {
        let count = 100_000
        let data = Data(("{" + (0..<count).map { #""k\#($0)":{"a":\#($0),"b":2}"# }.joined(separator: ",") + "}").utf8)
        let dictionary = try WireDecoder(dates: .iso8601).decode([String: Fields].self, from: data)
        #expect(dictionary.count == count)
        #expect(dictionary["k99999"] == Fields(a: 99_999, b: 2))
    }

    /// Past the size where keys are compared pairwise, repeats are still found, and the first value read.
    @Test func repeatedKeysInLargeObjectsReadTheFirstValue() throws {
        let members = (0..<200).map { #""key\#($0)":\#($0)"# } + [#""a":1"#, #""b":2"#, #""key7":-1"#, #""a":3"#]
        let data = Data("{\(members.joined(separator: ","))}".utf8)
        #expect(try WireDecoder(dates: .iso8601).decode(Fields.self, from: data) == Fields(a: 1, b: 2))
        let dictionary = try WireDecoder(dates: .iso8601).decode([String: Int].self, from: data)
        #expect(dictionary == (try JSONDecoder().decode([String: Int].self, from: data)))
        #expect(dictionary["key7"] == 7 && dictionary.count == 202)
    }

    /// Inputs `JSONDecoder` reads and `WireDecoder` rejects, on purpose: RFC 8259 JSON only, and every string
    /// validated whether a field reads it or not, so no bytes reach an app that its own tools would refuse.
    @Test(
        arguments: [
            ("byte order mark", [0xEF, 0xBB, 0xBF] + Array(#"{"a":1,"b":2}"#.utf8)),
            ("trailing comma", Array(#"{"a":1,"b":2,}"#.utf8)),
            (
                "invalid UTF-8 in a string nobody reads",
                Array(#"{"a":1,"b":2,"c":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
            ),
            (
                "control character in a string nobody reads",
                Array(#"{"a":1,"b":2,"c":""#.utf8) + [0x01] + Array(#""}"#.utf8)
            ),
            ("lone surrogate in a string nobody reads", Array(#"{"a":1,"b":2,"c":"\ud800"}"#.utf8)),
            ("invalid escape in a string nobody reads", Array(#"{"a":1,"b":2,"c":"\x"}"#.utf8)),
            ("UTF-16", Array(#"{"a":1,"b":2}"#.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })),
            ("malformed number nobody reads", Array(#"{"a":1,"b":2,"c":01}"#.utf8)),
            ("malformed number as a repeated key's later value", Array(#"{"a":1,"b":2,"a":2++}"#.utf8)),
        ] as [(String, [UInt8])])
    func stricterThanFoundationOnPurpose(what: String, bytes: [UInt8]) {
        #expect(throws: Never.self, "Foundation reads it") { try JSONDecoder().decode(Fields.self, from: Data(bytes)) }
        #expect(throws: DecodingError.self, "schemagen rejects it") {
            try WireDecoder(dates: .iso8601).decode(Fields.self, from: Data(bytes))
        }
    }

    /// NUL bytes around a document: both reject them.
    @Test(arguments: [
        Array(#"{"a":1,"b":2}"#.utf8) + [0], [0] + Array(#"{"a":1,"b":2}"#.utf8), Array(#"{"a":1,"b":2} "#.utf8) + [0],
    ])
    func nulBytesAroundADocumentAreRejectedByBoth(bytes: [UInt8]) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Fields.self, from: Data(bytes)) }
        #expect(throws: DecodingError.self) { try WireDecoder(dates: .iso8601).decode(Fields.self, from: Data(bytes)) }
    }
}
