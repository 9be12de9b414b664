// Byte-level tests that let the generator's text functions skip their Unicode paths for the names and text
// nearly every contract is made of (each function keeps its general path, and a test holds them equal).
extension String {
    /// Whether every character is ASCII.
    package var isASCII: Bool {
        allUTF8Bytes { $0 < 0x80 }
    }

    /// Whether the text goes between double quotes as it is, in a Swift or JSON string literal alike: printable
    /// ASCII without a quote or a backslash.
    package var isQuotableAsIs: Bool {
        allUTF8Bytes { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// Whether every byte of the UTF-8 satisfies `predicate`.
    private func allUTF8Bytes(_ predicate: (UInt8) -> Bool) -> Bool {
        withUTF8Bytes { $0.allSatisfy(predicate) }
    }

    /// Calls `body` with the UTF-8, read from the string's own buffer: through `String.UTF8View`'s iterator each
    /// byte cost several times as much, on every name and cell the generator writes.
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is printable ASCII or a line feed, as nearly every contract is: then the checks for
    /// control characters and for characters only Yams reads exactly need not look at any byte on its own.
    /// Branch-free, so the compiler reads many bytes per instruction.
    package var isPrintableASCIILines: Bool {
        var outside: UInt8 = 0
        for byte in self {
            outside |= (byte &- 0x20 > 0x5E ? 1 : 0) & (byte != 0x0A ? 1 : 0)
        }
        return outside == 0
    }
}
