import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 9: `UInt64` keeps every digit of a 64-bit unsigned id, both ways (the `unsigned-ids` golden).
@Suite struct UnsignedIDTests {
    @Test func idsPastInt64ArriveAndLeaveWithEveryDigit() async throws {
        let transport = LoopbackTransport()
        let client = UnsignedIDs.Client(transport: transport)
        let messages = Recorder<UnsignedIDs.Message>()
        let failures = Recorder<String>()
        client.onPosted { messages.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(
            json: #"{"type":"posted","id":17293822569102704640,"parent":18446744073709551615,"text":"hi"}"#)
        await transport.deliver(json: #"{"type":"posted","id":-1,"text":"negative"}"#)
        await transport.deliver(json: #"{"type":"posted","id":18446744073709551616,"text":"past UInt64"}"#)
        #expect(messages.values == [UnsignedIDs.Posted.example1])
        #expect(messages.values.first?.id == 17_293_822_569_102_704_640)
        #expect(failures.values.count == 2 && failures.values.allSatisfy { $0.contains("does not decode") })
        try await client.delete(id: UInt64.max)
        #expect(
            transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) } == [
                #"{"type":"delete","id":18446744073709551615}"#
            ])
    }
}
