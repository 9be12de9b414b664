import Foundation
@_spi(Generated) import GeneratedClients
@_spi(Generated) import SchemaGenRuntime
import TestSupport
import Testing

/// The client core's table of requests waiting for replies (issue 14's runtime part), driven with the Ethereum
/// contract's JSON-RPC framing: a request carries an `id` and its reply (the `reply` shape) echoes it.
@Suite struct PendingRequestTests {
    /// The reply shape has no name: its route is the shape's index and an empty name.
    static let replyMatch = ReplyMatch(route: "0:", channel: nil, source: .field("id"))

    static func core(_ transport: any RealtimeTransport, limit: Int = 65_536) -> RealtimeClientCore {
        RealtimeClientCore(
            transport: transport, framing: EthereumPubSub.framing, dates: EthereumPubSub.dateEncoding,
            maximumPendingRequests: limit)
    }

    static func reply(_ id: Int, _ result: String = "0xabc") -> Data {
        Data(#"{"jsonrpc":"2.0","id":\#(id),"result":"\#(result)"}"#.utf8)
    }

    /// Sends `eth_subscribe` with `id` and returns the subscription id of its reply.
    static func subscribe(_ core: RealtimeClientCore, id: Int, timeout: Duration? = nil) async throws -> String {
        let frame = try await core.request(
            expecting: replyMatch, correlation: .number(JSONNumber(id)), timeout: timeout
        ) {
            try await core.emit(
                EventAddress(shape: 3, name: .string("eth_subscribe")), channel: nil,
                payload: EthereumPubSub.EthSubscribe(id: id, payload: .init(kind: "newHeads")))
        }
        let result = try EthereumPubSub.dateEncoding.makeDecoder().decode(
            EthereumPubSub.Result.self, from: frame.partsOrFrame)
        guard case .subscriptionId(let subscription) = result.payload else {
            throw RequestFailure.connectionLost(reason: "not an id")
        }
        return subscription
    }

    static func failures(of core: RealtimeClientCore) -> Recorder<String> {
        let failures = Recorder<String>()
        _ = core.addErrorHandler { failures.append($0.description) }
        return failures
    }

    @Test func repliesOutOfOrderReachTheirOwnRequests() async throws {
        let transport = LoopbackTransport()
        let core = Self.core(transport)
        async let first = Self.subscribe(core, id: 1)
        async let second = Self.subscribe(core, id: 2)
        async let third = Self.subscribe(core, id: 3)
        _ = try await transport.sentFrames(atLeast: 3)
        for id in [3, 1, 2] { await transport.deliver(Self.reply(id, "0x\(id)")) }
        #expect(try await [first, second, third] == ["0x1", "0x2", "0x3"])
        #expect(core.pendingRequestCount == 0)
        #expect(String(decoding: transport.sentFrames[0].data, as: UTF8.self).contains(#""id":"#))
    }

    @Test func duplicatedUnknownAndLateRepliesGoToTheErrorHandlers() async throws {
        let transport = LoopbackTransport()
        let core = Self.core(transport)
        let failures = Self.failures(of: core)
        async let answered = Self.subscribe(core, id: 7)
        _ = try await transport.sentFrames(atLeast: 1)
        await transport.deliver(Self.reply(7))
        #expect(try await answered == "0xabc")
        await transport.deliver(Self.reply(7))  // duplicated
        await transport.deliver(Self.reply(99))  // never asked
        await #expect(throws: RequestFailure.timedOut(after: .milliseconds(50))) {
            try await Self.subscribe(core, id: 8, timeout: .milliseconds(50))
        }
        await transport.deliver(Self.reply(8))  // after its timeout
        #expect(
            failures.values == [
                "event 'result' answers 7, which no request waits for (unknown, answered already, or timed out)",
                "event 'result' answers 99, which no request waits for (unknown, answered already, or timed out)",
                "event 'result' answers 8, which no request waits for (unknown, answered already, or timed out)",
            ])
        #expect(core.pendingRequestCount == 0)
    }

    @Test func aMalformedReplyFailsItsCallAndNotTheClient() async throws {
        let transport = LoopbackTransport()
        let core = Self.core(transport)
        let call = Task { try await Self.subscribe(core, id: 4) }
        _ = try await transport.sentFrames(atLeast: 1)
        await transport.deliver(Data(#"{"jsonrpc":"2.0","id":4,"result":{"not":"an id"}}"#.utf8))
        await #expect(throws: (any Error).self) { try await call.value }
        async let next = Self.subscribe(core, id: 5)
        _ = try await transport.sentFrames(atLeast: 2)
        await transport.deliver(Self.reply(5))
        #expect(try await next == "0xabc")
    }

    @Test func aRequestThatIsNeverAnsweredTimesOutWithTheClientsDefault() async throws {
        let core = Self.core(LoopbackTransport())
        core.defaultRequestTimeout = .milliseconds(30)
        await #expect(throws: RequestFailure.timedOut(after: .milliseconds(30))) {
            try await Self.subscribe(core, id: 1)
        }
        #expect(core.pendingRequestCount == 0)
    }

    @Test func cancellingTheCallingTaskStopsWaiting() async throws {
        let transport = LoopbackTransport()
        let core = Self.core(transport)
        let task = Task { try await Self.subscribe(core, id: 1) }
        try await eventually("1 pending") { core.pendingRequestCount == 1 }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(core.pendingRequestCount == 0)
    }

    @Test func aLostConnectionFailsEveryPendingCallAtOnce() async throws {
        let core = Self.core(LoopbackTransport())
        let calls = (1...20).map { id in Task { try await Self.subscribe(core, id: id) } }
        try await eventually("20 pending") { core.pendingRequestCount == 20 }
        core.failPendingRequests("socket closed")
        for call in calls {
            await #expect(throws: RequestFailure.connectionLost(reason: "socket closed")) { try await call.value }
        }
        #expect(core.pendingRequestCount == 0)
    }

    @Test func theTableIsBoundedAndCorrelationsAreUnique() async throws {
        let transport = LoopbackTransport()
        let core = Self.core(transport, limit: 2)
        let waiting = [Task { try await Self.subscribe(core, id: 1) }, Task { try await Self.subscribe(core, id: 2) }]
        try await eventually("2 pending") { core.pendingRequestCount == 2 }
        await #expect(throws: RequestFailure.tooManyPending(limit: 2)) { try await Self.subscribe(core, id: 3) }
        core.failPendingRequests("done")
        for task in waiting { _ = try? await task.value }
        let first = Task { try await Self.subscribe(core, id: 9) }
        _ = try await transport.sentFrames(atLeast: 3)
        await #expect(throws: RequestFailure.correlationInUse(.number(JSONNumber(9)))) {
            try await Self.subscribe(core, id: 9)
        }
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.sentFrames.count == 3, "a refused request sends nothing")
        first.cancel()
        _ = try? await first.value
    }

    /// A server that answers every request from another thread, in whatever order its tasks run.
    final class AnsweringTransport: RealtimeTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var receiver: (@Sendable (IncomingFrame) async -> Void)?

        func send(_ frame: OutgoingFrame) async throws {
            guard let object = try JSONSerialization.jsonObject(with: frame.data) as? [String: Any],
                let id = object["id"] as? Int
            else { return }
            let receiver = lock.withLock { self.receiver }
            Task.detached { await receiver?(IncomingFrame(data: PendingRequestTests.reply(id, "0x\(id)"))) }
        }

        func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void) {
            lock.withLock { self.receiver = receiver }
        }
    }

    @Test func tenThousandConcurrentCallsAreEachAnsweredOnce() async throws {
        let core = Self.core(AnsweringTransport())
        let failures = Self.failures(of: core)
        let results = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for id in 1...concurrentCalls { group.addTask { (id, try await Self.subscribe(core, id: id)) } }
            var results: [Int: String] = [:]
            for try await (id, subscription) in group { results[id] = subscription }
            return results
        }
        #expect(results.count == concurrentCalls && results.allSatisfy { $0.value == "0x\($0.key)" })
        #expect(core.pendingRequestCount == 0 && failures.values.isEmpty)
    }

    /// Issue 53, shape 1, the counted form: a request answered once per item whose replies do not say which item
    /// they answer gets them in arrival order, and only after the last.
    @Test func aRequestAnsweredOncePerItemCollectsThatManyRepliesInArrivalOrder() async throws {
        let transport = LoopbackTransport()
        let core = Self.core(transport)
        let failures = Self.failures(of: core)
        async let frames = core.request(
            expecting: Self.replyMatch, correlation: .number(JSONNumber(7)), each: .count(3), timeout: .seconds(60)
        ) {
            try await core.emit(
                EventAddress(shape: 3, name: .string("eth_subscribe")), channel: nil,
                payload: EthereumPubSub.EthSubscribe(id: 7, payload: .init(kind: "newHeads")))
        }
        _ = try await transport.sentFrames(atLeast: 1)
        for result in ["0xc", "0xa", "0xb"] { await transport.deliver(Self.reply(7, result)) }
        let results = try await frames.map { String(decoding: $0.partsOrFrame, as: UTF8.self) }
        #expect(results.count == 3 && results[0].contains("0xc") && results[2].contains("0xb"))
        #expect(core.pendingRequestCount == 0)
        #expect(failures.values.isEmpty, "\(failures.values)")
    }

    /// A request answered once per item that times out with replies still to come lets them drain unreported; the
    /// next connection starts with nothing draining.
    @Test func repliesOfATimedOutRequestPerItemDrainUntilTheConnectionIsLost() async throws {
        let transport = LoopbackTransport()
        let core = Self.core(transport)
        let failures = Self.failures(of: core)
        await #expect(throws: RequestFailure.self) {
            _ = try await core.request(
                expecting: Self.replyMatch, correlation: .number(JSONNumber(9)), each: .count(2),
                timeout: .milliseconds(10)
            ) {}
        }
        await transport.deliver(Self.reply(9))
        #expect(failures.values.isEmpty, "\(failures.values)")
        core.failPendingRequests("reconnecting")
        await transport.deliver(Self.reply(9))
        #expect(failures.values.count == 1 && failures.values[0].contains("which no request waits for"))
    }
}
