import Foundation
import SchemaGenContract

/// Lays out rendered code of a brace language (Swift, TypeScript): indentation by brace depth, `case` labels level with their `switch`, the links of a
/// chain of calls (lines starting with `.`) one level in, no
/// trailing white space, no blank lines after `{` or before `}`, never two blank lines in a row.
///
/// Templates express structure only; this pass makes their output read as if written by hand, whatever
/// the templates' own indentation (and whatever a user's template overrides do). Braces inside string
/// literals and comments (`//` to the end of the line, and lines of a `/* … */` block that start with `/*` or
/// `*`, as TypeScript's doc comments do) do not count.
package enum BraceLayout {
    package static let indentUnit = "    "

    package static func format(_ source: String) -> String {
        var source = source
        return source.withUTF8 { format(bytes: $0) }
    }

    /// ``format(_:)`` of rendered UTF-8.
    package static func format(utf8: [UInt8]) -> String {
        utf8.withUnsafeBufferPointer { format(bytes: $0) }
    }

    // Works on UTF-8 bytes: every character that matters here is ASCII, and UTF-8 never reuses ASCII bytes
    // inside others. Three stages: reading each line's braces, placing the lines (one pass over the line records,
    // the only part that carries state), and writing them into a string of the length placing measured.
    private static func format(bytes: UnsafeBufferPointer<UInt8>) -> String {
        var lines = scanLines(bytes)
        var placement = Placement()
        let total = placement.place(&lines)
        guard total > 0 else { return "\n" }
        return String(unsafeUninitializedCapacity: total) { buffer in
            write(lines, of: bytes, into: buffer.baseAddress!)
            return total
        }
    }

    /// One line of the input, trimmed: what placing it needs, then where it goes.
    ///
    /// Every line of the text has one, so the record is kept small: 28 bytes, where offsets as `Int`s and a `Bool`
    /// per property took 48. Offsets are 32-bit: a file rendered from a contract is at most 8 MiB (`FileSystem`'s
    /// cap), far from 4 GiB.
    private struct Line: Sendable {
        /// Where the trimmed line starts in the text.
        var offset: UInt32
        var length: UInt32
        var opens: Int32 = 0
        var closes: Int32 = 0
        var leadingCloses: Int32 = 0
        /// Set by ``place(_:)``: the line's depth.
        var depth: Int32 = 0
        var flags: Flags = []

        struct Flags: OptionSet, Sendable {
            package let rawValue: UInt8
            package static let isCaseLabel = Flags(rawValue: 1 << 0)
            package static let opensSwitch = Flags(rawValue: 1 << 1)
            package static let startsWithStar = Flags(rawValue: 1 << 2)
            package static let startsWithDot = Flags(rawValue: 1 << 3)
            package static let startsWithCloseBrace = Flags(rawValue: 1 << 4)
            package static let endsWithOpenBrace = Flags(rawValue: 1 << 5)
            /// Set by ``place(_:)``: a blank line goes before this one.
            package static let blankBefore = Flags(rawValue: 1 << 6)
        }

        /// The record of `line`, trimmed of its indentation and trailing white space; empty for a blank line.
        init(_ line: Slice<UnsafeBufferPointer<UInt8>>) {
            offset = UInt32(truncatingIfNeeded: line.startIndex)
            length = UInt32(truncatingIfNeeded: line.count)
            // The line's own buffer: its methods are concrete, where a slice's are generic (and slow in the debug
            // builds the build plugin runs).
            let bytes = UnsafeBufferPointer(rebasing: line)
            guard let first = bytes.first, let last = bytes.last, let base = bytes.baseAddress else { return }
            // Most lines hold no brace at all, which memchr (vectorized) tells faster than reading them byte by byte.
            if memchr(base, Int32(UInt8(ascii: "{")), bytes.count) != nil
                || memchr(base, Int32(UInt8(ascii: "}")), bytes.count) != nil
            {
                let counts = braceCounts(in: bytes)
                opens = Int32(clamping: counts.opens)
                closes = Int32(clamping: counts.closes)
                leadingCloses = Int32(clamping: counts.leadingCloses)
            }
            if startsWith(bytes, "case ") || startsWith(bytes, "default:") || startsWith(bytes, "@unknown default:") {
                flags.insert(.isCaseLabel)
            }
            if startsWith(bytes, "switch ") { flags.insert(.opensSwitch) }
            if first == UInt8(ascii: "*") { flags.insert(.startsWithStar) }
            if first == UInt8(ascii: ".") { flags.insert(.startsWithDot) }
            if first == UInt8(ascii: "}") { flags.insert(.startsWithCloseBrace) }
            if last == UInt8(ascii: "{") { flags.insert(.endsWithOpenBrace) }
        }

        var isBlank: Bool { length == 0 }

        /// The bytes this line takes in the output.
        var outputLength: Int {
            guard !isBlank else { return 0 }
            return (flags.contains(.blankBefore) ? 1 : 0) + Int(depth) * BraceLayout.indentUnit.utf8.count
                + (flags.contains(.startsWithStar) ? 1 : 0) + Int(length) + 1
        }
    }

    private static func scanLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
        let end = bytes.count
        var lines: [Line] = []
        // Counted first, so the records take exactly their room: grown by doubling they were up to half empty.
        lines.reserveCapacity(lineFeeds(in: bytes) + 1)
        var lineStart = 0
        // A text ending in a line feed has no line after it.
        while lineStart < end {
            // memchr: vectorized, where a byte loop was a third of reading the lines.
            let lineEnd =
                memchr(bytes.baseAddress! + lineStart, Int32(UInt8(ascii: "\n")), end - lineStart)
                .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! } ?? end
            lines.append(Line(trimmed(bytes[lineStart..<lineEnd])))
            lineStart = lineEnd + 1
        }
        return lines
    }

    /// How many line feeds `bytes` holds.
    private static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let end = bytes.count
        var count = 0
        var position = 0
        while position < end,
            let found = memchr(bytes.baseAddress! + position, Int32(UInt8(ascii: "\n")), end - position)
        {
            count += 1
            position = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress! + 1
        }
        return count
    }

    /// The state that placing a line carries to the next: the open blocks and the blank lines around them.
    private struct Placement {
        var blocks: [Bool] = []  // for each open brace: whether it opened a `switch`
        var previousBlank = true
        var lastLineOpensBlock = false
        var pendingBlank = false  // a blank line, written unless the next line closes a block

        /// Gives every line its depth and decides the blank lines; returns the output's length in bytes.
        mutating func place(_ lines: inout [Line]) -> Int {
            var total = 0
            for index in lines.indices {
                var line = lines[index]
                if line.isBlank {
                    if !previousBlank, !lastLineOpensBlock { pendingBlank = true }
                    previousBlank = true
                    continue
                }
                // Closing braces at the start of the line dedent the line itself.
                var depth = blocks.count - min(Int(line.leadingCloses), blocks.count)
                if let innermost = blocks.last, innermost, line.leadingCloses == 0,
                    line.flags.contains(.isCaseLabel)
                {
                    depth -= 1
                }
                if line.leadingCloses == 0, line.flags.contains(.startsWithDot) { depth += 1 }
                if pendingBlank && !line.flags.contains(.startsWithCloseBrace) { line.flags.insert(.blankBefore) }
                line.depth = Int32(clamping: max(0, depth))
                pendingBlank = false
                lastLineOpensBlock = line.flags.contains(.endsWithOpenBrace)
                previousBlank = false
                blocks.removeLast(min(Int(line.closes), blocks.count))
                if line.opens > 0 {
                    blocks.append(contentsOf: repeatElement(false, count: Int(line.opens) - 1))
                    blocks.append(line.flags.contains(.opensSwitch))
                }
                total += line.outputLength
                lines[index] = line
            }
            return total
        }
    }

    private static func write(
        _ lines: [Line], of text: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>
    ) {
        var position = output
        let indentWidth = indentUnit.utf8.count
        let base = text.baseAddress!
        for line in lines where !line.isBlank {
            if line.flags.contains(.blankBefore) {
                position.pointee = UInt8(ascii: "\n")
                position += 1
            }
            let indentation = Int(line.depth) * indentWidth + (line.flags.contains(.startsWithStar) ? 1 : 0)
            position.update(repeating: UInt8(ascii: " "), count: indentation)
            position += indentation
            let length = Int(line.length)
            position.update(from: base + Int(line.offset), count: length)
            position += length
            position.pointee = UInt8(ascii: "\n")
            position += 1
        }
    }

    /// Whether `line` starts with the ASCII `prefix` (compared byte by byte: the generic `starts(with:)` over a
    /// string's UTF-8 view cost as much as counting the braces).
    private static func startsWith(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        for offset in 0..<count where line[offset] != prefix.utf8Start[offset] { return false }
        return true
    }

    /// `line` without leading blanks and trailing blanks or carriage return. On the buffer's indices, not the
    /// slice's generic collection methods: the build plugin runs a debug `schemagen` in debug builds, where
    /// those were a fifth of generation.
    private static func trimmed(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        let bytes = line.base
        var start = line.startIndex, end = line.endIndex
        while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        while end > start,
            bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t")
                || bytes[end - 1] == UInt8(ascii: "\r")
        {
            end -= 1
        }
        return bytes[start..<end]
    }

    /// Braces that count in `line` (trimmed): opened, closed, and closed before any other code on the line.
    ///
    /// Read in a run that only looks for the four bytes that matter (`{`, `}`, `"`, `/`), jumping over string
    /// literals whole: byte by byte with the state of every byte tracked, this was a third of laying out a file.
    package static func braceCounts(
        in line: UnsafeBufferPointer<UInt8>
    ) -> (opens: Int, closes: Int, leadingCloses: Int) {
        let count = line.count
        guard count > 0 else { return (0, 0, 0) }
        if line[0] == UInt8(ascii: "*") || (count >= 2 && line[0] == UInt8(ascii: "/") && line[1] == UInt8(ascii: "*"))
        {
            return (0, 0, 0)
        }
        var opens = 0, closes = 0, leadingCloses = 0
        var index = 0
        // Closing braces before any other code (blanks between them) dedent the line itself.
        while index < count {
            let byte = line[index]
            if byte == UInt8(ascii: "}") {
                leadingCloses += 1
            } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                break
            }
            index += 1
        }
        closes = leadingCloses
        while index < count {
            switch line[index] {
            case UInt8(ascii: "{"):
                opens += 1
            case UInt8(ascii: "}"):
                if opens > 0 { opens -= 1 } else { closes += 1 }
            case UInt8(ascii: "\""):
                // To the closing quote, past escaped characters; an unclosed literal runs to the end of the line.
                index += 1
                while index < count, line[index] != UInt8(ascii: "\"") {
                    index += line[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "/"):
                if index + 1 < count, line[index + 1] == UInt8(ascii: "/") { return (opens, closes, leadingCloses) }
            default:
                break
            }
            index += 1
        }
        return (opens, closes, leadingCloses)
    }
}

@available(*, deprecated, renamed: "BraceLayout")
package typealias SwiftLayout = BraceLayout
