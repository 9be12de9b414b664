import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// graphql-transport-ws messages written to PROTOCOL.md's interfaces (Fixtures/graphql-transport-ws/README.md).
@Suite struct GraphQLTransportWSExampleTests {
    static func example(_ name: String) throws -> Data {
        try VendorExampleTests.example("graphql-transport-ws/\(name).json")
    }

    @Test func serverMessagesDecode() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        let acks = Recorder<Bool>()
        let nexts = Recorder<GraphQLTransportWS.Next>()
        let errors = Recorder<GraphQLTransportWS.Error>()
        let completes = Recorder<String?>()
        let failures = Recorder<String>()
        client.onConnectionAck { _ in acks.append(true) }
        client.onNext { nexts.append($0) }
        client.onError { errors.append($0) }
        client.onComplete { completes.append($0.id) }
        client.onIncomingFailure { failures.append($0.description) }
        for name in ["connection_ack", "next", "error", "complete"] { await transport.deliver(try Self.example(name)) }
        #expect(failures.values.isEmpty, "\(failures.values)")
        #expect(acks.values == [true] && completes.values == ["1"])
        #expect(nexts.values == [.init(id: "1", payload: .init(data: ["greetings": "Hi"]))])
        #expect(
            errors.values == [
                .init(
                    id: "1",
                    payload: [
                        .init(
                            message: #"Cannot query field "nope" on type "Subscription"."#,
                            locations: [.init(line: 1, column: 16)], path: [.field("greetings"), .index(0)])
                    ])
            ])
    }

    @Test func clientMessagesAreWhatEmitWrites() async throws {
        let transport = LoopbackTransport()
        let client = GraphQLTransportWS.Client(transport: transport)
        try await client.connectionInit(.init(payload: ["authToken": "secret"]))
        try await client.emit(
            .startOperation(.init(id: "1", payload: .init(operationName: .null, query: "subscription { greetings }"))))
        try await client.complete(.init(id: "1"))
        let documented = ["connection_init", "subscribe", "complete"]
        let sent = transport.sentFrames.map(\.data)
        #expect(sent.count == documented.count)
        for (index, name) in documented.enumerated() {
            try VendorExampleTests.expectJSONEqual(index < sent.count ? sent[index] : nil, try Self.example(name), name)
        }
        // `variables` was left absent, and `operationName` sent as null: the two are kept apart.
        #expect(String(decoding: sent[1], as: UTF8.self).contains(#""operationName":null"#))
        #expect(!String(decoding: sent[1], as: UTF8.self).contains("variables"))
    }
}
