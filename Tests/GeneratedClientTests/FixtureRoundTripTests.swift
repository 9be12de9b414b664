import Foundation
import GeneratedClients
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
import SchemaGenRuntime
import TestSupport
import Testing

/// Every payload each guide shows, written as JSON from the guide, decodes into the generated type, and
/// encoding then decoding gives an equal value.
@Suite struct FixtureRoundTripTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    struct Fixture: Sendable, CustomTestStringConvertible {
        let path: String
        let roundTrip: @Sendable (Data) throws -> Void
        /// Whether the generated type reads `data`, as a generated client reads its event.
        let decodes: @Sendable (Data) -> Bool
        var testDescription: String { path }

        init<Value: Codable & Equatable & Sendable>(_ path: String, _ type: Value.Type, _ dates: WireDateEncoding) {
            self.path = path
            decodes = { data in (try? dates.makeDecoder().decode(Value.self, from: data)) != nil }
            roundTrip = { data in
                let decoded = try dates.makeDecoder().decode(Value.self, from: data)
                let encoded = try dates.makeEncoder().encode(decoded)
                #expect(
                    try dates.makeDecoder().decode(Value.self, from: encoded) == decoded,
                    "\(String(decoding: encoded, as: UTF8.self))")
            }
        }
    }

    static let fixtures: [Fixture] = [
        Fixture("zikr/book_pora.json", Zikr.BookPora.self, Zikr.dateEncoding),
        Fixture("zikr/booking_confirmed.json", Zikr.BookingConfirmed.self, Zikr.dateEncoding),
        Fixture("zikr/complete_pora.json", Zikr.CompletePora.self, Zikr.dateEncoding),
        Fixture("zikr/completion_confirmed.json", Zikr.CompletionConfirmed.self, Zikr.dateEncoding),
        Fixture("zikr/connection_status.json", Zikr.ConnectionStatus.self, Zikr.dateEncoding),
        Fixture("zikr/error.json", Zikr.Error.self, Zikr.dateEncoding),
        Fixture("zikr/hatm_completed.json", Zikr.HatmCompleted.self, Zikr.dateEncoding),
        Fixture("zikr/invitation_accepted.json", Zikr.InvitationAccepted.self, Zikr.dateEncoding),
        Fixture("zikr/invitation_rejected.json", Zikr.InvitationRejected.self, Zikr.dateEncoding),
        Fixture("zikr/invitation_responded.json", Zikr.InvitationResponded.self, Zikr.dateEncoding),
        Fixture("zikr/invitation_sent.json", Zikr.InvitationSent.self, Zikr.dateEncoding),
        Fixture("zikr/join_group.json", Zikr.JoinGroup.self, Zikr.dateEncoding),
        Fixture("zikr/joined_group.json", Zikr.JoinedGroup.self, Zikr.dateEncoding),
        Fixture("zikr/leave_group.json", Zikr.LeaveGroup.self, Zikr.dateEncoding),
        Fixture("zikr/left_group.json", Zikr.LeftGroup.self, Zikr.dateEncoding),
        Fixture("zikr/mark_notification_read.json", Zikr.MarkNotificationRead.self, Zikr.dateEncoding),
        Fixture("zikr/member_joined.json", Zikr.MemberJoined.self, Zikr.dateEncoding),
        Fixture("zikr/member_left.json", Zikr.MemberLeft.self, Zikr.dateEncoding),
        Fixture("zikr/new_invitation.json", Zikr.NewInvitation.self, Zikr.dateEncoding),
        Fixture("zikr/new_notification.json", Zikr.NewNotification.self, Zikr.dateEncoding),
        Fixture("zikr/notification_marked_read.json", Zikr.NotificationMarkedRead.self, Zikr.dateEncoding),
        Fixture("zikr/notifications.json", [Zikr.Notification].self, Zikr.dateEncoding),
        Fixture("zikr/pora_booked.json", Zikr.PoraBooked.self, Zikr.dateEncoding),
        Fixture("zikr/pora_completed.json", Zikr.PoraCompleted.self, Zikr.dateEncoding),
        Fixture("zikr/respond_to_invitation.json", Zikr.RespondToInvitation.self, Zikr.dateEncoding),
        Fixture("zikr/send_invitation.json", Zikr.SendInvitation.self, Zikr.dateEncoding),
        Fixture("zikr/update_zikr_count.json", Zikr.UpdateZikrCount.self, Zikr.dateEncoding),
        Fixture("zikr/user_offline.json", Zikr.UserOffline.self, Zikr.dateEncoding),
        Fixture("zikr/user_online.json", Zikr.UserOnline.self, Zikr.dateEncoding),
        Fixture("zikr/zikr_count_updated.json", Zikr.ZikrCountUpdated.self, Zikr.dateEncoding),
        Fixture("zikr/zikr_update_confirmed.json", Zikr.ZikrUpdateConfirmed.self, Zikr.dateEncoding),
        Fixture("rooms/element_create.json", Rooms.ElementCreate.self, Rooms.dateEncoding),
        Fixture("rooms/element_created.json", Rooms.Element.self, Rooms.dateEncoding),
        Fixture("rooms/element_delete.json", Rooms.ElementDelete.self, Rooms.dateEncoding),
        Fixture("rooms/element_update.json", Rooms.ElementUpdate.self, Rooms.dateEncoding),
        Fixture("rooms/error.json", String.self, Rooms.dateEncoding),
        Fixture("rooms/room_join.json", Rooms.RoomJoin.self, Rooms.dateEncoding),
        Fixture("rooms/room_leave.json", Rooms.RoomLeave.self, Rooms.dateEncoding),
        Fixture("rooms/touch_end.json", Rooms.TouchEnd.self, Rooms.dateEncoding),
        Fixture("rooms/touch_move.json", Rooms.TouchMove.self, Rooms.dateEncoding),
        Fixture("rooms/touch_moved.json", Rooms.TouchMoveData.self, Rooms.dateEncoding),
        Fixture("rooms/user_joined.json", Rooms.UserJoined.self, Rooms.dateEncoding),
        Fixture("rooms/user_left.json", Rooms.UserLeft.self, Rooms.dateEncoding),
        Fixture("comapi/conversation.create.json", Comapi.ConversationCreate.self, Comapi.dateEncoding),
        Fixture("comapi/conversation.delete.json", Comapi.ConversationDelete.self, Comapi.dateEncoding),
        Fixture(
            "comapi/conversation.participantAdded.json", Comapi.ConversationParticipantAdded.self, Comapi.dateEncoding),
        Fixture(
            "comapi/conversation.participantRemoved.json", Comapi.ConversationParticipantRemoved.self,
            Comapi.dateEncoding),
        Fixture(
            "comapi/conversation.participantTyping.json", Comapi.ConversationParticipantTyping.self, Comapi.dateEncoding
        ),
        Fixture(
            "comapi/conversation.participantTypingOff.json", Comapi.ConversationParticipantTypingOff.self,
            Comapi.dateEncoding),
        Fixture(
            "comapi/conversation.participantUpdated.json", Comapi.ConversationParticipantUpdated.self,
            Comapi.dateEncoding),
        Fixture("comapi/conversation.undelete.json", Comapi.ConversationUndelete.self, Comapi.dateEncoding),
        Fixture("comapi/conversation.update.json", Comapi.ConversationUpdate.self, Comapi.dateEncoding),
        Fixture(
            "comapi/conversationMessage.delivered.json", Comapi.ConversationMessageDelivered.self, Comapi.dateEncoding),
        Fixture("comapi/conversationMessage.read.json", Comapi.ConversationMessageRead.self, Comapi.dateEncoding),
        Fixture("comapi/conversationMessage.sent.json", Comapi.ConversationMessageSent.self, Comapi.dateEncoding),
        Fixture("comapi/profile.update.json", Comapi.ProfileUpdate.self, Comapi.dateEncoding),
        Fixture(
            "order-status/order/download_ready.json", OrderStatus.Order.DownloadReady.self, OrderStatus.dateEncoding),
        Fixture(
            "order-status/order/processing_failed.json", OrderStatus.Order.ProcessingFailed.self,
            OrderStatus.dateEncoding),
        Fixture(
            "order-status/order/processing_started.json", OrderStatus.Order.ProcessingStarted.self,
            OrderStatus.dateEncoding),
        Fixture(
            "order-status/order/upload_completed.json", OrderStatus.Order.UploadCompleted.self, OrderStatus.dateEncoding
        ),
        Fixture(
            "order-status/order/upload_started.json", OrderStatus.Order.UploadStarted.self, OrderStatus.dateEncoding),
        Fixture(
            "order-status/order/webhook_image_processed.json", OrderStatus.Order.WebhookImageProcessed.self,
            OrderStatus.dateEncoding),
        Fixture("driver/admin/job-assigned.json", DriverApp.Admin.JobAssigned.self, DriverApp.dateEncoding),
        Fixture("driver/admin/order-assigned.json", JSONValue.self, DriverApp.dateEncoding),
        Fixture("driver/admin/order-unassigned.json", JSONValue.self, DriverApp.dateEncoding),
        Fixture("driver/booking/driver-removed.json", DriverApp.Booking.DriverRemoved.self, DriverApp.dateEncoding),
        Fixture("driver/driver/drop-removed.json", JSONValue.self, DriverApp.dateEncoding),
        Fixture("driver/driver/job-assigned.json", DriverApp.Driver.JobAssigned.self, DriverApp.dateEncoding),
        Fixture("driver/driver/job-cancelled.json", DriverApp.Driver.JobCancelled.self, DriverApp.dateEncoding),
        Fixture(
            "driver/driver/job-removed-from-list.json", DriverApp.Driver.JobRemovedFromList.self, DriverApp.dateEncoding
        ),
        Fixture("driver/driver/job-removed.json", DriverApp.Driver.JobRemoved.self, DriverApp.dateEncoding),
        Fixture("driver/driver/order-removed.json", DriverApp.Driver.OrderRemoved.self, DriverApp.dateEncoding),
        Fixture("driver/driver/route-cancelled.json", DriverApp.Driver.RouteCancelled.self, DriverApp.dateEncoding),
        Fixture("driver/driver/route-unassigned.json", DriverApp.Driver.RouteUnassigned.self, DriverApp.dateEncoding),
        Fixture("driver/driver/schedule-updated.json", DriverApp.Driver.ScheduleUpdated.self, DriverApp.dateEncoding),
        Fixture(
            "driver/drivers/job-available-again.json", DriverApp.Drivers.JobAvailableAgain.self, DriverApp.dateEncoding),
        Fixture("driver/drivers/job-cancelled.json", DriverApp.Drivers.JobCancelled.self, DriverApp.dateEncoding),
        Fixture(
            "driver/tracking/tracking-stopped.json", DriverApp.Tracking.TrackingStopped.self, DriverApp.dateEncoding),
    ]

    @Test(arguments: fixtures)
    func fixtureRoundTrips(_ fixture: Fixture) throws {
        try fixture.roundTrip(Data(contentsOf: Self.folder.appendingPathComponent(fixture.path)))
    }

    /// A fixture for every event that carries a payload (or, with envelope fields, a frame), in every guide.
    @Test func everyEventWithAPayloadHasAFixture() throws {
        var expected: [String] = []
        for file in try ContractFiles.find([RepositoryContracts.folder.path]).files {
            let contract = try #require(ContractLoader().load(path: file).contract)
            // Public APIs' contracts are checked against their documentation's whole frames (VendorExampleTests).
            if contract.framing.shapes != nil { continue }
            let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            var hasEnvelopeFields = false
            if case .envelope(let envelope) = contract.framing { hasEnvelopeFields = !envelope.fields.isEmpty }
            for (channel, event) in contract.allEvents
            where event.payload != nil || hasEnvelopeFields || !event.envelopeFields.isEmpty {
                let name = event.wireName.replacingOccurrences(of: ":", with: "_") + ".json"
                expected.append([base, channel?.name, name].compactMap { $0 }.joined(separator: "/"))
            }
        }
        #expect(Set(expected) == Set(Self.fixtures.map(\.path)))
        #expect(expected.count == 78)
    }
}
