import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// How a team judges what `schemagen diff` finds (the `diff:` section of `schemagen.yaml`, docs/compatibility.md):
/// a severity per rule, findings accepted with a reason until a date, and the severity that fails the check.
///
/// A rule is a change kind (`field-removed-required`, the ids of ``ChangeKind``) or ``versionNotRaised``. Without a
/// configuration a change is an error when it breaks either version skew, a warning when it degrades one, and info
/// when it is safe; a breaking change to a contract whose `version:` did not rise is a warning.
package struct DiffPolicy: Hashable, Sendable {
    /// The rule that a contract with a breaking change raises its `version:` (as oasdiff's version-bump check).
    package static let versionNotRaised = "version-not-raised"

    /// Every rule a configuration may name.
    package static var ruleIDs: [String] { ChangeKind.allCases.map(\.rawValue) + [versionNotRaised] }

    /// Severities set by the team, by rule id; a rule not listed keeps its default.
    package var rules: [String: DiffSeverity]
    /// Findings the team knows about and lets through, each with its reason.
    package var acceptances: [DiffAcceptance]
    /// The least severity that fails the check (`--fail-on`); `nil` never fails.
    package var failOn: DiffSeverity?

    package init(
        rules: [String: DiffSeverity] = [:], acceptances: [DiffAcceptance] = [], failOn: DiffSeverity? = .error
    ) {
        self.rules = rules
        self.acceptances = acceptances
        self.failOn = failOn
    }

    /// A change's severity: its rule's, else what its worst verdict says.
    package func severity(of change: ContractChange) -> DiffSeverity {
        rules[change.kind.rawValue] ?? DiffSeverity(change.worst)
    }

    /// The severity of a contract whose breaking change did not come with a raised `version:`.
    package var versionNotRaisedSeverity: DiffSeverity { rules[Self.versionNotRaised] ?? .warning }

    /// The first acceptance that names a finding of `rule` in `file` at `location` (the location as reports print
    /// it), whether or not it has expired.
    package func acceptance(rule: String, file: String, location: String) -> DiffAcceptance? {
        acceptances.first { $0.matches(rule: rule, file: file, location: location) }
    }
}

/// How much a finding matters to a team: what `--fail-on` compares with.
package enum DiffSeverity: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case info, warning, error

    /// What a verdict is worth without a rule: breaking is an error, degrading a warning, safe is info.
    package init(_ verdict: Verdict) {
        self =
            switch verdict {
            case .breaks: .error
            case .degrades: .warning
            case .safe: .info
            }
    }

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: DiffSeverity, rhs: DiffSeverity) -> Bool { lhs.rank < rhs.rank }
}

/// A finding a team lets through: which rule, optionally where, why, and until when.
package struct DiffAcceptance: Hashable, Sendable, Codable {
    /// The rule id (`field-removed-required`, `version-not-raised`).
    package var rule: String
    /// The location as reports print it, without quotes (`event member_joined › userName`; `>` stands for `›`), `*`
    /// matching any text; `nil` for anywhere.
    package var at: String?
    /// The contract file as reports name it (`schemas/zikr.yaml`), `*` matching any text; `nil` for any file.
    package var file: String?
    /// Why the finding is let through: shown beside it in every report.
    package var reason: String
    /// The last day (`YYYY-MM-DD`) it applies; after it the finding counts again. `nil` for no end.
    package var until: String?
    /// Where the acceptance is written (`schemagen.yaml:12`), for reports of acceptances that match nothing.
    package var source: String?

    package init(
        rule: String, at: String? = nil, file: String? = nil, reason: String, until: String? = nil,
        source: String? = nil
    ) {
        self.rule = rule
        self.at = at
        self.file = file
        self.reason = reason
        self.until = until
        self.source = source
    }

    package func matches(rule: String, file: String, location: String) -> Bool {
        rule == self.rule && (self.file.map { Glob.matches($0, file) } ?? true)
            && (at.map { Glob.matches($0.replacingOccurrences(of: " > ", with: " › "), location) } ?? true)
    }

    /// Whether it still applies on `today` (`YYYY-MM-DD`; ISO dates order as text).
    package func isInForce(on today: String) -> Bool { until.map { today <= $0 } ?? true }
}

/// `*` for any run of characters, everything else literal: enough for a location or a path, and never a regular
/// expression a reviewer must read twice.
package enum Glob {
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        let last = parts[parts.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
