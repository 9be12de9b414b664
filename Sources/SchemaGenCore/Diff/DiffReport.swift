import Foundation

/// Everything `schemagen diff` found, and how to present it: to a terminal, in a pull-request comment, to a bot.
public struct DiffReport: Sendable {
    public var changes: [ContractChange]
    /// Where the new version's files are browsed, for links in Markdown
    /// (`https://github.com/org/repo/blob/<head sha>`); `nil` for plain `file:line`.
    public var linkBase: String?
    /// What the reader must know about how the comparison was made (a base version that could not be read).
    public var notes: [ChangePhrase] = []

    public init(changes: [ContractChange], linkBase: String? = nil) {
        self.changes = changes
        self.linkBase = linkBase
    }

    public var breaking: [ContractChange] { changes.filter(\.isBreaking) }
    public var degrading: [ContractChange] { changes.filter { $0.worst == .degrades } }
    public var safe: [ContractChange] { changes.filter { $0.worst == .safe } }
    public var hasBreakingChanges: Bool { !breaking.isEmpty }

    /// `unchanged`, `compatible` or `breaking`.
    public var verdict: String {
        changes.isEmpty ? "unchanged" : hasBreakingChanges ? "breaking" : "compatible"
    }

    /// The changes that break first, then those that degrade, then the safe ones; otherwise in contract order.
    var ordered: [ContractChange] { breaking + degrading + safe }

    /// One line, for the top of every format.
    public var headline: String {
        if changes.isEmpty { return "No changes." }
        let counts =
            "\(ContractSummary.count(changes.count, "change")): \(breaking.count) breaking, \(degrading.count) degrading, \(safe.count) safe"
        return hasBreakingChanges ? "Breaking: \(counts)." : "No breaking changes (\(counts))."
    }

    /// How many changes break (and degrade) each version skew: what decides the order of deploys.
    public var skewCounts:
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
    var skewLine: String {
        let counts = skewCounts
        func words(_ pair: (breaks: Int, degrades: Int)) -> String {
            "\(pair.breaks) \(pair.breaks == 1 ? "breaks" : "break"), \(pair.degrades) \(pair.degrades == 1 ? "degrades" : "degrade")"
        }
        return
            "old apps on the new server: \(words(counts.oldAppNewServer)); new apps on the old server: \(words(counts.newAppOldServer))"
    }

    // MARK: Terminal

    public func text() -> String {
        var out = "schemagen diff: \(headline)\n"
        if !changes.isEmpty { out += "  \(skewLine)\n" }
        for note in notes { out += "  note: \(note.plain)\n" }
        for change in ordered {
            out +=
                "\n\(change.worst.label.padding(toLength: 9, withPad: " ", startingAt: 0)) \(change.fileAndLine): \(change.location.plain)\n"
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
        }
        return out
    }

    // MARK: Markdown

    /// A pull-request comment: the verdict, the breaking changes in a table, the rest folded away.
    public func markdown() -> String {
        var out = "### schemagen diff\n\n"
        guard !changes.isEmpty else { return out + "✅ **No changes** to the contracts.\n" }
        if hasBreakingChanges {
            out +=
                "❌ **\(ContractSummary.count(breaking.count, "breaking change"))**: apps or servers running the other version of the contract will fail. "
                + "\(degrading.count) degrading, \(safe.count) safe.\n"
        } else if !degrading.isEmpty {
            out +=
                "⚠️ **No breaking changes, \(degrading.count) degrading**: \(ContractSummary.count(changes.count, "change")), \(safe.count) safe.\n"
        } else {
            out +=
                "✅ **No breaking changes**: \(ContractSummary.count(changes.count, "change")), \(degrading.count) degrading, \(safe.count) safe.\n"
        }
        out += "\n" + skewLine.prefix(1).uppercased() + skewLine.dropFirst() + ".\n"
        for note in notes { out += "\n> **Note:** \(MarkdownSyntax.paragraph(note.markdown))\n" }
        if hasBreakingChanges {
            out += "\n" + table(breaking)
        }
        // Degrading changes stay in view: nothing fails, but a feature does not work across the skew.
        if !degrading.isEmpty {
            out += "\n" + table(degrading)
        }
        if !safe.isEmpty {
            out +=
                "\n<details><summary>\(ContractSummary.count(safe.count, "safe change"))</summary>\n\n" + table(safe)
                + "\n</details>\n"
        }
        out +=
            "\nOld app, new server: apps already in users' hands once the server deploys this contract. "
            + "New app, old server: a new app release before the server deploys it. Rules: docs/compatibility.md.\n"
        return out
    }

    private func table(_ rows: [ContractChange]) -> String {
        var out = "| | Where | What changed | Old app, new server | New app, old server |\n|---|---|---|---|---|\n"
        for change in rows {
            out +=
                "| \(change.worst.symbol) | \(placeCell(change)) | \(MarkdownSyntax.cell(change.summary.markdown + Self.carried(change)))\(change.rollout.map { "<br>**Rollout:** " + MarkdownSyntax.cell($0.markdown) } ?? "") | "
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
    public func json() -> String {
        struct Document: Encodable {
            var format = "schemagen-diff"
            var version = 1
            var verdict: String
            var summary: [String: Int]
            var skews: [String: [String: Int]]
            var notes: [ChangePhrase]?
            var changes: [ContractChange]
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
            changes: changes)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }
}

extension Verdict {
    var label: String {
        switch self {
        case .safe: "safe"
        case .degrades: "DEGRADES"
        case .breaks: "BREAKING"
        }
    }

    var symbol: String {
        switch self {
        case .safe: "✅"
        case .degrades: "⚠️"
        case .breaks: "❌"
        }
    }
}
