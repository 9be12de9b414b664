import Foundation
import SchemaGenRuntime
@testable import SchemaGenTransport
import Testing

/// Socket.IO binary events and acknowledgements put back together, client and server side. The packets are what
/// the reference encoder writes, Debian's node-socket.io-parser 4.2.1 (`new Encoder().encode(packet)`), for the packets
/// of socket.io-parser's own test/buffer.js ("encodes a Buffer", "encodes a nested Buffer", "encodes a binary ack with
/// Buffer") and one with two attachments; the refusals are that file's error cases.
struct SocketIOBinaryTests {
    let start = ContinuousClock.now

    /// `{type: EVENT, data: ["a", Buffer.from("abc")], id: 23, nsp: "/cool"}`
    static let buffer = (#"451-/cool,23["a",{"_placeholder":true,"num":0}]"#, Data("abc".utf8))
    /// `{type: EVENT, data: ["a", {b: ["c", Buffer.from("abc")]}], id: 23, nsp: "/cool"}`
    static let nested = (#"451-/cool,23["a",{"b":["c",{"_placeholder":true,"num":0}]}]"#, Data("abc".utf8))
    /// `{type: ACK, data: ["a", Buffer.from("xxx"), {}], id: 127, nsp: "/back"}`
    static let ack = (#"461-/back,127["a",{"_placeholder":true,"num":0},{}]"#, Data("xxx".utf8))
    /// `{type: EVENT, data: ["file", {name: "a.png", thumb: Buffer.from([0, 1, 254, 255])}, Buffer.from("hi!")], nsp: "/"}`
    static let two =
        #"452-["file",{"name":"a.png","thumb":{"_placeholder":true,"num":0}},{"_placeholder":true,"num":1}]"#

    /// A client session connected to `/cool` with `/back` joined as a channel.
    func client() -> any ProtocolSession {
        var session = SocketIOProtocol(namespace: "/cool").makeSession(credentials: .none)
        _ = session.start(at: start)
        _ = session.receive(.text(SocketIOSessionTests.open), at: start)
        _ = session.receive(.text(#"40/cool,{"sid":"a"}"#), at: start)
        _ = session.join("/back")
        _ = session.receive(.text(#"40/back,{"sid":"b"}"#), at: start)
        return session
    }

    @Test func aClientReadsEachAttachmentAsBase64WhereItsPlaceholderWas() {
        var session = client()
        #expect(session.receive(.text(Self.buffer.0), at: start) == [])
        #expect(
            session.receive(.binary(Self.buffer.1), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["a","YWJj"]"#.utf8), ackID: 23))
            ])
        _ = session.receive(.text(Self.nested.0), at: start)
        // Engine.IO's ping may come between a packet and its attachments.
        #expect(session.receive(.text("2"), at: start) == [.send(.text("3"))])
        #expect(
            session.receive(.binary(Self.nested.1), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["a",{"b":["c","YWJj"]}]"#.utf8), ackID: 23))
            ])
        _ = session.receive(.text(Self.ack.0), at: start)
        #expect(
            session.receive(.binary(Self.ack.1), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["a","eHh4",{}]"#.utf8), channel: "/back", acknowledges: 127))
            ])
    }

    /// Bytes read back as `Data`, as generated code's `Bytes` fields read them.
    @Test func twoAttachmentsDecodeAsData() throws {
        var session = SocketIOProtocol().makeSession(credentials: .none)
        _ = session.start(at: start)
        _ = session.receive(.text(SocketIOSessionTests.open), at: start)
        _ = session.receive(.text(#"40{"sid":"a"}"#), at: start)
        #expect(session.receive(.text(Self.two), at: start) == [])
        #expect(session.receive(.binary(Data([0, 1, 254, 255])), at: start) == [])
        let events = session.receive(.binary(Data("hi!".utf8)), at: start)
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

    /// The server side: a client's binary event is put together the same way; a stray binary message ends the
    /// session, as a protocol error does.
    @Test func aServerReadsAClientsBinaryEvent() {
        var session = SocketIOServerProtocol.Session(
            protocol: SocketIOServerProtocol(namespace: "/cool", pingInterval: .seconds(25), pingTimeout: .seconds(20)),
            sessionID: "s", upgrades: [])
        _ = session.start(at: start)
        _ = session.receive(.text("40/cool,"), at: start)
        #expect(session.receive(.text(Self.buffer.0), at: start) == [])
        #expect(
            session.receive(.binary(Self.buffer.1), at: start) == [
                .deliver(IncomingFrame(data: Data(#"["a","YWJj"]"#.utf8), ackID: 23))
            ])
        guard case .close? = session.receive(.binary(Data("stray".utf8)), at: start).first else {
            Issue.record("a stray binary message should end the session")
            return
        }
    }
}
