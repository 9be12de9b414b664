import Foundation
import SchemaGenRuntime

/// Collects values delivered to handlers on any thread, for assertions.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

extension OutgoingFrame {
    var text: String { String(decoding: data, as: UTF8.self) }
}

extension Date {
    /// 2025-01-31T09:30:00Z
    static let fixture = Date(timeIntervalSince1970: 1_738_315_800)
}
