import SchemaGenRuntime

/// Reading `frames:`, the ordered list of frame shapes, and each event's place among them.
extension Checker {
    package static let shapeKeys = [
        "description", "array", "when", "has", "name", "payload", "channel", "fields", "default", "exact",
    ]

    /// `frames:` — a mapping of shape names to shapes, tried in the order written.
    package mutating func readFrameShapes(_ node: SyntaxNode) -> Framing? {
        guard
            let reader = MappingReader(
                node, owner: "`frames`", allowedKeys: nil, entryKind: "frame shape", diagnostics: &diagnostics)
        else {
            return nil
        }
        if reader.entries.isEmpty {
            diagnostics.error(
                "`frames` lists no shape; describe at least one, e.g. `event: {name: type, payload: data}`",
                at: node.location)
            return nil
        }
        var shapes: [ShapeDeclaration] = []
        var failed = false
        for entry in reader.entries {
            guard let name = entry.keyText else { continue }
            if let shape = readShape(name: name, value: entry.value, keyLocation: entry.key.location) {
                shapes.append(shape)
            } else {
                failed = true
            }
        }
        let defaults = shapes.filter(\.isDefault)
        if defaults.count > 1 {
            diagnostics.error(
                "frame shapes '\(defaults[0].name)' and '\(defaults[1].name)' both say `default: true`; events without `frame:` travel in "
                    + "one shape: keep it on one", at: defaults[1].location,
                notes: [.note("'\(defaults[0].name)' is declared here", at: defaults[0].location)])
            failed = true
        }
        return failed ? nil : .shapes(shapes)
    }

    private mutating func readShape(name: String, value: SyntaxNode, keyLocation: SourceLocation) -> ShapeDeclaration? {
        let owner = "frame shape '\(name)'"
        guard
            let reader = MappingReader(
                value, owner: owner, allowedKeys: Self.shapeKeys, ownerLocation: keyLocation,
                diagnostics: &diagnostics)
        else { return nil }
        var failed = false
        var slots: [String]?
        if let node = reader["array"] {
            if node.elements?.isEmpty == true {
                // A frame that is a bare JSON array of payloads (a batch): no slots, the whole array is the payload.
                slots = []
                let others = ["when", "has", "name", "channel", "fields"].filter { reader[$0] != nil }
                let isRest = reader["payload"].map { $0.scalar?.text == "rest" && $0.scalar?.style == .plain } ?? false
                if !isRest || !others.isEmpty {
                    diagnostics.error(
                        "`array: []` makes \(owner) a frame that is a bare JSON array, whose elements are the payload: write `payload: rest` "
                            + "and nothing else (\(others.isEmpty ? "it has no slots to name" : "it has no slots, so \(others.map { "`\($0):`" }.joined(separator: ", ")) cannot apply")), "
                            + "and give its event a list payload (`payload: \"[Order]\"`); for a frame whose first elements have roles, name them: "
                            + "`array: [join_ref, ref, topic, event, payload]`", at: node.location)
                    failed = true
                }
            } else {
                slots = readSlots(node, owner: owner)
                if slots == nil { failed = true }
            }
        }
        // Reads a path: dotted keys, starting with a slot name in an array shape.
        func path(_ node: SyntaxNode, what: String) -> FramePath? {
            guard let text = readText(node, what: what) else { failed = true; return nil }
            guard let path = Self.framePath(text, slots: slots) else {
                if slots?.isEmpty == true {
                    // `array: []` is reported once, above.
                } else if let slots {
                    let first = String(text.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
                    diagnostics.error(
                        "\(what) '\(text)' names no slot of \(owner); its slots are \(slots.map { "'\($0)'" }.joined(separator: ", "))\(Suggestions.hint(for: first, in: slots))",
                        at: node.location)
                } else {
                    diagnostics.error(
                        "\(what) '\(text)' is not a path: write keys separated by dots, e.g. `d.type`",
                        at: node.location)
                }
                failed = true
                return nil
            }
            return path
        }
        var conditions: [FrameShape.Condition] = []
        if let node = reader["when"],
            let when = MappingReader(node, owner: "`when` of \(owner)", allowedKeys: nil, diagnostics: &diagnostics)
        {
            for entry in when.entries {
                guard let key = entry.keyText, let at = path(entry.key, what: "the `when` key") else { continue }
                if let constant = readFrameValue(entry.value, what: "the value of '\(key)' in `when` of \(owner)") {
                    conditions.append(.init(path: at, value: constant))
                } else {
                    failed = true
                }
            }
        }
        var required: [FramePath] = []
        if let node = reader["has"] {
            if let items = node.elements {
                required = items.compactMap { path($0, what: "a `has` key") }
            } else if let single = path(node, what: "`has`") {
                required = [single]
            }
        }
        let eventName = reader["name"].flatMap { path($0, what: "`name`") }
        let channel = reader["channel"].flatMap { path($0, what: "`channel`") }
        var payload = FrameShape.PayloadPlacement.none
        if let node = reader["payload"] {
            if node.entries != nil {
                if let at = MappingReader(
                    node, owner: "`payload` of \(owner)", allowedKeys: ["at"], diagnostics: &diagnostics),
                    let target = at.required(
                        "at", in: "`payload` of \(owner)", hint: "write `at: <key>`", diagnostics: &diagnostics),
                    let found = path(target, what: "`payload`")
                {
                    payload = .at(found)
                }
            } else if node.scalar?.text == "rest", node.scalar?.style == .plain {
                payload = .rest
            } else if let found = path(node, what: "`payload`") {
                payload = .at(found)
            }
        }
        var fields: [Field] = []
        var fieldPaths: [FramePath] = []
        if let node = reader["fields"] {
            fields = readFields(node, owner: "the fields of \(owner)")
            for field in fields {
                if field.wireName == WireFraming.payloadPartKey {
                    diagnostics.error(
                        "field '\(field.wireName)' of \(owner) is named like the payload, which generated types keep under that name; give the field another `swiftName`-free key or move it into the payload",
                        at: field.location)
                    failed = true
                }
                if let found = Self.framePath(field.wireName, slots: slots) {
                    fieldPaths.append(found)
                } else {
                    diagnostics.error(
                        "field '\(field.wireName)' of \(owner) names no slot; declare it in `array:` first",
                        at: field.location)
                    failed = true
                }
            }
        }
        if let slots, !failed {
            // Every slot has a role, so no element is silently dropped or written as null by mistake.
            let used =
                conditions.map(\.path) + required + [eventName, channel].compactMap { $0 } + fieldPaths
                + (payload.path.map { [$0] } ?? [])
            for (index, slot) in slots.enumerated() where !used.contains(where: { $0.steps.first == .index(index) }) {
                diagnostics.error(
                    "slot '\(slot)' of \(owner) has no role: name it in `name`, `payload`, `channel`, `when` or `fields`",
                    at: reader.entry("array")?.value.location ?? keyLocation)
                failed = true
            }
        }
        let isDefault = readShapeFlag(
            reader, "default", owner: owner, meaning: "events without `frame:` travel in this shape", failed: &failed)
        if isDefault, eventName == nil, let node = reader["default"] {
            diagnostics.error(
                "\(owner) says `default: true` but has no `name:`, so it carries one event, named by `frame:`; give it a `name:` or "
                    + "remove `default`", at: node.location)
            failed = true
        }
        let exact = readShapeFlag(
            reader, "exact", owner: owner, meaning: "its frames hold nothing but the keys it names", failed: &failed)
        if exact, payload == .rest, let node = reader["exact"] {
            diagnostics.error(
                "\(owner) is `exact`, so its frames hold nothing but the keys it names, and `payload: rest` (everything else) "
                    + "would always be empty; give the payload a path, or remove `exact`", at: node.location)
            failed = true
        }
        if failed { return nil }
        let shape = FrameShape(
            name: name, container: slots.map { .array(slots: $0) } ?? .object, conditions: conditions,
            required: required,
            eventName: eventName, payload: payload, channel: channel,
            fields: zip(fields, fieldPaths).map { FrameShape.Field(key: $0.wireName, path: $1) }, exact: exact)
        return ShapeDeclaration(
            shape: shape, fields: fields, description: readDescription(reader), isDefault: isDefault,
            location: keyLocation)
    }

    /// A shape's `true`/`false` key (`default`, `exact`); `false` when absent.
    private mutating func readShapeFlag(
        _ reader: MappingReader, _ key: String, owner: String, meaning: String, failed: inout Bool
    ) -> Bool {
        guard let node = reader[key] else { return false }
        guard let flag = node.bool else {
            diagnostics.error("`\(key)` of \(owner) is `true` (\(meaning)) or `false`", at: node.location)
            failed = true
            return false
        }
        return flag
    }

    private mutating func readSlots(_ node: SyntaxNode, owner: String) -> [String]? {
        guard let items = node.elements, !items.isEmpty else {
            diagnostics.error(
                "`array` of \(owner) lists the names of the frame's slots in order, e.g. `array: [join_ref, ref, topic, event, payload]`",
                at: node.location)
            return nil
        }
        var slots: [String] = []
        for item in items {
            guard let text = readText(item, what: "a slot name") else { return nil }
            if slots.contains(text) {
                diagnostics.error(
                    "slot '\(text)' appears twice in `array` of \(owner); give each slot its own name",
                    at: item.location)
                return nil
            }
            if text.isEmpty || text.contains(".") {
                diagnostics.error("slot name '\(text)' must be a plain name without dots", at: item.location)
                return nil
            }
            slots.append(text)
        }
        return slots
    }

    /// `d.type` → keys; in an array shape the first segment is a slot name.
    package static func framePath(_ text: String, slots: [String]?) -> FramePath? {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !segments.contains(where: \.isEmpty) else { return nil }
        var steps = segments.map { FramePath.Step.key($0) }
        if let slots {
            guard let index = slots.firstIndex(of: segments[0]) else { return nil }
            steps[0] = .index(index)
        }
        return FramePath(steps)
    }

    /// A constant naming an event or selecting a shape: a string, a whole number, a boolean or null.
    package mutating func readFrameValue(_ node: SyntaxNode, what: String) -> FrameValue? {
        guard let scalar = node.scalar else {
            diagnostics.error(
                "\(what) must be a string, a whole number, a boolean or null, found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        if node.isNull { return .null }
        if let flag = node.bool { return .bool(flag) }
        if let number = node.int { return .integer(number) }
        if scalar.style == .plain, Double(scalar.text) != nil {
            diagnostics.error(
                "\(what) is \(scalar.text); frames are told apart by whole numbers, strings or booleans",
                at: node.location)
            return nil
        }
        return .string(scalar.text)
    }

    /// An event's place among the shapes: `frame:` picks the shape (by default the one that says `default: true`, else
    /// the first that names events), `wire:` the value naming the event there (by default its key, as a string).
    package mutating func readPlacement(
        _ reader: MappingReader, wireName: String, owner: String,
        shapes: [ShapeDeclaration]
    ) -> (shape: Int, value: FrameValue?)? {
        let index: Int
        if let node = reader["frame"] {
            guard let name = readText(node, what: "`frame`") else { return nil }
            guard let found = shapes.firstIndex(where: { $0.name == name }) else {
                diagnostics.error(
                    "\(owner) uses frame shape '\(name)', which `frames:` does not declare\(Suggestions.hint(for: name, in: shapes.map(\.name)))",
                    at: node.location)
                return nil
            }
            index = found
        } else {
            index = shapes.firstIndex(where: \.isDefault) ?? shapes.firstIndex(where: \.namesEvents) ?? 0
            if shapes.filter(\.namesEvents).count > 1, !shapes.contains(where: \.isDefault) {
                eventsPlacedByDefault.append((wireName, reader.ownerLocation))
            }
        }
        let shape = shapes[index]
        guard shape.namesEvents else {
            if let node = reader["wire"] {
                diagnostics.error(
                    "frame shape '\(shape.name)' has no `name:`, so it carries one event and \(owner) needs no `wire:`; remove it",
                    at: node.location)
                return nil
            }
            return (index, nil)
        }
        if let node = reader["wire"] {
            guard let value = readFrameValue(node, what: "`wire` of \(owner)") else { return nil }
            if value == .null {
                diagnostics.error(
                    "`wire` of \(owner) is null; an event is named by a string, a whole number or a boolean",
                    at: node.location)
                return nil
            }
            return (index, value)
        }
        return (index, .string(wireName))
    }

    /// After every event is read: each shape's name kind comes from its events, which must agree; two events
    /// the app receives must not have one name in one shape, nor two it sends.
    package mutating func settleShapes(_ framing: Framing?, events: [(channel: Channel?, event: Event)]) -> Framing? {
        guard case .shapes(var shapes) = framing else { return framing }
        warnAboutDefaultPlacement(shapes)
        for index in shapes.indices {
            let placed = events.filter { $0.event.shapeIndex == index }
            let kinds = placed.compactMap { $0.event.wireValue.map { ($0.kind, $0) } }
            if !shapes[index].namesEvents, !placed.isEmpty {
                // Reports name the contract's event, not the empty name such a frame carries.
                var names: [String] = []
                for (_, event) in placed where !names.contains(event.wireName) { names.append(event.wireName) }
                shapes[index].shape.unnamedEvent = names.joined(separator: " or ")
            }
            if let first = kinds.first {
                shapes[index].shape.eventNameKind = first.0
                if let other = placed.first(where: { $0.event.wireValue.map { $0.kind != first.0 } ?? false }) {
                    let firstEvent = placed.first { $0.event.wireValue?.kind == first.0 }!.event
                    diagnostics.error(
                        "event '\(other.event.wireName)' is named by \(Self.kindPhrase(other.event.wireValue!.kind)) in frame shape '\(shapes[index].name)', where '\(firstEvent.wireName)' is named by \(Self.kindPhrase(first.0)); one shape reads one kind of name, so give both the same kind or split the shape",
                        at: other.event.location,
                        notes: [.note("'\(firstEvent.wireName)' is declared here", at: firstEvent.location)])
                }
            }
            checkRequiredKeys(of: shapes[index], placed: placed.map(\.event))
            for direction in [true, false] {
                var seen: [String: Event] = [:]
                for (channel, event) in placed
                where direction ? event.direction.isReceivedByClient : event.direction.isEmittedByClient {
                    let key = (channel?.name ?? "") + "\u{0}" + (event.wireValue?.text ?? "")
                    if let earlier = seen[key] {
                        let what = event.wireValue.map { "the name \($0)" } ?? "no name"
                        diagnostics.error(
                            "events '\(earlier.wireName)' and '\(event.wireName)' both have \(what) in frame shape '\(shapes[index].name)' and are both \(direction ? "received" : "sent") by the app, so frames could not be told apart; give one another `wire:` or `frame:`",
                            at: event.location,
                            notes: [.note("'\(earlier.wireName)' is declared here", at: earlier.location)])
                    } else {
                        seen[key] = event
                    }
                }
            }
        }
        return .shapes(shapes)
    }

    /// A `has:` key is in every frame of the shape: a frame written without it is not the shape's, so an event whose
    /// payload (or a field the shape gives a type) sits at that key must always write it. An event without payload, or
    /// with one or a field that may be left out (`T?`), would never be read as itself.
    private mutating func checkRequiredKeys(of declaration: ShapeDeclaration, placed: [Event]) {
        let shape = declaration.shape
        let keys = shape.required.map(\.description).joined(separator: ", ")
        if let path = shape.payload.path, shape.required.contains(path) {
            for event in placed where event.payload.map(\.isOptional) ?? true {
                let fix =
                    event.payload.map {
                        "its payload `\($0.spelling)` may be left out: make it required (`T | null` is written as null)"
                    }
                    ?? "give it a payload"
                diagnostics.error(
                    "event '\(event.wireName)' travels in frame shape '\(shape.name)', whose `has: [\(keys)]` says every frame has its payload at '\(path)'; \(fix), or a frame of it would not be read as '\(shape.name)' and the event would never arrive",
                    at: event.location,
                    notes: [.note("frame shape '\(shape.name)' is declared here", at: declaration.location)])
            }
        }
        for field in declaration.fields where field.type.isOptional {
            guard let path = shape.fields.first(where: { $0.key == field.wireName })?.path,
                shape.required.contains(path)
            else { continue }
            diagnostics.error(
                "field '\(field.wireName)' of frame shape '\(shape.name)' is `\(field.type.spelling)`, but `has: [\(keys)]` says every frame has it; make it required (`T | null` if it may be null), or a frame written without it would not be read as '\(shape.name)'",
                at: field.location)
        }
    }

    /// With several shapes that name events, the one events without `frame:` travel in is easy to get wrong: an event
    /// whose frames match another shape first is never received. Said once per contract, with both fixes.
    private mutating func warnAboutDefaultPlacement(_ shapes: [ShapeDeclaration]) {
        guard let first = eventsPlacedByDefault.first, let shape = shapes.first(where: \.namesEvents) else { return }
        let naming = shapes.filter(\.namesEvents).map { "'\($0.name)'" }.joined(separator: ", ")
        let count = eventsPlacedByDefault.count
        let named =
            eventsPlacedByDefault.prefix(3).map { "'\($0.name)'" }.joined(separator: ", ")
            + (count > 3 ? " and \(count - 3) more" : "")
        diagnostics.warning(
            "\(count == 1 ? "event" : "\(count) events") \(named) \(count == 1 ? "has" : "have") no `frame:`, so \(count == 1 ? "it travels" : "they travel") "
                + "in frame shape '\(shape.name)', the first of the shapes that name events (\(naming)); an event whose frames are "
                + "another shape's is never received. Say where events without `frame:` travel with `default: true` on that shape, "
                + "or give each event its `frame:`", at: first.location,
            notes: [.note("'\(shape.name)' is declared here", at: shape.location)])
    }

    package static func kindPhrase(_ kind: FrameValue.Kind) -> String {
        switch kind {
        case .string: "a string"
        case .integer: "a whole number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}
