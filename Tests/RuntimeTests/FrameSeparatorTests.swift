import Foundation
import SchemaGenRuntime
import Testing

/// How several frames share one WebSocket message (`separator:`).
@Suite struct FrameSeparatorTests {
    static func texts(_ separator: FrameSeparator, _ message: String) -> [String] {
        separator.frames(in: Data(message.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func newlineDelimitedFramesSkipBlankLinesAndCarriageReturns() {
        #expect(Self.texts(.newline, "{\"a\":1}\n{\"b\":2}") == ["{\"a\":1}", "{\"b\":2}"])
        #expect(Self.texts(.newline, "{\"a\":1}\r\n\r\n  \n{\"b\":\"x\\ny\"}\n") == ["{\"a\":1}", "{\"b\":\"x\\ny\"}"])
        #expect(Self.texts(.newline, "\n \n").isEmpty)
        #expect(Self.texts(.newline, "{}") == ["{}"])
    }

    /// SignalR's JSON hub protocol ends every message with 0x1E: `{"protocol":"json","version":1}\u{1e}`.
    @Test func recordSeparatedFramesEndWithTheSeparator() {
        #expect(
            Self.texts(.recordSeparator, "{\"protocol\":\"json\",\"version\":1}\u{1e}") == [
                "{\"protocol\":\"json\",\"version\":1}"
            ])
        #expect(
            Self.texts(.recordSeparator, "{\"type\":6}\u{1e}{\"type\":1,\"target\":\"Send\",\"arguments\":[]}\u{1e}")
                == ["{\"type\":6}", "{\"type\":1,\"target\":\"Send\",\"arguments\":[]}"])
        #expect(FrameSeparator.recordSeparator.terminated(Data("{\"type\":6}".utf8)) == Data("{\"type\":6}\u{1e}".utf8))
        #expect(FrameSeparator.newline.terminated(Data("{}".utf8)) == Data("{}".utf8))
    }

    /// Splitting a message and reading its frames one by one gives back exactly the frames joined into it.
    @Test func framesJoinedIntoAMessageComeBackExactly() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let frames = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
                "{\"k\":\""
                    + String(
                        (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                            "ab\\ \t{}[]".randomElement(using: &generator)!
                        }) + "\"}"
            }
            for separator in FrameSeparator.allCases {
                let joiner = separator == .newline ? "\n" : "\u{1e}"
                #expect(Self.texts(separator, frames.joined(separator: joiner) + joiner) == frames)
            }
        }
    }
}
