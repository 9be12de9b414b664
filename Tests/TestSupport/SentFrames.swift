import Foundation
import SchemaGenRuntime

extension OutgoingFrame {
    /// The frame's bytes as text, for assertions and failure messages.
    public var text: String { String(decoding: data, as: UTF8.self) }
}

extension LoopbackTransport {
    /// The frames sent so far, once there are at least `count`: generated clients send from their own tasks (a
    /// request's send, a subscription's cancel, a responder's answer), so tests wait for them, as long as
    /// ``eventually(_:within:_:)`` waits (longer under ThreadSanitizer, where the pool stalls for tens of seconds).
    public func sentFrames(
        atLeast count: Int, within limit: Duration = eventualityLimit
    ) async throws -> [OutgoingFrame] {
        try await eventually("\(count) frames sent; sent \(sentFrames.map(\.text))", within: limit) {
            sentFrames.count >= count
        }
        return sentFrames
    }
}
