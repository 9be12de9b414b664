import SchemaGenRuntime

/// Reading `union:` and `flags:` types, and the JSON kind each union member has.
extension Checker {
    package static let unionKeys = ["discriminator", "cases", "fallback"]
    package static let unionCaseKeys = ["type", "swiftName", "description"]
    package static let flagKeys = ["bit", "swiftName", "description", "deprecated"]

    /// `union: [String, "[String]"]` (by JSON kind; an element may be `- name: Type`), or
    /// `union: {discriminator: status, cases: {ok: OkReply, error: ErrorReply}}` (objects by a field's value).
    /// Member kinds are settled by `settleUnionKinds` once every type is read.
    package mutating func readUnion(_ node: SyntaxNode, owner: String) -> UnionType? {
        if let items = node.elements {
            guard items.count >= 2 else {
                diagnostics.error(
                    "the union of \(owner) needs at least two members, e.g. `union: [String, \"[String]\"]`",
                    at: node.location)
                return nil
            }
            var members: [UnionMember] = []
            for item in items {
                let typeNode: SyntaxNode
                var name: String?
                if let entries = item.entries {
                    guard entries.count == 1, let entry = entries.first, let key = entry.keyText else {
                        diagnostics.error(
                            "a member of the union of \(owner) is a type (`String`) or one `name: Type` entry",
                            at: item.location)
                        continue
                    }
                    name = readSwiftNameText(key, at: entry.key.location)
                    typeNode = entry.value
                } else {
                    typeNode = item
                }
                guard let type = readTypeExpression(typeNode, what: "a member of the union of \(owner)") else {
                    continue
                }
                let swiftName = name ?? Self.memberName(type)
                members.append(
                    UnionMember(
                        swiftName: swiftName, type: type, tag: nil, kind: .null, description: nil,
                        location: typeNode.location))
            }
            return members.count == items.count ? UnionType(selector: .kind, members: members) : nil
        }
        guard
            let reader = MappingReader(
                node, owner: "the union of \(owner)", allowedKeys: Self.unionKeys, diagnostics: &diagnostics)
        else { return nil }
        guard
            let keyNode = reader.required(
                "discriminator", in: "the union of \(owner)",
                hint:
                    "name the field whose value says which member an object is (`discriminator: status`), or list the members' types (`union: [String, \"[String]\"]`) to tell them apart by JSON kind",
                diagnostics: &diagnostics),
            let key = readText(keyNode, what: "`discriminator`"),
            let casesNode = reader.required(
                "cases", in: "the union of \(owner)",
                hint: "map each value of '\(key)' to its type: `cases: {ok: OkReply}`",
                diagnostics: &diagnostics),
            let cases = MappingReader(
                casesNode, owner: "the cases of \(owner)", allowedKeys: nil, entryKind: "case",
                diagnostics: &diagnostics)
        else { return nil }
        guard cases.entries.count >= 1 else {
            diagnostics.error(
                "the union of \(owner) lists no cases; map each value of '\(key)' to its type", at: casesNode.location)
            return nil
        }
        var members: [UnionMember] = []
        var rawType: (type: EnumType.RawType, value: String, location: SourceLocation)?
        var failed = false
        for entry in cases.entries {
            guard let (tag, type) = readEnumValue(entry.key, owner: "the cases of \(owner)") else {
                failed = true; continue
            }
            if let first = rawType, first.type != type {
                diagnostics.error(
                    "the cases of \(owner) mix whole numbers and strings ('\(tag)' and '\(first.value)'); the values of '\(key)' are all strings or all whole numbers",
                    at: entry.key.location, notes: [.note("'\(first.value)' is the first case", at: first.location)])
                failed = true
                continue
            }
            rawType = rawType ?? (type, tag, entry.key.location)
            let what = "case '\(tag)' of \(owner)"
            var typeNode = entry.value
            var spec: MappingReader?
            if entry.value.entries != nil {
                spec = MappingReader(
                    entry.value, owner: what, allowedKeys: Self.unionCaseKeys, ownerLocation: entry.key.location,
                    diagnostics: &diagnostics)
                guard let spec,
                    let node = spec.required(
                        "type", in: what, hint: "name the member's struct: `type: OkReply`", diagnostics: &diagnostics)
                else { failed = true; continue }
                typeNode = node
            }
            guard let memberType = readTypeExpression(typeNode, what: what) else { failed = true; continue }
            let name = type == .integer && tag.hasPrefix("-") ? "minus" + tag.dropFirst() : tag
            let swiftName =
                spec.map { readSwiftName($0, wireName: name, what: "union case", at: entry.key.location) }
                ?? derivedSwiftName(name, what: "union case", at: entry.key.location)
            if swiftName == "unknown" {
                diagnostics.error(
                    "\(what) would be the Swift case `unknown`, which holds values the contract does not list; add `swiftName:`",
                    at: entry.key.location)
                failed = true
            }
            members.append(
                UnionMember(
                    swiftName: swiftName, type: memberType, tag: tag, kind: .object,
                    description: spec.flatMap { readDescription($0) }, location: entry.key.location))
        }
        var fallback: UnionMember?
        if let node = reader["fallback"] {
            let what = "the fallback of \(owner)"
            var typeNode = node
            var spec: MappingReader?
            if node.entries != nil {
                spec = MappingReader(
                    node, owner: what, allowedKeys: Self.unionCaseKeys, ownerLocation: node.location,
                    diagnostics: &diagnostics)
                if let spec,
                    let inner = spec.required(
                        "type", in: what, hint: "name the member's struct: `type: OtherEvent`",
                        diagnostics: &diagnostics)
                {
                    typeNode = inner
                } else {
                    failed = true
                }
            }
            if !failed, let type = readTypeExpression(typeNode, what: what) {
                let swiftName =
                    spec.map {
                        readSwiftName($0, wireName: Self.memberName(type), what: "union case", at: node.location)
                    } ?? Self.memberName(type)
                if swiftName == "unknown" {
                    diagnostics.error("\(what) would be the Swift case `unknown`; add `swiftName:`", at: node.location)
                    failed = true
                }
                fallback = UnionMember(
                    swiftName: swiftName, type: type, tag: nil, kind: .object,
                    description: spec.flatMap { readDescription($0) },
                    location: node.location)
            } else {
                failed = true
            }
        }
        guard !failed, let rawType else { return nil }
        return UnionType(selector: .field(key: key, rawType: rawType.type), members: members, fallback: fallback)
    }

    private mutating func readSwiftNameText(_ name: String, at location: SourceLocation) -> String {
        if SwiftName.isValidIdentifier(name) { return name }
        diagnostics.error(
            "'\(name)' is not a Swift case name; use letters, digits and '_', starting with a letter", at: location)
        return name
    }

    /// A union member's case name derived from its type: `string`, `int`, `orderItem`, `array`, `object`.
    package static func memberName(_ type: TypeRef) -> String {
        switch type {
        case .scalar(let scalar): SwiftName.lowerCamel(scalar.rawValue) ?? "value"
        case .named(let name): SwiftName.lowerCamel(name) ?? "value"
        case .array, .tuple: "array"
        case .dictionary, .object: "object"
        case .optional(let wrapped), .nullable(let wrapped): memberName(wrapped)
        }
    }

    /// `flags: {guilds: 0, guild_members: 1}`: each flag's bit position (its value is `1 << bit`), or a mapping
    /// with `bit:` and `description:`, `deprecated:`, `swiftName:`.
    package mutating func readFlags(_ node: SyntaxNode, owner: String) -> FlagsType? {
        guard
            let reader = MappingReader(
                node, owner: "the flags of \(owner)", allowedKeys: nil, entryKind: "flag", diagnostics: &diagnostics)
        else { return nil }
        guard !reader.entries.isEmpty else {
            diagnostics.error(
                "\(owner) lists no flags; name each bit, e.g. `flags: {read: 0, write: 1}`", at: node.location)
            return nil
        }
        var flags: [FlagBit] = []
        var bits: [Int: FlagBit] = [:]
        for entry in reader.entries {
            guard let name = entry.keyText else { continue }
            let what = "flag '\(name)' of \(owner)"
            var bitNode = entry.value
            var spec: MappingReader?
            if entry.value.entries != nil {
                spec = MappingReader(
                    entry.value, owner: what, allowedKeys: Self.flagKeys, ownerLocation: entry.key.location,
                    diagnostics: &diagnostics)
                guard let spec,
                    let node = spec.required(
                        "bit", in: what, hint: "give its bit position: `bit: 3` for the value 8",
                        diagnostics: &diagnostics)
                else { continue }
                bitNode = node
            }
            guard let bit = bitNode.int, (0...63).contains(bit) else {
                diagnostics.error(
                    "the bit of \(what) must be a whole number from 0 to 63 (its value is `1 << bit`), found \(bitNode.scalar?.text ?? bitNode.kindDescription)",
                    at: bitNode.location)
                continue
            }
            let flag = FlagBit(
                wireName: name,
                swiftName: spec.map { readSwiftName($0, wireName: name, what: "flag", at: entry.key.location) }
                    ?? derivedSwiftName(name, what: "flag", at: entry.key.location),
                bit: bit, description: spec.flatMap { readDescription($0) },
                deprecation: spec.flatMap { readDeprecation($0) },
                location: entry.key.location)
            if let first = flags.first(where: { $0.swiftName == flag.swiftName }) {
                diagnostics.error(
                    "\(what) and flag '\(first.wireName)' are both '\(flag.swiftName)' in Swift; give one a `swiftName:`",
                    at: entry.key.location, notes: [.note("'\(first.wireName)' is here", at: first.location)])
                continue
            }
            if let first = bits[bit] {
                diagnostics.error(
                    "\(what) uses bit \(bit), which flag '\(first.wireName)' already has; give each flag its own bit",
                    at: bitNode.location,
                    notes: [.note("'\(first.wireName)' is here", at: first.location)])
                continue
            }
            bits[bit] = flag
            flags.append(flag)
        }
        return flags.count == reader.entries.count ? FlagsType(flags: flags) : nil
    }

    /// Gives every union member its JSON kind once all types are known, and reports members a union cannot
    /// tell apart: two of one kind, a kind that is not fixed (`JSON`, an optional), or, for unions by field,
    /// a member that is not a struct or that gives the discriminator another meaning.
    package mutating func settleUnionKinds(_ types: inout [NamedType], dates: DateEncoding) {
        let byName = Dictionary(types.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for index in types.indices {
            guard case .union(var union) = types[index].kind else { continue }
            let owner = "type '\(types[index].name)'"
            var failed = false
            var seen: [JSONKind: UnionMember] = [:]
            var names: [String: UnionMember] = [:]
            var arrays: [Int] = []
            for memberIndex in union.members.indices {
                let member = union.members[memberIndex]
                if let first = names[member.swiftName] {
                    diagnostics.error(
                        "two members of the union of \(owner) are both named '\(member.swiftName)' in Swift; name one with `- name: Type`",
                        at: member.location, notes: [.note("the first is here", at: first.location)])
                    failed = true
                }
                names[member.swiftName] = member
                switch union.selector {
                case .kind:
                    guard let kind = Self.jsonKind(of: member.type, types: byName, dates: dates) else {
                        diagnostics.error(
                            "member `\(member.type.spelling)` of the union of \(owner) can be any JSON value or may be null, so it cannot be told apart by its kind; "
                                + "use a type of one kind (make the field that holds the union optional instead)",
                            at: member.location)
                        failed = true
                        continue
                    }
                    if kind == .array,
                        seen[.array] != nil
                            || union.members.dropFirst(memberIndex + 1).contains(where: {
                                Self.jsonKind(of: $0.type, types: byName, dates: dates) == .array
                            })
                    {
                        arrays.append(memberIndex)
                        seen[kind] = member
                        union.members[memberIndex].kind = kind
                        continue
                    }
                    if let first = seen[kind] {
                        diagnostics.error(
                            "members `\(first.type.spelling)` and `\(member.type.spelling)` of the union of \(owner) are both \(kind.article) on the wire, so they cannot be told apart; "
                                + "keep one per JSON kind, or for objects with a field that says which they are, use `discriminator:`",
                            at: member.location,
                            notes: [.note("`\(first.type.spelling)` is here", at: first.location)])
                        failed = true
                    }
                    seen[kind] = member
                    union.members[memberIndex].kind = kind
                case .field(let key, let rawType):
                    guard case .named(let name) = member.type, case .object(let object)? = byName[name]?.kind else {
                        diagnostics.error(
                            "case '\(member.tag ?? "")' of \(owner) must name a struct (a type with `fields:`), found `\(member.type.spelling)`; the union reads its '\(key)' field",
                            at: member.location)
                        failed = true
                        continue
                    }
                    if let field = object.fields.first(where: { $0.wireName == key }) {
                        let expected: ConstantValue =
                            rawType == .integer ? .int(Int(member.tag ?? "") ?? 0) : .string(member.tag ?? "")
                        if field.constant != expected {
                            diagnostics.error(
                                "struct '\(name)' has a field '\(key)' that is not the constant \(expected.text), yet the union of \(owner) writes '\(key)' itself; "
                                    + "remove the field, or make it `const: \(expected.text)`", at: field.location,
                                notes: [.note("case '\(member.tag ?? "")' is here", at: member.location)])
                            failed = true
                        }
                    }
                }
            }
            if arrays.count > 1, !settleArrayMembers(arrays, of: &union, owner: owner, types: byName, dates: dates) {
                failed = true
            }
            if let fallback = union.fallback, case .field(let key, let rawType) = union.selector {
                if let first = names[fallback.swiftName] {
                    diagnostics.error(
                        "the fallback of the union of \(owner) and a case are both named '\(fallback.swiftName)' in Swift; name the fallback "
                            + "with `fallback: {type: ..., swiftName: ...}`", at: fallback.location,
                        notes: [.note("the case is here", at: first.location)])
                    failed = true
                }
                let tagType: TypeRef = rawType == .integer ? .scalar(.int) : .scalar(.string)
                // The fallback keeps the tag as it came, so it can be written back: a plain field of the tag's type.
                if case .named(let name) = fallback.type, case .object(let object)? = byName[name]?.kind {
                    let field = object.fields.first { $0.wireName == key }
                    if field == nil || field?.constant != nil || field?.type != tagType {
                        diagnostics.error(
                            "the fallback of the union of \(owner), '\(name)', must have a field '\(key)' of type `\(tagType.spelling)` that "
                                + "is not a constant: it keeps the tag of every value no case lists",
                            at: field?.location ?? fallback.location,
                            notes: [.note("the fallback is named here", at: fallback.location)])
                        failed = true
                    }
                } else {
                    diagnostics.error(
                        "the fallback of the union of \(owner) must name a struct (a type with `fields:`), found `\(fallback.type.spelling)`",
                        at: fallback.location)
                    failed = true
                }
            } else if union.fallback != nil {
                diagnostics.error(
                    "the union of \(owner) is told apart by JSON kind, which leaves no value unlisted; `fallback:` is for unions by "
                        + "`discriminator:`", at: union.fallback!.location)
                failed = true
            }
            if !failed { types[index].kind = .union(union) }
        }
    }

    /// Tells apart a union's members that are all arrays by the kind of their first element (Bitfinex's book sends
    /// a snapshot `[[price, count, amount], ...]` and an update `[price, count, amount]` on one channel): each must
    /// have a first element of one kind, no two the same, and at most one may take the empty array.
    private mutating func settleArrayMembers(
        _ indices: [Int], of union: inout UnionType, owner: String, types: [String: NamedType], dates: DateEncoding
    ) -> Bool {
        var settled = true
        var seen: [JSONKind: UnionMember] = [:]
        var empty: UnionMember?
        for index in indices {
            let member = union.members[index]
            let (element, takesEmpty) = Self.firstElement(of: member.type, types: types, dates: dates)
            guard let element else {
                diagnostics.error(
                    "member `\(member.type.spelling)` of the union of \(owner) is one of several arrays, which are told apart by the kind of their "
                        + "first element, but its first element can be any JSON, null or missing; give that element one kind (not `JSON`, not optional), "
                        + "or keep one array member", at: member.location)
                settled = false
                continue
            }
            if let first = seen[element] {
                diagnostics.error(
                    "members `\(first.type.spelling)` and `\(member.type.spelling)` of the union of \(owner) are both arrays whose first element is "
                        + "\(element.article), so they cannot be told apart; keep one array member per kind of first element",
                    at: member.location, notes: [.note("`\(first.type.spelling)` is here", at: first.location)])
                settled = false
            }
            seen[element] = member
            if takesEmpty {
                if let first = empty {
                    diagnostics.error(
                        "members `\(first.type.spelling)` and `\(member.type.spelling)` of the union of \(owner) both read the empty array `[]`, so it "
                            + "could be either; keep one list (or tuple of only a rest) among the array members",
                        at: member.location, notes: [.note("`\(first.type.spelling)` is here", at: first.location)])
                    settled = false
                }
                empty = member
            }
            union.members[index].elementKind = element
            union.members[index].takesEmptyArray = takesEmpty
        }
        return settled
    }

    /// The one kind the first element of `type`'s arrays has (`nil` when it can be any or missing), and whether the
    /// empty array is one of its values.
    private static func firstElement(
        of type: TypeRef, types: [String: NamedType], dates: DateEncoding
    ) -> (kind: JSONKind?, takesEmpty: Bool) {
        let tuple: TupleType
        switch type {
        case .array(let element): return (jsonKind(of: element, types: types, dates: dates), true)
        case .tuple(let inline): tuple = inline
        case .named(let name):
            guard case .tuple(let named)? = types[name]?.kind else { return (nil, false) }
            tuple = named
        default: return (nil, false)
        }
        guard let first = tuple.elements.first else { return (nil, false) }
        if tuple.isVariadic, tuple.elements.count == 1, case .array(let each) = first.type {
            return (jsonKind(of: each, types: types, dates: dates), true)
        }
        switch first.encoding {
        case .numberAsString?, .jsonString?: return (.string, false)
        case .date(let encoding)?:
            return ([.iso8601, .iso8601Fractional].contains(encoding) ? .string : .number, false)
        case nil: return (jsonKind(of: first.type, types: types, dates: dates), false)
        }
    }

    /// The one JSON kind values of `type` have, or `nil` when they can have several (or be null).
    package static func jsonKind(of type: TypeRef, types: [String: NamedType], dates: DateEncoding) -> JSONKind? {
        switch type {
        case .scalar(let scalar):
            switch scalar {
            case .string, .url, .bytes: return .string
            case .int, .int64, .uint64, .double, .decimal: return .number
            case .bool: return .bool
            case .json: return nil
            case .date: return [.iso8601, .iso8601Fractional].contains(dates) ? .string : .number
            }
        case .named(let name):
            switch types[name]?.kind {
            case .object?: return .object
            case .enumeration(let enumeration)?: return enumeration.rawType == .integer ? .number : .string
            case .tuple?: return .array
            case .flags?: return .number
            case .union(let union)?:
                if case .field = union.selector { return .object }
                return nil
            case nil: return nil
            }
        case .array, .tuple: return .array
        case .dictionary, .object: return .object
        case .optional, .nullable: return nil
        }
    }
}
