import Foundation

extension RandomAccessCollection where Index == Int, Element: Sendable, Self: Sendable {
    /// The elements transformed on all cores, in the collection's order.
    ///
    /// The elements are split into contiguous chunks of at least `minimumChunk`, a few per core, so a run of
    /// costly elements does not leave the other cores idle; below two chunks it is a plain `map`. The order of
    /// the result never depends on scheduling, so output built from it stays deterministic.
    ///
    /// The calling thread takes chunks too and helpers on the global queue take the rest, so calls nest:
    /// `DispatchQueue.concurrentPerform` inside another one runs serially, and waiting for helpers that never
    /// got a thread could block forever. The caller waits only for chunks a helper has started.
    package func concurrentMap<Transformed: Sendable>(
        minimumChunk: Int = 1,
        _ transform: @escaping @Sendable (Element) -> Transformed
    ) -> [Transformed] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let chunks = Swift.min(count / Swift.max(1, minimumChunk), cores * 4)
        guard chunks > 1, cores > 1 else { return map(transform) }
        let base = startIndex, total = count
        return [Transformed](unsafeUninitializedCapacity: total) { buffer, initialized in
            let slots = ResultSlots(buffer: buffer)
            let queue = ChunkQueue(count: chunks)
            let work: @Sendable () -> Void = { [self] in
                while let chunk = queue.claim() {
                    for offset in (total * chunk / chunks)..<(total * (chunk + 1) / chunks) {
                        slots.initialize(offset, to: transform(self[base + offset]))
                    }
                    queue.finish()
                }
            }
            for _ in 1..<Swift.min(cores, chunks) { DispatchQueue.global().async(execute: work) }
            work()
            queue.waitUntilAllFinished()
            initialized = total
        }
    }
}

/// The result buffer of one ``RandomAccessCollection/concurrentMap(minimumChunk:_:)``: each slot is initialized
/// by exactly one chunk, and the buffer is read only after every chunk has finished.
private struct ResultSlots<Value>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Value>

    func initialize(_ offset: Int, to value: Value) {
        (buffer.baseAddress! + offset).initialize(to: value)
    }
}

/// Hands out chunk numbers once each and tells when all of them are done.
private final class ChunkQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var claimed = 0
    private var finished = 0

    init(count: Int) { self.count = count }

    func claim() -> Int? {
        condition.withLock {
            guard claimed < count else { return nil }
            claimed += 1
            return claimed - 1
        }
    }

    func finish() {
        condition.withLock {
            finished += 1
            if finished == count { condition.broadcast() }
        }
    }

    func waitUntilAllFinished() {
        condition.lock()
        while finished < count { condition.wait() }
        condition.unlock()
    }
}
