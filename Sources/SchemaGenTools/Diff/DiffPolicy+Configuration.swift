import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// The `diff:` section of `schemagen.yaml`:
///
/// ```yaml
/// diff:
///   failOn: warning                  # error (default), warning, info or never
///   rules:
///     enum-value-added: error        # a change kind's severity, for every change of that kind
///     version-not-raised: error      # a breaking change must come with a raised `version:`
///   accept:
///     - rule: field-removed-required
///       at: event member_joined › userName
///       reason: no released app reads userName (APP-412)
///       until: 2027-01-31
/// ```
extension DiffPolicy {
    package static let keys = ["failOn", "rules", "accept"]
    package static let acceptanceKeys = ["rule", "at", "file", "reason", "until"]

    /// Reads the section, reporting every problem at its line.
    package static func read(_ node: SyntaxNode, checker: inout Checker) -> DiffPolicy {
        var policy = DiffPolicy()
        guard
            let reader = MappingReader(
                node, owner: "`diff`", allowedKeys: keys, diagnostics: &checker.diagnostics)
        else { return policy }
        if let failOn = reader["failOn"], let text = checker.readText(failOn, what: "`diff.failOn`") {
            if text == "never" {
                policy.failOn = nil
            } else if let severity = severity(text, at: failOn, extra: ["never"], checker: &checker) {
                policy.failOn = severity
            }
        }
        if let rules = reader["rules"],
            let ruleReader = MappingReader(
                rules, owner: "`diff.rules`", allowedKeys: nil, entryKind: "rule", diagnostics: &checker.diagnostics)
        {
            for entry in ruleReader.entries {
                guard let rule = entry.keyText, known(rule: rule, at: entry.key, checker: &checker),
                    let text = checker.readText(entry.value, what: "the severity of `\(rule)`"),
                    let severity = severity(text, at: entry.value, extra: [], checker: &checker)
                else { continue }
                policy.rules[rule] = severity
            }
        }
        if let accept = reader["accept"] {
            guard let elements = accept.elements else {
                checker.diagnostics.error(
                    "`diff.accept` lists accepted findings, each `- rule: <id>` with a `reason:`; found \(accept.kindDescription)",
                    at: accept.location)
                return policy
            }
            policy.acceptances = elements.compactMap { readAcceptance($0, checker: &checker) }
        }
        return policy
    }

    private static func readAcceptance(_ node: SyntaxNode, checker: inout Checker) -> DiffAcceptance? {
        guard
            let reader = MappingReader(
                node, owner: "an accepted finding", allowedKeys: acceptanceKeys, diagnostics: &checker.diagnostics)
        else { return nil }
        let ruleNode = reader.required(
            "rule", in: "an accepted finding",
            hint: "name the rule it lets through, e.g. `rule: field-removed-required`",
            diagnostics: &checker.diagnostics)
        let reasonNode = reader.required(
            "reason", in: "an accepted finding",
            hint: "say why it is let through; every report shows it beside the finding",
            diagnostics: &checker.diagnostics)
        var until: String?
        var untilIsValid = true
        if let untilNode = reader["until"], let text = checker.readText(untilNode, what: "`until`") {
            untilIsValid = isDay(text)
            if untilIsValid {
                until = text
            } else {
                checker.diagnostics.error(
                    "`until` is the last day the acceptance applies, written YYYY-MM-DD (e.g. 2027-01-31); found '\(text)'",
                    at: untilNode.location)
            }
        }
        let rule = ruleNode.flatMap { checker.readText($0, what: "`rule`") }
        let ruleIsKnown = rule.map { known(rule: $0, at: ruleNode!, checker: &checker) } ?? false
        let reason = reasonNode.flatMap { checker.readText($0, what: "`reason`") }
        if let reason, let reasonNode, reason.trimmingCharacters(in: .whitespaces).isEmpty {
            checker.diagnostics.error("`reason` is empty; say why the finding is let through", at: reasonNode.location)
            return nil
        }
        guard let rule, ruleIsKnown, let reason, untilIsValid else { return nil }
        let location = node.location
        return DiffAcceptance(
            rule: rule, at: reader["at"].flatMap { checker.readText($0, what: "`at`") },
            file: reader["file"].flatMap { checker.readText($0, what: "`file`") }, reason: reason, until: until,
            source: "\((location.path as NSString).lastPathComponent):\(location.line)")
    }

    private static func known(rule: String, at node: SyntaxNode, checker: inout Checker) -> Bool {
        guard !ruleIDs.contains(rule) else { return true }
        checker.diagnostics.error(
            "unknown rule '\(rule)'"
                + (Suggestions.closest(to: rule, in: ruleIDs).map { "; did you mean '\($0)'?" }
                    ?? "; the rules are the change kinds of docs/compatibility.md and \(versionNotRaised)"),
            at: node.location)
        return false
    }

    private static func severity(
        _ text: String, at node: SyntaxNode, extra: [String], checker: inout Checker
    ) -> DiffSeverity? {
        if let severity = DiffSeverity(rawValue: text) { return severity }
        let names = DiffSeverity.allCases.reversed().map(\.rawValue) + extra
        checker.diagnostics.error(
            "unknown severity '\(text)'\(Suggestions.hint(for: text, in: names))",
            at: node.location)
        return nil
    }

    /// `YYYY-MM-DD`, a real day of the Gregorian calendar.
    package static func isDay(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
        else { return false }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: year, month: month, day: 1))
        let days = date.flatMap { calendar.range(of: .day, in: .month, for: $0)?.count } ?? 31
        return (1...days).contains(day)
    }

    /// Today in UTC, as `until` is written.
    package static func today(_ now: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
