import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// The example frames of public APIs' documentation, copied exactly (Fixtures/<api>/README.md says from where):
/// each one the server sends decodes through the generated client to the values the documentation shows, and
/// each one the app sends is what the typed emit call writes (JSON-equal: the documentation's key order and
/// white space are free).
@Suite struct VendorExampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static func example(_ path: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(path))
    }

    /// The same JSON value, whatever the key order and white space.
    static func expectJSONEqual(_ sent: Data?, _ documented: Data, _ name: String) throws {
        let sentValue = try JSONSerialization.jsonObject(with: try #require(sent, "\(name): nothing sent")) as? NSObject
        let documentedValue = try JSONSerialization.jsonObject(with: documented) as? NSObject
        #expect(sentValue == documentedValue, "\(name): sent \(String(decoding: sent ?? Data(), as: UTF8.self))")
    }

    @Test func discordGatewayServerExamplesDecode() throws {
        let transport = LoopbackTransport()
        let client = DiscordGateway.Client(transport: transport)
        let hellos = Recorder<Int>()
        let heartbeats = Recorder<Int?>()
        let events = Recorder<DiscordGateway.ServerEvent>()
        let failures = Recorder<String>()
        client.onHello { hellos.append($0.heartbeatInterval) }
        client.onHeartbeat { heartbeats.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        let stream = client.events
        let reader = Task { for await event in stream { events.append(event) } }
        defer { reader.cancel() }
        for name in ["example-hello.json", "example-heartbeat.json", "example-gateway-event-payload.json"] {
            transport.deliver(try Self.example("discord-gateway/\(name)"))
        }
        #expect(hellos.values == [45000])
        #expect(heartbeats.values == [251])
        #expect(failures.values.isEmpty)
    }

    @Test func discordGatewayUnknownDispatchKeepsItsSequenceNumber() async throws {
        let transport = LoopbackTransport()
        let client = DiscordGateway.Client(transport: transport)
        let events = Recorder<DiscordGateway.ServerEvent>()
        let stream = client.events
        let reader = Task { for await event in stream { events.append(event) } }
        defer { reader.cancel() }
        try await Task.sleep(for: .milliseconds(20))
        transport.deliver(try Self.example("discord-gateway/example-gateway-event-payload.json"))
        try await Task.sleep(for: .milliseconds(50))
        guard case .unknown(let unknown)? = events.values.first else {
            Issue.record("expected an unknown event, got \(events.values)")
            return
        }
        #expect(unknown.shape == "dispatch" && unknown.name == "GATEWAY_EVENT_NAME")
        #expect(unknown.fields == ["s": .number(42)])
        #expect(unknown.payload.map { String(decoding: $0, as: UTF8.self) } == "{}")
    }

    @Test func discordGatewayClientExamplesAreWhatEmitWrites() async throws {
        let transport = LoopbackTransport()
        let client = DiscordGateway.Client(transport: transport)
        try await client.heartbeat(251)
        try await client.resume(token: "randomstring", sessionId: "evenmorerandomstring", seq: 1337)
        try await client.requestGuildMembers(guildId: "41771983444115456", query: "", limit: 0)
        try await client.requestSoundboardSounds(guildIds: ["613425648685547541", "81384788765712384"])
        try await client.updateVoiceState(guildId: "41771983423143937", channelId: "127121515262115840", selfMute: false, selfDeaf: false)
        try await client.updatePresence(.init(since: 91879201, activities: [.init(name: "Save the Oxford Comma", type: 0)], status: "online",
                                              afk: false))
        let documented = ["example-heartbeat.json", "example-resume.json", "example-request-guild-members.json",
                          "example-request-soundboard-sounds.json", "example-gateway-voice-state-update.json",
                          "example-gateway-presence-update.json"]
        let sent = transport.sentFrames.map(\.data)
        #expect(sent.count == documented.count)
        for (index, name) in documented.enumerated() {
            try Self.expectJSONEqual(index < sent.count ? sent[index] : nil, try Self.example("discord-gateway/\(name)"), name)
        }
    }
}
