import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// The client core used from many tasks at once, as transports and apps use it: frames arriving from several
/// tasks while listeners, streams and failure handlers come and go and events are emitted. Run under
/// ThreadSanitizer by CI (`swift test --sanitize=thread`), where any unguarded access is a report; here, every
/// frame reaches the listener that stays registered throughout.
@Suite struct ConcurrentDispatchTests {
    @Test func framesFromManyTasksWhileListenersComeAndGo() async throws {
        let transport = LoopbackTransport()
        let client = Zikr.Client(transport: transport)
        let received = Recorder<String>()
        let failures = Recorder<String>()
        client.onUserOnline { received.append($0.userId) }
        // Only the broken frames: a churned stream whose reader has not started yet may let go of events, reported too.
        client.onIncomingFailure { if case .undecodablePayload = $0.reason { failures.append("\($0)") } }
        let threads = 4, framesPerThread = 300

        let churn = Task.detached {
            for round in 0..<200 {
                let token = client.onUserOnline { _ in }
                let failureToken = client.onIncomingFailure { _ in }
                let stream = client.events
                let reader = Task { for await _ in stream { break } }
                try await client.joinGroup(groupId: "g\(round)")
                token.cancel()
                failureToken.cancel()
                reader.cancel()
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<threads {
                group.addTask {
                    for index in 0..<framesPerThread {
                        await transport.deliver(
                            json: #"["user_online",{"groupId":"g","userId":"\#(thread)-\#(index)"}]"#)
                        if index.isMultiple(of: 50) { await transport.deliver(json: #"["user_online",{"groupId":1}]"#) }
                    }
                }
            }
        }
        try await churn.value

        #expect(received.values.count == threads * framesPerThread)
        #expect(Set(received.values).count == threads * framesPerThread, "each frame once")
        #expect(
            failures.values.count == threads * (framesPerThread / 50), "each broken frame reaches the failure handler")
        #expect(transport.sentFrames.count == 200)
    }
}
