/// Lays out rendered code of a brace language (Swift, TypeScript): indentation by brace depth, `case` labels level with their `switch`, the links of a
/// chain of calls (lines starting with `.`) one level in, no
/// trailing white space, no blank lines after `{` or before `}`, never two blank lines in a row.
///
/// Templates express structure only; this pass makes their output read as if written by hand, whatever
/// the templates' own indentation (and whatever a user's template overrides do). Braces inside string
/// literals and comments (`//` to the end of the line, and lines of a `/* … */` block that start with `/*` or
/// `*`, as TypeScript's doc comments do) do not count.
public enum BraceLayout {
    public static let indentUnit = "    "

    public static func format(_ source: String) -> String {
        var source = source
        return source.withUTF8 { format(bytes: $0) }
    }

    /// Lays out rendered UTF-8 (what the template renderer produces) without making a `String` of it first.
    /// The rendered bytes are released before the laid-out text becomes a `String`, so a large file's three
    /// copies are never alive at once.
    static func format(utf8 source: consuming [UInt8]) -> String {
        let laidOut = source.withUnsafeBufferPointer { layOut(bytes: $0) }
        _ = consume source
        return String(decoding: laidOut, as: UTF8.self)
    }

    // Works on UTF-8 bytes: every character that matters here is ASCII, UTF-8 never reuses ASCII bytes
    // inside others, and this pass sees every line of every generated file (33 MB for a 10,000-event
    // contract), so it walks the bytes once, line by line, without splitting them into an array first.
    private static func format(bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: layOut(bytes: bytes), as: UTF8.self)
    }

    private static func layOut(bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        // Layout usually shortens lines (templates indent more than four spaces a level); the rest is slack.
        output.reserveCapacity(bytes.count + bytes.count / 8 + 1)
        var blocks: [Bool] = []   // for each open brace: whether it opened a `switch`
        var previousBlank = true
        var lastLineOpensBlock = false
        var pendingBlank = false  // a blank line, written unless the next line closes a block
        var lineStart = 0
        let count = bytes.count
        let indentWidth = indentUnit.utf8.count
        while lineStart <= count {
            var lineEnd = lineStart
            while lineEnd < count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let line = trimmed(bytes[lineStart..<lineEnd])
            lineStart = lineEnd + 1
            if line.isEmpty {
                if !previousBlank, !lastLineOpensBlock { pendingBlank = true }
                previousBlank = true
                continue
            }
            let counts = braceCounts(in: line)
            // Closing braces at the start of the line dedent the line itself.
            var depth = blocks.count - min(counts.leadingCloses, blocks.count)
            if let innermost = blocks.last, innermost, counts.leadingCloses == 0,
               line.starts(with: "case ".utf8) || line.starts(with: "default:".utf8) || line.starts(with: "@unknown default:".utf8) {
                depth -= 1
            }
            if counts.leadingCloses == 0, line.first == UInt8(ascii: ".") { depth += 1 }
            if pendingBlank, line.first != UInt8(ascii: "}") { output.append(UInt8(ascii: "\n")) }
            pendingBlank = false
            if depth > 0 { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indentWidth)) }
            // A block comment's later lines line their `*` up under the `/*`'s.
            if line.first == UInt8(ascii: "*") { output.append(UInt8(ascii: " ")) }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: line))
            output.append(UInt8(ascii: "\n"))
            lastLineOpensBlock = line.last == UInt8(ascii: "{")
            previousBlank = false
            blocks.removeLast(min(counts.closes, blocks.count))
            for index in 0..<counts.opens {
                blocks.append(index == counts.opens - 1 && line.starts(with: "switch ".utf8))
            }
        }
        if output.isEmpty { output.append(UInt8(ascii: "\n")) }
        return output
    }

    /// `line` without leading blanks and trailing blanks or carriage return.
    private static func trimmed(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var line = line
        while let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { line.removeFirst() }
        while let last = line.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") { line.removeLast() }
        return line
    }

    /// Braces that count in `line`: opened, closed, and closed before any other code on the line.
    static func braceCounts(in line: some Collection<UInt8>) -> (opens: Int, closes: Int, leadingCloses: Int) {
        var opens = 0, closes = 0, leadingCloses = 0
        if line.first == UInt8(ascii: "*") || line.starts(with: "/*".utf8) { return (0, 0, 0) }
        var inString = false, escaped = false, onlyClosesSoFar = true
        var previous: UInt8 = 0x20
        for byte in line {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
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
}

@available(*, deprecated, renamed: "BraceLayout")
public typealias SwiftLayout = BraceLayout
