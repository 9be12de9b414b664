@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools

/// The template contexts inside a translated file, found by reflection: what the key-table and documentation tests
/// check, whichever file a context is declared in.
enum TemplateContexts {
    /// Every context value reachable from `root`, depth first.
    static func all(in root: Any) -> [Any] {
        var found: [Any] = []
        func visit(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            // Look inside optionals: a cast from `Any` would see through them, but reflection would not.
            if mirror.displayStyle == .optional {
                mirror.children.forEach { visit($0.value) }
                return
            }
            if value is any TemplateContext { found.append(value) }
            for child in mirror.children { visit(child.value) }
        }
        visit(root)
        return found
    }

    /// Every stored property of every context reachable from `root`, as `Type.property`.
    static func keys(in root: Any) -> Set<String> {
        Set(
            all(in: root).flatMap { context in
                Mirror(reflecting: context).children.compactMap { $0.label.map { "\(type(of: context)).\($0)" } }
            })
    }
}
