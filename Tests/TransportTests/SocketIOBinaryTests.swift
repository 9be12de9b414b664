import Foundation
import SchemaGenRuntime
@testable import SchemaGenTransport
import Testing

/// Socket.IO binary events and acknowledgements put back together, client and server side, as the reference decoder
/// reads them: Fixtures/socket.io/binary-packets.json, written by Debian's node-socket.io-parser 4.2.1 from the packets
/// of socket.io-parser's own test/buffer.js and one with two attachments (CI writes it again and compares). The
/// refusals are that test file's error cases.
struct SocketIOBinaryTests {
    let start = ContinuousClock.now

    struct Fixture: Decodable, CustomTestStringConvertible {
        struct Message: Decodable {
            var text: String?
            var binary: String?
        }
        struct Read: Decodable {
            var type: Int
            var nsp: String
            var id: Int?
            var data: String
        }
        var name: String
        var messages: [Message]
        var read: Read
        var testDescription: String { name }

        var webSocketMessages: [WebSocketMessage] {
            messages.map { message in
                message.text.map(WebSocketMessage.text) ?? .binary(Data(base64Encoded: message.binary ?? "") ?? Data())
            }
        }

        /// What a session must deliver: the reference decoder's data, as an event or as an acknowledgement.
        func expected(channel: String?) -> IncomingFrame {
            read.type == 6
                ? IncomingFrame(data: Data(read.data.utf8), channel: channel, acknowledges: read.id)
                : IncomingFrame(data: Data(read.data.utf8), channel: channel, ackID: read.id)
        }
    }

    static let fixtures: [Fixture] = {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "Fixtures/socket.io/binary-packets.json")
        return (try? JSONDecoder().decode([Fixture].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func theFixturesAreThere() {
        #expect(Self.fixtures.count == 4)
    }

    /// A client session connected to `namespace` with `/back` joined as a channel.
    func client(_ namespace: String = "/cool") -> any ProtocolSession {
        var session = SocketIOProtocol(namespace: namespace).makeSession(credentials: .none)
        _ = session.start(at: start)
        _ = session.receive(.text(SocketIOSessionTests.open), at: start)
        _ = session.receive(.text(namespace == "/" ? #"40{"sid":"a"}"# : #"40\#(namespace),{"sid":"a"}"#), at: start)
        _ = session.join("/back")
        _ = session.receive(.text(#"40/back,{"sid":"b"}"#), at: start)
        return session
    }

    /// Each attachment becomes its base64 string where its placeholder was, as the reference decoder reads it; an
    /// Engine.IO ping between the packet and its attachments changes nothing.
    @Test(arguments: fixtures)
    func aClientReadsWhatTheReferenceDecoderReads(_ fixture: Fixture) {
        let main = fixture.read.nsp == "/back" ? "/cool" : fixture.read.nsp
        var session = client(main)
        var messages = fixture.webSocketMessages
        messages.insert(.text("2"), at: 1)
        let events = messages.flatMap { session.receive($0, at: start) }
        #expect(
            events == [
                .send(.text("3")),
                .deliver(fixture.expected(channel: fixture.read.nsp == main ? nil : fixture.read.nsp)),
            ])
    }

    /// The server side: a client's binary packets are put together the same way.
    @Test(arguments: fixtures)
    func aServerReadsWhatTheReferenceDecoderReads(_ fixture: Fixture) {
        var session = SocketIOServerProtocol.Session(
            protocol: SocketIOServerProtocol(namespace: "/", pingInterval: .seconds(25), pingTimeout: .seconds(20)),
            sessionID: "s", upgrades: [])
        _ = session.start(at: start)
        _ = session.receive(.text("40"), at: start)
        if fixture.read.nsp != "/" { _ = session.receive(.text("40\(fixture.read.nsp),"), at: start) }
        let events = fixture.webSocketMessages.flatMap { session.receive($0, at: start) }
        #expect(events == [.deliver(fixture.expected(channel: fixture.read.nsp == "/" ? nil : fixture.read.nsp))])
    }

    /// Where each fixture's bytes sit in its data, as the generated code's encoder records a `Bytes` value's path.
    static let bytePaths: [String: [[JSONPathStep]]] = [
        "encodes a Buffer": [[index(1)]],
        "encodes a nested Buffer": [[index(1), JSONPathStep(key: "b"), index(1)]],
        "encodes a binary ack with Buffer": [[index(1)]],
        "two attachments": [[index(2)], [index(1), JSONPathStep(key: "thumb")]],
    ]

    static func index(_ index: Int) -> JSONPathStep { JSONPathStep(key: "Index \(index)", index: index) }

    /// The frame the app sends for a fixture: the reference decoder's data, bytes as base64 at their paths.
    func outgoing(_ fixture: Fixture, channel: String?) -> OutgoingFrame {
        OutgoingFrame(
            eventName: "", channel: channel, payload: nil, data: Data(fixture.read.data.utf8),
            ackID: fixture.read.type == 6 ? nil : fixture.read.id,
            acknowledges: fixture.read.type == 6 ? fixture.read.id : nil,
            bytePaths: Self.bytePaths[fixture.name] ?? [])
    }

    /// Sending bytes: both sessions write each fixture's packet and attachments byte for byte as the reference
    /// encoder does (placeholders numbered in the order they come, whatever order the paths were recorded in).
    @Test(arguments: fixtures)
    func bothSidesWriteWhatTheReferenceEncoderWrites(_ fixture: Fixture) throws {
        var clientSession = client(fixture.read.nsp == "/back" ? "/cool" : fixture.read.nsp)
        let channel = fixture.read.nsp == "/back" ? "/back" : nil
        #expect(try clientSession.encode(outgoing(fixture, channel: channel)) == fixture.webSocketMessages)
        let serverSession = SocketIOServerProtocol.Session(
            protocol: SocketIOServerProtocol(
                namespace: fixture.read.nsp, pingInterval: .seconds(25), pingTimeout: .seconds(20)),
            sessionID: "s", upgrades: [])
        #expect(try serverSession.encode(outgoing(fixture, channel: nil)) == fixture.webSocketMessages)
    }

    /// A frame without bytes, or whose recorded path no longer leads to a base64 string, goes as a plain packet.
    @Test func withoutBytesAPacketStaysPlain() throws {
        var session = client()
        let frame = OutgoingFrame(
            eventName: "a", channel: nil, payload: nil, data: Data(#"["a",{"b":7}]"#.utf8),
            bytePaths: [[Self.index(1), JSONPathStep(key: "b")], [Self.index(5)]])
        #expect(try session.encode(frame) == [.text(#"42/cool,["a",{"b":7}]"#)])
    }

    /// Bytes read back as `Data`, as generated code's `Bytes` fields read them.
    @Test func twoAttachmentsDecodeAsData() throws {
        var session = SocketIOProtocol().makeSession(credentials: .none)
        _ = session.start(at: start)
        _ = session.receive(.text(SocketIOSessionTests.open), at: start)
        _ = session.receive(.text(#"40{"sid":"a"}"#), at: start)
        let two = try #require(Self.fixtures.first { $0.name == "two attachments" }).webSocketMessages
        #expect(session.receive(two[0], at: start) == [])
        #expect(session.receive(two[1], at: start) == [])
        let events = session.receive(two[2], at: start)
        guard case .deliver(let frame)? = events.first, events.count == 1 else {
            Issue.record("expected one frame, got \(events)")
            return
        }
        #expect(String(decoding: frame.data, as: UTF8.self) == #"["file",{"name":"a.png","thumb":"AAH+/w=="},"aGkh"]"#)
        struct File: Decodable { var name: String; var thumb: Data }
        struct Event: Decodable {
            var file: File
            var bytes: Data
            init(from decoder: any Decoder) throws {
                var arguments = try decoder.unkeyedContainer()
                _ = try arguments.decode(String.self)
                file = try arguments.decode(File.self)
                bytes = try arguments.decode(Data.self)
            }
        }
        let event = try WireDecoder(dates: .iso8601).decode(Event.self, from: frame.data)
        #expect(event.file.thumb == Data([0, 1, 254, 255]) && event.bytes == Data("hi!".utf8))
    }

    /// socket.io-parser's error cases: each reaches the app with its reason, and the session goes on.
    @Test func whatCannotBePutTogetherReachesTheAppSayingWhy() {
        func reasons(_ messages: [WebSocketMessage]) -> [String] {
            var session = client()
            return messages.flatMap { session.receive($0, at: start) }.compactMap { event in
                if case .deliver(let frame) = event { return frame.unreadable ?? "delivered" }
                return nil
            }
        }
        #expect(
            reasons([.text(#"451-["hello",{"_placeholder":true,"num":"splice"}]"#), .binary(Data("world".utf8))]) == [
                "a binary packet whose placeholders do not name its 1 attachments one each (illegal attachments)"
            ])
        #expect(
            reasons([.text(#"451-["hello",{"_placeholder":true,"num":1}]"#), .binary(Data("world".utf8))]) == [
                "a binary packet whose placeholders do not name its 1 attachments one each (illegal attachments)"
            ])
        #expect(
            reasons([.binary(Data("world".utf8))]) == [
                "a binary message that no binary packet announced (got binary data when not reconstructing a packet)"
            ])
        #expect(
            reasons([.text(#"451-["hello",{"_placeholder":true,"num":0}]"#), .text(#"42/cool,["hello"]"#)]) == [
                "a binary packet that announced 1 attachments got 0 before the next packet", "delivered",
            ])
        #expect(
            reasons([.text("4565-[\"x\"]")]) == [
                "a binary packet announcing 65 attachments, more than the 64 a packet may have"
            ])
    }

    /// A stray binary message ends a server's session, as a protocol error does.
    @Test func aStrayAttachmentEndsAServersSession() {
        var session = SocketIOServerProtocol.Session(
            protocol: SocketIOServerProtocol(namespace: "/cool", pingInterval: .seconds(25), pingTimeout: .seconds(20)),
            sessionID: "s", upgrades: [])
        _ = session.start(at: start)
        _ = session.receive(.text("40/cool,"), at: start)
        guard case .close? = session.receive(.binary(Data("stray".utf8)), at: start).first else {
            Issue.record("a stray binary message should end the session")
            return
        }
    }
}
