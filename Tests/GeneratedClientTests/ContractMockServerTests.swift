import Foundation
import GeneratedClients
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import SchemaGenRuntime
import TestSupport
import Testing

/// The mock made from a contract alone (`ContractMockServer`, what `schemagen-mock` serves): every contract in
/// `schemas/` gets one that answers every request, subscription and acknowledgement it declares with frames the
/// contract allows; generated clients get their typed answers from it; scenarios play per connection; what the app
/// sends that the contract does not allow is refused with its reason.
@Suite struct ContractMockServerTests {
    static let files = RepositoryContracts.files

    static func contract(_ file: String) throws -> Contract {
        try #require(ContractLoader().load(path: RepositoryContracts.path(file)).contract)
    }

    /// A mock on a loopback transport, one client connected to it, and what that client receives.
    struct Session {
        let server: ContractMockServer
        let client: LoopbackClientTransport
        let received = Recorder<IncomingFrame>()
        let log = Recorder<MockLogEntry>()

        init(_ contract: Contract, scenario: String? = nil) {
            let transport = LoopbackServerTransport(supportsAcknowledgements: contract.framing == .socketIO)
            let log = log
            server = ContractMockServer(
                contract: contract, transport: transport,
                scenario: scenario.flatMap { name in contract.scenarios.first { $0.name == name } },
                log: { log.append($0) })
            let received = received
            client = transport.connect { received.append($0) }
        }
    }

    /// The client-to-server events that expect an answer: requests, subscriptions, acknowledged Socket.IO events.
    static func requests(of contract: Contract) -> [(channel: Channel?, event: Event)] {
        contract.allEvents.filter { _, event in
            event.direction.isEmittedByClient
                && (event.reply != nil || event.subscription != nil
                    || (event.ack != nil && contract.framing == .socketIO))
        }
    }

    @Test func everyContractInSchemasHasRequestsToAnswer() throws {
        let withRequests = try Self.files.filter { !Self.requests(of: try Self.contract($0)).isEmpty }
        #expect(
            withRequests == [
                "discord-gateway.yaml", "ethereum-pubsub.yaml", "graphql-transport-ws.yaml", "rooms.yaml",
                "supabase-realtime.yaml",
            ])
    }

    @Test(arguments: files) func theMockAnswersEveryRequestItsContractDeclares(file: String) async throws {
        let contract = try Self.contract(file)
        let interpreter = FrameInterpreter(contract: contract)
        let synthesizer = FrameSynthesizer(contract: contract)
        for (index, (channel, event)) in Self.requests(of: contract).enumerated() {
            let session = Session(contract)
            let address = channel.map(FrameSynthesizer.address)
            let ackID = event.ack != nil && contract.framing == .socketIO ? 100 + index : nil
            try await session.client.send(
                OutgoingFrame(
                    eventName: event.wireName, channel: address, payload: nil,
                    data: synthesizer.frame(of: event, in: channel), ackID: ackID))
            let expected = [event.reply?.event, event.subscription?.event, event.subscription?.end].compactMap { $0 }
            try await eventually("`\(event.wireName)` of \(file) is answered with \(expected) and its ack") {
                let names = Set(
                    session.received.values.compactMap {
                        interpreter.read($0.data, sentBy: .serverToClient).event?.wireName
                    })
                return names.isSuperset(of: expected)
                    && (ackID == nil || session.received.values.contains { $0.acknowledges == ackID })
            }
            for frame in session.received.values {
                if let acknowledged = frame.acknowledges {
                    #expect(acknowledged == ackID)
                    let findings = interpreter.readAcknowledgement(frame.data, of: event)
                    #expect(findings.isEmpty, "the acknowledgement of \(event.wireName): \(findings)")
                } else {
                    let reading = interpreter.read(frame.data, channel: frame.channel, sentBy: .serverToClient)
                    #expect(
                        reading.findings.isEmpty,
                        "\(file): the answer to \(event.wireName), \(String(decoding: frame.data, as: UTF8.self)): \(reading.findings)"
                    )
                }
            }
            #expect(session.server.violations == 0, "\(session.log.values.map { $0.text() })")
        }
    }

    @Test func aGeneratedClientsRequestAndSubscriptionGetTheirAnswersWithTheirCorrelationValues() async throws {
        let session = Session(try Self.contract("ethereum-pubsub.yaml"))
        let client = EthereumPubSub.Client(transport: session.client)
        // The mock's reply carries the request's id (the client's counter), else the call would time out.
        let result = try await client.ethUnsubscribe(payload: .init(subscription: "0x1"), timeout: .seconds(10))
        #expect(result.payload == .subscriptionId("0x9cef478923ff08bf67fde6c64013158d"))
        // The subscription's id is the reply's (the example's), and its item carries it.
        let stream = try await client.ethSubscribe(payload: .init(kind: "newHeads"), timeout: .seconds(10))
        var iterator = stream.makeAsyncIterator()
        let item = try #require(try await iterator.next())
        #expect(item.subscription == "0x9cef478923ff08bf67fde6c64013158d")
        guard case .object(let header) = item.result else {
            Issue.record("expected the example's block header, got \(item.result)")
            return
        }
        #expect(header["number"] == "0x1348c9")
    }

    @Test func aGeneratedClientsSubscriptionEndsWithTheMocksEndEvent() async throws {
        let session = Session(try Self.contract("graphql-transport-ws.yaml"))
        let client = GraphQLTransportWS.Client(transport: session.client)
        let stream = try await client.startOperation(payload: .init(query: "subscription { greetings }"))
        var items: [GraphQLTransportWS.Next] = []
        for try await item in stream { items.append(item) }
        #expect(items.count == 1)
        #expect(items.first?.payload.data == ["greetings": "Hi"])
    }

    @Test func aGeneratedClientsAcknowledgedEventGetsAValueOfItsAckType() async throws {
        let session = Session(try Self.contract("rooms.yaml"))
        let client = Rooms.Client(transport: session.client)
        let element = try await client.elementCreate(
            roomId: "room-1", type: .note, positionX: 1, positionY: 2, width: 3, height: 4, timeout: .seconds(10))
        #expect(!element.id.isEmpty)
        let logged = session.log.values.map { $0.text() }
        #expect(
            logged.contains {
                $0.hasPrefix("#1 app → `element:create` (asks for acknowledgement ") && $0.contains(": ok: ")
            })
        #expect(
            logged.contains { $0.hasPrefix("#1 mock → `element:create` (the acknowledgement of `element:create` ") })
    }

    @Test func aFrameTheContractDoesNotAllowIsRefusedWithItsReasonAndNotAnswered() async throws {
        let session = Session(try Self.contract("ethereum-pubsub.yaml"))
        try await session.client.send(
            OutgoingFrame(
                eventName: "eth_subscribe", channel: nil, payload: nil,
                data: Data(#"{"id":1,"method":"eth_subscribe","params":[42]}"#.utf8)))
        try await session.client.send(
            OutgoingFrame(
                eventName: "eth_call", channel: nil, payload: nil,
                data: Data(#"{"id":2,"method":"eth_call","params":[]}"#.utf8)))
        try await eventually("both frames are logged") {
            session.log.values.filter { if case .received = $0 { true } else { false } }.count == 2
        }
        #expect(session.server.violations == 2)
        let refusals = session.log.values.filter(\.isViolation).map { $0.text() }
        #expect(refusals.count == 2)
        #expect(
            refusals.first?.hasPrefix("#1 app → `eth_subscribe`: REFUSED: the contract does not allow it: ") == true
                && refusals.first?.contains("mismatch at $.payload[0]: expected a string, found 42") == true,
            "\(refusals)")
        #expect(refusals.last?.contains(#"event "eth_call" is not in the contract"#) == true)
        try await Task.sleep(for: .milliseconds(50))
        #expect(session.received.values.isEmpty)
    }

    @Test func aScenarioPlaysOnEachConnectionWaitingForWhatTheAppSends() async throws {
        let contract = try Self.contract("rooms.yaml")
        let scenario = try #require(contract.scenarios.first { $0.name == "someone_joins" })
        let session = Session(contract, scenario: scenario.name)
        let interpreter = FrameInterpreter(contract: contract)
        let sends = scenario.steps.compactMap { step -> String? in
            if case .send(let event, _, _) = step.action { event } else { nil }
        }
        let afters = scenario.steps.compactMap { step -> String? in
            if case .after(let event, _, _) = step.action { event } else { nil }
        }
        #expect(!sends.isEmpty && !afters.isEmpty)
        try await Task.sleep(for: .milliseconds(100))
        // Nothing is sent before the app sends what the first step waits for.
        let before = session.received.values.count
        let event = try #require(contract.events.first { $0.wireName == afters[0] })
        try await session.client.send(
            OutgoingFrame(
                eventName: event.wireName, channel: nil, payload: nil,
                data: FrameSynthesizer(contract: contract).frame(of: event, in: nil)))
        try await eventually("the scenario's events arrive") { session.received.values.count >= before + sends.count }
        let names = session.received.values.dropFirst(before).map {
            interpreter.read($0.data, sentBy: .serverToClient).event?.wireName
        }
        #expect(names == sends)
        try await eventually("the scenario finishes") {
            session.log.values.contains { $0.text() == "#1 scenario finished `someone_joins`" }
        }
    }

    /// A scenario's `send:` on a channel goes at the channel's address, in the contract's framing: driver.yaml's
    /// Pusher envelopes name `driver-42` and `drivers-channel`, their `data` the scenario's payload as JSON text, and the
    /// contract's interpreter reads each as the channel's event.
    @Test func aScenarioSendsAtTheChannelAddressItNames() async throws {
        let contract = try Self.contract("driver.yaml")
        let session = Session(contract, scenario: "job_assigned_then_removed")
        try await eventually("the scenario's events arrive") { session.received.values.count >= 3 }
        let interpreter = FrameInterpreter(contract: contract)
        let read = session.received.values.map { frame in
            let reading = interpreter.read(frame.data, sentBy: .serverToClient)
            return "\(reading.matches) \(reading.event?.channel ?? "-") \(reading.event?.wireName ?? "-")"
        }
        #expect(read == ["true driver job-assigned", "true driver job-removed", "true drivers job-available-again"])
        let first = try JSONDecoder().decode([String: String].self, from: session.received.values[0].data)
        #expect(first["channel"] == "driver-42")
        #expect(first["event"] == "job-assigned")
        let data = try #require(first["data"])
        #expect(data.contains(#""bookingReference":"SV-1001""#))
        #expect(session.received.values[2].channel == "drivers-channel")
    }

    /// Issue 53, shape 10: a step's `frame:` goes out with its own frame fields (`req_id: 8`), where a `payload:` step
    /// keeps the event's first example's (`req_id: 7`).
    @Test func aScenarioStepsFrameGoesOutWithItsOwnFields() async throws {
        let contract = try #require(
            ContractLoader().load(
                path: RepositoryContracts.root.appending(
                    path: "Tests/SchemaGenCoreTests/Fixtures/Golden/scenario-envelope-fields.yaml"
                ).path
            ).contract)
        let session = Session(contract, scenario: "quotes_after_subscribing")
        try await session.client.send(
            OutgoingFrame(
                eventName: "subscribe", channel: nil, payload: nil,
                data: Data(#"{"op": "subscribe", "req_id": 3, "data": {"channel": "prices"}}"#.utf8)))
        try await eventually("both frames arrive") { session.received.values.count >= 2 }
        let sent = try session.received.values.map { frame in
            let object = try #require(try JSONSerialization.jsonObject(with: frame.data) as? [String: Any])
            let quotes = try #require(object["data"] as? [[String: Any]])
            return "\(object["req_id"] as? Int ?? -1) \(quotes.first?["price"] as? Double ?? -1)"
        }
        #expect(sent == ["7 189.5", "8 190.25"])
    }

    /// Issue 53, shape 10: `schemagen-mock` plays the `scenario-channels` golden as the generated `Mock` does
    /// (`ScenarioChannelTests`): nothing goes to ticket 7 before the app subscribes there, the app's `reply` on that
    /// address ends the wait once it carries the `where:` value, and its `hello` outside channels, sent before it, is
    /// still heard by the step after.
    @Test func aScenarioWaitsForTheSubscriptionAndForWhatTheAppSendsOnTheChannel() async throws {
        let contract = try #require(
            ContractLoader().load(
                path: RepositoryContracts.root.appending(
                    path: "Tests/SchemaGenCoreTests/Fixtures/Golden/scenario-channels.yaml"
                ).path
            ).contract)
        let session = Session(contract, scenario: "agent_answers")
        func send(_ json: String, on channel: String? = nil) async throws {
            try await session.client.send(
                OutgoingFrame(eventName: "", channel: channel, payload: nil, data: Data(json.utf8)))
        }
        try await session.client.subscribe(to: "ticket-8")
        try await Task.sleep(for: .milliseconds(50))
        #expect(session.received.values.isEmpty)
        try await session.client.subscribe(to: "ticket-7")
        try await eventually("the greeting arrives") { session.received.values.count == 1 }
        try await send(#"{"event": "hello", "data": {"agent": "ana"}}"#)
        try await send(#"{"event": "reply", "channel": "ticket-7", "data": {"text": "nope"}}"#, on: "ticket-7")
        try await Task.sleep(for: .milliseconds(50))
        #expect(session.received.values.count == 1)
        try await send(#"{"event": "reply", "channel": "ticket-7", "data": {"text": "thanks"}}"#, on: "ticket-7")
        try await eventually("the last reply arrives") { session.received.values.count == 2 }
        let sent = try session.received.values.map { frame in
            let object = try #require(try JSONSerialization.jsonObject(with: frame.data) as? [String: Any])
            let data = try #require(object["data"] as? [String: Any])
            return "\(object["channel"] as? String ?? "-") \(data["text"] as? String ?? "-")"
        }
        #expect(sent == ["ticket-7 How can I help?", "ticket-7 Done"])
        #expect(
            session.log.values.contains {
                if case .scenario(_, let text) = $0 {
                    text == "waits for the app to subscribe to `ticket-7`"
                } else {
                    false
                }
            })
    }

    /// A contract whose frames share messages (`separator: newline`, Centrifugo's batching): each command of a
    /// message of several is read and answered on its own, in order, each answer with the request's own `id`
    /// (the commands are Centrifugo's documented ones, https://centrifugal.dev/docs/transports/client_protocol).
    @Test func eachFrameOfAMessageOfSeveralIsAnswered() async throws {
        let contract = try #require(
            ContractLoader().load(
                path: RepositoryContracts.root.appending(
                    path: "Tests/SchemaGenCoreTests/Fixtures/Golden/centrifugo.yaml"
                ).path
            ).contract)
        #expect(contract.separator == .newline)
        let session = Session(contract)
        let batch = #"{"id":1,"connect":{"token":"t"}}"# + "\n" + #"{"id":2,"subscribe":{"channel":"chat:42"}}"# + "\n"
        try await session.client.send(
            OutgoingFrame(eventName: "", channel: nil, payload: nil, data: Data(batch.utf8)))
        try await eventually("both commands answered") { session.received.values.count >= 2 }
        let interpreter = FrameInterpreter(contract: contract)
        let answers = try session.received.values.map { frame in
            let id = try JSONDecoder().decode([String: JSONValue].self, from: frame.data)["id"]
            return
                "\(interpreter.read(frame.data, sentBy: .serverToClient).event?.wireName ?? "?") \(id?.description ?? "-")"
        }
        #expect(answers == ["connected 1", "subscribed 2"])
        #expect(!session.log.values.contains { $0.isViolation })
    }

    /// zikr.yaml's `members_come_and_go` waits for `join_group` with `groupId` "g1": another group's join plays
    /// nothing.
    @Test func aScenarioWaitsForTheValuesItsWhereNames() async throws {
        let contract = try Self.contract("zikr.yaml")
        let session = Session(contract, scenario: "members_come_and_go")
        for group in ["g2", "g1"] {
            try await session.client.send(
                OutgoingFrame(
                    eventName: "join_group", channel: nil, payload: nil,
                    data: Data(#"["join_group",{"groupId":"\#(group)"}]"#.utf8)))
            if group == "g2" {
                try await Task.sleep(for: .milliseconds(100))
                #expect(session.received.values.isEmpty)
            }
        }
        try await eventually("the scenario plays") { session.received.values.count == 5 }
        #expect(
            session.received.values.first.map { String(decoding: $0.data, as: UTF8.self) }
                == #"["joined_group",{"groupId":"g1","message":"Joined"}]"#)
        #expect(session.log.values.contains { $0.text() == #"#1 scenario waits for `join_group` with groupId "g1""# })
    }
}
