import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// Drawing the contract's named types and their fields.
extension ContractDraw {
    // MARK: Types

    static let typeWords = [
        "Item", "Detail", "Owner", "Money", "Place", "Badge", "Level", "Mode", "Choice", "Shape", "Perm", "Quote",
    ]
    static let fieldWords = [
        "id", "title", "count", "price", "at", "tags", "meta", "label", "note", "items", "level", "amount", "user_id",
        "createdAt", "size", "score", "url", "extra", "flag", "color",
    ]

    mutating func drawTypes() {
        let count = choices.int(0...5)
        for index in 0..<count {
            let typeName = "\(Self.typeWords[index])\(index)"
            let kind = choices.int(0...10)
            var lines: [String] = ["  \(typeName):"]
            switch kind {
            case 10:
                features.insert("tuple")
                lines += ["    tuple:"] + drawTupleElements().map { "      " + $0 }
            case 0...3:
                features.insert("struct")
                let fields = drawFields(count: choices.int(1...4), depth: 1, avoiding: [], selfName: typeName)
                structs[typeName] = fields.names
                lines += ["    fields:"] + fields.lines.map { "      " + $0 }
            case 4:
                features.insert("enum of strings")
                lines.append(
                    "    enum: [\(["red", "green", "blue", "off"].prefix(choices.int(1...4)).joined(separator: ", "))]")
            case 5:
                features.insert("enum of numbers")
                lines.append("    enum: [\(["0", "1", "2", "10"].prefix(choices.int(1...4)).joined(separator: ", "))]")
            case 6:
                features.insert("flags")
                lines += ["    flags:", "      read: 0", "      write: 1"]
                if choices.chance(50) { lines.append("      admin: 9") }
            case 7:
                features.insert("union by kind")
                var members = [choices.pick(["String", "Int", "Double"]), "Bool"]
                if choices.chance(50) { members.append("\"[String]\"") }
                if let object = typeNames.first(where: { structs[$0] != nil }), choices.chance(50) {
                    members.append(object)
                }
                members = Array(members.prefix(choices.int(2...members.count)))
                if choices.chance(35) {
                    // Several arrays, told apart by their first element: a list beside rows that start with a
                    // number or a boolean (Bitfinex's book snapshot and update).
                    features.insert("union of arrays by first element")
                    members.removeAll { $0 == "\"[String]\"" }
                    members.append("snapshot: \(choices.pick(["\"[String]\"", "\"[[Int]]\"", "\"[\(typeName)Row]\""]))")
                    members.append("update: \(typeName)Row")
                    let element = typeExpression(depth: 2, allowBoth: false, optional: false).quoted
                    typeLines += [
                        "  \(typeName)Row:", "    tuple:", "      - at: \(choices.pick(["Int", "Double", "Bool"]))",
                        "      - label: \(element)",
                    ]
                }
                lines.append("    union: [\(members.joined(separator: ", "))]")
            default:
                features.insert("union by discriminator")
                let caseA = "\(typeName)A"
                let caseB = "\(typeName)B"
                lines += ["    union:", "      discriminator: kind", "      cases:", "        a: \(caseA)"]
                if choices.chance(60) { lines.append("        b: \(caseB)") }
                var extra: [String] = []
                let fallback = choices.chance(40)
                if fallback {
                    features.insert("union fallback")
                    lines.append("      fallback: \(typeName)Other")
                    extra += ["  \(typeName)Other:", "    fields:", "      kind: String", "      rest: JSON?"]
                }
                let a = drawFields(count: choices.int(1...3), depth: 1, avoiding: ["kind"], selfName: nil)
                let b = drawFields(count: choices.int(1...3), depth: 1, avoiding: ["kind"], selfName: nil)
                extra += ["  \(caseA):", "    fields:"]
                if choices.chance(50) {
                    features.insert("const tag in a union member")
                    extra.append("      kind: {const: a}")
                }
                extra += a.lines.map { "      " + $0 }
                extra += ["  \(caseB):", "    fields:"] + b.lines.map { "      " + $0 }
                typeLines += lines + extra
                typeNames.append(typeName)
                continue
            }
            typeLines += lines
            typeNames.append(typeName)
        }
    }

    /// A tuple's elements (as YAML list lines): required ones, then maybe an optional trailing one or a variadic
    /// last one (`T...`), the only places either may be.
    mutating func drawTupleElements() -> [String] {
        var lines: [String] = []
        let names = ["price", "size", "label", "at", "count"]
        let required = choices.int(1...3)
        for index in 0..<required {
            lines.append("- \(names[index]): \(typeExpression(depth: 2, allowBoth: false, optional: false).quoted)")
        }
        let last = names[required]
        switch choices.int(0...2) {
        case 1:
            features.insert("tuple optional trailing element")
            let type = typeExpression(depth: 2, allowBoth: false, optional: false)
            lines.append("- \(last): \((type.replacingOccurrences(of: " | null", with: "") + "?").quoted)")
        case 2:
            features.insert("tuple variadic element")
            let type = typeExpression(depth: 2, allowBoth: false, optional: false)
            lines.append("- \(last): \((type.replacingOccurrences(of: " | null", with: "") + "...").quoted)")
        default: break
        }
        return lines
    }

    struct Fields {
        var lines: [String]
        var names: [String]
    }

    /// `count` fields of an object (as YAML lines without indentation), never named as `avoiding` says.
    mutating func drawFields(count: Int, depth: Int, avoiding: Set<String>, selfName: String?) -> Fields {
        var lines: [String] = []
        var names: [String] = []
        var taken = avoiding
        for _ in 0..<count {
            var field = choices.pick(Self.fieldWords)
            if taken.contains(field) {
                guard let free = Self.fieldWords.first(where: { !taken.contains($0) }) else { break }
                field = free
            }
            taken.insert(field)
            names.append(field)
            lines += drawField(field, depth: depth, selfName: selfName)
        }
        return Fields(lines: lines, names: names)
    }

    mutating func drawField(_ field: String, depth: Int, selfName: String?) -> [String] {
        switch choices.int(0...12) {
        case 12:
            // Members whose keys follow a pattern, beside the fixed fields (which never start with `x-`).
            features.insert("pattern keys")
            let value = choices.pick(["String", "Int", "Bool", "JSON", "Double", "[String]"])
            return ["\(field):", "  type: \("[String: \(value)]".quoted)", "  keys: \("^x-[a-z]+$".quoted)"]
        case 8:
            features.insert("const")
            return ["\(field): {const: \(choices.pick(["fixed", "1", "true", "\"7\""]))}"]
        case 9:
            let (scalar, encodings) = choices.pick([
                ("Int", ["string"]), ("Int64", ["string"]), ("UInt64", ["string"]), ("Decimal", ["string"]),
                ("Double", ["string"]),
                ("Date", ["unix-milliseconds", "unix-seconds", "iso8601", "unix-microseconds", "iso8601-fractional"]),
                ("JSON", ["json-string"]), ("String", ["json-string"]),
            ])
            let encoding = choices.pick(encodings)
            features.insert("encoding: \(encoding == "string" ? "number in string" : encoding)")
            let type = wrap(scalar, allowBoth: false)
            return ["\(field):", "  type: \(type.quoted)", "  encoding: \(encoding)"]
        case 10 where depth < 3:
            features.insert("inline object")
            let inner = drawFields(count: choices.int(1...3), depth: depth + 1, avoiding: [], selfName: nil)
            var lines = ["\(field):", "  fields:"] + inner.lines.map { "    " + $0 }
            if choices.chance(40) { lines.append("  optional: true") }
            return lines
        case 11 where selfName != nil:
            features.insert("recursive struct")
            return ["\(field): \(choices.pick(["[\(selfName!)]", "\(selfName!)?", "\(selfName!) | null"]).quoted)"]
        default:
            return ["\(field): \(typeExpression(depth: depth).quoted)"]
        }
    }

    /// A type as written in a field: a scalar or a named type, maybe in an array or dictionary, maybe optional.
    mutating func typeExpression(depth: Int, allowBoth: Bool = true, optional: Bool = true) -> String {
        var base: String
        if !typeNames.isEmpty, choices.chance(35) {
            base = choices.pick(typeNames)
            features.insert("named type reference")
        } else {
            base = choices.pick([
                "String", "Int", "Double", "Bool", "Int64", "UInt64", "Decimal", "Date", "URL", "JSON", "Bytes",
            ])
            features.insert("scalar \(base)")
        }
        switch choices.int(0...5) {
        case 4:
            features.insert("array")
            base = "[\(base)]"
        case 5:
            features.insert("dictionary")
            base = "[String: \(base)]"
        default: break
        }
        return wrap(base, allowBoth: allowBoth, optional: optional)
    }

    mutating func wrap(_ base: String, allowBoth: Bool, optional: Bool = true) -> String {
        switch choices.int(0...5) {
        case 3 where optional:
            features.insert("optional")
            return "\(base)?"
        case 4:
            features.insert("nullable")
            return "\(base) | null"
        case 5 where allowBoth:
            features.insert("optional and nullable")
            return "(\(base) | null)?"
        default:
            return base
        }
    }
}
