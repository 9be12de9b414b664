import Foundation

/// Collects values that handlers deliver on any thread, for assertions in tests.
public final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    public init() {}

    public func append(_ value: Value) { lock.withLock { storage.append(value) } }

    public var values: [Value] { lock.withLock { storage } }
}
