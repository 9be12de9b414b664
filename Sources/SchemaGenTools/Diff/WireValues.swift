import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Which JSON values a field of one type holds against another: a change to a type that reads every value of the
/// old one is judged by who decodes it (an old app decoding `String` reads a `Date` the server now sends as ISO 8601,
/// a new app decoding `Date` does not read every string an old server sends), not as a change of type.
package struct WireValues {
    package let old: Contract
    package let new: Contract

    /// What a string on the wire holds, for the types written as strings.
    private enum StringValue: Equatable {
        case any, date, url, listedValues
    }

    /// How two types' values relate, for a change judged as widened or narrowed.
    package struct Relation {
        /// `.typeWidened` when the new type reads every value the old one holds, `.typeNarrowed` for the reverse.
        package var kind: ChangeKind
        /// The values only the wider type holds.
        package var extraValues: String
        /// Whether they are strings an enum does not list, which generated apps read as `unknown`.
        package var unknownToApps: Bool
    }

    /// `nil` for any other change.
    package func relation(_ before: TypeRef, _ after: TypeRef) -> Relation? {
        if after == .scalar(.json), before != after {
            return Relation(kind: .typeWidened, extraValues: "any JSON value", unknownToApps: false)
        }
        if before == .scalar(.json) {
            return Relation(kind: .typeNarrowed, extraValues: "any JSON value", unknownToApps: false)
        }
        guard let was = string(before, in: old), let now = string(after, in: new), was != now else { return nil }
        if was == .any {
            return Relation(kind: .typeNarrowed, extraValues: describe(now), unknownToApps: now == .listedValues)
        }
        if now == .any {
            return Relation(kind: .typeWidened, extraValues: describe(was), unknownToApps: was == .listedValues)
        }
        return nil
    }

    private func string(_ type: TypeRef, in contract: Contract) -> StringValue? {
        switch type {
        case .scalar(.string): return .any
        case .scalar(.url): return .url
        case .scalar(.date): return [.iso8601, .iso8601Fractional].contains(contract.dateEncoding) ? .date : nil
        case .named(let name):
            guard case .enumeration(let values)? = contract.type(named: name)?.kind, values.rawType == .string else {
                return nil
            }
            return .listedValues
        default: return nil
        }
    }

    /// The strings a field of the narrower kind never holds.
    private func describe(_ narrow: StringValue) -> String {
        switch narrow {
        case .any: "any string"
        case .date: "strings that are not ISO 8601 dates"
        case .url: "strings that are not URLs"
        case .listedValues: "strings the enum does not list"
        }
    }
}
