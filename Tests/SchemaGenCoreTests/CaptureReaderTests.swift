import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Captures come from outside: a damaged line or message is reported where it is and the rest is still read; a line
/// past the bound is skipped without being held; a file that is no capture at all says where it stops being one.
@Suite struct CaptureReaderTests {
    /// A file in a fresh temporary folder, removed when the test's value goes.
    final class File {
        let path: String
        init(_ name: String, _ bytes: Data) throws {
            let folder = FileManager.default.temporaryDirectory.appending(path: "capture-reader-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            path = folder.appending(path: name).path
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        deinit { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    }

    static func read(
        _ file: File, maximumLineBytes: Int = CaptureReader.maximumLineBytes
    ) throws
        -> (frames: [String], unreadable: [String], count: Int)
    {
        var frames: [String] = []
        let unreadable = try CaptureReader.read(file.path, maximumLineBytes: maximumLineBytes) {
            frames.append(
                "\(($0.origin as NSString).lastPathComponent) \($0.direction.rawValue) \(String(decoding: $0.data, as: UTF8.self))"
            )
        }
        let name = (file.path as NSString).lastPathComponent
        return (
            frames,
            unreadable.first.map { "\($0.origin.replacingOccurrences(of: file.path, with: name)): \($0.message)" },
            unreadable.count
        )
    }

    @Test func aDamagedLineIsReportedWhereItIsAndTheLinesAfterItAreRead() throws {
        var bytes = Data(#"{"direction": "send", "data": "42[\"say\"]"}"#.utf8 + [0x0A])
        bytes += Data(#"{"direction": "sideways", "data": "42[]"}"#.utf8 + [0x0A])
        bytes += Data(#"{"direction": "send", "data": "caf"#.utf8) + [0xC3, 0x28] + Data(#""}"#.utf8 + [0x0A])
        bytes += Data("not json\r\n".utf8)
        bytes += Data("   \n".utf8)
        bytes += Data(#"{"direction": "receive", "data": ""#.utf8 + Array(repeating: UInt8(ascii: "x"), count: 200))
        bytes += Data(#""}"#.utf8 + [0x0A])
        bytes += Data(#"{"direction": "in", "data": {"event": "said"}}"#.utf8)
        let file = try File("damaged.jsonl", bytes)
        let read = try Self.read(file, maximumLineBytes: 100)
        #expect(
            read.frames == [
                #"damaged.jsonl:1 client-to-server 42["say"]"#,
                #"damaged.jsonl:7 server-to-client {"event":"said"}"#,
            ])
        #expect(
            read.unreadable == [
                #"damaged.jsonl:2: "direction" must be "client-to-server" or "server-to-client" (or send/receive)"#,
                "damaged.jsonl:3:35: not UTF-8 (byte 0xc3); JSON Lines are UTF-8 text",
                #"damaged.jsonl:4: not a JSON object; each line is {"direction": ..., "data": ...}"#,
                "damaged.jsonl:6: a line of 236 bytes, longer than the 100 bytes a frame may be; skipped",
            ])
        #expect(read.count == 4)
    }

    /// A line past the bound across many reads of the file (a file with no newline at all, the worst case) is counted,
    /// not held, and the line after it is read.
    @Test func aLineLongerThanTheBoundIsSkippedAcrossReads() throws {
        var bytes = Data(repeating: UInt8(ascii: "x"), count: 3 << 20)
        bytes += Data(("\n" + #"{"direction": "send", "data": "42[\"say\"]"}"#).utf8)
        let read = try Self.read(try File("long.jsonl", bytes), maximumLineBytes: 1000)
        #expect(read.frames == [#"long.jsonl:2 client-to-server 42["say"]"#])
        #expect(
            read.unreadable == [
                "long.jsonl:1: a line of 3145728 bytes, longer than the 1000 bytes a frame may be; skipped"
            ])
        let last = try Self.read(
            try File("no-newline.jsonl", Data(repeating: 0x20, count: 2000)), maximumLineBytes: 1000)
        #expect(
            last.unreadable == [
                "no-newline.jsonl:1: a line of 2000 bytes, longer than the 1000 bytes a frame may be; skipped"
            ])
    }

    @Test func pastTheKeptPartsTheRestAreCounted() throws {
        let file = try File("garbage.jsonl", Data(String(repeating: "garbage\n", count: 25).utf8))
        let read = try Self.read(file)
        #expect(read.unreadable.count == UnreadableParts.kept)
        #expect(read.count == 25)
    }

    /// Chrome keeps binary messages (opcode 2) as base64, which verify does not read yet: each is reported, as is a
    /// message without a direction, and the text messages around them are read.
    @Test func aHARsUnreadableMessagesAreReportedAndTheRestRead() throws {
        let har = """
            {"log": {"version": "1.2", "pages": [{"id": "page_1"}], "entries": [
              {"request": {"url": "https://example.com/"}, "response": {"content": {"text": "<html>"}}},
              {"request": {"url": "ws://localhost:5000/socket.io/?EIO=4"}, "_webSocketMessages": [
                {"type": "send", "time": 1.0, "opcode": 2, "data": "AAEC"},
                {"time": 1.1, "opcode": 1, "data": "42[]"},
                {"type": "receive", "time": 1.2, "opcode": 1, "data": 42},
                {"type": "receive", "time": 1.3, "opcode": 1, "data": "42[\\"said\\"]"}
              ]}
            ]}}
            """
        let read = try Self.read(try File("session.har", Data(har.utf8)))
        #expect(read.frames == [#"session.har: entry 2, message 4 server-to-client 42["said"]"#])
        #expect(
            read.unreadable == [
                "session.har: entry 2, message 1: a binary message (opcode 2): only text frames are read",
                #"session.har: entry 2, message 2: a WebSocket message needs "type" (send or receive) and "data" as text"#,
                #"session.har: entry 2, message 3: a WebSocket message needs "type" (send or receive) and "data" as text"#,
            ])
    }

    @Test func aHARThatIsNotJSONSaysWhereItStops() throws {
        let file = try File("broken.har", Data("{\"log\": {\"entries\": [\n  {\"a\": x}]}}".utf8))
        #expect {
            _ = try CaptureReader.read(file.path) { _ in }
        } throws: { error in
            (error as? CaptureError)?.origin == "\(file.path):2:9"
                && (error as? CaptureError)?.message.hasPrefix("not a HAR file: ") == true
        }
        let notHAR = try File("other.har", Data(#"{"entries": []}"#.utf8))
        #expect(throws: CaptureError.self) { _ = try CaptureReader.read(notHAR.path) { _ in } }
    }
}
