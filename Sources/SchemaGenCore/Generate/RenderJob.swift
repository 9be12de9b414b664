/// One output file to render. Files render independently, so they render on all cores at once; the results
/// keep the order of the jobs, so output stays deterministic.
struct RenderJob: Sendable {
    var path: String
    var render: @Sendable () -> String

    static func runConcurrently(_ jobs: [RenderJob]) -> [OutputFile] {
        jobs.concurrentMap { OutputFile(relativePath: $0.path, contents: $0.render()) }
    }
}
