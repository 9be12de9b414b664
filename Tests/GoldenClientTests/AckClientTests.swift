import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Socket.IO acknowledgements through the `acks` golden and the loopback transport, both ways.
@Suite struct AckClientTests {
    static func waitForSent(_ transport: LoopbackTransport, count: Int) async throws -> [OutgoingFrame] {
        try await transport.sentFrames(atLeast: count)
    }

    @Test func anEmitReturnsTheServersAcknowledgement() async throws {
        let transport = LoopbackTransport()
        let client = Acks.Client(transport: transport)
        async let stored = client.upload(name: "a.png", size: 5)
        async let synced = client.sync(["x", "y"])
        let sent = try await Self.waitForSent(transport, count: 2)
        let upload = try #require(sent.first { $0.eventName == "upload" })
        let sync = try #require(sent.first { $0.eventName == "sync" })
        #expect(String(decoding: upload.data, as: UTF8.self) == #"["upload",{"name":"a.png","size":5}]"#)
        let (uploadID, syncID) = (try #require(upload.ackID), try #require(sync.ackID))
        #expect(uploadID != syncID)
        // Answered out of order; `sync`'s acknowledgement has two arguments, read as its tuple.
        await transport.acknowledge(syncID, arguments: #"[null,2]"#)
        await transport.acknowledge(uploadID, arguments: #"[{"fileId":"f1","bytes":5}]"#)
        #expect(try await stored == .init(fileId: "f1", bytes: 5))
        #expect(try await synced == .init(error: nil, count: 2))
        #expect(client.pendingRequestCount == 0)
    }

    @Test func lateDuplicatedAndMalformedAcknowledgementsNeverStopTheClient() async throws {
        let transport = LoopbackTransport()
        let client = Acks.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        await #expect(throws: RequestFailure.timedOut(after: .milliseconds(20))) {
            _ = try await client.upload(name: "a", size: 1, timeout: .milliseconds(20))
        }
        let late = try #require(transport.sentFrames.first?.ackID)
        await transport.acknowledge(late, arguments: #"[{"fileId":"f1","bytes":1}]"#)
        await transport.acknowledge(999, arguments: "[]")
        #expect(
            failures.values.count == 2 && failures.values.allSatisfy { $0.contains("no request waits for") },
            "\(failures.values)")
        let call = Task { try await client.upload(name: "b", size: 2) }
        let id = try #require(try await Self.waitForSent(transport, count: 2)[1].ackID)
        await transport.acknowledge(id, arguments: #"[{"fileId":7}]"#)
        await #expect(throws: DecodingError.self) { try await call.value }
        // The client goes on.
        let next = Task { try await client.upload(name: "c", size: 3) }
        let nextID = try #require(try await Self.waitForSent(transport, count: 3)[2].ackID)
        await transport.acknowledge(nextID, arguments: #"[{"fileId":"f3","bytes":3},"extra"]"#)
        #expect(try await next.value.fileId == "f3")
    }

    @Test func aTransportWithoutAcknowledgementsFailsAtOnceAndSendsNothing() async throws {
        let transport = LoopbackTransport(supportsAcknowledgements: false)
        let client = Acks.Client(transport: transport)
        await #expect(throws: AcknowledgementsUnsupported(eventName: "upload")) {
            _ = try await client.upload(name: "a", size: 1)
        }
        #expect(transport.sentFrames.isEmpty)
    }

    @Test func aLostConnectionFailsWaitingEmits() async throws {
        let transport = LoopbackTransport()
        let client = Acks.Client(transport: transport)
        let call = Task { try await client.upload(name: "a", size: 1) }
        _ = try await Self.waitForSent(transport, count: 1)
        client.core.failPendingRequests("transport closed")
        await #expect(throws: RequestFailure.connectionLost(reason: "transport closed")) { try await call.value }
    }

    @Test func theAppAnswersTheServersRequestsForAcknowledgement() async throws {
        let transport = LoopbackTransport()
        let client = Acks.Client(transport: transport)
        let pings = Recorder<Int>()
        client.onPing { pings.append($0.at) }
        client.respondToPing { ping in .init(busy: ping.at > 10, version: "2.1") }
        client.respondToPoke { true }
        await transport.deliver(json: #"["ping",{"at":42}]"#, ackID: 7)
        await transport.deliver(json: #"["poke"]"#, ackID: 8)
        // Without an ack id the server asks for nothing, and nothing is sent.
        await transport.deliver(json: #"["ping",{"at":1}]"#)
        let sent = try await Self.waitForSent(transport, count: 2)
        let answers = Dictionary(
            uniqueKeysWithValues: sent.map { ($0.acknowledges ?? -1, String(decoding: $0.data, as: UTF8.self)) })
        #expect(answers == [7: #"[{"busy":true,"version":"2.1"}]"#, 8: "[true]"])
        #expect(pings.values == [42, 1])
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.sentFrames.count == 2)
    }

    @Test func aRequestThatDoesNotDecodeIsReportedAndNotAnswered() async throws {
        let transport = LoopbackTransport()
        let client = Acks.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let token = client.respondToPing { _ in .init(busy: false, version: "1") }
        client.onPing { _ in }
        await transport.deliver(json: #"["ping",{"at":"soon"}]"#, ackID: 3)
        #expect(failures.values.count == 1 && failures.values[0].contains("'at'"), "\(failures.values)")
        token.cancel()
        await transport.deliver(json: #"["ping",{"at":1}]"#, ackID: 4)
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.sentFrames.isEmpty)
    }
}
