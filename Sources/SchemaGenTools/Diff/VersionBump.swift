import SchemaGenContract
import SchemaGenGenerator
/// Whether a contract's `version:` rose enough for a breaking change: the major number (the minor one below 1.0, as
/// semantic versioning reads `0.y.z`), or, for a version that is not dotted numbers, any change of its text.
package enum VersionBump {
    /// Why `new` does not announce a breaking change after `old`, or `nil` when it does (or when the contract has
    /// never had a version: a contract without `version:` is not versioned, and nothing is asked of it).
    package static func problem(old: String?, new: String?) -> ChangePhrase? {
        switch (old, new) {
        case (nil, _):
            return nil
        case (let old?, nil):
            return "`version:` \(code: old) was removed"
        case (let old?, let new?):
            guard let before = numbers(old), let after = numbers(new) else {
                return old == new ? "`version:` is still \(code: old)" : nil
            }
            // Below 1.0 a breaking change raises the minor number; from 1.0 on, the major one.
            let significant = before.first == 0 ? 2 : 1
            let pad = { (parts: [Int]) in parts + Array(repeating: 0, count: max(0, significant - parts.count)) }
            let (from, to) = (Array(pad(before).prefix(significant)), Array(pad(after).prefix(significant)))
            guard !to.lexicographicallyPrecedes(from), to != from else {
                let needed = significant == 1 ? "the major version" : "the minor version (below 1.0)"
                return "`version:` went from \(code: old) to \(code: new); a breaking change raises \(needed)"
            }
            return nil
        }
    }

    /// `1.4.2`, `v2`, `2.0.0-beta.1` → their leading numbers; `nil` when the text does not start with one.
    package static func numbers(_ version: String) -> [Int]? {
        var text = Substring(version)
        if text.first == "v" || text.first == "V" { text = text.dropFirst() }
        let core = text.prefix { $0.isNumber || $0 == "." }
        let parts = core.split(separator: ".", omittingEmptySubsequences: false)
        guard !core.isEmpty, parts.allSatisfy({ !$0.isEmpty }) else { return nil }
        return parts.compactMap { Int($0) }.count == parts.count ? parts.compactMap { Int($0) } : nil
    }
}
