import SchemaGenContract
import SchemaGenGenerator
/// Spells observations as the contract's type expressions: the least type that reads every sample, each choice
/// the samples could not settle (optional, nullable, a date, a dictionary, `JSON`) returned as a guess for the draft
/// to comment on. Nested objects become named types, named from their key and shared where their fields are equal.
package struct TypeSpeller {
    /// A named type the draft declares, with the guesses about its fields.
    package struct NamedType {
        package var name: String
        /// Where its objects were found: ``the key `member` `` or ``the acknowledgement of `join_group` ``.
        package var origin: String
        package var fields: [(key: String, value: DocumentValue)]
        package var guesses: [String: String]
        package var sharedBy: [String]
    }

    /// A type expression, and why it is what it is when the samples did not say for sure.
    package struct Spelling {
        package var type: String
        package var guesses: [String]
    }

    package private(set) var types: [NamedType] = []
    /// Named types by their objects' keys, and every object seen by its keys.
    private var nameByKeys: [String: String] = [:]
    private var mergedByKeys: [String: ObjectObservation] = [:]
    private var taken: Set<String>
    /// Whether any date had fractional seconds, and whether any had none: the contract's `dates:`.
    package private(set) var datesSeen: (whole: Bool, fractional: Bool) = (false, false)

    /// `reserved`: names the draft already uses (the contract's name), which types must not take.
    package init(reserved: Set<String>) {
        taken = reserved
    }

    /// A field's (or payload's, or element's) type: `presentIn` is how many objects could have had it, `nil` where
    /// absence is not possible (an array's elements). `origin` says where the values are when `name` is not their
    /// key (an event's acknowledgement).
    package mutating func spell(
        _ observation: Observation, presentIn total: Int?, name: String, owner: String, origin: String? = nil
    ) -> Spelling {
        var guesses: [String] = []
        var type: String
        if let kind = observation.kind {
            type = base(kind, name: name, owner: owner, origin: origin, guesses: &guesses)
            if observation.nulls > 0 {
                type = "\(type) | null"
                guesses.append("nullable: null in \(observation.nulls) of \(observation.samples) samples")
            }
        } else {
            type = "JSON"
            guesses.append("JSON: only null was seen here (\(observation.samples) samples)")
        }
        if let total, observation.samples < total {
            type = type.contains("|") ? "(\(type))?" : "\(type)?"
            guesses.append("optional: absent from \(total - observation.samples) of \(total) samples")
        }
        return Spelling(type: type, guesses: guesses)
    }

    /// The fields of an object, as a contract writes them (`key: Type`), with each field's guesses by key.
    package mutating func fields(
        of object: ObjectObservation, owner: String
    )
        -> (fields: [(key: String, value: DocumentValue)], guesses: [String: String])
    {
        var fields: [(key: String, value: DocumentValue)] = []
        var guesses: [String: String] = [:]
        for key in object.keys {
            guard let field = object.fields[key] else { continue }
            let spelling = spell(field, presentIn: object.count, name: key, owner: owner)
            fields.append((key, .string(spelling.type)))
            if !spelling.guesses.isEmpty { guesses[key] = "guess: " + spelling.guesses.joined(separator: "; ") }
        }
        return (fields, guesses)
    }

    private mutating func base(
        _ kind: Observation.Kind, name: String, owner: String, origin: String?, guesses: inout [String]
    ) -> String {
        switch kind {
        case .bool: return "Bool"
        case .integer: return "Int"
        case .unsignedInteger:
            guesses.append("UInt64: whole numbers past Int64's range were seen (a Double would round them)")
            return "UInt64"
        case .number: return "Double"
        case .string: return "String"
        case .date(let fractional):
            if fractional { datesSeen.fractional = true } else { datesSeen.whole = true }
            guesses.append("Date: every sample was an ISO 8601 date and time")
            return "Date"
        case .array(let elements):
            guard elements.samples > 0 else {
                guesses.append("[JSON]: every array was empty")
                return "[JSON]"
            }
            let element = spell(elements, presentIn: nil, name: Self.singular(name), owner: owner)
            guesses.append(contentsOf: element.guesses.map { "elements: " + $0 })
            return "[\(element.type)]"
        case .object(let object):
            guard !object.keys.isEmpty else {
                guesses.append("[String: JSON]: every object here was empty")
                return "[String: JSON]"
            }
            return named(object, key: name, owner: owner, origin: origin)
        case .dictionary(let values):
            let value = spell(values, presentIn: nil, name: Self.singular(name), owner: owner)
            guesses.append("a dictionary: objects here had more than \(Observation.maximumFields) different keys")
            guesses.append(contentsOf: value.guesses.map { "values: " + $0 })
            return "[String: \(value.type)]"
        case .mixed(let kinds):
            guesses.append("JSON: samples were \(kinds.sorted().joined(separator: " and "))")
            return "JSON"
        }
    }

    /// Gathers every object `observation` holds, so objects with the same keys, wherever they were seen, become one
    /// type whose fields read all of them (a `member` once with a `null` name and once without is one `Member`).
    /// Called for everything the draft spells, before it spells any.
    package mutating func collect(_ observation: Observation) {
        switch observation.kind {
        case .array(let elements)?: collect(elements)
        case .dictionary(let values)?: collect(values)
        case .object(let object)?:
            mergedByKeys[Self.keySignature(object), default: ObjectObservation()].absorb(object)
            collectFields(of: object)
        default: break
        }
    }

    /// ``collect(_:)`` for the fields of an object spelled in place (an event's inline payload).
    package mutating func collectFields(of object: ObjectObservation) {
        for key in object.keys {
            if let field = object.fields[key] { collect(field) }
        }
    }

    private static func keySignature(_ object: ObjectObservation) -> String {
        object.keys.sorted().joined(separator: "\u{1F}")
    }

    /// The named type for objects seen at `key`: the one for objects with the same keys, or a new one.
    package mutating func named(
        _ object: ObjectObservation, key: String, owner: String, origin: String? = nil
    ) -> String {
        let signature = Self.keySignature(object)
        if let existing = nameByKeys[signature] {
            if let index = types.firstIndex(where: { $0.name == existing }), !types[index].sharedBy.contains(owner) {
                types[index].sharedBy.append(owner)
            }
            return existing
        }
        let proposed = SwiftName.upperCamel(key) ?? "Object"
        var name = proposed
        if taken.contains(name) { name = owner + proposed }
        var suffix = 2
        while taken.contains(name) {
            name = owner + proposed + String(suffix)
            suffix += 1
        }
        taken.insert(name)
        // Named before its fields are spelled, so an object that holds its own kind (replies to a comment) refers to
        // itself, and listed before the types its fields name.
        nameByKeys[signature] = name
        let index = types.count
        types.append(
            NamedType(name: name, origin: origin ?? "the key `\(key)`", fields: [], guesses: [:], sharedBy: [owner]))
        let (fields, guesses) = self.fields(of: mergedByKeys[signature] ?? object, owner: name)
        types[index].fields = fields
        types[index].guesses = guesses
        return name
    }

    /// `members` → `member`, `entries` → `entry`: the name of one element.
    package static func singular(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 3 { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("ses") || name.hasSuffix("xes") { return String(name.dropLast(2)) }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 { return String(name.dropLast()) }
        return name
    }
}
