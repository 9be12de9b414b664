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

    @Test func discordGatewayServerExamplesDecode() async throws {
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
            await transport.deliver(try Self.example("discord-gateway/\(name)"))
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
        await transport.deliver(try Self.example("discord-gateway/example-gateway-event-payload.json"))
        try await eventually("an event on the stream") { !events.values.isEmpty }
        guard case .unknown(let unknown)? = events.values.first else {
            Issue.record("expected an unknown event, got \(events.values)")
            return
        }
        #expect(unknown.shape == "dispatch" && unknown.name == "GATEWAY_EVENT_NAME")
        #expect(unknown.fields == ["s": .number(42)])
        #expect(unknown.payload.map { String(decoding: $0, as: UTF8.self) } == "{}")
    }

    /// The contracts' `servers:` are URL constants an app connects to (Discord's Gateway URL, from its documentation's
    /// Get Gateway answer; Twitch's EventSub WebSocket URL, from its "Handling WebSocket events" guide).
    @Test func serversAreTheURLsToConnectTo() {
        #expect(DiscordGateway.Servers.production.absoluteString == "wss://gateway.discord.gg/?v=10&encoding=json")
        #expect(DiscordGateway.Servers.production.host == "gateway.discord.gg")
        #expect(DiscordGateway.Servers.production.query == "v=10&encoding=json")
        #expect(TwitchEventSub.Servers.production == URL(string: "wss://eventsub.wss.twitch.tv/ws"))
    }

    @Test func discordGatewayClientExamplesAreWhatEmitWrites() async throws {
        let transport = LoopbackTransport()
        let client = DiscordGateway.Client(transport: transport)
        try await client.heartbeat(251)
        try await client.resume(token: "randomstring", sessionId: "evenmorerandomstring", seq: 1337)
        // The documented request names no `nonce`: the plain send (the streaming method adds one to tie the chunks).
        try await client.emit(.requestGuildMembers(.init(guildId: "41771983444115456", query: "", limit: 0)))
        try await client.requestSoundboardSounds(guildIds: ["613425648685547541", "81384788765712384"])
        try await client.updateVoiceState(
            guildId: "41771983423143937", channelId: "127121515262115840", selfMute: false, selfDeaf: false)
        try await client.updatePresence(
            .init(
                since: 91879201, activities: [.init(name: "Save the Oxford Comma", type: 0)], status: "online",
                afk: false))
        let documented = [
            "example-heartbeat.json", "example-resume.json", "example-request-guild-members.json",
            "example-request-soundboard-sounds.json", "example-gateway-voice-state-update.json",
            "example-gateway-presence-update.json",
        ]
        let sent = transport.sentFrames.map(\.data)
        #expect(sent.count == documented.count)
        for (index, name) in documented.enumerated() {
            try Self.expectJSONEqual(
                index < sent.count ? sent[index] : nil, try Self.example("discord-gateway/\(name)"), name)
        }
    }

    /// Request Guild Members is answered by GUILD_MEMBERS_CHUNK events that carry its `nonce`, with no end frame:
    /// the stream finishes after `chunk_count` chunks, and another request's chunks are not mixed in.
    @Test func discordGuildMemberChunksEndTheStreamByTheirCount() async throws {
        let transport = LoopbackTransport()
        let client = DiscordGateway.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        let chunks = try await client.requestGuildMembers(guildId: "41771983444115456", query: "", limit: 0)
        let sent = try #require(transport.sentFrames.first?.text)
        #expect(sent == #"{"op":8,"d":{"guild_id":"41771983444115456","limit":0,"nonce":"1","query":""}}"#)
        func chunk(_ index: Int, of count: Int, nonce: String) -> String {
            #"{"op":0,"t":"GUILD_MEMBERS_CHUNK","s":\#(10 + index),"d":{"guild_id":"41771983444115456","members":[{"user":{"id":"\#(index)"}}],"#
                + #""chunk_index":\#(index),"chunk_count":\#(count),"nonce":"\#(nonce)"}}"#
        }
        await transport.deliver(json: chunk(0, of: 3, nonce: "1"))
        await transport.deliver(json: chunk(0, of: 1, nonce: "other"))
        await transport.deliver(json: chunk(1, of: 3, nonce: "1"))
        await transport.deliver(json: chunk(2, of: 3, nonce: "1"))
        await transport.deliver(json: chunk(3, of: 3, nonce: "1"))
        var indexes: [Int] = []
        for try await chunk in chunks { indexes.append(chunk.payload.chunkIndex) }
        #expect(indexes == [0, 1, 2], "the loop ends after the third chunk, without an end frame")
        #expect(failures.values.isEmpty)
    }

    static func lines(_ path: String) throws -> [Data] {
        try String(decoding: example(path), as: UTF8.self).split(separator: "\n").map { Data($0.utf8) }
    }

    @Test func nostrRelayExamplesDecode() async throws {
        let transport = LoopbackTransport()
        let client = Nostr.Client(transport: transport)
        let oks = Recorder<Nostr.Ok>()
        let closed = Recorder<Nostr.Closed>()
        let failures = Recorder<String>()
        client.onOk { oks.append($0) }
        client.onClosed { closed.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        for frame in try Self.lines("nostr/ok-examples.jsonl") + Self.lines("nostr/closed-examples.jsonl") {
            await transport.deliver(frame)
        }
        #expect(failures.values.isEmpty)
        #expect(oks.values.map(\.accepted) == [true, true, true, false, false, false, false, false, false])
        #expect(oks.values.allSatisfy { $0.eventId == "b1a649ebe8..." })
        #expect(
            oks.values.map { $0.message.split(separator: ":").first.map(String.init) ?? "" }
                == ["", "pow", "duplicate", "blocked", "blocked", "rate-limited", "invalid", "pow", "error"])
        #expect(
            oks.values[4].message == "blocked: please register your pubkey at https://my-expensive-relay.example.com")
        #expect(
            closed.values == [
                Nostr.Closed(subscriptionId: "sub1", message: "duplicate: sub1 already opened"),
                Nostr.Closed(subscriptionId: "sub1", message: "unsupported: filter contains unknown elements"),
                Nostr.Closed(subscriptionId: "sub1", message: "error: could not connect to the database"),
                Nostr.Closed(subscriptionId: "sub1", message: "error: shutting down idle subscription"),
            ])
    }

    /// One verb, two shapes: `EVENT` is `[verb, event]` from the client and `[verb, subscription, event]` from
    /// the relay. REQ's filters are a variadic tail.
    @Test func nostrMessagesFollowNIP01Patterns() async throws {
        let transport = LoopbackTransport()
        let client = Nostr.Client(transport: transport)
        let event = Nostr.Event(
            id: "4376c65d", pubkey: "6e468422", createdAt: Date(timeIntervalSince1970: 1_673_347_337), kind: 1,
            tags: [["e", "5c83da77", "wss://nostr.example.com"]], content: "Walled gardens became prisons",
            sig: "908a15e4")
        try await client.eventPublished(event: event)
        try await client.req(
            subscriptionId: "sub1", filters: [.init(kinds: [1], tags: ["#p": ["6e468422"]]), .init(limit: 10)])
        try await client.close(subscriptionId: "sub1")
        #expect(
            transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) } == [
                #"["EVENT",{"content":"Walled gardens became prisons","created_at":1673347337,"id":"4376c65d","kind":1,"pubkey":"6e468422","sig":"908a15e4","tags":[["e","5c83da77","wss://nostr.example.com"]]}]"#,
                ##"["REQ","sub1",{"#p":["6e468422"],"kinds":[1]},{"limit":10}]"##,
                #"["CLOSE","sub1"]"#,
            ])
        let delivered = Recorder<Nostr.EventDelivered>()
        client.onEventDelivered { delivered.append($0) }
        await transport.deliver(
            Data(
                #"["EVENT","sub1",{"id":"4376c65d","pubkey":"6e468422","created_at":1673347337,"kind":1,"tags":[["e","5c83da77","wss://nostr.example.com"]],"content":"Walled gardens became prisons","sig":"908a15e4"}]"#
                    .utf8))
        #expect(delivered.values == [Nostr.EventDelivered(subscriptionId: "sub1", event: event)])
    }

    /// A filter's tag conditions are keys that follow a pattern (`#<letter>`) beside its fixed fields: every such key
    /// is read into `tags`, other unknown keys are ignored, and a key that does not fit the pattern is not sent.
    @Test func nostrFilterTagsAreKeysThatFollowAPattern() throws {
        let decoder = WireDecoder(dates: .unixSeconds)
        let filter = try decoder.decode(
            Nostr.Filter.self,
            from: Data(##"{"kinds":[1],"#e":["5c83da77"],"#t":["nostr"],"#emoji":["x"],"limit":2}"##.utf8))
        #expect(filter.tags == ["#e": ["5c83da77"], "#t": ["nostr"]] && filter.kinds == [1] && filter.limit == 2)
        let encoder = WireDateEncoding.unixSeconds.makeEncoder()
        #expect(
            String(decoding: try encoder.encode(filter), as: UTF8.self)
                == ##"{"#e":["5c83da77"],"#t":["nostr"],"kinds":[1],"limit":2}"##)
        #expect(throws: EncodingError.self) { try encoder.encode(Nostr.Filter(tags: ["e": ["x"]])) }
    }
}
