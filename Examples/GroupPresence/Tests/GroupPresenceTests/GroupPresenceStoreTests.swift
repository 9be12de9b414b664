import Foundation
import GroupPresence
import OrderTracking
import SchemaGenRuntime
import Testing

/// The example feature, driven through the loopback transport as an app's unit tests would: on the main actor, as
/// the view model lives; each `deliver` returns once its listeners have run.
@Suite @MainActor struct GroupPresenceStoreTests {
    @Test func tracksWhoIsOnlineFromServerEvents() async throws {
        let transport = LoopbackTransport()
        let store = GroupPresenceStore(client: Zikr.Client(transport: transport))
        try await store.join("g1")
        #expect(
            transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) } == [
                #"["join_group",{"groupId":"g1"}]"#
            ])

        await transport.deliver(json: #"["joined_group",{"groupId":"g1","message":"Joined"}]"#)
        await transport.deliver(json: #"["user_online",{"groupId":"g1","userId":"aisha"}]"#)
        await transport.deliver(json: #"["user_online",{"groupId":"g1","userId":"omar"}]"#)
        await transport.deliver(json: #"["user_online",{"groupId":"g2","userId":"zed"}]"#)
        await transport.deliver(json: #"["user_offline",{"groupId":"g1","userId":"omar"}]"#)
        #expect(store.onlineMembers == ["g1": ["aisha"]])
    }

    @Test func badEventsAreCountedAndTheRestStillArrive() async {
        let transport = LoopbackTransport()
        let store = GroupPresenceStore(client: Zikr.Client(transport: transport))
        await transport.deliver(json: #"["joined_group",{"groupId":"g1","message":"Joined"}]"#)
        await transport.deliver(json: #"["user_online",{"groupId":"g1"}]"#)
        await transport.deliver(json: #"["error",{"message":"Rate limited"}]"#)
        await transport.deliver(json: #"["user_online",{"groupId":"g1","userId":"aisha"}]"#)
        #expect(store.undeliveredEvents == 1)
        #expect(store.lastError == "Rate limited")
        #expect(store.onlineMembers == ["g1": ["aisha"]])
    }

    @Test func stoppedStoresHearNothing() async {
        let transport = LoopbackTransport()
        let store = GroupPresenceStore(client: Zikr.Client(transport: transport))
        store.stop()
        await transport.deliver(json: #"["joined_group",{"groupId":"g1","message":"Joined"}]"#)
        #expect(store.onlineMembers.isEmpty)
    }

    @Test func orderProgressFollowsTheCheckedInClient() async {
        let transport = LoopbackTransport()
        let order = OrderStatus.Client(transport: transport).order(orderId: "o1")
        let progress = ProgressBox()
        order.onDownloadReady { progress.apply(.downloadReady($0)) }
        order.onUploadCompleted { progress.apply(.uploadCompleted($0)) }
        await transport.deliver(
            json:
                #"{"event":"upload_completed","payload":{"order_id":"o1","status":"uploaded","file_count":2,"timestamp":"2025-01-31T09:30:00Z"}}"#,
            channel: "order:o1")
        #expect(progress.value.fraction == 0.25)
        await transport.deliver(
            json:
                #"{"event":"download_ready","payload":{"order_id":"o1","status":"previews_ready","storage_urls":["https://x.example/1.jpg"],"timestamp":"2025-01-31T09:30:00Z"}}"#,
            channel: "order:o1")
        #expect(progress.value == OrderProgress(fraction: 1, previewURLs: [URL(string: "https://x.example/1.jpg")!]))
    }

    #if SCHEMAGEN_CONTRACT_EDITED
    /// Compiled only by .ci/run after it adds a `presence_ping` event to zikr.events.yaml: the build plugin
    /// must have regenerated the client for this to build and pass.
    @Test func anEditedContractIsRegenerated() async {
        let transport = LoopbackTransport()
        let client = Zikr.Client(transport: transport)
        let pings = ProgressBox()
        client.onPresencePing { ping in
            pings.apply(.processingFailed(.init(orderId: ping.groupId, error: "ping", timestamp: Date())))
        }
        await transport.deliver(json: #"["presence_ping",{"groupId":"g1"}]"#)
        #expect(pings.value.failure == "ping")
    }
    #endif
}

final class ProgressBox: @unchecked Sendable {
    private let lock = NSLock()
    private var progress = OrderProgress()
    func apply(_ event: OrderStatus.Order.ServerEvent) { lock.withLock { progress = progress.applying(event) } }
    var value: OrderProgress { lock.withLock { progress } }
}
