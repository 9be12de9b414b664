import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Comparing named types: enums, unions and flags, and types renamed.
extension ContractDiffer {
    /// Pairs each type only the old version has with the first type of the same shape only the new one has: a
    /// rename, reported once rather than as a removal, an addition and a replacement at every use.
    package func renamedTypes() -> [String: String] {
        var added = new.types.map(\.name).filter { old.type(named: $0) == nil }
        var renamed: [String: String] = [:]
        let shapes = ShapeComparison(old: old, new: new)
        for type in old.types where new.type(named: type.name) == nil {
            guard let index = added.firstIndex(where: { shapes.sameShape(.named(type.name), .named($0)) }) else {
                continue
            }
            renamed[type.name] = added.remove(at: index)
        }
        return renamed
    }

    package func compareTypes(_ recorder: inout Recorder) {
        let (oldUsage, newUsage) = (TypeUsage(old), TypeUsage(new))
        let usage = TypeUsage.sharedFlows(old: oldUsage, new: newUsage)
        let renamedTo = Dictionary(uniqueKeysWithValues: recorder.renamedTypes.map { ($1, $0) })
        for type in old.types where new.type(named: type.name) == nil && recorder.renamedTypes[type.name] == nil {
            recorder.record(
                .swiftAPI, "type \(code: type.name) removed", at: Place(type: type.name), flows: usage[type.name] ?? [])
        }
        for after in new.types {
            let flows = usage[after.name] ?? []
            let place = Place(type: after.name)
            if let previous = renamedTo[after.name] {
                let carried = (oldUsage.flows[previous] ?? []).union(newUsage.flows[after.name] ?? [])
                recorder.record(
                    .swiftAPI, "type \(code: previous) renamed to \(code: after.name), which has the same shape",
                    at: place, flows: carried)
                continue
            }
            guard let before = old.type(named: after.name) else {
                recorder.record(.swiftAPI, "type \(code: after.name) added", at: place, flows: flows)
                continue
            }
            if before.description != after.description || before.deprecation != after.deprecation {
                recorder.record(
                    .documentation, "description or deprecation of type \(code: after.name) changed", at: place,
                    flows: flows)
            }
            switch (before.kind, after.kind) {
            case let (.object(a), .object(b)):
                compareFields(a.fields, b.fields, place: place, flows: flows, &recorder)
            case let (.enumeration(a), .enumeration(b)):
                compareEnum(a, b, place: place, flows: flows, &recorder)
            case let (.tuple(a), .tuple(b)):
                compareTuple(a, b, place: place, flows: flows, &recorder)
            case let (.union(a), .union(b)):
                compareUnion(a, b, place: place, flows: flows, &recorder)
            case let (.flags(a), .flags(b)):
                compareFlags(a, b, place: place, flows: flows, &recorder)
            default:
                recorder.record(
                    .typeChanged,
                    "type \(code: after.name) changed between a struct, an enum, a tuple, a union and flags", at: place,
                    flows: flows)
            }
        }
    }

    package func compareEnum(
        _ before: EnumType, _ after: EnumType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        // `[0, 1]` and `["0", "1"]` list the same texts, but one is read as numbers and the other as strings.
        guard before.rawType == after.rawType else {
            let describe = { (type: EnumType.RawType) in type == .integer ? "whole numbers" : "strings" }
            recorder.record(
                .typeChanged, "values changed from \(describe(before.rawType)) to \(describe(after.rawType))",
                at: place, flows: flows)
            return
        }
        matchByKey(
            before.cases, after.cases, key: \.wireValue,
            removed: { value in
                recorder.record(.enumValueRemoved, "value \(code: value.wireValue) removed", at: place, flows: flows)
            },
            added: { value in
                recorder.record(.enumValueAdded, "value \(code: value.wireValue) added", at: place, flows: flows)
            },
            common: { previous, value in
                if previous.swiftName != value.swiftName {
                    recorder.record(
                        .swiftAPI,
                        "Swift case of \(code: value.wireValue) renamed from \(code: previous.swiftName) to \(code: value.swiftName)",
                        at: place, flows: flows)
                }
                if previous.description != value.description || previous.deprecation != value.deprecation {
                    recorder.record(
                        .documentation, "description or deprecation of value \(code: value.wireValue) changed",
                        at: place, flows: flows)
                }
            })
    }

    /// Pairs the items of two versions by `key`: each item only in `before` is `removed`, each only in `after`
    /// `added` (in `after`'s order), and the rest `common` as (before, after).
    package func matchByKey<Item, Key: Equatable>(
        _ before: [Item], _ after: [Item], key: (Item) -> Key, removed: (Item) -> Void,
        added: (Item) -> Void, common: (Item, Item) -> Void
    ) {
        for item in before where !after.contains(where: { key($0) == key(item) }) { removed(item) }
        for item in after {
            if let previous = before.first(where: { key($0) == key(item) }) {
                common(previous, item)
            } else {
                added(item)
            }
        }
    }

    /// Unions by kind compare members by JSON kind (a new kind is unreadable to an old decoder); unions by a
    /// field compare cases by tag, as enum values (an unknown tag decodes as `unknown`).
    package func compareUnion(
        _ before: UnionType, _ after: UnionType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        switch (before.selector, after.selector) {
        case (.kind, .kind):
            matchByKey(
                before.members, after.members, key: \.kindKey,
                removed: { member in
                    recorder.record(
                        .unionMemberRemoved, "member \(code: member.type.spelling) (\(member.kindText)) removed",
                        at: place, flows: flows)
                },
                added: { member in
                    recorder.record(
                        .unionMemberAdded, "member \(code: member.type.spelling) (\(member.kindText)) added",
                        at: place, flows: flows)
                },
                common: { previous, member in
                    compareMember(
                        previous, member, label: "the \(member.kindKey) member",
                        place: place.appending("(\(member.kindKey))"), flows: flows, &recorder)
                })
        case let (.field(beforeKey, beforeType), .field(afterKey, afterType)):
            guard beforeKey == afterKey, beforeType == afterType else {
                recorder.record(
                    .typeChanged, "union now told apart by \(code: afterKey) (was \(code: beforeKey))", at: place,
                    flows: flows)
                return
            }
            matchByKey(
                before.members, after.members, key: \.tag,
                removed: { member in
                    recorder.record(
                        .enumValueRemoved, "case \(code: member.tag ?? "") removed", at: place, flows: flows)
                },
                added: { member in
                    recorder.record(.enumValueAdded, "case \(code: member.tag ?? "") added", at: place, flows: flows)
                },
                common: { previous, member in
                    compareMember(
                        previous, member, label: "\(code: member.tag ?? "")",
                        place: place.appending("(\(member.tag ?? ""))"), flows: flows, &recorder)
                })
            switch (before.fallback, after.fallback) {
            case let (previous?, member?):
                compareMember(
                    previous, member, label: "the fallback", place: place.appending("(fallback)"), flows: flows,
                    &recorder)
            case (nil, let member?):
                recorder.record(
                    .typeChanged, "tags no case lists now read as \(code: member.type.spelling) (were kept as unknown)",
                    at: place, flows: flows)
            case (let previous?, nil):
                recorder.record(
                    .typeChanged,
                    "tags no case lists now kept as unknown (were read as \(code: previous.type.spelling))", at: place,
                    flows: flows)
            case (nil, nil):
                break
            }
        default:
            recorder.record(
                .typeChanged,
                "union now told apart \(after.selector == .kind ? "by JSON kind" : "by a field") (was the other way)",
                at: place, flows: flows)
        }
    }

    package func compareMember(
        _ previous: UnionMember, _ member: UnionMember, label: ChangePhrase, place: Place, flows: Set<Flow>,
        _ recorder: inout Recorder
    ) {
        compareType(previous.type, member.type, place: place, flows: flows, &recorder)
        if previous.swiftName != member.swiftName {
            recorder.record(
                .swiftAPI,
                "Swift case of \(label) renamed from \(code: previous.swiftName) to \(code: member.swiftName)",
                at: place, flows: flows)
        }
    }

    /// Flags are bits: a name moved to another bit changes what every value means; added and removed bits
    /// are kept by generated `OptionSet`s either way.
    package func compareFlags(
        _ before: FlagsType, _ after: FlagsType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder
    ) {
        matchByKey(
            before.flags, after.flags, key: \.wireName,
            removed: { flag in
                recorder.record(
                    .flagRemoved, "flag \(code: flag.wireName) (bit \(flag.bit)) removed", at: place, flows: flows)
            },
            added: { flag in
                recorder.record(
                    .flagAdded, "flag \(code: flag.wireName) (bit \(flag.bit)) added", at: place, flows: flows)
            },
            common: { previous, flag in
                if previous.bit != flag.bit {
                    recorder.record(
                        .typeChanged, "flag \(code: flag.wireName) moved from bit \(previous.bit) to bit \(flag.bit)",
                        at: place, flows: flows)
                }
                if previous.swiftName != flag.swiftName {
                    recorder.record(
                        .swiftAPI,
                        "Swift name of flag \(code: flag.wireName) changed from \(code: previous.swiftName) to \(code: flag.swiftName)",
                        at: place, flows: flows)
                }
            })
    }
}
