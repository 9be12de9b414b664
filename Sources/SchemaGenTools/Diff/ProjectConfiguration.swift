import SchemaGenContract
import SchemaGenGenerator

/// `schemagen.yaml` whole: the generator's ``Configuration`` and the `diff:` section that only `schemagen diff` acts
/// on, which the generator's module cannot read (the diff tools sit above it). Every command loads it this way, so a
/// mistake anywhere in the file is reported whichever command runs.
package struct ProjectConfiguration: Hashable, Sendable {
    /// What `schemagen generate` works on.
    package var generation: Configuration
    /// How `schemagen diff` judges its findings (`diff:`; docs/compatibility.md).
    package var diff: DiffPolicy

    package init(generation: Configuration = Configuration(), diff: DiffPolicy = DiffPolicy()) {
        self.generation = generation
        self.diff = diff
    }

    /// Reads a configuration file; relative paths in it are relative to the file's folder.
    package static func load(path: String) -> (configuration: ProjectConfiguration?, diagnostics: [Diagnostic]) {
        var diff = DiffPolicy()
        let (generation, diagnostics) = Configuration.load(
            path: path, sections: ["diff": { node, checker in diff = DiffPolicy.read(node, checker: &checker) }])
        return (generation.map { ProjectConfiguration(generation: $0, diff: diff) }, diagnostics)
    }
}
