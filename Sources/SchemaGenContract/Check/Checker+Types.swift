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

    private mutating func readNamedType(_ entry: SyntaxNode.Entry) -> NamedType? {
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
    private mutating func readField(
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
    private mutating func readKeyPattern(_ node: SyntaxNode, for field: Field, what: String) -> String? {
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
    private mutating func checkKeyPatterns(_ fields: [Field], owner: String) {
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
    private mutating func readFieldEncoding(_ node: SyntaxNode, for field: Field, what: String) -> FieldEncoding? {
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
                case .scalar(let scalar): [.int, .int64, .double, .decimal].contains(scalar)
                case .named(let name): flagsTypeNames.contains(name)
                default: false
                }
            guard isNumber else {
                diagnostics.error(
                    "`encoding: string` is for numbers carried in strings (`Int`, `Int64`, `Double`, `Decimal` or bit flags), but \(what) is `\(field.type.spelling)`",
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

    /// `const: uploading` (a string), `const: 3`, `const: true`. Quoted text is always a string.
    private mutating func readConstant(_ node: SyntaxNode, what: String) -> ConstantValue? {
        guard let scalar = node.scalar, !node.isNull else {
            diagnostics.error(
                "the constant of \(what) must be a string, a whole number or a boolean, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        if let flag = node.bool { return .bool(flag) }
        if let number = node.int { return .int(number) }
        if scalar.style == .plain, Double(scalar.text) != nil {
            diagnostics.error(
                "the constant of \(what) is a fractional number, which JSON cannot compare exactly; use a string, a whole number or a boolean",
                at: node.location)
            return nil
        }
        return .string(scalar.text)
    }

    /// A string enum: a list of values, each a plain value or `{value, swiftName, description, deprecated}`.
    private mutating func readEnum(_ node: SyntaxNode, owner: String) -> EnumType {
        guard let elements = node.elements else {
            diagnostics.error(
                "`enum:` of \(owner) must be a list of values such as `[note, photo]`, found \(node.kindDescription)",
                at: node.location)
            return EnumType(cases: [])
        }
        if elements.isEmpty {
            diagnostics.error("\(owner) is an empty enum; list at least one value", at: node.location)
        }
        var cases: [EnumCase] = []
        var seen: [String: SourceLocation] = [:]
        var rawType: (type: EnumType.RawType, value: String, location: SourceLocation)?
        for element in elements {
            guard let (enumCase, type) = readEnumCase(element, owner: owner) else { continue }
            if let first = rawType, first.type != type {
                let (number, text) =
                    type == .integer ? (enumCase.wireValue, first.value) : (first.value, enumCase.wireValue)
                diagnostics.error(
                    "\(owner) mixes whole numbers and strings ('\(number)' is a number, '\(text)' a string); its values "
                        + "are all strings or all whole numbers: quote the numbers to make them strings",
                    at: enumCase.location,
                    notes: [.note("'\(first.value)' is the first value", at: first.location)])
                continue
            }
            rawType = rawType ?? (type, enumCase.wireValue, enumCase.location)
            if let first = seen[enumCase.wireValue] {
                diagnostics.error(
                    "duplicate value '\(enumCase.wireValue)' in \(owner); list each value once", at: enumCase.location,
                    notes: [.note("'\(enumCase.wireValue)' is first listed here", at: first)])
                continue
            }
            seen[enumCase.wireValue] = enumCase.location
            cases.append(enumCase)
        }
        return EnumType(rawType: rawType?.type ?? .string, cases: cases)
    }

    /// One value of an enum, as a bare value or a mapping with `value:`, and whether it is a string or a
    /// whole number.
    private mutating func readEnumCase(_ node: SyntaxNode, owner: String) -> (EnumCase, EnumType.RawType)? {
        if node.scalar != nil {
            guard !node.isNull else {
                diagnostics.error(
                    "an enum value of \(owner) is empty; write the value as it appears on the wire", at: node.location)
                return nil
            }
            guard let (value, type) = readEnumValue(node, owner: owner) else { return nil }
            // `-1` would become `_1`, the name of `1`: negative numbers are spelled out.
            let name = type == .integer && value.hasPrefix("-") ? "minus" + value.dropFirst() : value
            return (
                EnumCase(
                    wireValue: value, swiftName: derivedSwiftName(name, what: "enum value", at: node.location),
                    description: nil, deprecation: nil, location: node.location), type
            )
        }
        guard
            let reader = MappingReader(
                node, owner: "an enum value of \(owner)", allowedKeys: Self.enumCaseKeys, diagnostics: &diagnostics),
            let valueNode = reader.required(
                "value", in: "an enum value of \(owner)", hint: "write the value as it appears on the wire",
                diagnostics: &diagnostics),
            readText(valueNode, what: "an enum `value`") != nil,
            let (value, type) = readEnumValue(valueNode, owner: owner)
        else { return nil }
        return (
            EnumCase(
                wireValue: value,
                swiftName: readSwiftName(reader, wireName: value, what: "enum value", at: valueNode.location),
                description: readDescription(reader), deprecation: readDeprecation(reader), location: valueNode.location
            ), type
        )
    }

    /// A scalar read as YAML 1.2's core schema reads it: quoted text is a string, a plain whole number an
    /// integer (`7`, `-1`, kept in decimal); a plain boolean or fraction is an error, since it cannot be an
    /// enum's raw value and was most likely meant as text.
    package mutating func readEnumValue(_ node: SyntaxNode, owner: String) -> (String, EnumType.RawType)? {
        guard let scalar = node.scalar else { return nil }
        let text = scalar.text
        guard scalar.style == .plain else { return (text, .string) }
        if text.wholeMatch(of: /[-+]?[0-9]+/) != nil {
            guard let value = Int64(text.hasPrefix("+") ? String(text.dropFirst()) : text) else {
                diagnostics.error(
                    "the enum value \(text) of \(owner) is too large for a 64-bit integer; quote it to make it a string",
                    at: node.location)
                return nil
            }
            return (String(value), .integer)
        }
        let what: String? =
            if ["true", "True", "TRUE", "false", "False", "FALSE"].contains(text) {
                "a boolean"
            } else if text.wholeMatch(
                of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN)/) != nil
            {
                "a number that is not whole"
            } else {
                nil
            }
        if let what {
            diagnostics.error(
                "the enum value \(text) of \(owner) is \(what) in YAML; enum values are strings or whole numbers: "
                    + "write \"\(text)\" if the wire value is the text", at: node.location)
            return nil
        }
        return (text, .string)
    }

    /// Parses and resolves a type written as text; reports syntax errors and unknown names at their column.
    package mutating func readTypeExpression(_ node: SyntaxNode, what: @autoclosure () -> String) -> TypeRef? {
        guard let scalar = node.scalar, !node.isNull else {
            diagnostics.error(
                "the type of \(what()) must be written as text such as `String` or `[Item]`, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        let parsed: Result<TypeExpression, TypeExpressionParser.Failure>
        if let known = parsedTypeExpressions[scalar.text] {
            parsed = known
        } else {
            parsed = TypeExpressionParser.parse(scalar.text)
            parsedTypeExpressions[scalar.text] = parsed
        }
        switch parsed {
        case .failure(let failure):
            diagnostics.error(
                "invalid type '\(scalar.text)' for \(what()): \(failure.message)",
                at: node.location(ofCharacterAt: failure.offset))
            return nil
        case .success(let expression):
            return resolve(expression, in: node, what: what())
        }
    }

    private mutating func resolve(
        _ expression: TypeExpression, in node: SyntaxNode, what: @autoclosure () -> String
    ) -> TypeRef? {
        switch expression {
        case .optional(let wrapped):
            guard let inner = resolve(wrapped, in: node, what: what()) else { return nil }
            if inner.isOptional {
                diagnostics.error("the type of \(what()) is optional twice; write a single `?`", at: node.location)
                return nil
            }
            return .optional(inner)
        case .union(let alternatives):
            let values = alternatives.filter { if case .name("null", _) = $0.0 { false } else { true } }
            let nulls = alternatives.count - values.count
            guard values.count == 1, nulls == 1, let value = values.first else {
                let at = node.location(
                    ofCharacterAt: (values.count > 1 ? values[1] : alternatives[alternatives.count - 1]).offset)
                if values.count > 1 {
                    diagnostics.error(
                        "a type written `A | B` in \(what()) is a union, which needs a name: declare it under `types:` with `union: [A, B]` and use that name here "
                            + "(only `T | null` is written in place)", at: at)
                } else if values.isEmpty {
                    diagnostics.error(
                        "the type of \(what()) is only `null`; write the type of its values, `T | null`", at: at)
                } else {
                    diagnostics.error(
                        "`null` is written more than once in the type of \(what()); write `T | null`", at: at)
                }
                return nil
            }
            guard let inner = resolve(value.0, in: node, what: what()) else { return nil }
            if inner.isOptional {
                diagnostics.error(
                    "`T? | null` in \(what()): write `(T | null)?` when an absent value and `null` mean different things, or `T?` when they mean the same",
                    at: node.location(ofCharacterAt: value.offset))
                return nil
            }
            return inner.isNullable ? inner : .nullable(inner)
        case .array(let element):
            guard let inner = resolve(element, in: node, what: what()) else { return nil }
            if inner.isOptional, inner.isNullable {
                diagnostics.error(
                    "only a field can tell an absent value from `null`; inside an array write `T | null` (or `T?`)",
                    at: node.location)
                return nil
            }
            return .array(inner)
        case let .dictionary(key, value, keyOffset):
            guard case .name("String", _) = key else {
                diagnostics.error(
                    "dictionary keys must be `String`, as JSON object keys are; write `[String: T]`",
                    at: node.location(ofCharacterAt: keyOffset))
                return nil
            }
            guard let inner = resolve(value, in: node, what: what()) else { return nil }
            if inner.isOptional, inner.isNullable {
                diagnostics.error(
                    "only a field can tell an absent value from `null`; inside a dictionary write `T | null` (or `T?`)",
                    at: node.location)
                return nil
            }
            return .dictionary(inner)
        case let .name(name, offset):
            if let scalar = ScalarType(rawValue: name) { return .scalar(scalar) }
            if declaredTypeNameSet.contains(name) { return .named(name) }
            let known = ScalarType.allCases.map(\.rawValue) + declaredTypeNames
            let hint =
                Suggestions.closest(to: name, in: known).map { "; did you mean '\($0)'?" }
                ?? Self.foreignTypeNames[name].map { "; \($0)" }
                ?? "; declare it under `types:` or use a built-in type (\(ScalarType.allCases.map(\.rawValue).joined(separator: ", ")))"
            diagnostics.error("unknown type '\(name)' in \(what())\(hint)", at: node.location(ofCharacterAt: offset))
            return nil
        }
    }
}
