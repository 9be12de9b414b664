import Foundation
import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Issue 53, shape 10, through the `scenario-channels` golden: a scenario that waits for the app's subscription to a
/// channel address (`subscribed:`) before it sends there, and for what the app sends on that address (`after:` with
/// `channel:`), hearing each address apart from the scenario's start.
@Suite struct ScenarioChannelTests {
    @Test(.timeLimit(.minutes(1))) func theMockWaitsForTheSubscriptionAndForWhatTheAppSendsOnTheChannel() async throws {
        let mock = ScenarioChannels.Mock()
        let client = mock.makeClient()
        let replies = Recorder<ScenarioChannels.Ticket.Replied>()
        let ticket = client.ticket(id: 7)
        _ = ticket.onReplied { replies.append($0) }
        let playing = mock.start(.agentAnswers)
        // Before the app listens on ticket 7 nothing goes out, and a subscription elsewhere does not count.
        try await client.ticket(id: 8).subscribe()
        try await Task.sleep(for: .milliseconds(50))
        #expect(replies.values.isEmpty)
        try await ticket.subscribe()
        try await eventually("the greeting arrived") { replies.values.count == 1 }
        #expect(replies.values == [.init(text: "How can I help?", by: "agent")])
        // `hello` outside channels first: the step that waits for it comes later, and still hears it. The first reply
        // on ticket 7 lacks the `where:` value, so the scenario waits on.
        try await client.hello(.init(agent: "ana"))
        try await ticket.reply(.init(text: "nope"))
        try await Task.sleep(for: .milliseconds(50))
        #expect(replies.values.count == 1)
        try await ticket.reply(.init(text: "thanks"))
        try await playing.value
        try await eventually("the last reply arrived") { replies.values.count == 2 }
        #expect(replies.values.last == .init(text: "Done", by: "agent"))
    }

    /// A scenario waiting for a subscription ends when its task is cancelled, rather than waiting forever.
    @Test(.timeLimit(.minutes(1))) func aScenarioWaitingForASubscriptionStopsWhenCancelled() async throws {
        let mock = ScenarioChannels.Mock()
        let playing = mock.start(.agentAnswers)
        try await Task.sleep(for: .milliseconds(20))
        playing.cancel()
        await #expect(throws: CancellationError.self) { try await playing.value }
    }
}
