import Foundation

/// Text a peer sent, made fit for one line of a log: whatever a client or server puts in a value (a session id, a
/// query parameter, a channel name, a frame) reaches a log only through here, so that it can neither forge a line
/// (a newline, a carriage return), hide what follows it (NUL, terminal escapes, bidirectional overrides) nor fill the
/// log (a 64 KiB session id logged on every request).
///
/// Control characters, C1 controls, Unicode's line and paragraph separators and the bidirectional controls are
/// written as Swift escapes (`\n`, `\r`, `\t`, `\0`, `\u{1B}`); printable text, non-ASCII letters and backslashes
/// included, is kept as it is, so a JSON frame reads as it was sent. Text longer than the limit is cut, saying how
/// many bytes the whole value had.
package enum PeerText {
    /// How many characters of a peer's value a log line keeps by default.
    package static let standardLimit = 80

    /// The text, escaped and cut to `limit` characters of the original.
    package static func loggable(_ text: some StringProtocol, limit: Int = standardLimit) -> String {
        escaped(text.unicodeScalars, limit: limit, byteCount: text.utf8.count)
    }

    /// Bytes a peer sent, read as UTF-8 (a malformed sequence as U+FFFD), escaped and cut like text.
    package static func loggable(_ bytes: Data, limit: Int = standardLimit) -> String {
        // Only what can be shown is decoded: a 1 MiB frame is not read whole for an 80-character line. One more
        // character than the limit is decoded, so that a cut is seen.
        let shown = bytes.prefix((max(0, limit) + 1) * 4)
        return escaped(String(decoding: shown, as: UTF8.self).unicodeScalars, limit: limit, byteCount: bytes.count)
    }

    private static func escaped(_ scalars: some Sequence<Unicode.Scalar>, limit: Int, byteCount: Int) -> String {
        var result = ""
        var kept = 0
        for scalar in scalars {
            guard kept < limit else { return result + "… (\(byteCount) bytes)" }
            append(scalar, to: &result)
            kept += 1
        }
        return result
    }

    private static func append(_ scalar: Unicode.Scalar, to result: inout String) {
        switch scalar {
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        default:
            if needsEscape(scalar.value) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }

    /// C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional embeddings, overrides and
    /// isolates (which reorder what a terminal shows after them).
    private static func needsEscape(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
            || value == 0x200F || value == 0x061C
    }
}
