/// Where a layout passes the text it has laid out, a piece at a time, in order.
protocol OutputSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer)
}

extension OutputSink {
    /// Writes `text`'s UTF-8.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }
}

/// A sink that keeps what it is given: a rendered file's text.
final class MemorySink: OutputSink {
    private(set) var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
