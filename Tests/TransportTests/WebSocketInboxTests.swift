import Foundation
import SchemaGenTransport
import TestSupport
import Testing

/// The bounded hand-over between a socket's reader and the connection (issue 35: the NIO client and the Hummingbird
/// server copied every message into an unbounded stream, so a peer sending faster than the app handled grew memory
/// without limit).
@Suite(.timeLimit(.minutes(1))) struct WebSocketInboxTests {
    @Test func theReaderWaitsWhileTheInboxIsFullAndGoesOnWhenAMessageIsTaken() async throws {
        let inbox = WebSocketInbox(limit: 2)
        let pushed = Recorder<Int>()
        let reader = Task {
            for number in 1...5 {
                guard await inbox.push(.text("\(number)")) else { return }
                pushed.append(number)
            }
        }
        try await eventually("two messages fill the inbox") { pushed.values == [1, 2] }
        // The reader is held at the third: nothing more is taken from the socket.
        try await Task.sleep(for: .milliseconds(50))
        #expect(pushed.values == [1, 2])
        #expect(inbox.count == 2)

        var iterator = inbox.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("1"))
        try await eventually("taking one lets the third in") { pushed.values == [1, 2, 3] }
        #expect(try await iterator.next() == .text("2"))
        #expect(try await iterator.next() == .text("3"))
        #expect(try await iterator.next() == .text("4"))
        #expect(try await iterator.next() == .text("5"))
        await reader.value
        inbox.finish()
        #expect(try await iterator.next() == nil)
    }

    @Test func finishingLetsAWaitingReaderGoAndKeepsWhatWasPushed() async throws {
        let inbox = WebSocketInbox(limit: 1)
        #expect(await inbox.push(.text("kept")))
        let refused = Task { await inbox.push(.text("never")) }
        try await Task.sleep(for: .milliseconds(20))
        inbox.finish(throwing: WebSocketFailure("the socket failed"))
        #expect(await refused.value == false)
        #expect(await inbox.push(.text("late")) == false)
        var iterator = inbox.messages.makeAsyncIterator()
        #expect(try await iterator.next() == .text("kept"))
        await #expect(throws: WebSocketFailure("the socket failed")) { try await iterator.next() }
    }

    @Test func aConsumerThatIsCancelledWhileWaitingEndsTheInboxSoNoReaderIsLeftWaiting() async throws {
        let inbox = WebSocketInbox(limit: 1)
        let consumer = Task {
            var taken = 0
            for try await _ in inbox.messages { taken += 1 }
            return taken
        }
        #expect(await inbox.push(.text("1")))
        try await eventually("the consumer took it") { inbox.count == 0 }
        consumer.cancel()
        #expect(try await consumer.value == 1)
        #expect(await inbox.push(.text("after")) == false)
    }

    @Test func aReaderWhoseTaskIsCancelledWhileWaitingGivesUpTheMessage() async throws {
        let inbox = WebSocketInbox(limit: 1)
        #expect(await inbox.push(.text("1")))
        let reader = Task { await inbox.push(.text("2")) }
        try await Task.sleep(for: .milliseconds(20))
        reader.cancel()
        #expect(await reader.value == false)
        #expect(inbox.count == 1)
    }

    @Test func aLongRunKeepsOrderAcrossCompaction() async throws {
        let inbox = WebSocketInbox(limit: 100)
        let reader = Task {
            for number in 0..<5_000 { await inbox.push(.text("\(number)")) }
            inbox.finish()
        }
        var received: [String] = []
        for try await message in inbox.messages {
            if case .text(let text) = message { received.append(text) }
        }
        await reader.value
        #expect(received == (0..<5_000).map { "\($0)" })
    }
}
