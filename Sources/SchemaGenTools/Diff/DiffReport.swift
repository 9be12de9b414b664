import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// Everything `schemagen diff` found, and how to present it: to a terminal, in a pull-request comment, to a bot.
package struct DiffReport: Sendable {
    package var changes: [ContractChange]
    /// Where the new version's files are browsed, for links in Markdown
    /// (`https://github.com/org/repo/blob/<head sha>`); `nil` for plain `file:line`.
    package var linkBase: String?
    /// What the reader must know about how the comparison was made (a base version that could not be read).
    package var notes: [ChangePhrase] = []
    /// The changes as a team's policy judged them (``judge(by:today:versions:)``); the default policy until then.
    package internal(set) var judgement = DiffJudgement(policy: DiffPolicy(), today: "")

    package init(changes: [ContractChange], linkBase: String? = nil) {
        self.changes = changes
        self.linkBase = linkBase
    }

    package var breaking: [ContractChange] { changes.filter(\.isBreaking) }
    package var degrading: [ContractChange] { changes.filter { $0.worst == .degrades } }
    package var safe: [ContractChange] { changes.filter { $0.worst == .safe } }
    package var hasBreakingChanges: Bool { !breaking.isEmpty }

    /// `unchanged`, `compatible` or `breaking`.
    package var verdict: String {
        changes.isEmpty ? "unchanged" : hasBreakingChanges ? "breaking" : "compatible"
    }

    /// The findings that count by severity (errors first), then the accepted ones; within each, breaking before
    /// degrading before safe, otherwise in contract order.
    package var ordered: [ContractChange] {
        let byVerdict = breaking + degrading + safe
        let open = DiffSeverity.allCases.reversed().flatMap { severity in
            byVerdict.filter { !$0.isAccepted && $0.judgedSeverity == severity }
        }
        return open + byVerdict.filter(\.isAccepted)
    }

    /// One line, for the top of every format.
    package var headline: String {
        if changes.isEmpty { return "No changes." }
        let counts =
            "\(ContractSummary.count(changes.count, "change")): \(breaking.count) breaking, \(degrading.count) degrading, \(safe.count) safe"
        return hasBreakingChanges ? "Breaking: \(counts)." : "No breaking changes (\(counts))."
    }

    /// How many changes break (and degrade) each version skew: what decides the order of deploys.
    package var skewCounts:
        (oldAppNewServer: (breaks: Int, degrades: Int), newAppOldServer: (breaks: Int, degrades: Int))
    {
        func count(_ skew: KeyPath<ContractChange, Assessment>, _ verdict: Verdict) -> Int {
            changes.count { $0[keyPath: skew].verdict == verdict }
        }
        return (
            (count(\.oldAppNewServer, .breaks), count(\.oldAppNewServer, .degrades)),
            (count(\.newAppOldServer, .breaks), count(\.newAppOldServer, .degrades))
        )
    }

    /// The counts per skew in words: "old apps on the new server: 4 break, 0 degrade; new apps on the old server: 1 break, 1 degrades".
    package var skewLine: String {
        let counts = skewCounts
        func words(_ pair: (breaks: Int, degrades: Int)) -> String {
            "\(pair.breaks) \(pair.breaks == 1 ? "breaks" : "break"), \(pair.degrades) \(pair.degrades == 1 ? "degrades" : "degrade")"
        }
        return
            "old apps on the new server: \(words(counts.oldAppNewServer)); new apps on the old server: \(words(counts.newAppOldServer))"
    }

    // MARK: Terminal

    package func text() -> String {
        var out = "schemagen diff: \(headline)\n"
        if !changes.isEmpty || !judgement.versionFindings.isEmpty {
            out += "  \(skewLine)\n  check: \(checkLine)\n"
        }
        for note in notes + policyNotes { out += "  note: \(note.plain)\n" }
        for change in ordered {
            out +=
                "\n\(Self.label(change.judgedSeverity, accepted: change.isAccepted)) \(change.worst.label.padding(toLength: 8, withPad: " ", startingAt: 0)) \(change.fileAndLine): \(change.location.plain)\n"
            out += "          \(change.summary.plain)\n"
            if let carried = change.affectedEvents {
                out +=
                    "          \(change.type == nil ? "events" : "carried by"): \(carried.map(\.phrase.plain).joined(separator: ", "))\n"
            }
            out +=
                "          old app, new server: \(change.oldAppNewServer.verdict.rawValue): \(change.oldAppNewServer.reason.plain)\n"
            out +=
                "          new app, old server: \(change.newAppOldServer.verdict.rawValue): \(change.newAppOldServer.reason.plain)\n"
            if let rollout = change.rollout { out += "          rollout: \(rollout.plain)\n" }
            if let acceptance = change.acceptance { out += "          \(acceptance.phrase)\n" }
        }
        for finding in judgement.versionFindings {
            let accepted = finding.isAccepted
            out +=
                "\n\(Self.label(finding.severity, accepted: accepted)) \(finding.rule) \(finding.file): \(finding.location.plain)\n"
            out +=
                "          \(finding.problem.plain) (\(ContractSummary.count(finding.breakingChanges, "breaking change")))\n"
            if let acceptance = finding.acceptance { out += "          \(acceptance.phrase)\n" }
        }
        return out
    }

    /// A finding's first word on a terminal: its severity, or `accepted`.
    private static func label(_ severity: DiffSeverity, accepted: Bool) -> String {
        (accepted ? "accepted" : severity.rawValue).padding(toLength: 9, withPad: " ", startingAt: 0)
    }

    // MARK: Markdown

    /// A pull-request comment: the check's outcome and the verdict, the errors and warnings in tables, the accepted
    /// findings with their reasons, the rest folded away.
    package func markdown() -> String {
        var out = "### schemagen diff\n\n"
        guard !changes.isEmpty else { return out + "✅ **No changes** to the contracts.\n" }
        let failOn = judgement.policy.failOn.map { "`--fail-on \($0.rawValue)`" } ?? "`--fail-on never`"
        let quiet = changes.allSatisfy { !$0.isAccepted && $0.judgedSeverity == .info }
        out +=
            "\(fails ? "❌" : quiet ? "✅" : "⚠️") **Check \(fails ? "fails" : "passes")** at \(failOn): \(severityCounts).\n\n"
        if hasBreakingChanges {
            out +=
                "**\(ContractSummary.count(breaking.count, "breaking change"))**: apps or servers running the other version of the contract will fail. "
                + "\(degrading.count) degrading, \(safe.count) safe.\n"
        } else if !degrading.isEmpty {
            out +=
                "**No breaking changes, \(degrading.count) degrading**: \(ContractSummary.count(changes.count, "change")), \(safe.count) safe.\n"
        } else {
            out +=
                "**No breaking changes**: \(ContractSummary.count(changes.count, "change")), \(degrading.count) degrading, \(safe.count) safe.\n"
        }
        out += "\n" + skewLine.prefix(1).uppercased() + skewLine.dropFirst() + ".\n"
        for note in notes + policyNotes { out += "\n> **Note:** \(MarkdownSyntax.paragraph(note.markdown))\n" }
        for finding in judgement.versionFindings where !finding.isAccepted {
            out +=
                "\n\(finding.severity.symbol) **\(finding.rule)** \(code(finding.file).markdown) \(finding.location.markdown): "
                + "\(MarkdownSyntax.paragraph(finding.problem.markdown)) (\(ContractSummary.count(finding.breakingChanges, "breaking change"))).\(finding.acceptance.map { " " + $0.phrase + "." } ?? "")\n"
        }
        let open = ordered.filter { !$0.isAccepted }
        // Errors and warnings stay in view; info is folded away.
        let inView = open.filter { $0.judgedSeverity > .info }
        if !inView.isEmpty { out += "\n" + table(inView) }
        let accepted = ordered.filter(\.isAccepted)
        let acceptedVersions = judgement.versionFindings.filter(\.isAccepted)
        if !accepted.isEmpty || !acceptedVersions.isEmpty {
            let sources = (accepted.compactMap(\.acceptance) + acceptedVersions.compactMap(\.acceptance)).compactMap(
                \.source)
            out += "\n**Accepted** (\(Self.acceptancesPlace(sources))):\n\n"
            for finding in acceptedVersions {
                out +=
                    "- **\(finding.rule)** \(finding.location.markdown): \(MarkdownSyntax.paragraph(finding.problem.markdown)); \(MarkdownSyntax.paragraph(finding.acceptance?.phrase ?? ""))\n"
            }
            if !accepted.isEmpty { out += (acceptedVersions.isEmpty ? "" : "\n") + table(accepted) }
        }
        let info = open.filter { $0.judgedSeverity == .info }
        if !info.isEmpty {
            out +=
                "\n<details><summary>\(ContractSummary.count(info.count, "change")) of severity info</summary>\n\n"
                + table(info) + "\n</details>\n"
        }
        out +=
            "\nOld app, new server: apps already in users' hands once the server deploys this contract. "
            + "New app, old server: a new app release before the server deploys it. Rules: docs/compatibility.md.\n"
        return out
    }

    /// Where acceptances are written, for the reader who wants to see or remove them.
    /// Where the acceptances are written, from their sources (`schemagen.yaml:12`): the configuration file a reviewer
    /// opens to see or end them, `schemagen.yaml` (or what `--config` named), not assumed.
    package static func acceptancesPlace(_ sources: [String]) -> String {
        let files = Set(sources.map { String($0.prefix { $0 != ":" }) }).sorted()
        return "`diff.accept` in "
            + (files.isEmpty ? ["schemagen.yaml"] : files).map { "`\($0)`" }.joined(separator: ", ")
    }

    private func table(_ rows: [ContractChange]) -> String {
        var out = "| | Where | What changed | Old app, new server | New app, old server |\n|---|---|---|---|---|\n"
        for change in rows {
            let acceptance = change.acceptance.map { "<br>**" + MarkdownSyntax.cell($0.phrase) + "**" } ?? ""
            out +=
                "| \(change.judgedSeverity.symbol) | \(placeCell(change)) | \(MarkdownSyntax.cell(change.summary.markdown + Self.carried(change)))\(change.rollout.map { "<br>**Rollout:** " + MarkdownSyntax.cell($0.markdown) } ?? "")\(acceptance) | "
                + "\(Self.cell(change.oldAppNewServer)) | \(Self.cell(change.newAppOldServer)) |\n"
        }
        return out
    }

    /// The file and line, linked when the report knows where the new version is browsed (`linkBase`): a line of the
    /// new version opens there; one of the old version is named, not linked.
    private func placeCell(_ change: ContractChange) -> String {
        let place = code(change.fileAndLine).markdown
        let linked =
            if let linkBase, let line = change.line, change.lineIsInOldVersion != true {
                "[\(place)](\(linkBase.hasSuffix("/") ? linkBase : linkBase + "/")\(change.file)#L\(line))"
            } else {
                place
            }
        return linked + " " + MarkdownSyntax.cell(change.location.markdown)
    }

    /// The events that carry a changed type, on a line of their own in the cell.
    private static func carried(_ change: ContractChange) -> String {
        change.affectedEvents.map {
            "\n" + (change.type == nil ? "events: " : "carried by ") + $0.map(\.description).joined(separator: ", ")
        } ?? ""
    }

    private static func cell(_ assessment: Assessment) -> String {
        let verdict = assessment.verdict == .safe ? "safe" : "**\(assessment.verdict.rawValue)**"
        return MarkdownSyntax.cell("\(verdict): \(assessment.reason.markdown)")
    }

    // MARK: JSON

    /// The stable shape documented in docs/compatibility.md (format `schemagen-diff`, version 1).
    package func json() -> String {
        struct Document: Encodable {
            package var format = "schemagen-diff"
            package var version = 1
            package var verdict: String
            package var summary: [String: Int]
            package var skews: [String: [String: Int]]
            package var notes: [ChangePhrase]?
            package var check: Check
            package var versionFindings: [DiffJudgement.VersionFinding]?
            package var unusedAcceptances: [DiffAcceptance]?
            package var changes: [ContractChange]
        }
        struct Check: Encodable {
            package var failOn: String
            package var fails: Bool
            package var counts: [String: Int]
        }
        let counts = skewCounts
        let document = Document(
            verdict: verdict,
            summary: ["breaking": breaking.count, "degrading": degrading.count, "safe": safe.count],
            skews: [
                "oldAppNewServer": [
                    "breaks": counts.oldAppNewServer.breaks, "degrades": counts.oldAppNewServer.degrades,
                ],
                "newAppOldServer": [
                    "breaks": counts.newAppOldServer.breaks, "degrades": counts.newAppOldServer.degrades,
                ],
            ],
            notes: notes.isEmpty ? nil : notes,
            check: Check(
                failOn: judgement.policy.failOn?.rawValue ?? "never", fails: fails, counts: severityCountsByName),
            versionFindings: judgement.versionFindings.isEmpty ? nil : judgement.versionFindings,
            unusedAcceptances: judgement.unusedAcceptances.isEmpty ? nil : judgement.unusedAcceptances,
            changes: changes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }
}

extension DiffSeverity {
    package var symbol: String {
        switch self {
        case .info: "ℹ️"
        case .warning: "⚠️"
        case .error: "❌"
        }
    }
}

extension Verdict {
    package var label: String {
        switch self {
        case .safe: "safe"
        case .degrades: "DEGRADES"
        case .breaks: "BREAKING"
        }
    }

    package var symbol: String {
        switch self {
        case .safe: "✅"
        case .degrades: "⚠️"
        case .breaks: "❌"
        }
    }
}
