import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Emitting writes the exact bytes the contract's framing puts on the wire.
@Suite struct EmitTests {
    @Test func socketIOFrameIsTheEventNameThenThePayload() async throws {
        let transport = LoopbackTransport()
        let zikr = Zikr.Client(transport: transport)
        try await zikr.joinGroup(groupId: "g1")
        try await zikr.emit(.updateZikrCount(.init(groupId: "g1", zikrId: "z3", count: 33)))
        try await zikr.getNotifications()
        #expect(
            transport.sentFrames.map(\.text) == [
                #"["join_group",{"groupId":"g1"}]"#,
                #"["update_zikr_count",{"count":33,"groupId":"g1","zikrId":"z3"}]"#,
                #"["get_notifications"]"#,
            ])
        #expect(transport.sentFrames[0].eventName == "join_group")
        #expect(transport.sentFrames[0].channel == nil)
        #expect(transport.sentFrames[0].payload.map { String(decoding: $0, as: UTF8.self) } == #"{"groupId":"g1"}"#)
        #expect(transport.sentFrames[2].payload == nil)
    }

    @Test func optionalFieldsAreLeftOutAndEnumsUseWireValues() async throws {
        let transport = LoopbackTransport()
        let rooms = Rooms.Client(transport: transport)
        try await rooms.touchMove(roomId: "r1", x: 1.5, y: 2)
        // `element:create` is acknowledged with the created element (see schemas/rooms.yaml): its method returns it.
        async let created = rooms.elementCreate(
            roomId: "r1", type: .photo, positionX: 0, positionY: 0, width: 10, height: 10,
            imageUrl: "https://cdn.example.com/p.jpg")
        _ = try await transport.sentFrames(atLeast: 2)
        #expect(
            transport.sentFrames.map(\.text) == [
                #"["touch:move",{"roomId":"r1","x":1.5,"y":2}]"#,
                #"["element:create",{"height":10,"imageUrl":"https://cdn.example.com/p.jpg","positionX":0,"positionY":0,"roomId":"r1","type":"photo","width":10}]"#,
            ])
        let ackID = try #require(transport.sentFrames.last?.ackID)
        await transport.acknowledge(
            ackID,
            arguments:
                #"[{"id":"e9","roomId":"r1","type":"photo","createdBy":"u1","positionX":0,"positionY":0,"width":10,"height":10,"imageUrl":"https://cdn.example.com/p.jpg","createdAt":"2025-01-31T09:30:00Z"}]"#
        )
        let element = try await created
        #expect(element.id == "e9" && element.type == .photo && element.createdAt == .fixture)
    }

    @Test func datesAreWrittenAsTheContractSays() throws {
        let member = Zikr.MemberLeft(groupId: "g1", userId: "u1", userName: "Omar", timestamp: .fixture)
        let json = String(decoding: try Zikr.dateEncoding.makeEncoder().encode(member), as: UTF8.self)
        #expect(json == #"{"groupId":"g1","timestamp":"2025-01-31T09:30:00.000Z","userId":"u1","userName":"Omar"}"#)
        let user = Rooms.User(
            id: "u", auth0Id: "a", email: "e", username: "n", firstName: "f", dateOfBirth: .fixture, createdAt: .fixture
        )
        let roomsJSON = String(decoding: try Rooms.dateEncoding.makeEncoder().encode(user), as: UTF8.self)
        #expect(roomsJSON.contains(#""createdAt":"2025-01-31T09:30:00Z""#))
    }

    @Test func constantsAreWrittenWithoutBeingPassed() throws {
        let started = OrderStatus.Order.UploadStarted(orderId: "o1", fileCount: 3, timestamp: .fixture)
        let json = String(decoding: try OrderStatus.dateEncoding.makeEncoder().encode(started), as: UTF8.self)
        #expect(json == #"{"file_count":3,"order_id":"o1","status":"uploading","timestamp":"2025-01-31T09:30:00Z"}"#)
        #expect(started.status == "uploading")
    }

    @Test func envelopeAndDiscriminatorFramesAreExact() {
        let pusher = WireFraming.envelope(
            .init(nameKey: "event", payloadKey: "data", channelKey: "channel", payloadIsJSONString: true))
        let frame = pusher.frame(eventName: "client-ping", channel: "driver-42", payload: Data(#"{"a":"b\"c"}"#.utf8))
        #expect(
            String(decoding: frame, as: UTF8.self)
                == #"{"event":"client-ping","channel":"driver-42","data":"{\"a\":\"b\\\"c\"}"}"#)
        let supabase = WireFraming.envelope(.init(nameKey: "event", payloadKey: "payload"))
        #expect(
            String(
                decoding: supabase.frame(eventName: "x", channel: "order:1", payload: Data("{}".utf8)), as: UTF8.self)
                == #"{"event":"x","payload":{}}"#)
        let flat = WireFraming.discriminator(key: "type")
        #expect(
            String(
                decoding: flat.frame(eventName: "ping", channel: nil, payload: Data(#"{"at":1}"#.utf8)), as: UTF8.self)
                == #"{"type":"ping","at":1}"#)
        #expect(
            String(decoding: flat.frame(eventName: "bye", channel: nil, payload: Data("{}".utf8)), as: UTF8.self)
                == #"{"type":"bye"}"#)
        #expect(
            String(decoding: flat.frame(eventName: "bye", channel: nil, payload: nil), as: UTF8.self)
                == #"{"type":"bye"}"#)
    }
}
