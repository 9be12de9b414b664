import Foundation
@testable import SchemaGenRuntime
import Testing

/// A Socket.IO payload is parsed while its frame is taken apart and decoded from that parse (one scan per
/// frame): the values and the failures are those of decoding the payload's bytes on their own.
@Suite struct SingleScanTests {
    struct Sample: Codable, Equatable {
        var name: String
        var count: Int
        var at: Date
        var tags: [String]?
    }

    static let decoder = WireDecoder(dates: .iso8601Fractional)

    /// Decodes `frame`'s payload both ways: from the framing's parse and from the payload's bytes.
    static func bothWays(
        _ frame: String
    ) throws -> (parsed: Result<Sample, any Error>, bytes: Result<Sample, any Error>, framed: Bool) {
        let parsed = try WireFraming.socketIO.parse(Data(frame.utf8))
        let fromParse = Result { try decoder.decode(Sample.self, from: parsed, source: .payload) }
        let fromBytes = Result { try decoder.decode(Sample.self, from: parsed.payloadOrNull) }
        return (fromParse, fromBytes, parsed.parsedPayload != nil)
    }

    static let frames = [
        #"["sample",{"name":"a","count":1,"at":"2025-01-31T09:30:00.123Z"}]"#,
        #"[ "sample" , {"count":2,"name":"b","at":"2025-01-31T09:30:00.000Z","tags":["x","y"]} ]"#,
        // An acknowledgement's extra argument after the payload.
        #"["sample",{"name":"c","count":3,"at":"2025-01-31T09:30:00.5Z"},{"ack":1}]"#,
        // Payloads that do not decode: a wrong type, a missing key, a repeated key (the first counts).
        #"["sample",{"name":"d","count":"4","at":"2025-01-31T09:30:00.123Z"}]"#,
        #"["sample",{"name":"e","at":"2025-01-31T09:30:00.123Z"}]"#,
        #"["sample",{"name":"f","count":6,"count":7,"at":"2025-01-31T09:30:00.123Z"}]"#,
        #"["sample",[1,2]]"#,
    ]

    @Test(arguments: frames)
    func decodingTheFramingsParseEqualsDecodingThePayloadsBytes(frame: String) throws {
        let (parsed, bytes, framed) = try Self.bothWays(frame)
        #expect(framed, "a valid payload is parsed by the framing")
        switch (parsed, bytes) {
        case (.success(let a), .success(let b)): #expect(a == b)
        case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)")
        default: Issue.record("one way decoded, the other did not: \(parsed) against \(bytes)")
        }
    }

    /// Payloads that are not one valid JSON value are skipped as before and fail when decoded, with the error
    /// decoding their bytes gives (`12abc` is skipped whole, not cut after `12`).
    @Test(arguments: [#"["sample",12abc]"#, #"["sample",{"name":tru}]"#, #"["sample",{"a":1,}]"#])
    func invalidPayloadsAreSkippedAndFailWhenDecoded(frame: String) throws {
        let (parsed, bytes, framed) = try Self.bothWays(frame)
        #expect(!framed)
        guard case .failure(let a) = parsed, case .failure(let b) = bytes else {
            Issue.record("expected both to fail: \(parsed), \(bytes)")
            return
        }
        #expect("\(a)" == "\(b)")
    }
}
