import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator
/// Compares two versions of one contract. Events match by channel and wire name, types by name, fields by
/// wire key; a renamed wire key is a removal and an addition. Verdicts come from ``CompatibilityRules``.
package struct ContractDiffer: Sendable {
    package let old: Contract
    package let new: Contract
    package let file: String

    package init(old: Contract, new: Contract, file: String) {
        self.old = old
        self.new = new
        self.file = file
    }

    /// Where a change sits, built up while walking.
    package struct Place {
        package var channel: String?
        package var event: String?
        package var type: String?
        package var path: [String] = []

        package func appending(_ component: String) -> Place {
            var copy = self
            copy.path.append(component)
            return copy
        }
    }

    package func changes() -> [ContractChange] {
        var recorder = Recorder(contract: new.name, file: file)
        recorder.carriers = TypeUsage(old).carriers.merging(TypeUsage(new).carriers) { Array(Set($0 + $1)).sorted() }
        recorder.renamedTypes = renamedTypes()
        compareContracts(&recorder)
        compareTypes(&recorder)
        compareScope(old.events, new.events, place: Place(), &recorder)
        compareChannels(&recorder)
        let (inNew, inOld) = (ChangeLocator(contract: new), ChangeLocator(contract: old))
        return recorder.changes.map { change in
            var located = change
            // What was removed is found in the old version; anything else in the new one, else the old.
            let removed =
                change.kind.isRemoval || (change.kind == .swiftAPI && change.summary.plain.hasSuffix("removed"))
            let newLine = removed ? nil : inNew.line(of: change)
            located.line = newLine ?? inOld.line(of: change)
            if located.line != nil { located.lineIsInOldVersion = newLine == nil }
            return located
        }
    }

    package struct Recorder {
        package let contract: String
        package let file: String
        /// The events that carry each named type, in either version.
        package var carriers: [String: [AffectedEvent]] = [:]
        /// Types only the old version has, by the name of the type of the same shape only the new one has.
        package var renamedTypes: [String: String] = [:]
        package var changes: [ContractChange] = []

        /// `subject` and `unknownToApps` are ``CompatibilityRules/assess(_:flow:skew:subject:unknownToApps:)``'s.
        package mutating func record(
            _ kind: ChangeKind, _ summary: ChangePhrase, at place: Place, flows: Set<Flow>, subject: String? = nil,
            unknownToApps: Bool = false
        ) {
            // A change to a type no event carries reaches no message: only code that names the type sees it.
            if flows.isEmpty, let type = place.type, place.event == nil {
                let unused = Assessment(verdict: .safe, reason: "no event carries type \(code: type) in both versions")
                changes.append(
                    ContractChange(
                        kind: kind, contract: contract, file: file, channel: place.channel, event: nil, type: type,
                        path: place.path,
                        summary: summary, flows: [], oldAppNewServer: unused, newAppOldServer: unused))
                return
            }
            // Any other change no message carries (the contract's namespace, say) is judged as if it travelled both ways.
            let effective = flows.isEmpty ? Set(Flow.allCases) : flows
            func worst(_ skew: Skew) -> Assessment {
                let assess = { (flow: Flow) in
                    CompatibilityRules.assess(
                        kind, flow: flow, skew: skew, subject: subject, unknownToApps: unknownToApps)
                }
                return effective.sorted { $0.rawValue < $1.rawValue }.map(assess).max { $0.verdict < $1.verdict }
                    ?? assess(.serverToClient)
            }
            var change = ContractChange(
                kind: kind, contract: contract, file: file, channel: place.channel, event: place.event,
                type: place.type, path: place.path, summary: summary,
                flows: effective.sorted { $0.rawValue < $1.rawValue },
                oldAppNewServer: worst(.oldAppNewServer), newAppOldServer: worst(.newAppOldServer))
            if place.event == nil, let type = place.type, let carried = carriers[type] {
                change.affectedEvents = carried
            }
            change.rollout = CompatibilityRules.rollout(
                kind, oldAppNewServer: change.oldAppNewServer.verdict, newAppOldServer: change.newAppOldServer.verdict)
            changes.append(change)
        }
    }
}
