extension StringProtocol {
    /// The text's lines, split at every line feed. A carriage return before it stays at the end of its line.
    ///
    /// Splits UTF-8 bytes, not Characters: Swift reads `"\r\n"` as one Character, so splitting at the
    /// Character `"\n"` would leave Windows files as a single line. (Bytes are also much faster.)
    package var linesSplitAtLineFeeds: [String] {
        utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}

extension String {
    /// The text without white space (Unicode's, line breaks included) at either end. In Swift rather than with
    /// Foundation's `trimmingCharacters(in:)`, which cost tens of thousands of instructions a call.
    package var trimmingWhitespace: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return String(self[start..<end])
    }

    /// The text without blanks and carriage returns at its end (doc comment lines).
    package var trimmingTrailingWhitespace: String {
        // On bytes (the three are ASCII, and UTF-8 never reuses ASCII bytes inside others); most lines have
        // nothing to trim and come back as they are.
        let kept = withUTF8Bytes { bytes in
            var end = bytes.count
            while end > 0,
                bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t")
                    || bytes[end - 1] == UInt8(ascii: "\r")
            {
                end -= 1
            }
            return end
        }
        return kept == utf8.count ? self : String(decoding: utf8.prefix(kept), as: UTF8.self)
    }
}
