import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Whether two types look the same on the wire, following named types (a renamed type with the same fields
/// changes nothing on the wire).
package struct ShapeComparison {
    package let old: Contract
    package let new: Contract

    package func sameShape(_ before: TypeRef, _ after: TypeRef) -> Bool {
        var assumed: Set<[String]> = []
        return same(before, after, assumed: &assumed)
    }

    private func same(_ before: TypeRef, _ after: TypeRef, assumed: inout Set<[String]>) -> Bool {
        switch (before, after) {
        case let (.scalar(a), .scalar(b)): return a == b
        case let (.array(a), .array(b)), let (.dictionary(a), .dictionary(b)), let (.optional(a), .optional(b)),
            let (.nullable(a), .nullable(b)):
            return same(a, b, assumed: &assumed)
        case let (.named(a), _):
            guard let type = old.type(named: a) else { return false }
            if case .named(let b) = after {
                // Recursive types: assume equal while comparing, as for structural type equivalence.
                if !assumed.insert([a, b]).inserted { return true }
            }
            return same(definition: type, after, assumed: &assumed)
        case let (_, .named(b)):
            guard let type = new.type(named: b) else { return false }
            switch (before, type.kind) {
            case let (.object(a), .object(b)): return sameFields(a.fields, b.fields, assumed: &assumed)
            case let (.tuple(a), .tuple(b)): return sameElements(a, b, assumed: &assumed)
            default: return false
            }
        case let (.object(a), .object(b)):
            return sameFields(a.fields, b.fields, assumed: &assumed)
        case let (.tuple(a), .tuple(b)):
            return sameElements(a, b, assumed: &assumed)
        default:
            return false
        }
    }

    private func sameElements(_ a: TupleType, _ b: TupleType, assumed: inout Set<[String]>) -> Bool {
        guard a.elements.count == b.elements.count, a.isVariadic == b.isVariadic else { return false }
        for (x, y) in zip(a.elements, b.elements) where !same(x.type, y.type, assumed: &assumed) { return false }
        return true
    }

    private func same(definition: NamedType, _ after: TypeRef, assumed: inout Set<[String]>) -> Bool {
        switch (definition.kind, after) {
        case let (.object(a), .object(b)):
            return sameFields(a.fields, b.fields, assumed: &assumed)
        case let (.object(a), .named(name)):
            guard case .object(let b)? = new.type(named: name)?.kind else { return false }
            return sameFields(a.fields, b.fields, assumed: &assumed)
        case let (.enumeration(a), .named(name)):
            guard case .enumeration(let b)? = new.type(named: name)?.kind else { return false }
            return a.cases.map(\.wireValue) == b.cases.map(\.wireValue)
        case let (.tuple(a), .tuple(b)):
            return sameElements(a, b, assumed: &assumed)
        case let (.tuple(a), .named(name)):
            guard case .tuple(let b)? = new.type(named: name)?.kind else { return false }
            return sameElements(a, b, assumed: &assumed)
        default:
            return false
        }
    }

    private func sameFields(_ a: [Field], _ b: [Field], assumed: inout Set<[String]>) -> Bool {
        guard a.count == b.count else { return false }
        for field in a {
            guard let other = b.first(where: { $0.wireName == field.wireName }), other.constant == field.constant,
                same(field.type, other.type, assumed: &assumed)
            else { return false }
        }
        return true
    }
}
