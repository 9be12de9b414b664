import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import TestSupport
import Testing

/// Brace layout reads every line's braces, places the lines in one pass and writes them into a string measured
/// beforehand: for long random texts it must give exactly what laying the lines out one after another gives.
@Suite struct BraceLayoutTests {
    /// The layout rules applied line after line, as a reference.
    private func layOutLineByLine(_ text: String) -> String {
        var output = ""
        var blocks: [Bool] = []
        var previousBlank = true, lastLineOpensBlock = false, pendingBlank = false
        for rawLine in text.linesSplitAtLineFeeds {
            var line = Substring(rawLine)
            while let first = line.first, first == " " || first == "\t" { line.removeFirst() }
            while let last = line.unicodeScalars.last, last == " " || last == "\t" || last == "\r" {
                line.unicodeScalars.removeLast()
            }
            if line.isEmpty {
                if !previousBlank, !lastLineOpensBlock { pendingBlank = true }
                previousBlank = true
                continue
            }
            let counts = Array(line.utf8).withUnsafeBufferPointer { BraceLayout.braceCounts(in: $0) }
            var depth = blocks.count - min(counts.leadingCloses, blocks.count)
            if let innermost = blocks.last, innermost, counts.leadingCloses == 0,
                line.hasPrefix("case ") || line.hasPrefix("default:") || line.hasPrefix("@unknown default:")
            {
                depth -= 1
            }
            if counts.leadingCloses == 0, line.hasPrefix(".") { depth += 1 }
            if pendingBlank, !line.hasPrefix("}") { output += "\n" }
            pendingBlank = false
            output += String(repeating: "    ", count: max(0, depth))
            if line.hasPrefix("*") { output += " " }
            output += line + "\n"
            lastLineOpensBlock = line.hasSuffix("{")
            previousBlank = false
            blocks.removeLast(min(counts.closes, blocks.count))
            for index in 0..<counts.opens { blocks.append(index == counts.opens - 1 && line.hasPrefix("switch ")) }
        }
        return output.isEmpty ? "\n" : output
    }

    @Test(arguments: [1, 2, 3])
    func manySegmentsLayOutAsLineAfterLine(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let vocabulary = [
            "struct A {", "}", "  switch x {", "case .a:", "default:", "@unknown default:", "  return 1", "", "", "   ",
            "func f() {", "} else {", ".chained()", "  .more(\"{\")", "// a comment {", "/* block {", " * star line }",
            "let s = \"}}\"",
            "}}", "{ {", "  let x = [1, 2] ", "enum E { case a }", "\t\ttabbed {", "trailing   \t", "})", "é {",
        ]
        var lines: [String] = []
        var size = 0
        while size < 40_000 {
            let line = vocabulary.randomElement(using: &generator)!
            lines.append(line)
            size += line.utf8.count + 1
        }
        let text = lines.joined(separator: "\n") + (seed == 2 ? "" : "\n")
        let expected = layOutLineByLine(text)
        #expect(BraceLayout.format(text) == expected)
    }

    @Test func emptyAndBlankTextsBecomeOneLineFeed() {
        #expect(BraceLayout.format("") == "\n")
        #expect(BraceLayout.format("  \n\n \t\n") == "\n")
    }

    /// Brace counting reads byte by byte with every byte's state tracked, as the layout first did: the fast reading
    /// must count the same braces in lines made of the bytes that matter (braces, quotes, escapes, slashes, stars).
    private static func braceCountsByteByByte(in line: [UInt8]) -> (opens: Int, closes: Int, leadingCloses: Int) {
        var opens = 0, closes = 0, leadingCloses = 0
        if line.first == UInt8(ascii: "*")
            || (line.count >= 2 && line[0] == UInt8(ascii: "/") && line[1] == UInt8(ascii: "*"))
        {
            return (0, 0, 0)
        }
        var inString = false, escaped = false, onlyClosesSoFar = true
        var previous: UInt8 = 0x20
        for byte in line {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                previous = byte
                continue
            }
            if byte == UInt8(ascii: "/"), previous == UInt8(ascii: "/") { break }
            switch byte {
            case UInt8(ascii: "\""): inString = true; onlyClosesSoFar = false
            case UInt8(ascii: "{"): opens += 1; onlyClosesSoFar = false
            case UInt8(ascii: "}"):
                if opens > 0 { opens -= 1 } else { closes += 1 }
                if onlyClosesSoFar { leadingCloses += 1 }
            case UInt8(ascii: " "), UInt8(ascii: "\t"): break
            default: onlyClosesSoFar = false
            }
            previous = byte
        }
        return (opens, closes, leadingCloses)
    }

    @Test(arguments: [1, 2, 3, 4])
    func bracesAreCountedAsByteByByte(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pieces = ["{", "}", "\"", "\\", "/", "//", "/*", "*", " ", "\t", "a", "é", "x = ", "\"}\"", "\"\\\"{\""]
        for _ in 0..<20_000 {
            let line = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }.joined()
            let bytes = Array(line.utf8)
            let fast = bytes.withUnsafeBufferPointer { BraceLayout.braceCounts(in: $0) }
            let reference = Self.braceCountsByteByByte(in: bytes)
            #expect(fast == reference, "\(line)")
            if fast != reference { return }
        }
    }
}
