import Foundation
import SchemaGenRuntime
@testable import SchemaGenTransport
import Testing

/// The packet encoding examples of the Socket.IO v5 specification (Fixtures/socket.io/README.md).
struct SocketIOPacketTests {
    struct Example: Decodable {
        struct Expected: Decodable {
            var type: UInt8
            var namespace: String
            var id: Int?
            var data: String
        }

        var packet: String
        var encoded: String
        var expected: Expected
    }

    static let examples: [Example] = {
        let url = URL(filePath: #filePath).deletingLastPathComponent().appending(
            path: "Fixtures/socket.io/packets.json")
        return (try? JSONDecoder().decode([Example].self, from: Data(contentsOf: url))) ?? []
    }()

    @Test func theSpecificationHasFifteenExamples() {
        #expect(Self.examples.count == 15)
    }

    @Test(arguments: examples.map(\.packet))
    func readsEachExample(_ packet: String) throws {
        let example = try #require(Self.examples.first { $0.packet == packet })
        let read = try #require(SocketIOPacket(example.encoded[...]))
        #expect(read.kind.rawValue == example.expected.type)
        #expect(read.namespace == example.expected.namespace)
        #expect(read.ackID == example.expected.id)
        #expect(String(decoding: read.data, as: UTF8.self) == example.expected.data)
    }

    @Test(arguments: examples.map(\.packet))
    func writesEachExampleAsTheSpecificationEncodesIt(_ packet: String) throws {
        let example = try #require(Self.examples.first { $0.packet == packet })
        let kind = try #require(SocketIOPacket.Kind(rawValue: example.expected.type))
        let data = example.expected.data.isEmpty ? nil : Data(example.expected.data.utf8)
        // Over a WebSocket every packet rides in an Engine.IO message: "4" first.
        #expect(
            SocketIOPacket.message(kind, namespace: example.expected.namespace, ackID: example.expected.id, data: data)
                == "4" + example.encoded)
    }

    @Test(arguments: ["", "9", "x[]", "2999999999999999999[\"foo\"]", "5", "5-[]", "51[\"a\"]", "5x-[]", "51234567-[]"])
    func refusesWhatIsNotAPacket(_ text: String) {
        #expect(SocketIOPacket(text[...]) == nil)
    }

    /// The specification's binary examples: the attachment count and its dash before the namespace and id.
    @Test func readsTheAttachmentCountOfBinaryPackets() throws {
        let event = try #require(SocketIOPacket(#"51-["baz",{"_placeholder":true,"num":0}]"#[...]))
        #expect(event.kind == .binaryEvent && event.attachments == 1 && event.ackID == nil)
        #expect(String(decoding: event.data, as: UTF8.self) == #"["baz",{"_placeholder":true,"num":0}]"#)
        let ack = try #require(SocketIOPacket(#"61-15["bar"]"#[...]))
        #expect(ack.kind == .binaryAck && ack.attachments == 1 && ack.ackID == 15 && ack.namespace == "/")
        #expect(String(decoding: ack.data, as: UTF8.self) == #"["bar"]"#)
    }
}
