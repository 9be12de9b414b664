/// One file the generator produces: its path and its contents, held as text or rendered as it is written.
///
/// A rendered file (the Swift and TypeScript of a contract) is rendered when it is written or compared, a piece at
/// a time, into an ``OutputSink``: the file of a large contract (tens of megabytes) is never held whole, and the
/// rendering overlaps its writing.
public struct OutputFile: Sendable {
    /// The path, relative to the output folder (`Swift/zikr.swift`), or for a guide as configured.
    public var relativePath: String
    let body: Body

    enum Body: Sendable {
        case text(String)
        /// Renders the file into the sink it is given; each call renders it again.
        case rendered(@Sendable (any OutputSink) -> Void)
    }

    public init(relativePath: String, contents: String) {
        self.relativePath = relativePath
        body = .text(contents)
    }

    init(relativePath: String, rendering: @escaping @Sendable (any OutputSink) -> Void) {
        self.relativePath = relativePath
        body = .rendered(rendering)
    }

    /// The file's text. A rendered file is rendered into memory for it (what `schemagen check` compares and
    /// shows); writing streams it instead.
    public var contents: String {
        switch body {
        case .text(let text): return text
        case .rendered:
            let sink = MemorySink()
            write(into: sink)
            return sink.text
        }
    }

    /// Writes the file's bytes into `sink`: the text at once, or the rendering as it goes.
    func write(into sink: any OutputSink) {
        switch body {
        case .text(let text): sink.write(text)
        case .rendered(let render): render(sink)
        }
    }
}

/// Where a rendered file's bytes go, in order, a piece at a time.
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

/// A sink that keeps what it is given, for a file's text in memory.
final class MemorySink: OutputSink {
    private(set) var bytes: [UInt8] = []

    func write(_ bytes: UnsafeRawBufferPointer) {
        self.bytes.append(contentsOf: bytes)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
