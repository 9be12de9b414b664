@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// The rendering's and translators' byte buffer must hold exactly what was appended, in order, across growth.
@Suite struct ByteBufferTests {
    @Test func piecesOfEverySizeAreHeldInOrderAcrossGrowth() {
        let buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for length in 0..<300 {
            let piece = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) }
            piece.withUnsafeBufferPointer { buffer.append($0) }
            expected += piece
            buffer.append(UInt8(ascii: "|"))
            expected.append(UInt8(ascii: "|"))
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.capacity >= buffer.count)
        #expect(buffer.array == expected)
    }

    @Test func textAndOtherBuffersAppendTheirUTF8() {
        let buffer = ByteBuffer(capacity: 0)
        #expect(buffer.isEmpty)
        buffer.append("small")
        buffer.append(" é 日本 🙂 and a string long enough to live on the heap")
        let other = ByteBuffer()
        other.append("!")
        buffer.append(other)
        #expect(buffer.text == "small é 日本 🙂 and a string long enough to live on the heap!")
        #expect(!buffer.isEmpty)
    }

    /// What a flush takes is dropped from the start; the rest (overlapping its old place) moves to the front.
    @Test(arguments: [0, 1, 5, 99, 100])
    func removingTheFirstBytesKeepsTheRest(taken: Int) {
        let buffer = ByteBuffer(capacity: 8)
        let bytes = (0..<100).map { UInt8($0) }
        bytes.withUnsafeBufferPointer { buffer.append($0) }
        buffer.removeFirst(taken)
        #expect(buffer.array == Array(bytes[taken...]))
        buffer.append("x")
        #expect(buffer.array == Array(bytes[taken...]) + [UInt8(ascii: "x")])
    }

    @Test func reservingMakesRoomWithoutChangingTheBytes() {
        let buffer = ByteBuffer(capacity: 4)
        buffer.append("abc")
        buffer.reserve(1000)
        #expect(buffer.capacity >= 1000)
        #expect(buffer.text == "abc")
        buffer.reserve(10)
        #expect(buffer.capacity >= 1000)
    }
}
