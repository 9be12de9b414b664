import Foundation
@testable import SchemaGenRuntime
import TestSupport
import Testing

/// The fast ISO 8601 parser agrees with Foundation's `ISO8601FormatStyle` on every shape it accepts, and
/// leaves everything else to it.
@Suite struct ISO8601ParserTests {
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let whole = Date.ISO8601FormatStyle()

    static func foundation(_ text: String) -> Date? {
        (try? Date(text, strategy: fractional)) ?? (try? Date(text, strategy: whole))
    }

    @Test(arguments: [
        "2025-01-31T09:30:00Z", "2025-01-31T09:30:00.123Z", "2025-01-31T09:30:00.1Z", "2025-01-31T09:30:00.000Z",
        "2025-01-31T11:30:00+02:00", "2025-01-31T04:00:00-05:30", "2025-01-31T11:30:00+0200", "2024-02-29T23:59:59Z",
        "2000-02-29T00:00:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "2100-12-31T12:00:00.5+14:00",
        "2025-12-31T23:59:59.999Z",
    ])
    func agreesWithFoundation(text: String) throws {
        let fast = try #require(ISO8601Parser.parse(text))
        let reference = try #require(Self.foundation(text))
        #expect(
            fast.timeIntervalSinceReferenceDate.bitPattern == reference.timeIntervalSinceReferenceDate.bitPattern,
            "\(fast) vs \(reference)")
    }

    /// The shapes Foundation reads differently from a plain proleptic calendar, or rejects: the fast parser
    /// leaves them to Foundation, so decoding gives Foundation's answer exactly.
    @Test(
        arguments: [
            ("2025-01-31T09:30:00.123Z", "760008600.123"), ("0000-01-01T00:00:00Z", "-63145699200.0"),
            ("1582-10-14T00:00:00Z", "-13196822400.0"), ("1582-10-15T00:00:00Z", "-13197600000.0"),
            ("2025-01-31T09:30:00.1234567890123Z", nil), ("2025-01-31T09:30:00.1234567890Z", nil),
            ("2025-01-31T09:30:00.123456789Z", "760008600.1234568"), ("2025-01-31T09:30:00+23:59", nil),
            ("2025-01-31T09:30:00+18:01", nil), ("2025-01-31T09:30:00-18:00", "760073400.0"),
        ] as [(String, String?)])
    func edgesReadAsFoundationReadsThem(text: String, sinceReferenceDate: String?) {
        #expect(
            WireDateEncoding.parseISO8601(text).map { "\($0.timeIntervalSinceReferenceDate)" } == sinceReferenceDate)
        #expect(
            Self.foundation(text).map { "\($0.timeIntervalSinceReferenceDate)" } == sinceReferenceDate,
            "Foundation still reads it so")
    }

    /// Random timestamps over the years servers send (and some they do not): fractions of 0 to 12 digits,
    /// offsets up to ±19:59, with or without a colon. Decoding gives exactly Foundation's `Date`, or nothing
    /// where Foundation gives nothing.
    @Test func randomTimestampsDecodeBitForBitAsFoundationDoes() {
        var random = SeededGenerator(seed: 0xDA7E)
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        for _ in 0..<20_000 {
            let year = [pick(1583...2100), pick(1500...1700), pick(0...9999)][pick(0...2)]
            var text =
                String(repeating: "0", count: 4 - "\(year)".count)
                + "\(year)-\(two(pick(1...12)))-\(two(pick(1...28)))T"
            text += "\(two(pick(0...23))):\(two(pick(0...59))):\(two(pick(0...59)))"
            let fractionDigits = pick(0...12)
            if fractionDigits > 0 { text += "." + (0..<fractionDigits).map { _ in "\(pick(0...9))" }.joined() }
            switch pick(0...2) {
            case 0: text += "Z"
            case 1: text += (pick(0...1) == 0 ? "+" : "-") + two(pick(0...19)) + ":" + two(pick(0...59))
            default: text += (pick(0...1) == 0 ? "+" : "-") + two(pick(0...19)) + two(pick(0...59))
            }
            let decoded = WireDateEncoding.parseISO8601(text)?.timeIntervalSinceReferenceDate.bitPattern
            let reference = Self.foundation(text)?.timeIntervalSinceReferenceDate.bitPattern
            #expect(decoded == reference, "\(text)")
            if decoded != reference { return }
        }
    }

    @Test(arguments: [
        "2025-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-01-32T00:00:00Z", "2025-01-31T24:00:00Z",
        "2025-01-31T09:60:00Z",
        "2025-01-31T09:30:00", "2025-01-31 09:30:00Z", "2025-01-31T09:30:00.Z", "2025-01-31T09:30:00Zjunk", "",
        "not a date",
        "2025-01-31T09:30:00+2:00",
    ])
    func rejectsWhatItDoesNotRead(text: String) {
        #expect(ISO8601Parser.parse(text) == nil)
    }

    @Test func decodersStillReadOtherISOFormsThroughFoundation() throws {
        let decoder = WireDateEncoding.iso8601.makeDecoder()
        struct Stamp: Decodable { var at: Date }
        // Lower-case separators are ISO 8601 but not the fast path's shape.
        let lower = try decoder.decode(Stamp.self, from: Data(#"{"at":"2025-01-31T09:30:00z"}"#.utf8))
        #expect(lower.at == Date(timeIntervalSince1970: 1_738_315_800))
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8)) }
    }
}
