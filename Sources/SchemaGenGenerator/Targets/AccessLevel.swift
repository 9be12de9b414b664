import SchemaGenContract
/// The access level of generated declarations (`accessLevel:` in `schemagen.yaml`, `--access-level`): a setting of
/// the run that the Swift targets apply, so the configuration names no target's own types.
public enum AccessLevel: String, Sendable, CaseIterable {
    case `public`, package, `internal`
}
