import SchemaGenRuntime

extension LoopbackTransport {
    /// The frames sent so far, once there are at least `count` or `limit` has passed: generated clients send from
    /// their own tasks (a request's send, a subscription's cancel, a responder's answer), so tests wait for them.
    public func sentFrames(atLeast count: Int, within limit: Duration = .seconds(2)) async throws -> [OutgoingFrame] {
        let deadline = ContinuousClock.now + limit
        while sentFrames.count < count, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        return sentFrames
    }
}
