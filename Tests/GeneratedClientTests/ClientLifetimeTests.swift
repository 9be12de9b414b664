import Foundation
@_spi(Generated) import GeneratedClients
@_spi(Generated) @testable import SchemaGenRuntime
import TestSupport
import Testing

/// A client lives as long as the app keeps it; a frame that arrives after it is released is reported to
/// `ReleasedClient.handler`, never dropped unseen.
@Suite struct ClientLifetimeTests {
    @Test func aFrameForAReleasedClientIsReportedNotLostUnseen() async {
        let transport = LoopbackTransport()
        let received = Recorder<String>()
        weak var released: RealtimeClientCore?
        do {
            let client = Zikr.Client(transport: transport)
            released = client.core
            client.onUserOnline { received.append($0.userId) }
            await transport.deliver(json: #"["user_online",{"groupId":"g","userId":"while-kept"}]"#)
        }
        #expect(released == nil, "nothing else keeps the client")

        let dropped = Recorder<ReleasedClient.Frame>()
        let previous = ReleasedClient.handler
        // The handler is global: keep only this test's frames.
        ReleasedClient.handler = { frame in
            if String(decoding: frame.frame.data, as: UTF8.self).contains("after-release") { dropped.append(frame) }
        }
        defer { ReleasedClient.handler = previous }
        await transport.deliver(json: #"["user_online",{"groupId":"g","userId":"after-release-1"}]"#)
        await transport.deliver(json: #"["user_online",{"groupId":"g","userId":"after-release-2"}]"#)

        #expect(received.values == ["while-kept"])
        #expect(dropped.values.map(\.eventName) == ["user_online", "user_online"])
        #expect(dropped.values.map(\.isFirst) == [true, false], "the default handler writes one line per client")
    }
}
