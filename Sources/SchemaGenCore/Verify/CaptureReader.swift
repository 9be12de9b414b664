import Foundation

/// Reads captured WebSocket traffic as users have it, one frame at a time:
///
/// - JSON Lines (`.jsonl`, `.ndjson`, or any other name): one object per line, `{"direction": ..., "data": ...}`,
///   what a proxy or a backend's integration test writes. `direction` is `client-to-server` (or `send`, `sent`,
///   `outgoing`) or `server-to-client` (`receive`, `received`, `incoming`); `data` is the frame's text as a string,
///   or the frame itself as JSON. Read in chunks, so a capture of any length takes constant memory.
/// - HAR (`.har`): the export of Chrome's, Edge's and Safari's developer tools, whose entries keep a WebSocket's
///   messages under `_webSocketMessages` (`type` `send` or `receive`, `opcode` 1 for text, `data`).
public enum CaptureReader {
    /// Calls `body` with every text frame of the capture at `path`, in order.
    public static func read(_ path: String, _ body: (CapturedFrame) throws -> Void) throws {
        if path.lowercased().hasSuffix(".har") {
            try readHAR(path, body)
        } else {
            try readJSONLines(path, body)
        }
    }

    static func direction(_ word: String) -> Direction? {
        switch word.lowercased() {
        case "client-to-server", "send", "sent", "outgoing", "out": .clientToServer
        case "server-to-client", "receive", "received", "incoming", "in": .serverToClient
        default: nil
        }
    }

    // MARK: JSON Lines

    private static func readJSONLines(_ path: String, _ body: (CapturedFrame) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CaptureError(origin: path, message: "cannot be read (no such file, or no permission)")
        }
        defer { try? handle.close() }
        var pending = Data()
        var lineNumber = 0
        func line(_ bytes: Data) throws {
            lineNumber += 1
            let text = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
            guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            try body(try frame(ofLine: Data(text), origin: "\(path):\(lineNumber)"))
        }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending.append(chunk)
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try line(pending[start..<newline])
                start = pending.index(after: newline)
            }
            pending = Data(pending[start...])
        }
        if !pending.isEmpty { try line(pending) }
    }

    private static func frame(ofLine line: Data, origin: String) throws -> CapturedFrame {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw CaptureError(
                origin: origin, message: #"not a JSON object; each line is {"direction": ..., "data": ...}"#)
        }
        guard let word = object["direction"] as? String, let direction = direction(word) else {
            throw CaptureError(
                origin: origin,
                message: #""direction" must be "client-to-server" or "server-to-client" (or send/receive)"#)
        }
        let data: Data
        switch object["data"] {
        case let text as String:
            data = Data(text.utf8)
        case let value? where JSONSerialization.isValidJSONObject(value):
            data = try JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes])
        default:
            throw CaptureError(origin: origin, message: #""data" must be the frame's text, or the frame as JSON"#)
        }
        return CapturedFrame(data: data, direction: direction, origin: origin)
    }

    // MARK: HAR

    private static func readHAR(_ path: String, _ body: (CapturedFrame) throws -> Void) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CaptureError(origin: path, message: "cannot be read (no such file, or no permission)")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let log = root["log"] as? [String: Any], let entries = log["entries"] as? [[String: Any]]
        else {
            throw CaptureError(origin: path, message: "not a HAR file: no log.entries")
        }
        for (entryIndex, entry) in entries.enumerated() {
            guard let messages = entry["_webSocketMessages"] as? [[String: Any]] else { continue }
            for (messageIndex, message) in messages.enumerated() {
                let origin = "\(path): entry \(entryIndex + 1), message \(messageIndex + 1)"
                // Opcode 2 is a binary message: no JSON frame to read.
                if (message["opcode"] as? Int) == 2 { continue }
                guard let type = message["type"] as? String, let direction = direction(type),
                    let text = message["data"] as? String
                else {
                    throw CaptureError(
                        origin: origin, message: #"a WebSocket message needs "type" (send or receive) and "data""#)
                }
                try body(CapturedFrame(data: Data(text.utf8), direction: direction, origin: origin))
            }
        }
    }
}
