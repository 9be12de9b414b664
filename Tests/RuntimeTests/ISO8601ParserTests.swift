import Foundation
@testable import SchemaGenRuntime
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
        #expect(abs(fast.timeIntervalSince1970 - reference.timeIntervalSince1970) < 0.000_001, "\(fast) vs \(reference)")
    }

    @Test(arguments: [
        "2025-02-29T00:00:00Z", "2025-13-01T00:00:00Z", "2025-01-32T00:00:00Z", "2025-01-31T24:00:00Z", "2025-01-31T09:60:00Z",
        "2025-01-31T09:30:00", "2025-01-31 09:30:00Z", "2025-01-31T09:30:00.Z", "2025-01-31T09:30:00Zjunk", "", "not a date",
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
