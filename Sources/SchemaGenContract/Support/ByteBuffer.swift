/// Bytes appended one piece after another into memory the buffer owns: the rendered output of a template, and
/// lists the translators write per struct (an initializer's parameters, the decoding calls that are its
/// arguments), made text once.
///
/// `Array<UInt8>.append(contentsOf:)` went through the generic sequence-copying path, about 70 instructions a
/// piece before the copy, and rendering a large contract appends over a million pieces; here an append is a
/// capacity check and a copy.
///
/// A reference: only one rendering or builder appends to a buffer, and a buffer handed to another thread (a
/// chunk's output, joined by the thread that rendered the chunks) is no longer appended to by the one that made
/// it (hence `@unchecked Sendable`).
package final class ByteBuffer: @unchecked Sendable {
    private var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    package private(set) var capacity: Int

    package init(capacity: Int = 256) {
        self.capacity = Swift.max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    package var isEmpty: Bool { count == 0 }

    /// The bytes appended so far, valid until the next change to the buffer.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    package func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress else { return }
        let length = piece.count
        if capacity - count < length { grow(toHold: count + length) }
        (base + count).update(from: source, count: length)
        count += length
    }

    package func append(_ byte: UInt8) {
        if capacity == count { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    package func append(_ text: String) {
        text.withUTF8Bytes { append($0) }
    }

    package func append(_ other: ByteBuffer) {
        append(other.bytes)
    }

    /// Drops the first `length` bytes, keeping the rest (an unfinished line) at the start.
    package func removeFirst(_ length: Int) {
        precondition(length <= count, "removing more bytes than the buffer holds")
        // The regions overlap: copyMemory is memmove.
        UnsafeMutableRawPointer(base).copyMemory(from: base + length, byteCount: count - length)
        count -= length
    }

    /// Makes room for `total` bytes in all, growing at least by half so appends stay linear.
    package func reserve(_ total: Int) {
        if total > capacity { grow(toHold: total) }
    }

    /// The bytes as an array (a copy).
    package var array: [UInt8] { Array(bytes) }

    /// The bytes as text (a copy; the bytes are UTF-8, repaired if they are not).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    private func grow(toHold total: Int) {
        let newCapacity = Swift.max(total, capacity + capacity / 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
