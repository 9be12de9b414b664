import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// Reads captured WebSocket traffic as users have it, one frame at a time:
///
/// - JSON Lines (`.jsonl`, `.ndjson`, or any other name): one object per line, `{"direction": ..., "data": ...}`,
///   what a proxy or a backend's integration test writes. `direction` is `client-to-server` (or `send`, `sent`,
///   `outgoing`) or `server-to-client` (`receive`, `received`, `incoming`); `data` is the frame's text as a string,
///   or the frame itself as JSON; with `"opcode": 2`, a binary message's bytes in base64, as HAR files keep them. Read in chunks, in time and memory linear in the line's length: a capture of any
///   length takes memory bounded by its longest line, and a line past ``maximumLineBytes`` is skipped unread.
/// - HAR (`.har`): the export of Chrome's, Edge's and Safari's developer tools, whose entries keep a WebSocket's
///   messages under `_webSocketMessages` (`type` `send` or `receive`, `opcode` 1 for text and 2 for binary, whose
///   `data` is base64), and the WebSocket's URL in the entry's `request.url`. Read whole, in memory about the file's
///   size (only the messages are decoded, not the pages and bodies around them).
///
/// Binary messages reach `body` only when the reader asks for them (`binary: true`, `schemagen verify`, which reads
/// Phoenix's); otherwise each is reported unreadable.
///
/// A capture comes from outside and may be damaged: a line or message that cannot be read (not JSON, not UTF-8, too
/// long, without a direction) is reported in ``UnreadableParts`` with its location, and the reading goes on. Only a
/// file that cannot be opened, or a HAR that is no HAR at all, stops it.
public enum CaptureReader {
    /// The longest JSON Lines line read: 64 MiB, 64 times Socket.IO's default `maxHttpBufferSize`. A longer line is
    /// skipped without being held, so memory stays bounded on a file with no newline at all.
    public static let maximumLineBytes = 64 << 20

    /// Calls `body` with every text frame of the capture at `path`, in order, and returns what could not be read.
    /// `maximumLineBytes` bounds a JSON Lines line (tests lower it).
    public static func read(
        _ path: String, maximumLineBytes: Int = maximumLineBytes, binary: Bool = false,
        _ body: (CapturedFrame) throws -> Void
    ) throws -> UnreadableParts {
        path.lowercased().hasSuffix(".har")
            ? try readHAR(path, binary: binary, body)
            : try readJSONLines(path, maximumLineBytes: maximumLineBytes, binary: binary, body)
    }

    /// The error for a binary message the caller does not read.
    private static func binaryNotRead(_ origin: String) -> CaptureError {
        CaptureError(origin: origin, message: "a binary message (opcode 2): only text frames are read")
    }

    package static func direction(_ word: String) -> Direction? {
        switch word.lowercased() {
        case "client-to-server", "send", "sent", "outgoing", "out": .clientToServer
        case "server-to-client", "receive", "received", "incoming", "in": .serverToClient
        default: nil
        }
    }

    // MARK: JSON Lines

    private static func readJSONLines(
        _ path: String, maximumLineBytes: Int, binary: Bool, _ body: (CapturedFrame) throws -> Void
    ) throws -> UnreadableParts {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CaptureError(origin: path, message: "cannot be read (no such file, or no permission)")
        }
        defer { try? handle.close() }
        var unreadable = UnreadableParts()
        var pending = Data()
        // Bytes of a line past the bound, counted and dropped until its newline.
        var skipped: Int?
        var lineNumber = 0
        func line(_ bytes: Data) throws {
            lineNumber += 1
            if let length = skipped {
                skipped = nil
                unreadable.append(
                    CaptureError(
                        origin: "\(path):\(lineNumber)",
                        message:
                            "a line of \(length) bytes, longer than the \(maximumLineBytes) bytes a frame may be; skipped"
                    ))
                return
            }
            let text = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
            guard text.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            switch frame(ofLine: Data(text), path: path, line: lineNumber) {
            case .success(let frame) where frame.isBinary && !binary: unreadable.append(binaryNotRead(frame.origin))
            case .success(let frame): try body(frame)
            case .failure(let error): unreadable.append(error)
            }
        }
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            // Only the new bytes are searched for a newline: a long line costs its length once, not once per chunk.
            var start = chunk.startIndex
            // Keeps the bytes of the line being read, or only counts them once it is past the bound.
            func take(_ bytes: Data) {
                if let length = skipped {
                    skipped = length + bytes.count
                } else if pending.count + bytes.count > maximumLineBytes {
                    skipped = pending.count + bytes.count
                    pending = Data()
                } else {
                    pending.append(bytes)
                }
            }
            while let newline = chunk[start...].firstIndex(of: UInt8(ascii: "\n")) {
                take(chunk[start..<newline])
                try line(pending)
                pending.removeAll(keepingCapacity: pending.count <= 1 << 20)
                start = chunk.index(after: newline)
            }
            take(chunk[start...])
        }
        if !pending.isEmpty || skipped != nil { try line(pending) }
        return unreadable
    }

    private static func frame(ofLine line: Data, path: String, line number: Int) -> Result<CapturedFrame, CaptureError>
    {
        let origin = "\(path):\(number)"
        if let offset = firstInvalidUTF8(in: line) {
            return .failure(
                CaptureError(
                    origin: "\(origin):\(offset + 1)",
                    message:
                        "not UTF-8 (byte 0x\(String(line[line.startIndex + offset], radix: 16))); JSON Lines are UTF-8 text"
                ))
        }
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            return .failure(
                CaptureError(
                    origin: origin, message: #"not a JSON object; each line is {"direction": ..., "data": ...}"#))
        }
        guard let word = object["direction"] as? String, let direction = direction(word) else {
            return .failure(
                CaptureError(
                    origin: origin,
                    message: #""direction" must be "client-to-server" or "server-to-client" (or send/receive)"#))
        }
        if let opcode = object["opcode"] as? Int, opcode == 2 {
            guard let text = object["data"] as? String, let bytes = Data(base64Encoded: text) else {
                return .failure(
                    CaptureError(origin: origin, message: #"a binary message ("opcode": 2) needs "data" in base64"#))
            }
            return .success(CapturedFrame(data: bytes, direction: direction, origin: origin, isBinary: true))
        }
        switch object["data"] {
        case let text as String:
            return .success(CapturedFrame(data: Data(text.utf8), direction: direction, origin: origin))
        case let value? where JSONSerialization.isValidJSONObject(value):
            guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.withoutEscapingSlashes])
            else { break }
            return .success(CapturedFrame(data: data, direction: direction, origin: origin))
        default:
            break
        }
        return .failure(
            CaptureError(origin: origin, message: #""data" must be the frame's text, or the frame as JSON"#))
    }

    /// The offset of the first byte of `bytes` that is not part of well-formed UTF-8.
    package static func firstInvalidUTF8(in bytes: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    // MARK: HAR

    /// What a HAR holds that verify reads: each entry's WebSocket messages. Everything else (pages, requests, bodies)
    /// is skipped by the decoder, never built.
    private struct HAR: Decodable {
        struct Log: Decodable { var entries: [Entry] }
        struct Entry: Decodable {
            package var messages: [Message]?
            package var request: Request?
            package enum CodingKeys: String, CodingKey {
                case messages = "_webSocketMessages"
                case request
            }
            package init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                messages = try container.decodeIfPresent([Message].self, forKey: .messages)
                // The URL only names the protocol; a request written oddly loses that, not the messages.
                request = try? container.decodeIfPresent(Request.self, forKey: .request)
            }
        }
        struct Request: Decodable { var url: String? }
        /// One message; each member read on its own, so a damaged message is reported alone.
        struct Message: Decodable {
            package var type: String?
            package var opcode: Int?
            package var data: String?
            package init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                type = try? container.decodeIfPresent(String.self, forKey: .type)
                opcode = try? container.decodeIfPresent(Int.self, forKey: .opcode)
                data = try? container.decodeIfPresent(String.self, forKey: .data)
            }
            package enum CodingKeys: String, CodingKey { case type, opcode, data }
        }
        var log: Log
    }

    private static func readHAR(
        _ path: String, binary: Bool, _ body: (CapturedFrame) throws -> Void
    ) throws
        -> UnreadableParts
    {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw CaptureError(origin: path, message: "cannot be read (no such file, or no permission)")
        }
        let har: HAR
        do {
            har = try JSONDecoder().decode(HAR.self, from: data)
        } catch DecodingError.dataCorrupted {
            throw notJSON(data, path: path)
        } catch {
            throw CaptureError(origin: path, message: "not a HAR file: no log.entries")
        }
        var unreadable = UnreadableParts()
        for (entryIndex, entry) in har.log.entries.enumerated() {
            for (messageIndex, message) in (entry.messages ?? []).enumerated() {
                let origin = "\(path): entry \(entryIndex + 1), message \(messageIndex + 1)"
                guard let type = message.type, let direction = direction(type), let text = message.data else {
                    unreadable.append(
                        CaptureError(
                            origin: origin,
                            message: #"a WebSocket message needs "type" (send or receive) and "data" as text"#))
                    continue
                }
                let url = entry.request?.url
                if message.opcode == 2 {
                    guard binary else {
                        unreadable.append(binaryNotRead(origin))
                        continue
                    }
                    guard let bytes = Data(base64Encoded: text) else {
                        unreadable.append(
                            CaptureError(
                                origin: origin, message: "a binary message (opcode 2) whose data is not base64"))
                        continue
                    }
                    try body(CapturedFrame(data: bytes, direction: direction, origin: origin, isBinary: true, url: url))
                    continue
                }
                try body(CapturedFrame(data: Data(text.utf8), direction: direction, origin: origin, url: url))
            }
        }
        return unreadable
    }
}

extension CaptureReader {
    /// Where `data`, which `JSONDecoder` refused, stops being JSON: `JSONDecoder` does not say, so `JSONSerialization`
    /// reads it again up to the fault (only on this path: it holds several times the file's size) and its offset is
    /// turned into a line and column.
    package static func notJSON(_ data: Data, path: String) -> CaptureError {
        var cause = "not JSON"
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            cause = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? cause
        }
        guard let range = cause.range(of: #"character (\d+)"#, options: .regularExpression),
            let offset = Int(cause[range].dropFirst("character ".count)), offset <= data.count
        else { return CaptureError(origin: path, message: "not a HAR file: \(cause)") }
        let before = data.prefix(offset)
        let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = offset - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 - data.startIndex + 1 } ?? 0) + 1
        return CaptureError(origin: "\(path):\(line):\(column)", message: "not a HAR file: \(cause)")
    }
}

/// The parts of a capture that could not be read, each located: the first ``kept`` whole, the rest counted, so a
/// capture damaged throughout cannot grow the report without bound.
public struct UnreadableParts: Sendable {
    package static let kept = 20
    /// The first parts that could not be read, in capture order.
    public private(set) var first: [CaptureError] = []
    /// Every part that could not be read.
    package private(set) var count = 0

    package init() {}

    /// Whether every part was read.
    public var isEmpty: Bool { count == 0 }

    package mutating func append(_ error: CaptureError) {
        count += 1
        if first.count < Self.kept { first.append(error) }
    }

    /// Adds what another capture (or another reading) could not read.
    package mutating func append(contentsOf other: UnreadableParts) {
        for error in other.first where first.count < Self.kept { first.append(error) }
        count += other.count
    }
}
