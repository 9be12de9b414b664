import Foundation
@_spi(Generated) import SchemaGenRuntime

/// Reading `types:`, fields, type expressions, enums and constants.
extension Checker {
    package static let namedTypeKeys = ["description", "deprecated", "fields", "enum", "tuple", "union", "flags"]
    package static let fieldKeys = [
        "type", "fields", "const", "optional", "encoding", "keys", "description", "deprecated", "swiftName",
    ]
    package static let enumCaseKeys = ["value", "swiftName", "description", "deprecated"]

    /// Names people bring from other languages, with what to write instead.
    package static let foreignTypeNames: [String: String] = {
        var hints: [String: String] = [:]
        let groups: [(String, [String])] = [
            ("write `String`", ["string", "str", "text"]),
            ("write `Int`", ["integer", "int32"]),
            ("write `Int64`", ["int64", "long"]),
            ("write `UInt64`", ["uint64", "ulong", "u64"]),
            ("write `Int` or `Double`", ["number"]),
            ("write `Double`", ["float"]),
            ("write `Decimal`", ["decimal", "BigDecimal"]),
            ("write `Bool`", ["boolean", "bool"]),
            ("write `Date`", ["datetime", "timestamp", "date"]),
            ("write `URL`", ["uri", "url"]),
            ("write `JSON` for any JSON value", ["any", "Any", "AnyCodable"]),
            ("write an inline mapping of fields, a named type, or `JSON`", ["object", "Object"]),
            ("write `[T]`", ["array", "Array", "list"]),
            ("write `[String: T]`", ["map", "dict", "Dictionary"]),
            ("for an event without payload, leave out `payload:`", ["None", "none", "Void", "void"]),
            (
                "write `T | null` for a value that may be null, or leave out `payload:` for an event without payload",
                ["null"]
            ),
        ]
        for (hint, names) in groups { for name in names { hints[name] = hint } }
        return hints
    }()

    package mutating func readNamedTypes(_ reader: MappingReader) -> [NamedType] {
        reader.entries.compactMap { readNamedType($0) }
    }

    mutating func readNamedType(_ entry: SyntaxNode.Entry) -> NamedType? {
        guard let name = entry.keyText else { return nil }
        let location = entry.key.location
        if !SwiftName.isValidIdentifier(name) {
            let fix = SwiftName.upperCamel(name).map { "; for example '\($0)'" } ?? ""
            diagnostics.error(
                "type name '\(name)' is not a Swift type name: use letters, digits and '_', starting with a letter\(fix)",
                at: location)
        } else if ScalarType(rawValue: name) != nil {
            diagnostics.error(
                "'\(name)' is a built-in type and cannot be redeclared; give the type another name", at: location)
        } else if SwiftName.needsBackticks(name) {
            diagnostics.error(
                "'\(name)' is a Swift keyword and cannot name a type; give the type another name", at: location)
        }
        let owner = "type '\(name)'"
        guard
            let definition = MappingReader(
                entry.value, owner: owner, allowedKeys: Self.namedTypeKeys, ownerLocation: location,
                diagnostics: &diagnostics)
        else {
            return nil
        }
        let description = readDescription(definition)
        let deprecation = readDeprecation(definition)
        let kind: NamedType.Kind
        let shapes = ["fields", "enum", "tuple", "union", "flags"].compactMap { definition.entry($0) }
        if shapes.count > 1, shapes.contains(where: { ["union", "flags"].contains($0.keyText) }) {
            diagnostics.error(
                "\(owner) has both `\(shapes[0].keyText ?? ""):` and `\(shapes[1].keyText ?? ""):`; a type is one of a struct, an enum, a tuple, a union or flags",
                at: shapes[1].key.location)
            return nil
        }
        if let unionEntry = definition.entry("union") {
            guard let union = readUnion(unionEntry.value, owner: owner) else { return nil }
            return NamedType(
                name: name, kind: .union(union), description: description, deprecation: deprecation, location: location)
        }
        if let flagsEntry = definition.entry("flags") {
            guard let flags = readFlags(flagsEntry.value, owner: owner) else { return nil }
            return NamedType(
                name: name, kind: .flags(flags), description: description, deprecation: deprecation, location: location)
        }
        if let tupleEntry = definition.entry("tuple") {
            if let other = definition.entry("fields") ?? definition.entry("enum") {
                diagnostics.error(
                    "\(owner) has both `tuple:` and `\(other.keyText ?? ""):`; a type is a struct, an enum or a tuple",
                    at: tupleEntry.key.location)
                return nil
            }
            guard let tuple = readTuple(tupleEntry.value, owner: owner) else { return nil }
            return NamedType(
                name: name, kind: .tuple(tuple), description: description, deprecation: deprecation, location: location)
        }
        switch (definition.entry("fields"), definition.entry("enum")) {
        case let (fields?, nil):
            kind = .object(ObjectType(fields: readFields(fields.value, owner: owner)))
        case let (nil, cases?):
            kind = .enumeration(readEnum(cases.value, owner: owner))
        case let (_?, cases?):
            diagnostics.error(
                "\(owner) has both `fields:` and `enum:`; a type is either a struct or an enum", at: cases.key.location)
            return nil
        case (nil, nil):
            diagnostics.error(
                "\(owner) needs `fields:` (a struct), `enum:` (an enum), `tuple:` (an array of named elements), `union:` (one of several types) or `flags:` (bit flags)",
                at: location)
            return nil
        }
        return NamedType(name: name, kind: kind, description: description, deprecation: deprecation, location: location)
    }

    /// A mapping of field names to fields.
    package mutating func readFields(_ node: SyntaxNode, owner: String) -> [Field] {
        if node.isNull { return [] }
        guard
            let reader = MappingReader(
                node, owner: owner, allowedKeys: nil, entryKind: "field", diagnostics: &diagnostics)
        else { return [] }
        // Reserved, not grown: a contract's fields are held until generation ends, and growing by doubling left a
        // third of every list unused (a tenth of a large run's peak memory).
        var fields: [Field] = []
        fields.reserveCapacity(reader.entries.count)
        for entry in reader.entries {
            guard let name = entry.keyText,
                let field = readField(name: name, value: entry.value, keyLocation: entry.key.location, owner: owner)
            else { continue }
            fields.append(field)
        }
        checkKeyPatterns(fields, owner: owner)
        return fields
    }

    /// A tuple: a list of one-entry mappings, `- price: String`, each an element in array order; the last may
    /// take the rest of the array (`- filters: Filter...`).
    package mutating func readTuple(_ node: SyntaxNode, owner: String) -> TupleType? {
        guard let items = node.elements, !items.isEmpty else {
            let found = node.elements != nil ? "it has none" : "found \(node.kindDescription)"
            diagnostics.error(
                "the tuple of \(owner) lists its elements in order, e.g. `- price: String`; \(found)", at: node.location
            )
            return nil
        }
        var elements: [Field] = []
        var isVariadic = false
        var failed = false
        for (index, item) in items.enumerated() {
            guard let entries = item.entries, entries.count == 1, let entry = entries.first, let name = entry.keyText
            else {
                diagnostics.error(
                    "each element of the tuple of \(owner) is one `name: Type` entry, e.g. `- price: String` (a payload written as a list is a tuple; for a list of values write `\"[T]\"`)",
                    at: item.location)
                failed = true
                continue
            }
            var value = entry.value
            if let scalar = value.scalar, scalar.text.hasSuffix("...") {
                guard index == items.count - 1 else {
                    diagnostics.error(
                        "only the last element of the tuple of \(owner) may take the rest of the array (`...`)",
                        at: value.location)
                    failed = true
                    continue
                }
                isVariadic = true
                value = SyntaxNode(
                    kind: .scalar(.init(text: String(scalar.text.dropLast(3)), style: scalar.style)),
                    location: value.location)
            }
            guard
                var field = readField(
                    name: name, value: value, keyLocation: entry.key.location, owner: "the tuple of \(owner)")
            else {
                failed = true
                continue
            }
            if case .object = field.type.unwrapped {
                diagnostics.error(
                    "element '\(name)' of the tuple of \(owner) is an inline object; declare it under `types:` and name it here",
                    at: entry.key.location)
                failed = true
            }
            if field.keyPattern != nil {
                diagnostics.error(
                    "element '\(name)' of the tuple of \(owner) has `keys:`, which only an object's field can have",
                    at: entry.key.location)
                failed = true
            }
            if field.type.isOptional, field.type.isNullable {
                diagnostics.error(
                    "element '\(name)' of the tuple of \(owner) is `(T | null)?`, but an array has no absent elements to tell from `null`; write `T | null` or `T?`",
                    at: entry.key.location)
                failed = true
            }
            if field.constant != nil {
                diagnostics.error(
                    "element '\(name)' of the tuple of \(owner) has a constant; a frame shape's `when:` fixes values at positions",
                    at: entry.key.location)
                failed = true
            }
            if let earlier = elements.first(where: { $0.wireName == name }) {
                diagnostics.error(
                    "the tuple of \(owner) names two elements '\(name)'; give each its own name",
                    at: entry.key.location,
                    notes: [.note("the first is here", at: earlier.location)])
                failed = true
            }
            if isVariadic, index == items.count - 1 {
                if field.type.isOptional {
                    diagnostics.error(
                        "the last element of the tuple of \(owner) takes the rest of the array, which may be empty; drop the `?`",
                        at: value.location)
                    failed = true
                }
                field.type = .array(field.type)
            }
            elements.append(field)
        }
        return failed ? nil : TupleType(elements: elements, isVariadic: isVariadic)
    }

    /// One field: `name: Type`, or `name: {type|fields|const: ..., description: ...}`.
    mutating func readField(
        name: String, value: SyntaxNode, keyLocation: SourceLocation, owner: String
    ) -> Field? {
        if value.entries == nil {
            // The common `name: Type` spells out what the field is only when it has something to report.
            guard !value.isNull else {
                diagnostics.error(
                    "field '\(name)' of \(owner) has no type; write one such as `\(name): String`", at: keyLocation)
                return nil
            }
            guard let type = readTypeExpression(value, what: "field '\(name)' of \(owner)") else { return nil }
            return Field(
                wireName: name, swiftName: derivedSwiftName(name, what: "field", at: keyLocation), type: type,
                constant: nil, description: nil, deprecation: nil, location: keyLocation)
        }
        let what = "field '\(name)' of \(owner)"
        guard
            let spec = MappingReader(
                value, owner: what, allowedKeys: Self.fieldKeys, ownerLocation: keyLocation,
                diagnostics: &diagnostics)
        else { return nil }
        let swiftName = readSwiftName(spec, wireName: name, what: "field", at: keyLocation)
        let description = readDescription(spec)
        let deprecation = readDeprecation(spec)
        var constant: ConstantValue?
        var type: TypeRef?
        let shapes = ["type", "fields", "const"].compactMap { spec.entry($0) }
        if shapes.isEmpty {
            diagnostics.error(
                "\(what) needs `type:`, `fields:` (an inline object) or `const:` (a fixed value)", at: keyLocation)
            return nil
        }
        if let typeNode = spec["type"] { type = readTypeExpression(typeNode, what: what) }
        if let fieldsEntry = spec.entry("fields") {
            if spec["type"] != nil {
                diagnostics.error(
                    "\(what) has both `type:` and `fields:`; an inline object takes only `fields:`",
                    at: fieldsEntry.key.location)
            }
            type = .object(ObjectType(fields: readFields(fieldsEntry.value, owner: "the inline object of \(what)")))
        }
        if let optional = spec.entry("optional") {
            switch (optional.value.bool, spec["fields"]) {
            case (true?, _?): type = type.map { .optional($0) }
            case (false?, _?): break
            case (_, nil):
                diagnostics.error(
                    "`optional:` applies to inline objects (`fields:`); for other types write `T?`",
                    at: optional.key.location)
            case (nil, _?):
                diagnostics.error(
                    "`optional:` must be `true` or `false`, found \(optional.value.kindDescription)",
                    at: optional.value.location)
            }
        }
        if let constNode = spec["const"] {
            constant = readConstant(constNode, what: what)
            if let constant {
                if let declared = type, declared != .scalar(constant.type) {
                    diagnostics.error(
                        "the constant of \(what) is a \(constant.type.rawValue), but its `type:` says \(declared.spelling); drop `type:`, it follows from the constant",
                        at: constNode.location)
                }
                type = .scalar(constant.type)
            }
        }
        guard let type else { return nil }
        var field = Field(
            wireName: name, swiftName: swiftName, type: type, constant: constant,
            description: description, deprecation: deprecation, location: keyLocation)
        if let encodingEntry = spec.entry("encoding") {
            field.encoding = readFieldEncoding(encodingEntry.value, for: field, what: what)
        }
        if let keysEntry = spec.entry("keys") {
            guard let pattern = readKeyPattern(keysEntry.value, for: field, what: what) else { return nil }
            field.keyPattern = pattern
        }
        return field
    }

    /// `keys: "^#[a-zA-Z]$"`: the field holds the object's members whose keys match, as `[String: T]`.
    mutating func readKeyPattern(_ node: SyntaxNode, for field: Field, what: String) -> String? {
        guard let pattern = readText(node, what: "the `keys` pattern of \(what)") else { return nil }
        do {
            _ = try NSRegularExpression(pattern: pattern)
        } catch {
            diagnostics.error(
                "the `keys` pattern of \(what) is not a regular expression (\(pattern)); write one such as `^x-[a-z]+$`",
                at: node.location)
            return nil
        }
        guard case .dictionary = field.type else {
            let fix =
                if case .optional(.dictionary) = field.type { "; drop the `?`: with no matching key it is empty" } else
                { "" }
            diagnostics.error(
                "\(what) collects the keys matching `\(pattern)`, so its type is `[String: T]`, not `\(field.type.spelling)`\(fix)",
                at: node.location)
            return nil
        }
        if field.constant != nil || field.encoding != nil {
            diagnostics.error(
                "\(what) collects the keys matching `\(pattern)` and cannot also have a constant or an `encoding:`",
                at: node.location)
            return nil
        }
        return pattern
    }

    /// A fixed field whose key a `keys:` pattern also matches would be read twice.
    mutating func checkKeyPatterns(_ fields: [Field], owner: String) {
        for patterned in fields {
            guard let pattern = patterned.keyPattern else { continue }
            for field in fields where field.keyPattern == nil && PatternKeys.matches(field.wireName, pattern: pattern) {
                diagnostics.error(
                    "field '\(field.wireName)' of \(owner) matches `\(pattern)`, the pattern of field '\(patterned.wireName)', so both would read it; "
                        + "narrow the pattern", at: field.location,
                    notes: [.note("'\(patterned.wireName)' is here", at: patterned.location)])
            }
        }
    }

    package static let fieldEncodings = ["string", "json-string"] + DateEncoding.allCases.map(\.rawValue)

    /// `encoding: string` (a number in a string), `encoding: json-string`, or a date encoding for a `Date`.
    mutating func readFieldEncoding(_ node: SyntaxNode, for field: Field, what: String) -> FieldEncoding? {
        guard let text = readText(node, what: "the `encoding` of \(what)") else { return nil }
        let encoding: FieldEncoding
        switch text {
        case "string": encoding = .numberAsString
        case "json-string": encoding = .jsonString
        default:
            guard let dates = DateEncoding(rawValue: text) else {
                diagnostics.error(
                    "unknown encoding '\(text)' for \(what): write `string` (a number in a string), `json-string` (JSON inside a string) "
                        + "or a date encoding (\(DateEncoding.allCases.map(\.rawValue).joined(separator: ", ")))\(Suggestions.hint(for: text, in: Self.fieldEncodings))",
                    at: node.location)
                return nil
            }
            encoding = .date(dates)
        }
        if field.constant != nil {
            diagnostics.error(
                "\(what) has a constant and an `encoding:`; a constant is written as it is", at: node.location)
            return nil
        }
        let leaf = Self.leafType(field.type)
        switch encoding {
        case .numberAsString:
            let isNumber: Bool =
                switch leaf {
                case .scalar(let scalar): [.int, .int64, .uint64, .double, .decimal].contains(scalar)
                case .named(let name): flagsTypeNames.contains(name)
                default: false
                }
            guard isNumber else {
                diagnostics.error(
                    "`encoding: string` is for numbers carried in strings (`Int`, `Int64`, `UInt64`, `Double`, `Decimal` or bit flags), but \(what) is `\(field.type.spelling)`",
                    at: node.location)
                return nil
            }
        case .date:
            guard leaf == .scalar(.date) else {
                diagnostics.error(
                    "`encoding: \(text)` is a date encoding, but \(what) is `\(field.type.spelling)`; give dates their own encoding, or use `string` for a number in a string",
                    at: node.location)
                return nil
            }
        case .jsonString:
            break
        }
        return encoding
    }

    /// The type inside arrays, dictionaries, optionals and nullables: what a number or date encoding applies to.
    package static func leafType(_ type: TypeRef) -> TypeRef {
        switch type {
        case .array(let inner), .dictionary(let inner), .optional(let inner), .nullable(let inner): leafType(inner)
        default: type
        }
    }

}
