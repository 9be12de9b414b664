/// A struct that contains itself by value has no finite size. Recursion through an optional, an array or
/// a dictionary is fine: generated code stores those indirectly.
package struct RecursionCheck {
    package let contract: Contract

    package func run(into diagnostics: inout DiagnosticBag) {
        var edges: [String: [(target: String, field: Field)]] = [:]
        for type in contract.types {
            switch type.kind {
            case .object(let object):
                edges[type.name] = object.fields.flatMap { field in
                    field.type.namesHeldByValue.map { (target: $0, field: field) }
                }
            case .union(let union):
                // A union holds its member by value: a member that holds the union again has no finite size either.
                edges[type.name] = union.members.flatMap { member in
                    member.type.namesHeldByValue.map {
                        (
                            target: $0,
                            field: Field(
                                wireName: member.swiftName, swiftName: member.swiftName, type: member.type,
                                location: member.location)
                        )
                    }
                }
            default:
                continue
            }
        }
        var reported = Set<String>()
        for type in contract.types {
            guard !reported.contains(type.name), let cycle = shortestCycle(from: type.name, edges: edges) else {
                continue
            }
            reported.formUnion(cycle.map(\.from))
            let path = (cycle.map(\.from) + [type.name]).joined(separator: " → ")
            let closing = cycle[0].field
            diagnostics.error(
                "type '\(type.name)' contains itself by value (\(path)), so it would have no finite size; make field '\(closing.wireName)' optional (`?`) or an array",
                at: closing.location)
        }
    }

    /// The shortest path of by-value fields from `start` back to itself, as (type, field) steps.
    private func shortestCycle(
        from start: String, edges: [String: [(target: String, field: Field)]]
    ) -> [(from: String, field: Field)]? {
        var queue: [(type: String, path: [(from: String, field: Field)])] = [(start, [])]
        var visited: Set<String> = []
        while !queue.isEmpty {
            let (type, path) = queue.removeFirst()
            for edge in edges[type] ?? [] {
                let step = path + [(from: type, field: edge.field)]
                if edge.target == start { return step }
                if visited.insert(edge.target).inserted { queue.append((edge.target, step)) }
            }
        }
        return nil
    }
}
