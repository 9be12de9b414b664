import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// The generated `Mock`: an app's client talks to it in process, as to the real server. It acknowledges with a value
/// from the contract, hands the test what the app sent, typed, and sends what the test tells it to.
@Suite struct MockServerTests {
    @Test func theMockAnswersRecordsAndSends() async throws {
        let mock = Rooms.Mock()
        let client = mock.makeClient()
        let received = mock.received
        let heard = client.events

        let element = try await client.elementCreate(
            roomId: "r1", type: .note, positionX: 1, positionY: 2, width: 3, height: 4)
        #expect(element == Rooms.Element.example)
        try await client.roomJoin(roomId: "r1")
        #expect(
            await ServerPairingTests.first(2, of: received).map(\.event) == [
                .elementCreate(.init(roomId: "r1", type: .note, positionX: 1, positionY: 2, width: 3, height: 4)),
                .roomJoin(.init(roomId: "r1")),
            ])

        try await mock.send(.userLeft(.init(userId: "u1")))
        #expect(await ServerPairingTests.first(1, of: heard) == [.userLeft(.init(userId: "u1"))])
    }

    /// A test sets its own answer with the server's responder, which replaces the mock's.
    @Test func aTestsOwnAnswerReplacesTheMocks() async throws {
        let mock = Rooms.Mock()
        let example = Rooms.Element.example
        let answer = Rooms.Element(
            id: "mine", roomId: example.roomId, type: example.type, createdBy: example.createdBy,
            positionX: example.positionX, positionY: example.positionY, width: example.width, height: example.height,
            createdAt: example.createdAt)
        mock.server.respondToElementCreate { _, _ in answer }
        let element = try await mock.makeClient().elementCreate(
            roomId: "r1", type: .note, positionX: 1, positionY: 2, width: 3, height: 4)
        #expect(element.id == "mine")
    }

    /// schemas/rooms.yaml's scenario `someone_joins`: once the app joins, the mock sends a participant, a touch and an
    /// error, in order, the touch with the scenario's own payload.
    @Test(.timeLimit(.minutes(1))) func theMockPlaysAScenarioOnceTheAppActs() async throws {
        let mock = Rooms.Mock()
        let client = mock.makeClient()
        let heard = client.events
        let playing = mock.start(.someoneJoins)
        try await client.roomJoin(roomId: "r1")
        try await playing.value
        #expect(
            await ServerPairingTests.first(3, of: heard) == [
                .userJoined(Rooms.UserJoined.example1), .touchMoved(.init(roomId: "r1", x: 0.5, y: 0.25)),
                .error("Room is full"),
            ])
        #expect(Rooms.Mock.Scenario.allCases.map(\.rawValue) == ["someone_joins"])
    }

    /// A scenario sends on channels: schemas/driver.yaml's `job_assigned_then_removed` reaches the driver app's
    /// listeners on `driver-42` and on the drivers' broadcast channel, typed, in order, with the scenario's payloads;
    /// driver 7's listener hears nothing of driver 42's jobs.
    @Test(.timeLimit(.minutes(1))) func aScenarioSendsOnTheChannelsItNames() async throws {
        let mock = DriverApp.Mock()
        let client = mock.makeClient()
        let driver = client.driver(driverId: "42")
        let heard = Recorder<String>()
        let tokens = [
            driver.onJobAssigned { heard.append("assigned \($0.bookingReference) \($0.totalGBP)") },
            driver.onJobRemoved { heard.append("removed \($0.reason)") },
            client.drivers().onJobAvailableAgain { heard.append("available \($0.message)") },
            client.driver(driverId: "7").onJobAssigned { _ in heard.append("driver 7 assigned") },
        ]
        try await driver.subscribe()
        try await client.drivers().subscribe()
        try await mock.play(.jobAssignedThenRemoved)
        try await eventually("the scenario's three events heard") { heard.values.count >= 3 }
        #expect(
            heard.values == [
                "assigned SV-1001 89.5", "removed Customer asked for another driver",
                "available This job is now available",
            ])
        tokens.forEach { $0.cancel() }
    }

    /// A `where:` in a scenario (zikr.yaml's `members_come_and_go`: `join_group` with `groupId` "g1") is compared on
    /// the typed value: joining another group plays nothing.
    @Test(.timeLimit(.minutes(1))) func aScenarioWaitsForTheValuesItsWhereNames() async throws {
        let mock = Zikr.Mock()
        let client = mock.makeClient()
        let joined = Recorder<Zikr.JoinedGroup>()
        client.onJoinedGroup { joined.append($0) }
        let playing = mock.start(.membersComeAndGo)
        try await client.joinGroup(groupId: "g2")
        try await Task.sleep(for: .milliseconds(100))
        #expect(joined.values.isEmpty)
        try await client.joinGroup(groupId: "g1")
        try await playing.value
        #expect(joined.values == [.init(groupId: "g1", message: "Joined")])
    }

    /// A subscription's request gets its reply, then its items, each carrying the subscription's id as the reply says
    /// it (schemas/ethereum-pubsub.yaml: the server chooses the id, the reply's `result`), as `schemagen-mock` answers.
    @Test(.timeLimit(.minutes(1))) func theMockAnswersASubscriptionWithItsItems() async throws {
        let mock = EthereumPubSub.Mock()
        let stream = try await mock.makeClient().ethSubscribe(payload: .init(kind: "newHeads"), timeout: .seconds(10))
        var iterator = stream.makeAsyncIterator()
        let item = try #require(try await iterator.next())
        #expect(item.subscription == "0x9cef478923ff08bf67fde6c64013158d")
        guard case .object(let header) = item.result else {
            Issue.record("expected the example's block header, got \(item.result)")
            return
        }
        #expect(header["number"] == "0x1348c9")
    }

    /// The `Mock` ends a subscription as declared: with its end event (schemas/graphql-transport-ws.yaml's `complete`,
    /// under the request's own id), or after as many items as their count says (schemas/discord-gateway.yaml's
    /// `chunk_count`, under the app's `nonce`).
    @Test(.timeLimit(.minutes(1))) func theMockEndsASubscriptionAsDeclared() async throws {
        let graphQL = GraphQLTransportWS.Mock()
        let graphQLClient = graphQL.makeClient()
        var items: [GraphQLTransportWS.Next] = []
        for try await item in try await graphQLClient.startOperation(
            payload: .init(query: "subscription { greetings }"), id: "op-1")
        {
            items.append(item)
        }
        #expect(items.map(\.id) == ["op-1"])
        #expect(items.first?.payload.data == ["greetings": "Hi"])

        let discord = DiscordGateway.Mock()
        let discordClient = discord.makeClient()
        var chunks: [DiscordGateway.GuildMembersChunk] = []
        for try await chunk in try await discordClient.requestGuildMembers(
            guildId: "41771983444115456", limit: 0, nonce: "n-1")
        {
            chunks.append(chunk)
        }
        #expect(chunks.map(\.payload.nonce) == ["n-1"])
        #expect(chunks.map(\.payload.chunkCount) == [1])
    }

    /// Requests on a channel are answered too, on every address of its template (schemas/supabase-realtime.yaml: a
    /// join on `realtime:{name}` and the heartbeat on `phoenix`), as `schemagen-mock` answers them: before, the `Mock`
    /// answered only outside channels, and a join waited for its timeout.
    @Test(.timeLimit(.minutes(1))) func theMockAnswersRequestsOnChannels() async throws {
        let mock = SupabaseRealtime.Mock()
        let client = mock.makeClient()
        let joined = try await client.realtime(name: "room-1").phxJoin(
            payload: SupabaseRealtime.JoinPayload.example, ref: "9", timeout: .seconds(10))
        #expect(joined.ref == "9")
        #expect(joined.payload == SupabaseRealtime.Realtime.PhxReply.example1.payload)
        let beat = try await client.phoenix().heartbeat(payload: .init(), timeout: .seconds(10))
        #expect(beat.payload == SupabaseRealtime.Phoenix.PhxReply.example1.payload)
    }

    /// A server answers a request on every channel of a template with the channel it came on, and a channel's own
    /// answer comes first.
    @Test(.timeLimit(.minutes(1))) func aTemplatesAnswerKnowsItsChannelAndAChannelsOwnComesFirst() async throws {
        let mock = SupabaseRealtime.Mock()
        let example = SupabaseRealtime.Realtime.PhxReply.example1
        mock.server.everyRealtime.respondToPhxJoin { _, channel, _ in
            .init(joinRef: channel.name, ref: example.ref, payload: example.payload)
        }
        mock.server.realtime(name: "mine").respondToPhxJoin { _, _ in
            .init(joinRef: "own", ref: example.ref, payload: example.payload)
        }
        let client = mock.makeClient()
        let other = try await client.realtime(name: "room-2").phxJoin(
            payload: SupabaseRealtime.JoinPayload.example, timeout: .seconds(10))
        #expect(other.joinRef == "room-2")
        let mine = try await client.realtime(name: "mine").phxJoin(
            payload: SupabaseRealtime.JoinPayload.example, timeout: .seconds(10))
        #expect(mine.joinRef == "own")
    }
}
