/// A layout pass over a text that arrives in pieces of whole lines (a large file, rendered and written a piece
/// at a time), with the same result as laying out the whole text at once: what a line's layout depends on
/// carries over from the pieces before.
protocol LineLayout {
    /// Lays out `bytes`, whole lines (the last ending with a line feed, except at the end of the text), and
    /// passes the laid-out bytes to `emit`.
    mutating func layOut(_ bytes: UnsafeBufferPointer<UInt8>, emit: (UnsafeRawBufferPointer) -> Void)
    /// Whether any bytes have been passed on.
    var wroteAnything: Bool { get set }
}

extension LineLayout {
    /// Ends the text: a text with no line at all is one empty line.
    mutating func finish(emit: (UnsafeRawBufferPointer) -> Void) {
        guard !wroteAnything else { return }
        var lineFeed = UInt8(ascii: "\n")
        withUnsafeBytes(of: &lineFeed) { emit($0) }
        wroteAnything = true
    }
}
