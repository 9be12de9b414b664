import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Incoming frames in each framing reach the right typed listener, and only that one.
@Suite struct ReceiveTests {
    @Test func socketIOFrameReachesItsTypedListener() async throws {
        let transport = LoopbackTransport()
        let zikr = Zikr.Client(transport: transport)
        let booked = Recorder<Zikr.PoraBooked>()
        let errors = Recorder<Zikr.Error>()
        zikr.onPoraBooked { booked.append($0) }
        zikr.onError { errors.append($0) }
        await transport.deliver(
            json:
                #"["pora_booked",{"bookingId":"b1","poraId":"p7","poraName":"Juz 7","groupId":"g1","userId":"u2","userName":"Aisha","timestamp":"2025-01-31T09:30:00.000Z"}]"#
        )
        await transport.deliver(json: #"["error",{"message":"Group not found"}]"#)
        #expect(
            booked.values == [
                Zikr.PoraBooked(
                    bookingId: "b1", poraId: "p7", poraName: "Juz 7", groupId: "g1", userId: "u2",
                    userName: "Aisha", timestamp: .fixture)
            ])
        #expect(errors.values == [Zikr.Error(message: "Group not found", error: nil)])
    }

    @Test func pusherFrameWithJSONStringDataReachesOnlyItsChannel() async throws {
        let transport = LoopbackTransport()
        let client = DriverApp.Client(transport: transport)
        let driver42 = Recorder<DriverApp.Driver.JobRemoved>()
        let driver43 = Recorder<DriverApp.Driver.JobRemoved>()
        let adminJobs = Recorder<DriverApp.Admin.JobAssigned>()
        client.driver(driverId: "42").onJobRemoved { driver42.append($0) }
        client.driver(driverId: "43").onJobRemoved { driver43.append($0) }
        client.admin().onJobAssigned { adminJobs.append($0) }
        await transport.deliver(
            json:
                #"{"event":"job-removed","channel":"driver-42","data":"{\"bookingId\":\"b1\",\"bookingReference\":\"SV-1\",\"reason\":\"Reassigned\",\"message\":\"This job has been reassigned\"}"}"#
        )
        #expect(
            driver42.values == [
                DriverApp.Driver.JobRemoved(
                    bookingId: "b1", bookingReference: "SV-1", reason: "Reassigned",
                    message: "This job has been reassigned")
            ])
        #expect(driver43.values.isEmpty)
        #expect(adminJobs.values.isEmpty)
    }

    @Test func sameEventNameOnTwoChannelsDecodesAsEachChannelSays() async {
        let transport = LoopbackTransport()
        let client = DriverApp.Client(transport: transport)
        let forDriver = Recorder<DriverApp.Driver.JobAssigned>()
        let forAdmin = Recorder<DriverApp.Admin.JobAssigned>()
        client.driver(driverId: "42").onJobAssigned { forDriver.append($0) }
        client.admin().onJobAssigned { forAdmin.append($0) }
        await transport.deliver(
            json:
                #"{"event":"job-assigned","channel":"admin-channel","data":"{\"bookingId\":\"b1\",\"bookingReference\":\"SV-1\",\"driverId\":\"42\",\"driverName\":\"Sam\"}"}"#
        )
        #expect(forAdmin.values.map(\.driverName) == ["Sam"])
        #expect(forDriver.values.isEmpty)
    }

    @Test func supabaseBroadcastOnAParameterisedChannel() async throws {
        let transport = LoopbackTransport()
        let client = OrderStatus.Client(transport: transport)
        let order = client.order(orderId: "o1")
        try await order.subscribe()
        #expect(transport.subscribedChannels == ["order:o1"])
        let ready = Recorder<OrderStatus.Order.DownloadReady>()
        let other = Recorder<OrderStatus.Order.DownloadReady>()
        order.onDownloadReady { ready.append($0) }
        client.order(orderId: "o2").onDownloadReady { other.append($0) }
        await transport.deliver(
            json:
                #"{"event":"download_ready","payload":{"order_id":"o1","status":"previews_ready","storage_urls":["https://x.example/1.jpg"],"timestamp":"2025-01-31T09:30:00Z"}}"#,
            channel: "order:o1")
        #expect(ready.values.map(\.storageUrls) == [[URL(string: "https://x.example/1.jpg")!]])
        #expect(other.values.isEmpty)
        try await order.unsubscribe()
        #expect(transport.subscribedChannels.isEmpty)
    }

    @Test func comapiEventCarriesEnvelopeFieldsAndPayload() async {
        let transport = LoopbackTransport()
        let client = Comapi.Client(transport: transport)
        let added = Recorder<Comapi.ConversationParticipantAdded>()
        client.onConversationParticipantAdded { added.append($0) }
        await transport.deliver(
            json:
                #"{"name":"conversation.participantAdded","id":"ev2","apiSpace":"space-1","context":{"createdBy":"p1"},"conversationId":"c1","payload":{"profileId":"p2","role":"member"}}"#
        )
        let event = added.values.first
        #expect(event?.conversationId == "c1")
        #expect(event?.apiSpace == "space-1")
        #expect(event?.context == ["createdBy": "p1"])
        #expect(event?.payload == .init(profileId: "p2", role: "member"))
    }

    @Test func unknownEventReachesTheUnknownCase() async {
        let transport = LoopbackTransport()
        let comapi = Comapi.Client(transport: transport)
        let stream = comapi.events
        await transport.deliver(json: #"{"name":"conversation.archived","id":"ev9","payload":{"x":1}}"#)
        var iterator = stream.makeAsyncIterator()
        guard case .unknown(let name, let payload)? = await iterator.next() else {
            Issue.record("expected the unknown case")
            return
        }
        #expect(name == "conversation.archived")
        #expect(payload.map { String(decoding: $0, as: UTF8.self) } == #"{"x":1}"#)
    }

    /// An app that only uses listeners hears of events the contract does not describe (issue 36), and only of those.
    @Test func onUnknownHearsOnlyEventsTheContractDoesNotDescribe() async {
        let transport = LoopbackTransport()
        let comapi = Comapi.Client(transport: transport)
        let unknown = Recorder<UnknownEvent>()
        let token = comapi.onUnknown { unknown.append($0) }
        await transport.deliver(json: #"{"name":"conversation.archived","id":"ev9","payload":{"x":1}}"#)
        await transport.deliver(
            json:
                #"{"name":"conversation.participantAdded","id":"ev1","apiSpace":"s","context":{},"payload":{"profileId":"p2","role":"member"}}"#
        )
        #expect(
            unknown.values == [
                UnknownEvent(shape: "", name: "conversation.archived", payload: Data(#"{"x":1}"#.utf8), fields: [:])
            ])
        token.cancel()
        await transport.deliver(json: #"{"name":"conversation.archived","id":"ev10"}"#)
        #expect(unknown.values.count == 1, "a cancelled listener hears nothing more")
    }

    /// With frame shapes, the unknown event's shape and envelope fields: Discord's documented example of a dispatch,
    /// whose `GATEWAY_EVENT_NAME` no contract describes (Fixtures/discord-gateway/README.md).
    @Test func onUnknownGetsTheShapeAndEnvelopeFieldsOfDiscordsExample() async throws {
        let transport = LoopbackTransport()
        let client = DiscordGateway.Client(transport: transport)
        let unknown = Recorder<UnknownEvent>()
        client.onUnknown { unknown.append($0) }
        await transport.deliver(try VendorExampleTests.example("discord-gateway/example-gateway-event-payload.json"))
        await transport.deliver(try VendorExampleTests.example("discord-gateway/example-hello.json"))
        #expect(
            unknown.values == [
                UnknownEvent(shape: "dispatch", name: "GATEWAY_EVENT_NAME", payload: Data("{}".utf8), fields: ["s": 42])
            ])
    }

    @Test func malformedPayloadGoesToTheErrorHandlerAndTheNextEventStillArrives() async throws {
        let transport = LoopbackTransport()
        let zikr = Zikr.Client(transport: transport)
        let joined = Recorder<String>()
        let failures = Recorder<IncomingFailure>()
        zikr.onJoinedGroup { joined.append($0.groupId) }
        zikr.onIncomingFailure { failures.append($0) }
        await transport.deliver(json: #"["joined_group",{"groupId":42,"message":"x"}]"#)
        await transport.deliver(json: #"not json at all"#)
        await transport.deliver(json: #"["joined_group",{"groupId":"g2","message":"Joined"}]"#)
        #expect(joined.values == ["g2"])
        #expect(failures.values.count == 2)
        let first = try #require(failures.values.first)
        #expect(first.eventName == "joined_group")
        #expect(first.channel == nil)
        #expect(first.rawFrame == Data(#"["joined_group",{"groupId":42,"message":"x"}]"#.utf8))
        #expect(first.rawPayload == Data(#"{"groupId":42,"message":"x"}"#.utf8))
        guard case .undecodablePayload(.typeMismatch(_, let context)) = first.reason else {
            Issue.record("expected a type mismatch, got \(first.reason)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["groupId"])
        #expect(first.description.contains("'groupId'"))
        guard case .malformedFrame = failures.values[1].reason else {
            Issue.record("expected a malformed frame")
            return
        }
        #expect(failures.values[1].eventName == nil)
    }

    @Test func socketIOFramesWithMoreArgumentsOrSpacesStillArrive() async {
        let transport = LoopbackTransport()
        let zikr = Zikr.Client(transport: transport)
        let joined = Recorder<String>()
        let failures = Recorder<IncomingFailure>()
        zikr.onJoinedGroup { joined.append($0.groupId) }
        zikr.onIncomingFailure { failures.append($0) }
        // An acknowledgement id after the payload: the payload is not everything up to the final bracket.
        await transport.deliver(json: #"["joined_group",{"groupId":"g1","message":"m"},42]"#)
        await transport.deliver(json: " [ \"joined_group\" , {\"groupId\":\"g2\",\"message\":\"m\"} ] \n")
        await transport.deliver(json: #"["joined_group",{"groupId":"g3","message":"m"}"#)
        await transport.deliver(json: #"["joined_group",{"groupId":"g4","message":"m"]"#)
        #expect(joined.values == ["g1", "g2"])
        #expect(failures.values.count == 2)
        #expect(failures.values.allSatisfy { if case .malformedFrame = $0.reason { true } else { false } })
    }

    @Test func aConstantWithAnotherValueIsAnError() async {
        let transport = LoopbackTransport()
        let order = OrderStatus.Client(transport: transport)
        let started = Recorder<OrderStatus.Order.UploadStarted>()
        let failures = Recorder<IncomingFailure>()
        order.order(orderId: "o1").onUploadStarted { started.append($0) }
        order.onIncomingFailure { failures.append($0) }
        await transport.deliver(
            json:
                #"{"event":"upload_started","payload":{"order_id":"o1","status":"failed","file_count":1,"timestamp":"2025-01-31T09:30:00Z"}}"#,
            channel: "order:o1")
        #expect(started.values.isEmpty)
        #expect(
            failures.values.first?.description.contains(#"expected the constant "uploading", found "failed""#) == true)
    }

    @Test func enumsKeepValuesTheContractDoesNotList() throws {
        let decoder = Rooms.dateEncoding.makeDecoder()
        #expect(try decoder.decode(Rooms.ElementType.self, from: Data(#""photo""#.utf8)) == .photo)
        let future = try decoder.decode(Rooms.ElementType.self, from: Data(#""sticker""#.utf8))
        #expect(future == .unknown("sticker"))
        #expect(future.rawValue == "sticker")
        #expect(Rooms.ElementType.knownCases == [.note, .photo, .audio])
        #expect(DriverApp.ScheduleUpdateType(rawValue: "order_removed") == .orderRemoved)
    }

    @Test func optionalsDecodeWhenAbsentOrNull() throws {
        let decoder = Zikr.dateEncoding.makeDecoder()
        let absent = try decoder.decode(Zikr.Error.self, from: Data(#"{"message":"m"}"#.utf8))
        let null = try decoder.decode(Zikr.Error.self, from: Data(#"{"message":"m","error":null}"#.utf8))
        #expect(absent.error == nil && null.error == nil)
    }

    @Test func isoDatesDecodeWithOrWithoutFractionalSeconds() throws {
        let decoder = Zikr.dateEncoding.makeDecoder()
        let whole = try decoder.decode(
            Zikr.MemberLeft.self,
            from: Data(#"{"groupId":"g","userId":"u","userName":"n","timestamp":"2025-01-31T09:30:00Z"}"#.utf8))
        let fractional = try decoder.decode(
            Zikr.MemberLeft.self,
            from: Data(#"{"groupId":"g","userId":"u","userName":"n","timestamp":"2025-01-31T09:30:00.000Z"}"#.utf8))
        #expect(whole.timestamp == .fixture && fractional.timestamp == .fixture)
    }

    @Test func cancelledListenersHearNothingMore() async {
        let transport = LoopbackTransport()
        let zikr = Zikr.Client(transport: transport)
        let online = Recorder<String>()
        let token = zikr.onUserOnline { online.append($0.userId) }
        await transport.deliver(json: #"["user_online",{"groupId":"g","userId":"u1"}]"#)
        token.cancel()
        token.cancel()
        await transport.deliver(json: #"["user_online",{"groupId":"g","userId":"u2"}]"#)
        #expect(online.values == ["u1"])
    }

    @Test func listenersRunInRegistrationOrder() async {
        let transport = LoopbackTransport()
        let zikr = Zikr.Client(transport: transport)
        let order = Recorder<Int>()
        for index in 0..<5 { zikr.onUserOffline { _ in order.append(index) } }
        await transport.deliver(json: #"["user_offline",{"groupId":"g","userId":"u"}]"#)
        #expect(order.values == [0, 1, 2, 3, 4])
    }

    @Test func eventStreamDeliversTypedEventsToAsyncCode() async {
        let transport = LoopbackTransport()
        let rooms = Rooms.Client(transport: transport)
        let events = rooms.events
        await transport.deliver(json: #"["user:left",{"userId":"u2"}]"#)
        await transport.deliver(json: #"["error","Not a participant"]"#)
        var received: [Rooms.ServerEvent] = []
        for await event in events {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received == [.userLeft(.init(userId: "u2")), .error("Not a participant")])
    }

    @Test func listenersAndTheEventStreamBothReceiveEachFrame() async {
        let transport = LoopbackTransport()
        let rooms = Rooms.Client(transport: transport)
        let left = Recorder<String>()
        let token = rooms.onUserLeft { left.append($0.userId) }
        let events = rooms.events
        await transport.deliver(json: #"["user:left",{"userId":"u1"}]"#)
        token.cancel()
        await transport.deliver(json: #"["user:left",{"userId":"u2"}]"#)
        // An event nobody listens to ends the reading, so a missing event fails the test instead of hanging it.
        await transport.deliver(json: #"["end",null]"#)
        var received: [Rooms.ServerEvent] = []
        for await event in events {
            if case .unknown = event { break }
            received.append(event)
        }
        #expect(left.values == ["u1"])
        #expect(received == [.userLeft(.init(userId: "u1")), .userLeft(.init(userId: "u2"))])
    }

    @Test func aListenerAddedWhileAFrameIsDeliveredHearsOnlyLaterFrames() async {
        let transport = LoopbackTransport()
        let zikr = Zikr.Client(transport: transport)
        let heard = Recorder<String>()
        zikr.onUserOffline { first in
            heard.append("first \(first.userId)")
            if first.userId == "u1" { zikr.onUserOffline { heard.append("second \($0.userId)") } }
        }
        await transport.deliver(json: #"["user_offline",{"groupId":"g","userId":"u1"}]"#)
        await transport.deliver(json: #"["user_offline",{"groupId":"g","userId":"u2"}]"#)
        #expect(heard.values == ["first u1", "first u2", "second u2"])
    }

    @Test func loopbackEchoDeliversSentEventsBack() async throws {
        let transport = LoopbackTransport(echoesSentFrames: true)
        let zikr = Zikr.Client(transport: transport)
        let stream = zikr.events
        try await zikr.joinGroup(groupId: "g1")
        var iterator = stream.makeAsyncIterator()
        // join_group is client-to-server only: the echo arrives as an event this client cannot listen to.
        guard case .unknown(let name, _)? = await iterator.next() else {
            Issue.record("expected the unknown case")
            return
        }
        #expect(name == "join_group")
    }
}
