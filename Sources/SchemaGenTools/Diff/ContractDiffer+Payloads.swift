import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Comparing payloads and fields: their types, presence and encodings.
extension ContractDiffer {
    package func comparePayload(
        _ before: TypeRef?, _ after: TypeRef?, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        switch (before, after) {
        case (nil, nil): return
        case (nil, let added?):
            recorder.record(.payloadAdded, "payload \(code: added.spelling) added", at: place, flows: flows)
        case (let removed?, nil):
            recorder.record(.payloadRemoved, "payload \(code: removed.spelling) removed", at: place, flows: flows)
        case let (before?, after?):
            comparePresence(before, after, what: "payload", place: place, flows: flows, &recorder)
            compareType(before.valueType, after.valueType, place: place, flows: flows, &recorder)
        }
    }

    package func compareFields(
        _ before: [Field], _ after: [Field], place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        for field in before where !after.contains(where: { $0.wireName == field.wireName }) {
            // A field of pattern keys is empty when no key matches: never required.
            let required = !field.type.isOptional && field.keyPattern == nil
            recorder.record(
                required ? .fieldRemovedRequired : .fieldRemovedOptional,
                "\(required ? "required" : "optional") field \(code: "\(field.wireName): \(field.type.spelling)") removed",
                at: place.appending(field.wireName), flows: flows)
        }
        for field in after {
            let here = place.appending(field.wireName)
            guard let previous = before.first(where: { $0.wireName == field.wireName }) else {
                let required = !field.type.isOptional && field.keyPattern == nil
                recorder.record(
                    required ? .fieldAddedRequired : .fieldAddedOptional,
                    "\(required ? "required" : "optional") field \(code: "\(field.wireName): \(field.type.spelling)") added",
                    at: here, flows: flows)
                continue
            }
            comparePresence(previous.type, field.type, what: "field", place: here, flows: flows, &recorder)
            switch (previous.constant, field.constant) {
            case (nil, let added?):
                recorder.record(.constantAdded, "now always \(code: added.text)", at: here, flows: flows)
            case (let removed?, nil):
                recorder.record(.constantRemoved, "no longer always \(code: removed.text)", at: here, flows: flows)
            case let (before?, after?) where before != after:
                recorder.record(
                    .constantChanged, "constant changed from \(code: before.text) to \(code: after.text)", at: here,
                    flows: flows)
            default:
                compareType(previous.type.valueType, field.type.valueType, place: here, flows: flows, &recorder)
                compareEncoding(previous.encoding, field.encoding, place: here, flows: flows, &recorder)
                if previous.keyPattern != field.keyPattern {
                    recorder.record(
                        .typeChanged,
                        "now reads the keys matching \(field.keyPattern.map { "\(code: $0)" } ?? "no pattern") (was \(previous.keyPattern.map { "\(code: $0)" } ?? "its own key"))",
                        at: here, flows: flows)
                }
            }
            if previous.swiftName != field.swiftName {
                recorder.record(
                    .swiftAPI, "Swift name changed from \(code: previous.swiftName) to \(code: field.swiftName)",
                    at: here, flows: flows)
            }
            if previous.description != field.description || previous.deprecation != field.deprecation {
                recorder.record(
                    .documentation,
                    field.deprecation != nil && previous.deprecation == nil
                        ? "deprecated" : "description or deprecation changed",
                    at: here, flows: flows)
            }
        }
    }

    /// Tuples are read by position: a moved, added or removed element changes what every later position means. With
    /// the same positions, each element is judged as a field is (a `Decimal` read as `Double` loses precision there).
    package func compareTuple(
        _ before: TupleType, _ after: TupleType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        guard before.elements.count == after.elements.count, before.isVariadic == after.isVariadic else {
            recorder.record(
                .typeChanged,
                "tuple elements changed from \(code: TypeRef.tuple(before).spelling) to \(code: TypeRef.tuple(after).spelling)",
                at: place, flows: flows)
            return
        }
        let comparison = ShapeComparison(old: old, new: new)
        for (element, previous) in zip(after.elements, before.elements)
        where !comparison.sameShape(previous.type, element.type) || previous.encoding != element.encoding {
            let here = place.appending(element.wireName)
            comparePresence(previous.type, element.type, what: "element", place: here, flows: flows, &recorder)
            compareEncoding(previous.encoding, element.encoding, place: here, flows: flows, &recorder)
            compareType(previous.type.valueType, element.type.valueType, place: here, flows: flows, &recorder)
        }
        if before.elements.map(\.swiftName) != after.elements.map(\.swiftName) {
            recorder.record(
                .swiftAPI, "tuple elements renamed (the array on the wire is the same)", at: place, flows: flows)
        }
    }

    /// The tuple a type is, spelled inline or named.
    private func tuple(_ type: TypeRef, in contract: Contract) -> TupleType? {
        switch type {
        case .tuple(let tuple): return tuple
        case .named(let name):
            if case .tuple(let tuple)? = contract.type(named: name)?.kind { return tuple }
            return nil
        default: return nil
        }
    }

    package func compareType(
        _ before: TypeRef, _ after: TypeRef, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        switch (before, after) {
        case let (.tuple(a), .tuple(b)):
            compareTuple(a, b, place: place, flows: flows, &recorder)
        case let (.named(a), .named(b)) where a == b:
            return  // the type's own changes are reported once, where it is declared
        case let (.object(a), .object(b)):
            compareFields(a.fields, b.fields, place: place, flows: flows, &recorder)
        case let (.array(a), .array(b)):
            compareElement(a, b, place: place.appending("[]"), flows: flows, &recorder)
        case let (.dictionary(a), .dictionary(b)):
            compareElement(a, b, place: place.appending("[key]"), flows: flows, &recorder)
        case (.scalar(.int), .scalar(.double)):
            recorder.record(.typeWidened, "type changed from `Int` to `Double`", at: place, flows: flows)
        case (.scalar(.double), .scalar(.int)):
            recorder.record(.typeNarrowed, "type changed from `Double` to `Int`", at: place, flows: flows)
        case (.scalar(.decimal), .scalar(.double)), (.scalar(.int64), .scalar(.double)),
            (.scalar(.uint64), .scalar(.double)):
            recorder.record(
                .typePrecisionLost,
                "type changed from \(code: before.spelling) to `Double`, which rounds to 15–17 digits",
                at: place, flows: flows)
        case (.scalar(.double), .scalar(.decimal)), (.scalar(.double), .scalar(.int64)),
            (.scalar(.double), .scalar(.uint64)):
            recorder.record(
                after == .scalar(.decimal) ? .typePrecisionGained : .typeNarrowed,
                "type changed from `Double` to \(code: after.spelling)", at: place, flows: flows)
        default:
            if before == after { return }
            if case .named(let a) = before, case .named(let b) = after, recorder.renamedTypes[a] == b {
                return  // reported once, as the type's rename
            }
            // An inline object and a named type with its fields are the same JSON object: judged by its fields. (Two
            // named types are compared where they are declared, or below by shape; one side inline keeps this finite.)
            if case .object = before, case .named = after, let fields = new.objectFields(of: after) {
                compareSpelledAnew(
                    before, after, fields: (old.objectFields(of: before) ?? [], fields), place, flows, &recorder)
                return
            }
            if case .named = before, case .object = after, let fields = old.objectFields(of: before) {
                compareSpelledAnew(
                    before, after, fields: (fields, new.objectFields(of: after) ?? []), place, flows, &recorder)
                return
            }
            // The same for a tuple: one array on the wire, judged element by element.
            let isInlineTuple = { (type: TypeRef) in if case .tuple = type { true } else { false } }
            if isInlineTuple(before) || isInlineTuple(after), let a = tuple(before, in: old),
                let b = tuple(after, in: new)
            {
                recorder.record(
                    .swiftAPI,
                    "tuple \(code: before.spelling) now spelled \(code: after.spelling), with the same positions on the wire",
                    at: place, flows: flows)
                compareTuple(a, b, place: place, flows: flows, &recorder)
                return
            }
            if let relation = WireValues(old: old, new: new).relation(before, after) {
                recorder.record(
                    relation.kind, "type changed from \(code: before.spelling) to \(code: after.spelling)", at: place,
                    flows: flows,
                    subject: relation.extraValues, unknownToApps: relation.unknownToApps)
                return
            }
            if ShapeComparison(old: old, new: new).sameShape(before, after) {
                recorder.record(
                    .swiftAPI,
                    "type \(code: before.spelling) replaced by \(code: after.spelling), which has the same shape",
                    at: place, flows: flows)
            } else {
                recorder.record(
                    .typeChanged, "type changed from \(code: before.spelling) to \(code: after.spelling)", at: place,
                    flows: flows)
            }
        }
    }

    /// An object spelled inline in one version and as a named type in the other: a change to the Swift API, and to the
    /// wire only where its fields differ.
    private func compareSpelledAnew(
        _ before: TypeRef, _ after: TypeRef, fields: ([Field], [Field]), _ place: Place, _ flows: Set<Flow>,
        _ recorder: inout Recorder
    ) {
        recorder.record(
            .swiftAPI,
            "object \(code: before.spelling) now spelled \(code: after.spelling), with the same keys on the wire",
            at: place, flows: flows)
        compareFields(fields.0, fields.1, place: place, flows: flows, &recorder)
    }

    /// Array elements and dictionary values: optionality inside a collection changes what a decoder accepts too.
    /// Elements are never absent, so `[T?]` and `[T | null]` both mean elements that may be null.
    package func compareElement(
        _ before: TypeRef, _ after: TypeRef, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        switch (before.isSwiftOptional, after.isSwiftOptional) {
        case (false, true): recorder.record(.fieldMadeNullable, "elements may now be null", at: place, flows: flows)
        case (true, false):
            recorder.record(.fieldMadeNonNullable, "elements may no longer be null", at: place, flows: flows)
        default: break
        }
        compareType(before.valueType, after.valueType, place: place, flows: flows, &recorder)
    }

    /// Whether a value may be absent (`T?`, `(T | null)?`) and whether it may be `null` while present
    /// (`T?`, `T | null`): a change to either changes what a decoder accepts. Telling absent from `null` in
    /// Swift (`T?` to `(T | null)?`) accepts the same JSON.
    package func comparePresence(
        _ before: TypeRef, _ after: TypeRef, what: String, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        let mayBeNull = { (type: TypeRef) in type.isSwiftOptional }
        let subject = what == "field" ? nil : what
        switch (before.isOptional, after.isOptional) {
        case (false, true):
            recorder.record(
                .fieldMadeOptional, "\(what) made optional (\(code: before.spelling) to \(code: after.spelling))",
                at: place, flows: flows,
                subject: subject)
        case (true, false):
            recorder.record(
                .fieldMadeRequired, "\(what) made required (\(code: before.spelling) to \(code: after.spelling))",
                at: place, flows: flows,
                subject: subject)
        default:
            if !mayBeNull(before), mayBeNull(after) {
                recorder.record(
                    .fieldMadeNullable, "\(what) may now be null (\(code: before.spelling) to \(code: after.spelling))",
                    at: place, flows: flows)
            } else if mayBeNull(before), !mayBeNull(after) {
                recorder.record(
                    .fieldMadeNonNullable,
                    "\(what) may no longer be null (\(code: before.spelling) to \(code: after.spelling))", at: place,
                    flows: flows)
            } else if before.isNullable != after.isNullable {
                recorder.record(
                    .swiftAPI,
                    "\(what) changed from \(code: before.spelling) to \(code: after.spelling): the same JSON, but Swift now \(after.isNullable ? "tells" : "no longer tells") absent from null",
                    at: place, flows: flows)
            }
        }
    }

    /// A field's own wire form (`encoding:`): numbers and strings, or two date encodings, are different JSON.
    package func compareEncoding(
        _ before: FieldEncoding?, _ after: FieldEncoding?, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        guard before != after else { return }
        let describe = { (encoding: FieldEncoding?) -> ChangePhrase in
            encoding.map { "\(code: $0.spelling)" } ?? "its type's own"
        }
        let iso: Set<FieldEncoding?> = [.date(.iso8601), .date(.iso8601Fractional)]
        let contractISO =
            [DateEncoding.iso8601, .iso8601Fractional].contains(new.dateEncoding) ? iso.union([nil]) : iso
        let kind: ChangeKind =
            contractISO.contains(before) && contractISO.contains(after) ? .dateEncodingVariant : .typeChanged
        recorder.record(
            kind, "wire encoding changed from \(describe(before)) to \(describe(after))", at: place, flows: flows)
    }
}
