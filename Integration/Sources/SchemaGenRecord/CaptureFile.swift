import Foundation
import SchemaGenTransport

/// The capture `schemagen-record` writes: a JSON Lines file of every WebSocket message, both ways, as `verify` and
/// `infer` read it (`{"direction": "client-to-server", "data": "..."}`; a binary message with `"opcode": 2` and its
/// bytes in base64). Written to `<path>.partial` and moved to `path` when the recording ends, so a stopped or failed
/// recording never leaves a half-written capture under the name asked for. Bounded: past `maximumMessages` messages or
/// `maximumBytes` bytes nothing more is written, and ``limitReached`` says which.
final class CaptureFile: @unchecked Sendable {
    let path: String
    let maximumMessages: Int
    let maximumBytes: Int
    private let lock = NSLock()
    private let handle: FileHandle
    private var messages = 0
    private var bytes = 0
    private(set) var limitReached: String?
    /// Called once, when a bound is first reached.
    var onLimit: (@Sendable () -> Void)?

    init(path: String, maximumMessages: Int, maximumBytes: Int) throws {
        self.path = path
        self.maximumMessages = maximumMessages
        self.maximumBytes = maximumBytes
        let partial = path + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: nil) else {
            throw CaptureFileError("cannot write \(partial)")
        }
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partial))
    }

    /// Appends one message; `false` once a bound is reached (the message is not written).
    @discardableResult
    func append(_ message: WebSocketMessage, direction: String) -> Bool {
        var object: [String: Any] = ["direction": direction]
        switch message {
        case .text(let text): object["data"] = text
        case .binary(let data):
            object["opcode"] = 2
            object["data"] = data.base64EncodedString()
        }
        guard
            var line = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return false }
        line.append(UInt8(ascii: "\n"))
        let (written, reached): (Bool, Bool) = lock.withLock {
            guard limitReached == nil else { return (false, false) }
            if messages + 1 > maximumMessages {
                limitReached = "\(maximumMessages) messages (--max-messages)"
            } else if bytes + line.count > maximumBytes {
                limitReached = "\(maximumBytes) bytes (--max-bytes)"
            } else {
                messages += 1
                bytes += line.count
                handle.write(line)
                return (true, false)
            }
            return (false, true)
        }
        if reached { onLimit?() }
        return written
    }

    /// How many messages were written.
    var count: Int { lock.withLock { messages } }

    /// Closes the capture and gives it its name.
    func finish() throws {
        try lock.withLock {
            try handle.close()
            let partial = path + ".partial"
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        }
    }

    /// Removes what was written: the recording failed.
    func discard() {
        lock.withLock {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: path + ".partial")
        }
    }
}

struct CaptureFileError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A WebSocket backend that hands every message, sent and received, to the capture before passing it on.
struct RecordingBackend: WebSocketBackend {
    let inner: any WebSocketBackend
    let capture: CaptureFile

    func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection {
        RecordingConnection(inner: try await inner.connect(to: request), capture: capture)
    }
}

struct RecordingConnection: WebSocketConnection {
    let inner: any WebSocketConnection
    let capture: CaptureFile

    /// The inner connection's messages, each recorded as it is read: pulled one at a time, so nothing waits between
    /// the socket and the connection but what the socket's own read-ahead holds.
    var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
        let reader = Reader(inner.messages.makeAsyncIterator())
        let capture = capture
        return AsyncThrowingStream {
            guard let message = try await reader.next() else { return nil }
            capture.append(message, direction: "server-to-client")
            return message
        }
    }

    /// The inner stream's iterator, read by one task at a time (the connection's reader).
    final class Reader: @unchecked Sendable {
        private var iterator: AsyncThrowingStream<WebSocketMessage, any Error>.AsyncIterator

        init(_ iterator: AsyncThrowingStream<WebSocketMessage, any Error>.AsyncIterator) {
            self.iterator = iterator
        }

        func next() async throws -> WebSocketMessage? {
            try await iterator.next()
        }
    }

    func send(_ message: WebSocketMessage) async throws {
        capture.append(message, direction: "client-to-server")
        try await inner.send(message)
    }

    func close() async { await inner.close() }
}
