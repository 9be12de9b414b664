import SchemaGenContract
import SchemaGenGenerator
/// Everything the samples showed at one place of a payload (the payload itself, a field, an array's elements),
/// merged as samples arrive: the least type that reads all of them. Its size depends on the payloads' structure,
/// never on how many samples there were, so a day of traffic is inferred in constant memory.
package struct Observation: Equatable {
    /// Values seen here, `null` included.
    package var samples = 0
    /// How many of them were `null`.
    package var nulls = 0
    /// What the values other than `null` were; `nil` while only `null` has been seen.
    package var kind: Kind?

    package indirect enum Kind: Equatable {
        case bool
        case integer
        /// A whole number beyond `Int64` and within `UInt64` was seen (64-bit unsigned ids), beside whole numbers only.
        case unsignedInteger
        /// A number with a fraction or an exponent was seen (whole numbers beside it are numbers too).
        case number
        case string
        /// Every string here was an ISO 8601 date and time; `fractional` when one had fractional seconds.
        case date(fractional: Bool)
        case array(Observation)
        case object(ObjectObservation)
        /// An object with more keys than a struct could sensibly have (ids as keys): a dictionary of its values.
        case dictionary(Observation)
        /// Values of kinds no one type reads (a string here, an object there): the names of the kinds seen.
        case mixed(Set<String>)

        package var name: String {
            switch self {
            case .bool: "boolean"
            case .integer, .unsignedInteger, .number: "number"
            case .string, .date: "string"
            case .array: "array"
            case .object, .dictionary: "object"
            case .mixed: "mixed"
            }
        }
    }

    /// Objects with more distinct keys than this become dictionaries.
    package static let maximumFields = 64

    /// Takes one more sample.
    package mutating func observe(_ value: DocumentValue) {
        samples += 1
        switch value {
        case .null: nulls += 1
        case .bool: merge(.bool)
        case .integer: merge(.integer)
        case .number(let text): merge(UInt64(text) != nil ? .unsignedInteger : .number)
        case .string(let text): merge(Self.looksLikeDate(text).map { .date(fractional: $0) } ?? .string)
        case .array(let items):
            var elements: Observation
            if case .array(let seen)? = kind {
                elements = seen
            } else {
                elements = Observation()
            }
            for item in items { elements.observe(item) }
            merge(.array(elements), replacing: true)
        case .object(let members):
            switch kind {
            case .object(var object)?:
                object.observe(members)
                if object.keys.count > Self.maximumFields {
                    merge(.dictionary(object.allValues), replacing: true)
                } else {
                    merge(.object(object), replacing: true)
                }
            case .dictionary(var values)?:
                for member in members { values.observe(member.value) }
                merge(.dictionary(values), replacing: true)
            default:
                var object = ObjectObservation()
                object.observe(members)
                merge(object.keys.count > Self.maximumFields ? .dictionary(object.allValues) : .object(object))
            }
        }
    }

    /// Folds `new` into the kind seen so far; `replacing` when `new` already holds what was seen (a container
    /// merged in place).
    private mutating func merge(_ new: Kind, replacing: Bool = false) {
        guard let old = kind else {
            kind = new
            return
        }
        if replacing, old.name == new.name {
            kind = new
            return
        }
        switch (old, new) {
        case (let a, let b) where a == b: break
        case (.integer, .number), (.number, .integer), (.unsignedInteger, .number), (.number, .unsignedInteger):
            kind = .number
        case (.integer, .unsignedInteger), (.unsignedInteger, .integer): kind = .unsignedInteger
        case (.date(let a), .date(let b)): kind = .date(fractional: a || b)
        case (.date, .string), (.string, .date): kind = .string
        default:
            var names: Set<String> = [new.name]
            if case .mixed(let seen) = old { names.formUnion(seen) } else { names.insert(old.name) }
            kind = .mixed(names)
        }
    }

    /// `true` or `false` (whether it has fractional seconds) when `text` is an ISO 8601 date and time as servers
    /// write them (`2025-01-31T09:30:00Z`, `…:00.123+02:00`); `nil` otherwise.
    package static func looksLikeDate(_ text: String) -> Bool? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18].allSatisfy({ isDigit(bytes[$0]) })
        else { return nil }
        var index = 19
        var fractional = false
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start else { return nil }
            fractional = true
        }
        let zone = Array(bytes[index...])
        if zone == [UInt8(ascii: "Z")] { return fractional }
        guard zone.count == 6 || zone.count == 5, zone[0] == UInt8(ascii: "+") || zone[0] == UInt8(ascii: "-"),
            zone.dropFirst().allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ":") })
        else { return nil }
        return fractional
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// The objects seen at one place: each key's values, in the order keys were first seen, and how many objects there
/// were, so a key missing from some of them is known to be optional.
package struct ObjectObservation: Equatable {
    package var count = 0
    package private(set) var keys: [String] = []
    package private(set) var fields: [String: Observation] = [:]

    package mutating func observe(_ members: [(key: String, value: DocumentValue)]) {
        count += 1
        for (key, value) in members {
            if fields[key] == nil { keys.append(key) }
            fields[key, default: Observation()].observe(value)
        }
    }

    /// Forgets `key` (a key the draft reads elsewhere, such as an envelope's channel).
    package mutating func remove(_ key: String) {
        fields[key] = nil
        keys.removeAll { $0 == key }
    }

    /// Every field's values as one observation, for an object that turned out to be a dictionary.
    package var allValues: Observation {
        var merged = Observation()
        for key in keys {
            guard let field = fields[key] else { continue }
            merged.absorb(field)
        }
        return merged
    }
}

extension Observation {
    /// Merges another observation of the same place (a field of one more object).
    package mutating func absorb(_ other: Observation) {
        samples += other.samples
        nulls += other.nulls
        guard let otherKind = other.kind else { return }
        guard let own = kind else {
            kind = otherKind
            return
        }
        switch (own, otherKind) {
        case (.array(var a), .array(let b)):
            a.absorb(b)
            kind = .array(a)
        case (.object(var a), .object(let b)):
            a.absorb(b)
            kind = a.keys.count > Self.maximumFields ? .dictionary(a.allValues) : .object(a)
        case (.dictionary(var a), .dictionary(let b)):
            a.absorb(b)
            kind = .dictionary(a)
        case (.dictionary(var a), .object(let b)), (.object(let b), .dictionary(var a)):
            a.absorb(b.allValues)
            kind = .dictionary(a)
        default:
            merge(otherKind)
        }
    }
}

extension ObjectObservation {
    package mutating func absorb(_ other: ObjectObservation) {
        count += other.count
        for key in other.keys {
            guard let field = other.fields[key] else { continue }
            if fields[key] == nil { keys.append(key) }
            fields[key, default: Observation()].absorb(field)
        }
    }
}
