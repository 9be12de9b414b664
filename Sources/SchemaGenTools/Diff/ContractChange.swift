import SchemaGenContract
import SchemaGenGenerator
/// One difference between two versions of a contract, with what it does to each version skew.
package struct ContractChange: Hashable, Sendable, Codable {
    package var kind: ChangeKind
    /// The contract's name (its Swift namespace).
    package var contract: String
    /// The contract file, as named on the command line.
    package var file: String
    /// Where: the channel, the event, the named type, and the field path inside it (all `nil`/empty when not relevant).
    package var channel: String?
    package var event: String?
    package var type: String?
    package var path: [String]
    /// What changed, in a phrase whose quoted names are data: "required field `timestamp: Date` removed".
    package var summary: ChangePhrase
    /// Which way the affected messages travel.
    package var flows: [Flow]
    /// For a change to a named type: the events that carry it (in the old or the new contract), with their flows; for
    /// a deleted contract, the events it had; `nil` otherwise, and for a type no event carries.
    package var affectedEvents: [AffectedEvent]? = nil
    /// Apps already in users' hands, with the server on the new contract.
    package var oldAppNewServer: Assessment
    /// A new app, with the server still on the old contract.
    package var newAppOldServer: Assessment
    /// The line of the contract file where the change is: in the new version, or for what was removed in the old one
    /// (`lineIsInOldVersion`); `nil` when the change is to the whole contract.
    package var line: Int? = nil
    package var lineIsInOldVersion: Bool? = nil
    /// The old version's file, when a line of it is reported and it is another file than ``file`` (two files
    /// compared: `schemagen diff old.yaml new.yaml`).
    package var oldFile: String? = nil
    /// For a breaking change: the safe rollout, in one line (``CompatibilityRules/rollout(_:oldAppNewServer:newAppOldServer:)``).
    package var rollout: ChangePhrase? = nil
    /// How much it matters to the team, once a ``DiffPolicy`` judged it (``DiffReport/judge(by:today:versions:)``).
    package var severity: DiffSeverity? = nil
    /// The configuration's acceptance that names it, in force or expired.
    package var acceptance: AppliedAcceptance? = nil

    /// Whether either skew breaks.
    package var isBreaking: Bool { worst == .breaks }

    package var worst: Verdict { max(oldAppNewServer.verdict, newAppOldServer.verdict) }

    /// `schemas/zikr.yaml:42`, or the file alone; a line of the old version says so.
    package var fileAndLine: String {
        guard let line else { return file }
        guard lineIsInOldVersion == true else { return "\(file):\(line)" }
        return "\(oldFile ?? file):\(line) (old)"
    }

    /// `channel driver › event job-removed › reason`, for reports.
    package var location: ChangePhrase {
        var parts: [ChangePhrase] = []
        if let channel { parts.append("channel \(code: channel)") }
        if let event { parts.append("event \(code: event)") }
        if let type { parts.append("type \(code: type)") }
        if !path.isEmpty { parts.append(code(path.joined(separator: "."))) }
        return parts.isEmpty ? "contract" : parts.dropFirst().reduce(parts[0]) { $0 + " › " + $1 }
    }
}

/// An event that carries a changed type, and which ways it travels.
package struct AffectedEvent: Hashable, Sendable, Codable, Comparable {
    package var channel: String?
    package var event: String
    package var flows: [Flow]

    package init(channel: String?, event: String, flows: [Flow]) {
        self.channel = channel
        self.event = event
        self.flows = flows
    }

    /// `event `x` (server-to-client)`, with its channel when it has one.
    package var description: String { phrase.markdown }

    /// The same, as a phrase.
    package var phrase: ChangePhrase {
        let channelPart: ChangePhrase = channel.map { "channel \(code: $0) › " } ?? ""
        return channelPart + "event \(code: event) (\(flows.map(\.rawValue).joined(separator: ", ")))"
    }

    package static func < (lhs: AffectedEvent, rhs: AffectedEvent) -> Bool {
        (lhs.channel ?? "", lhs.event) < (rhs.channel ?? "", rhs.event)
    }
}
