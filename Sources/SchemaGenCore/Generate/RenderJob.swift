import Foundation

/// One output file to render. Files render independently, so they render on all cores at once; the results
/// keep the order of the jobs, so output stays deterministic.
struct RenderJob: Sendable {
    var path: String
    var render: @Sendable () -> String

    static func runConcurrently(_ jobs: [RenderJob]) -> [OutputFile] {
        let results = Results(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            results.set(index, OutputFile(relativePath: jobs[index].path, contents: jobs[index].render()))
        }
        return results.files
    }

    /// Each slot is written by exactly one iteration; the lock orders those writes with the final read.
    private final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [OutputFile?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ file: OutputFile) { lock.withLock { slots[index] = file } }
        var files: [OutputFile] { lock.withLock { slots.compactMap { $0 } } }
    }
}
