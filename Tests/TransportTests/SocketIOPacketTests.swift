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

    @Test(arguments: [
        "", "9", "x[]", "51-[\"baz\",{\"_placeholder\":true,\"num\":0}]", "61-15[\"bar\"]",
        "2999999999999999999[\"foo\"]",
    ])
    func refusesWhatIsNotAJSONPacket(_ text: String) {
        #expect(SocketIOPacket(text[...]) == nil)
    }
}
