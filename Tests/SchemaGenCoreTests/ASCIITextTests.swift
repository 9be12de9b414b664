@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// The byte tests that let loading skip its per-character checks must agree with the definition they stand for.
@Suite struct ASCIITextTests {
    /// Printable ASCII and line feeds pass; every other byte fails, wherever it stands (the test is read many bytes
    /// at a time, so each position of a long buffer is tried).
    @Test func printableASCIILinesAreTheOnlyPlainBytes() {
        for byte in UInt8.min...UInt8.max {
            let plain = (0x20...0x7E).contains(byte) || byte == 0x0A
            for position in [0, 1, 15, 16, 31, 63, 64, 99] {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 100)
                bytes[position] = byte
                #expect(bytes.withUnsafeBufferPointer(\.isPrintableASCIILines) == plain, "byte \(byte) at \(position)")
            }
        }
        #expect([UInt8]().withUnsafeBufferPointer(\.isPrintableASCIILines))
    }

    /// Doc comment lines lose blanks, tabs and carriage returns at their end, and nothing else.
    @Test(arguments: [
        ("a  ", "a"), ("a\t\r", "a"), ("é ", "é"), ("  ", ""), ("", ""), ("a b", "a b"), ("x\u{00A0}", "x\u{00A0}"),
        (" lead", " lead"), ("a line long enough to live on the heap \t ", "a line long enough to live on the heap"),
    ])
    func trailingBlanksAreTrimmed(line: String, expected: String) {
        #expect(line.trimmingTrailingWhitespace == expected)
    }

    @Test func namesAreTestedOnTheirBytes() {
        #expect("order_id".isQuotableAsIs)
        #expect(!"say \"hi\"".isQuotableAsIs)
        #expect(!"back\\slash".isQuotableAsIs)
        #expect(!"é".isQuotableAsIs)
        #expect(!"tab\t".isQuotableAsIs)
        #expect("a long name that is not a small string".isASCII)
        #expect(!"a long name that is not a small string, é".isASCII)
    }
}
