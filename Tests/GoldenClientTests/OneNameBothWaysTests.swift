import Foundation
@_spi(Generated) import GoldenClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 7: one wire name each way with its own payload, written as the checker says to write it when
/// `wire:` is used under `framing:` (the `one-name-both-ways` golden: one frame shape, `wire: ping` on both events).
/// The frames are the flat `{"type": ...}` objects the discriminator framing reads and writes.
@Suite struct OneNameBothWaysTests {
    @Test func theClientSendsOnePingAndHearsTheOther() async throws {
        let transport = LoopbackTransport()
        let client = OneNameBothWays.Client(transport: transport)
        let pings = Recorder<Int>()
        let byes = Recorder<Bool>()
        let failures = Recorder<String>()
        client.onPingReceived { pings.append($0.at) }
        client.onBye { byes.append(true) }
        client.onIncomingFailure { failures.append($0.description) }
        try await client.pingSent(nonce: 1)
        try await client.bye()
        let sent = try transport.sentFrames.map { try JSONSerialization.jsonObject(with: $0.data) as? NSDictionary }
        #expect(sent == [["type": "ping", "nonce": 1], ["type": "bye"]])
        await transport.deliver(json: #"{"type": "ping", "at": 5}"#)
        await transport.deliver(json: #"{"type": "bye"}"#)
        // The client's own ping is not one it hears: its payload is not the server's.
        await transport.deliver(json: #"{"type": "ping", "nonce": 2}"#)
        #expect(pings.values == [5] && byes.values == [true])
        #expect(failures.values.count == 1 && failures.values[0].contains("does not decode"), "\(failures.values)")
    }

    @Test func aGeneratedServerAndClientTellTheTwoPingsApart() async throws {
        let transport = LoopbackServerTransport()
        let server = OneNameBothWays.Server(transport: transport)
        let nonces = Recorder<Int>()
        server.onPingSent { _, ping in nonces.append(ping.nonce) }
        let link = transport.connect()
        let client = OneNameBothWays.Client(transport: link)
        let pings = Recorder<Int>()
        client.onPingReceived { pings.append($0.at) }
        try await client.pingSent(nonce: 7)
        try await eventually("the server hears the client's ping") { nonces.values == [7] }
        try await server.emit(.pingReceived(.init(at: 9)), to: .connection(link.connection))
        try await eventually("the client hears the server's ping") { pings.values == [9] }
    }
}
