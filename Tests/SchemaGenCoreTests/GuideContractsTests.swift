import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import Testing

/// The five API guides in shared/seeds, as contracts in schemas/: each loads without a diagnostic and
/// holds exactly the events the guide documents.
@Suite struct GuideContractsTests {
    static func load(_ file: String) throws -> Contract {
        let path = Golden.repositoryRoot.appendingPathComponent("schemas/\(file)").path
        let loaded = ContractLoader().load(path: path)
        #expect(loaded.diagnostics.isEmpty, "\(DiagnosticRenderer().render(loaded.diagnostics))")
        return try #require(loaded.contract)
    }

    struct Expected: CustomTestStringConvertible, Sendable {
        var file: String
        var summary: String
        var testDescription: String { file }
    }

    @Test(arguments: [
        Expected(
            file: "zikr.yaml", summary: "Zikr: 32 events (9 client-to-server, 23 server-to-client), 0 channels, 1 type"),
        Expected(
            file: "rooms.yaml",
            summary: "Rooms: 12 events (7 client-to-server, 5 server-to-client), 0 channels, 6 types"),
        Expected(
            file: "comapi.yaml",
            summary: "Comapi: 13 events (0 client-to-server, 13 server-to-client), 0 channels, 0 types"),
        Expected(
            file: "order-status.yaml",
            summary: "OrderStatus: 6 events (0 client-to-server, 6 server-to-client), 1 channel, 0 types"),
        Expected(
            file: "driver.yaml",
            summary: "DriverApp: 16 events (0 client-to-server, 16 server-to-client), 5 channels, 1 type"),
    ])
    func summaryMatchesTheGuide(_ expected: Expected) throws {
        #expect(ContractSummary(try Self.load(expected.file)).description == expected.summary)
    }

    @Test func zikrListsTheGuideTablesInOrder() throws {
        let contract = try Self.load("zikr.yaml")
        let sent = contract.events.filter { $0.direction == .clientToServer }.map(\.wireName)
        #expect(
            sent == [
                "join_group", "leave_group", "book_pora", "complete_pora", "update_zikr_count", "send_invitation",
                "respond_to_invitation", "get_notifications", "mark_notification_read",
            ])
        let error = try #require(contract.events.first { $0.wireName == "error" })
        #expect(error.payload?.spelling == "{ message: String, error?: String }")
        #expect(contract.events.first { $0.wireName == "get_notifications" }?.payload == nil)
        #expect(contract.events.first { $0.wireName == "notifications" }?.payload == .array(.named("Notification")))
        #expect(contract.dateEncoding == .iso8601Fractional)
    }

    @Test func driverHasTheSameEventOnTwoChannelsWithDifferentPayloads() throws {
        let contract = try Self.load("driver.yaml")
        let assigned = contract.allEvents.filter { $0.event.wireName == "job-assigned" }
        #expect(assigned.map { $0.channel?.address.raw } == ["driver-{driverId}", "admin-channel"])
        #expect(assigned[0].event.payload != assigned[1].event.payload)
        let driver = try #require(contract.channels.first)
        #expect(driver.address.segments == [.literal("driver-"), .parameter("driverId")])
        #expect(driver.parameters.map(\.swiftName) == ["driverId"])
        guard case .envelope(let envelope) = contract.framing else { Issue.record("expected envelope framing"); return }
        #expect([envelope.nameKey, envelope.payloadKey, envelope.channelKey] == ["event", "data", "channel"])
        #expect(envelope.payloadEncoding == .jsonString && envelope.fields.isEmpty)
        let schedule = try #require(contract.type(named: "ScheduleUpdateType"))
        guard case .enumeration(let enumeration) = schedule.kind else { Issue.record("expected an enum"); return }
        #expect(enumeration.cases.map(\.swiftName) == ["orderRemoved"])
    }

    @Test func orderStatusHasConstantStatusesPerEvent() throws {
        let contract = try Self.load("order-status.yaml")
        let channel = try #require(contract.channels.first)
        #expect(channel.address.raw == "order:{order_id}")
        #expect(channel.parameters.map(\.swiftName) == ["orderId"])
        let constants = channel.events.map { event -> String? in
            guard case .object(let object)? = event.payload else { return nil }
            return object.fields.first { $0.wireName == "status" }?.constant.map { "\($0)" }
        }
        #expect(
            constants == [
                #"string("uploading")"#, #"string("uploaded")"#, #"string("processing")"#, nil,
                #"string("previews_ready")"#, #"string("failed")"#,
            ])
    }

    @Test func comapiKeepsEnvelopeAndPayloadApart() throws {
        let contract = try Self.load("comapi.yaml")
        let added = try #require(contract.events.first { $0.wireName == "conversation.participantAdded" })
        #expect(added.swiftName == "conversationParticipantAdded")
        #expect(added.envelopeFields.map(\.wireName) == ["conversationId"])
        #expect(added.payload?.spelling == "{ profileId: String, role: String }")
        guard case .envelope(let envelope) = contract.framing else { Issue.record("expected envelope framing"); return }
        #expect(envelope.fields.map(\.wireName) == ["id", "apiSpace", "context"])
    }

    @Test func roomsSharesModelsAndAStringEnum() throws {
        let contract = try Self.load("rooms.yaml")
        #expect(
            contract.types.map(\.name) == [
                "User", "Room", "RoomParticipant", "Element", "ElementType", "TouchMoveData",
            ])
        #expect(contract.events.first { $0.wireName == "element:created" }?.payload == .named("Element"))
        #expect(contract.events.first { $0.wireName == "error" }?.payload == .scalar(.string))
        #expect(contract.events.map(\.swiftName).contains("elementCreate"))
    }
}
