import Foundation
import FuzzSupport
@_spi(Generated) import SchemaGenRuntime

/// Network bytes through a client core with everything waiting on them: a request waiting for its reply, an open
/// subscription, an emit waiting for its acknowledgement, a responder to the server's requests. Each input
/// arrives as a frame, as an acknowledgement, and as a frame the server wants acknowledged; then the same through a
/// server core (FuzzServer.swift). A crash, a sanitizer
/// report or a hang is a finding; undeliverable input must only reach the failure handler.
final class SilentTransport: RealtimeTransport, @unchecked Sendable {
    let supportsAcknowledgements = true
    func send(_ frame: OutgoingFrame) async throws {}
    func setReceiver(_ receiver: @escaping @Sendable (IncomingFrame) async -> Void) {}
}

struct Item: Decodable, Sendable {
    var sub: String
    var n: Int
}

let core = RealtimeClientCore(transport: SilentTransport(), framing: .discriminator(key: "type"), dates: .iso8601)
let failures = core.addErrorHandler { failure in _ = failure.description }
/// The same framing with several frames to a message, one per line and ending with 0x1E.
let batchingCores = FrameSeparator.allCases.map { separator in
    let batching = RealtimeClientCore(
        transport: SilentTransport(), framing: .discriminator(key: "type"), dates: .iso8601, separator: separator)
    _ = batching.addErrorHandler { failure in _ = failure.description }
    return batching
}

/// Opens what waits on incoming frames once, before the first input.
let prepared: Bool = {
    let ready = DispatchSemaphore(value: 0)
    Task {
        let items = try await core.subscribe(
            SubscriptionMatch(
                route: "item", channel: nil, source: .payloadField("sub"),
                errorRoute: ("failed", .payloadField("sub"))),
            id: .string("s1"), item: { frame, decoder in try decoder.decode(Item.self, from: frame.payloadOrNull) }
        ) {}
        ready.signal()
        for try await _ in items {}
    }
    ready.wait()
    Task {
        _ = try? await core.request(
            expecting: ReplyMatch(route: "reply", channel: nil, source: .payloadField("id")), correlation: .number(1),
            timeout: nil
        ) {}
    }
    Task {
        _ = try? await core.emitExpectingAck(eventName: "upload", channel: nil, payload: JSONValue?.none, timeout: nil)
    }
    _ = core.setResponder(channel: nil, eventName: "ask") { frame, decoder, ackID in
        let value = try decoder.decode(JSONValue.self, from: frame.payloadOrNull)
        guard let ackID else { return nil }
        return { try await core.acknowledge(ackID, eventName: "ask", channel: nil, with: value, spread: false) }
    }
    return true
}()

@_cdecl("FuzzClient_main")
public func fuzzClientMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { start, count in fuzzClient(start.map { Data(bytes: $0, count: count) } ?? Data()) }
}

func fuzzClient(_ data: Data) -> CInt {
    precondition(prepared)
    // The core awaits its listeners; libFuzzer calls this synchronously, on its own thread (not one of the
    // concurrency pool's, so waiting here blocks no task the delivery needs).
    let delivered = DispatchSemaphore(value: 0)
    Task {
        await core.receive(IncomingFrame(data: data))
        await core.receive(IncomingFrame(data: data, acknowledges: data.count))
        await core.receive(IncomingFrame(data: data, ackID: 7))
        for batching in batchingCores { await batching.receive(IncomingFrame(data: data)) }
        delivered.signal()
    }
    delivered.wait()
    fuzzServer(data)
    return 0
}
