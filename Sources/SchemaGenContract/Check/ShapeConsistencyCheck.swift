import SchemaGenRuntime

/// Constraints frame shapes put on a contract: a shape tried later must be able to match a frame an earlier
/// one does not take; events must carry what their shape can hold (a payload where it has one, an object
/// beside the shape's keys, an array after its slots, a channel where it names one).
package struct ShapeConsistencyCheck {
    package let contract: Contract
    package let shapes: [ShapeDeclaration]

    package func run(into diagnostics: inout DiagnosticBag) {
        for (laterIndex, later) in shapes.enumerated() {
            if let earlier = shapes.prefix(laterIndex).first(where: { covers($0.shape, later.shape) }) {
                diagnostics.error(
                    "frame shape '\(later.name)' can never match: every frame it describes also fits '\(earlier.name)', which is tried first; give '\(earlier.name)' a `when:` that tells them apart, or move '\(later.name)' before it",
                    at: later.location, notes: [.note("'\(earlier.name)' is declared here", at: earlier.location)])
            }
        }
        for (channel, event) in contract.allEvents {
            guard let index = event.shapeIndex else { continue }
            check(event, in: shapes[index], channel: channel, into: &diagnostics)
        }
    }

    /// Whether every frame of `later` also fits `earlier`: `earlier` asks nothing `later` does not guarantee.
    private func covers(_ earlier: FrameShape, _ later: FrameShape) -> Bool {
        guard (earlier.container == .object) == (later.container == .object) else { return false }
        // An exact shape takes only frames without other keys: it covers only an exact shape whose keys it names.
        if earlier.exact,
            !later.exact || !later.namedKeys.isSubset(of: earlier.namedKeys) || later.slotCount > earlier.slotCount
        {
            return false
        }
        for condition in earlier.conditions where !later.conditions.contains(condition) { return false }
        let present = later.conditions.map(\.path) + later.required + (later.eventName.map { [$0] } ?? [])
        for path in earlier.required where !present.contains(path) { return false }
        if let name = earlier.eventName {
            // `later` must hold a value of the kind `earlier` reads there: a constant of that kind, or a name.
            let constant = later.conditions.first { $0.path == name }
            let sameName = later.eventName == name && later.eventNameKind == earlier.eventNameKind
            guard constant?.value.kind == earlier.eventNameKind || sameName else { return false }
        }
        return true
    }

    private func check(
        _ event: Event, in declaration: ShapeDeclaration, channel: Channel?, into diagnostics: inout DiagnosticBag
    ) {
        let shape = declaration.shape
        if channel != nil, shape.channel == nil {
            diagnostics.error(
                "event '\(event.wireName)' belongs to channel '\(channel!.name)', but its frame shape '\(shape.name)' has no `channel:` saying where frames name it",
                at: event.location, notes: [.note("'\(shape.name)' is declared here", at: declaration.location)])
        }
        guard let payload = event.payload else { return }
        switch shape.payload {
        case .none:
            diagnostics.error(
                "event '\(event.wireName)' has a payload, but its frame shape '\(shape.name)' has no `payload:` saying where it sits",
                at: event.location, notes: [.note("'\(shape.name)' is declared here", at: declaration.location)])
        case .at:
            break
        case .rest where shape.container == .object:
            guard let fields = contract.objectFields(of: payload.unwrapped), !payload.isOptional else {
                diagnostics.error(
                    "the payload of event '\(event.wireName)' must be an object: frame shape '\(shape.name)' puts its fields beside the shape's own keys",
                    at: event.location)
                return
            }
            let taken = shape.namedKeys
            let clashes = fields.filter { taken.contains($0.wireName) }
            if let first = clashes.first {
                // One report per event: every key a shape names (`when:`, `has:`, `name:`, `channel:`, `fields:`) is the shape's.
                let keys = clashes.map { "'\($0.wireName)'" }.joined(separator: ", ")
                let fix =
                    declaration.fields.contains { $0.wireName == first.wireName }
                    ? "remove \(clashes.count == 1 ? "it" : "them") from the payload"
                    : "declare \(clashes.count == 1 ? "it" : "them") under the shape's `fields:` (with the type) and remove \(clashes.count == 1 ? "it" : "them") from the payload"
                diagnostics.error(
                    "the payload of event '\(event.wireName)' uses \(keys), which frame shape '\(shape.name)' already gives a role (a key in "
                        + "its `when:`, `has:`, `name:`, `channel:` or `fields:` is the shape's, read before the payload); \(fix): the event's value then "
                        + "carries \(clashes.count == 1 ? "it" : "them") as the shape's field\(clashes.count == 1 ? "" : "s")",
                    at: first.location, notes: [.note("'\(shape.name)' is declared here", at: declaration.location)])
            }
        case .rest:
            switch payload {
            // `JSON`: the elements are whatever the subscription or request that owns the frame says (`type:`).
            case .array, .tuple, .scalar(.json): break
            case .named(let name):
                if case .tuple? = contract.type(named: name)?.kind { break }
                fallthrough
            default:
                diagnostics.error(
                    "the payload of event '\(event.wireName)' must be a tuple (a list of `- name: Type`), a list (`[T]`) or `JSON` (narrowed by a `type:`): frame shape '\(shape.name)' carries it as the array's elements after its slots",
                    at: event.location)
            }
        }
    }
}
