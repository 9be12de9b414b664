import SchemaGenRuntime
/// Compares two versions of one contract. Events match by channel and wire name, types by name, fields by
/// wire key; a renamed wire key is a removal and an addition. Verdicts come from ``CompatibilityRules``.
public struct ContractDiffer: Sendable {
    let old: Contract
    let new: Contract
    let file: String

    public init(old: Contract, new: Contract, file: String) {
        self.old = old
        self.new = new
        self.file = file
    }

    /// Where a change sits, built up while walking.
    struct Place {
        var channel: String?
        var event: String?
        var type: String?
        var path: [String] = []

        func appending(_ component: String) -> Place {
            var copy = self
            copy.path.append(component)
            return copy
        }
    }

    public func changes() -> [ContractChange] {
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
            let removed = change.kind.isRemoval || (change.kind == .swiftAPI && change.summary.hasSuffix("removed"))
            let newLine = removed ? nil : inNew.line(of: change)
            located.line = newLine ?? inOld.line(of: change)
            if located.line != nil { located.lineIsInOldVersion = newLine == nil }
            return located
        }
    }

    struct Recorder {
        let contract: String
        let file: String
        /// The events that carry each named type, in either version.
        var carriers: [String: [AffectedEvent]] = [:]
        /// Types only the old version has, by the name of the type of the same shape only the new one has.
        var renamedTypes: [String: String] = [:]
        var changes: [ContractChange] = []

        /// `subject` and `unknownToApps` are ``CompatibilityRules/assess(_:flow:skew:subject:unknownToApps:)``'s.
        mutating func record(_ kind: ChangeKind, _ summary: String, at place: Place, flows: Set<Flow>, subject: String? = nil,
                             unknownToApps: Bool = false) {
            // A change to a type no event carries reaches no message: only code that names the type sees it.
            if flows.isEmpty, let type = place.type, place.event == nil {
                let unused = Assessment(verdict: .safe, reason: "no event carries type \(code(type)) in both versions")
                changes.append(ContractChange(kind: kind, contract: contract, file: file, channel: place.channel, event: nil, type: type, path: place.path,
                                              summary: summary, flows: [], oldAppNewServer: unused, newAppOldServer: unused))
                return
            }
            // Any other change no message carries (the contract's namespace, say) is judged as if it travelled both ways.
            let effective = flows.isEmpty ? Set(Flow.allCases) : flows
            func worst(_ skew: Skew) -> Assessment {
                let assess = { (flow: Flow) in CompatibilityRules.assess(kind, flow: flow, skew: skew, subject: subject, unknownToApps: unknownToApps) }
                return effective.sorted { $0.rawValue < $1.rawValue }.map(assess).max { $0.verdict < $1.verdict } ?? assess(.serverToClient)
            }
            var change = ContractChange(kind: kind, contract: contract, file: file, channel: place.channel, event: place.event,
                                        type: place.type, path: place.path, summary: summary,
                                        flows: effective.sorted { $0.rawValue < $1.rawValue },
                                        oldAppNewServer: worst(.oldAppNewServer), newAppOldServer: worst(.newAppOldServer))
            if place.event == nil, let type = place.type, let carried = carriers[type] { change.affectedEvents = carried }
            change.rollout = CompatibilityRules.rollout(kind, oldAppNewServer: change.oldAppNewServer.verdict, newAppOldServer: change.newAppOldServer.verdict)
            changes.append(change)
        }
    }

    // MARK: Contract level

    private func compareContracts(_ recorder: inout Recorder) {
        let all = Set(Flow.allCases)
        if old.name != new.name {
            recorder.record(.swiftAPI, "namespace renamed from \(code(old.name)) to \(code(new.name))", at: Place(), flows: all)
        }
        if old.title != new.title || old.description != new.description {
            recorder.record(.documentation, "title or description changed", at: Place(), flows: all)
        }
        if old.version != new.version {
            recorder.record(.documentation, "API version \(new.version.map(code) ?? "removed") (was \(old.version.map(code) ?? "none"))", at: Place(), flows: all)
        }
        if let before = old.framing.shapes, let after = new.framing.shapes {
            compareShapes(before, after, &recorder)
        } else if case .envelope(var before) = old.framing, case .envelope(var after) = new.framing, before.fields != after.fields {
            // The envelope's fields are fields of every frame, both ways: compared as fields, apart from how frames
            // are laid out.
            let flows = Set(new.allEvents.flatMap { Flow.of($0.event.direction) } + old.allEvents.flatMap { Flow.of($0.event.direction) })
            compareFields(before.fields, after.fields, place: Place().appending("(envelope)"), flows: flows, &recorder)
            (before.fields, after.fields) = ([], [])
            if before != after {
                recorder.record(.framingChanged, "framing changed from \(old.framing.summary) to \(new.framing.summary)", at: Place(), flows: all)
            }
        } else if old.framing != new.framing {
            recorder.record(.framingChanged, "framing changed from \(old.framing.summary) to \(new.framing.summary)", at: Place(), flows: all)
        }
        if old.namespace != new.namespace {
            // The root scope's namespace is its address: where every event outside channels travels.
            recorder.record(.channelAddressChanged, "the namespace of the events outside channels changed from \(code(old.rootNamespace)) to \(code(new.rootNamespace))",
                            at: Place(), flows: all)
        }
        if old.separator != new.separator {
            func messages(_ separator: FrameSeparator?) -> String {
                switch separator {
                case .newline?: "several to a message, one per line"
                case .recordSeparator?: "each ending with 0x1E, several to a message"
                case nil: "one to a message"
                }
            }
            recorder.record(.framingChanged, "frames travel \(messages(new.separator)) (was \(messages(old.separator)))", at: Place(), flows: all)
        }
        // A contract without dates read by its `dates:` (none, or each with its own encoding) is not changed by it.
        if old.dateEncoding != new.dateEncoding, !old.readsDatesWithItsEncoding, !new.readsDatesWithItsEncoding {
            recorder.record(.documentation, "dates changed from \(code(old.dateEncoding.rawValue)) to \(code(new.dateEncoding.rawValue)), which no field reads",
                            at: Place(), flows: all)
        } else if old.dateEncoding != new.dateEncoding {
            let isoVariants: Set<DateEncoding> = [.iso8601, .iso8601Fractional]
            let kind: ChangeKind = isoVariants.contains(old.dateEncoding) && isoVariants.contains(new.dateEncoding) ? .dateEncodingVariant : .dateEncodingChanged
            recorder.record(kind, "dates changed from \(code(old.dateEncoding.rawValue)) to \(code(new.dateEncoding.rawValue))", at: Place(), flows: all)
        }
    }

    /// Frame shapes by name: a shape added, removed, moved or read differently changes which frames reach which
    /// events; its envelope fields compare as fields.
    private func compareShapes(_ before: [ShapeDeclaration], _ after: [ShapeDeclaration], _ recorder: inout Recorder) {
        let all = Set(Flow.allCases)
        for shape in before where !after.contains(where: { $0.name == shape.name }) {
            recorder.record(.framingChanged, "frame shape \(code(shape.name)) removed", at: Place().appending("(frame \(shape.name))"), flows: all)
        }
        for shape in after {
            let place = Place().appending("(frame \(shape.name))")
            guard let previous = before.first(where: { $0.name == shape.name }) else {
                recorder.record(.framingChanged, "frame shape \(code(shape.name)) added", at: place, flows: all)
                continue
            }
            if previous.shape.withoutFields != shape.shape.withoutFields {
                recorder.record(.framingChanged, "frame shape \(code(shape.name)) reads frames differently (its constants, name, payload or channel)",
                                at: place, flows: all)
            }
            compareFields(previous.fields, shape.fields, place: place, flows: all, &recorder)
        }
        let commonBefore = before.map(\.name).filter { name in after.contains { $0.name == name } }
        let commonAfter = after.map(\.name).filter { name in before.contains { $0.name == name } }
        if commonBefore != commonAfter {
            recorder.record(.framingChanged, "frame shapes tried in another order: \(commonAfter.joined(separator: ", ")) (was \(commonBefore.joined(separator: ", ")))",
                            at: Place(), flows: all)
        }
    }

    /// Where an event sits among frame shapes, in words: "`10` in frame shape `opcode`".
    private func placement(_ event: Event, in contract: Contract) -> String? {
        guard let shapes = contract.framing.shapes, let index = event.shapeIndex else { return nil }
        return (event.wireValue.map { "\(code($0.description)) in " } ?? "") + "frame shape \(code(shapes[index].name))"
    }

    // MARK: Named types

    /// Pairs each type only the old version has with the first type of the same shape only the new one has: a
    /// rename, reported once rather than as a removal, an addition and a replacement at every use.
    private func renamedTypes() -> [String: String] {
        var added = new.types.map(\.name).filter { old.type(named: $0) == nil }
        var renamed: [String: String] = [:]
        let shapes = ShapeComparison(old: old, new: new)
        for type in old.types where new.type(named: type.name) == nil {
            guard let index = added.firstIndex(where: { shapes.sameShape(.named(type.name), .named($0)) }) else { continue }
            renamed[type.name] = added.remove(at: index)
        }
        return renamed
    }

    private func compareTypes(_ recorder: inout Recorder) {
        let (oldUsage, newUsage) = (TypeUsage(old), TypeUsage(new))
        let usage = TypeUsage.sharedFlows(old: oldUsage, new: newUsage)
        let renamedTo = Dictionary(uniqueKeysWithValues: recorder.renamedTypes.map { ($1, $0) })
        for type in old.types where new.type(named: type.name) == nil && recorder.renamedTypes[type.name] == nil {
            recorder.record(.swiftAPI, "type \(code(type.name)) removed", at: Place(type: type.name), flows: usage[type.name] ?? [])
        }
        for after in new.types {
            let flows = usage[after.name] ?? []
            let place = Place(type: after.name)
            if let previous = renamedTo[after.name] {
                let carried = (oldUsage.flows[previous] ?? []).union(newUsage.flows[after.name] ?? [])
                recorder.record(.swiftAPI, "type \(code(previous)) renamed to \(code(after.name)), which has the same shape", at: place, flows: carried)
                continue
            }
            guard let before = old.type(named: after.name) else {
                recorder.record(.swiftAPI, "type \(code(after.name)) added", at: place, flows: flows)
                continue
            }
            if before.description != after.description || before.deprecation != after.deprecation {
                recorder.record(.documentation, "description or deprecation of type \(code(after.name)) changed", at: place, flows: flows)
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
                recorder.record(.typeChanged, "type \(code(after.name)) changed between a struct, an enum, a tuple, a union and flags", at: place, flows: flows)
            }
        }
    }

    private func compareEnum(_ before: EnumType, _ after: EnumType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        // `[0, 1]` and `["0", "1"]` list the same texts, but one is read as numbers and the other as strings.
        guard before.rawType == after.rawType else {
            let describe = { (type: EnumType.RawType) in type == .integer ? "whole numbers" : "strings" }
            recorder.record(.typeChanged, "values changed from \(describe(before.rawType)) to \(describe(after.rawType))", at: place, flows: flows)
            return
        }
        matchByKey(before.cases, after.cases, key: \.wireValue, removed: { value in
            recorder.record(.enumValueRemoved, "value \(code(value.wireValue)) removed", at: place, flows: flows)
        }, added: { value in
            recorder.record(.enumValueAdded, "value \(code(value.wireValue)) added", at: place, flows: flows)
        }, common: { previous, value in
            if previous.swiftName != value.swiftName {
                recorder.record(.swiftAPI, "Swift case of \(code(value.wireValue)) renamed from \(code(previous.swiftName)) to \(code(value.swiftName))", at: place, flows: flows)
            }
            if previous.description != value.description || previous.deprecation != value.deprecation {
                recorder.record(.documentation, "description or deprecation of value \(code(value.wireValue)) changed", at: place, flows: flows)
            }
        })
    }

    /// Pairs the items of two versions by `key`: each item only in `before` is `removed`, each only in `after`
    /// `added` (in `after`'s order), and the rest `common` as (before, after).
    private func matchByKey<Item, Key: Equatable>(_ before: [Item], _ after: [Item], key: (Item) -> Key, removed: (Item) -> Void,
                                                  added: (Item) -> Void, common: (Item, Item) -> Void) {
        for item in before where !after.contains(where: { key($0) == key(item) }) { removed(item) }
        for item in after {
            if let previous = before.first(where: { key($0) == key(item) }) { common(previous, item) } else { added(item) }
        }
    }

    /// Unions by kind compare members by JSON kind (a new kind is unreadable to an old decoder); unions by a
    /// field compare cases by tag, as enum values (an unknown tag decodes as `unknown`).
    private func compareUnion(_ before: UnionType, _ after: UnionType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        switch (before.selector, after.selector) {
        case (.kind, .kind):
            matchByKey(before.members, after.members, key: \.kind, removed: { member in
                recorder.record(.unionMemberRemoved, "member \(code(member.type.spelling)) (\(member.kind.article)) removed", at: place, flows: flows)
            }, added: { member in
                recorder.record(.unionMemberAdded, "member \(code(member.type.spelling)) (\(member.kind.article)) added", at: place, flows: flows)
            }, common: { previous, member in
                compareMember(previous, member, label: "the \(member.kind.rawValue) member", place: place.appending("(\(member.kind.rawValue))"), flows: flows, &recorder)
            })
        case let (.field(beforeKey, beforeType), .field(afterKey, afterType)):
            guard beforeKey == afterKey, beforeType == afterType else {
                recorder.record(.typeChanged, "union now told apart by \(code(afterKey)) (was \(code(beforeKey)))", at: place, flows: flows)
                return
            }
            matchByKey(before.members, after.members, key: \.tag, removed: { member in
                recorder.record(.enumValueRemoved, "case \(code(member.tag ?? "")) removed", at: place, flows: flows)
            }, added: { member in
                recorder.record(.enumValueAdded, "case \(code(member.tag ?? "")) added", at: place, flows: flows)
            }, common: { previous, member in
                compareMember(previous, member, label: "\(code(member.tag ?? ""))", place: place.appending("(\(member.tag ?? ""))"), flows: flows, &recorder)
            })
            switch (before.fallback, after.fallback) {
            case let (previous?, member?):
                compareMember(previous, member, label: "the fallback", place: place.appending("(fallback)"), flows: flows, &recorder)
            case (nil, let member?):
                recorder.record(.typeChanged, "tags no case lists now read as \(code(member.type.spelling)) (were kept as unknown)", at: place, flows: flows)
            case (let previous?, nil):
                recorder.record(.typeChanged, "tags no case lists now kept as unknown (were read as \(code(previous.type.spelling)))", at: place, flows: flows)
            case (nil, nil):
                break
            }
        default:
            recorder.record(.typeChanged, "union now told apart \(after.selector == .kind ? "by JSON kind" : "by a field") (was the other way)", at: place, flows: flows)
        }
    }

    private func compareMember(_ previous: UnionMember, _ member: UnionMember, label: String, place: Place, flows: Set<Flow>,
                               _ recorder: inout Recorder) {
        compareType(previous.type, member.type, place: place, flows: flows, &recorder)
        if previous.swiftName != member.swiftName {
            recorder.record(.swiftAPI, "Swift case of \(label) renamed from \(code(previous.swiftName)) to \(code(member.swiftName))", at: place, flows: flows)
        }
    }

    /// Flags are bits: a name moved to another bit changes what every value means; added and removed bits
    /// are kept by generated `OptionSet`s either way.
    private func compareFlags(_ before: FlagsType, _ after: FlagsType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        matchByKey(before.flags, after.flags, key: \.wireName, removed: { flag in
            recorder.record(.flagRemoved, "flag \(code(flag.wireName)) (bit \(flag.bit)) removed", at: place, flows: flows)
        }, added: { flag in
            recorder.record(.flagAdded, "flag \(code(flag.wireName)) (bit \(flag.bit)) added", at: place, flows: flows)
        }, common: { previous, flag in
            if previous.bit != flag.bit {
                recorder.record(.typeChanged, "flag \(code(flag.wireName)) moved from bit \(previous.bit) to bit \(flag.bit)", at: place, flows: flows)
            }
            if previous.swiftName != flag.swiftName {
                recorder.record(.swiftAPI, "Swift name of flag \(code(flag.wireName)) changed from \(code(previous.swiftName)) to \(code(flag.swiftName))", at: place, flows: flows)
            }
        })
    }

    // MARK: Events and channels

    private func compareChannels(_ recorder: inout Recorder) {
        for channel in old.channels where !new.channels.contains(where: { $0.name == channel.name }) {
            for event in channel.events {
                recordPresence(event, place: Place(channel: channel.name, event: event.wireName), added: false, &recorder)
            }
        }
        for after in new.channels {
            guard let before = old.channels.first(where: { $0.name == after.name }) else {
                for event in after.events {
                    recordPresence(event, place: Place(channel: after.name, event: event.wireName), added: true, &recorder)
                }
                continue
            }
            let place = Place(channel: after.name)
            let flows = Set((before.events + after.events).flatMap { Flow.of($0.direction) })
            if before.address.wireShape != after.address.wireShape {
                recorder.record(.channelAddressChanged, "address changed from \(code(before.address.raw)) to \(code(after.address.raw))", at: place, flows: flows)
            } else if before.address.raw != after.address.raw || before.parameters.map(\.swiftName) != after.parameters.map(\.swiftName)
                        || before.parameters.map(\.type) != after.parameters.map(\.type) || before.swiftName != after.swiftName {
                recorder.record(.swiftAPI, "channel parameters or Swift name changed (the address on the wire is the same)", at: place, flows: flows)
            }
            if before.description != after.description || before.deprecation != after.deprecation {
                recorder.record(.documentation, "description or deprecation of the channel changed", at: place, flows: flows)
            }
            compareScope(before.events, after.events, place: place, &recorder)
        }
    }

    private func compareScope(_ before: [Event], _ after: [Event], place: Place, _ recorder: inout Recorder) {
        let removed = before.filter { event in !after.contains { $0.wireName == event.wireName } }
        let added = after.filter { event in !before.contains { $0.wireName == event.wireName } }
        // A removed and an added event that travel the same ways with the same payload are likely one renamed.
        let comparison = ShapeComparison(old: old, new: new)
        func twin(of event: Event, among others: [Event], removing: Bool) -> Event? {
            let matches = others.filter { other in
                other.direction == event.direction && (event.payload == nil) == (other.payload == nil)
                    && (event.payload.map { mine in removing ? comparison.sameShape(mine, other.payload!) : comparison.sameShape(other.payload!, mine) } ?? true)
            }
            return matches.count == 1 ? matches[0] : nil
        }
        for event in removed {
            var here = place
            here.event = event.wireName
            recordPresence(event, place: here, added: false, renamed: twin(of: event, among: added, removing: true).map { "to \(code($0.wireName))" }, &recorder)
        }
        for event in after {
            var here = place
            here.event = event.wireName
            guard let previous = before.first(where: { $0.wireName == event.wireName }) else {
                recordPresence(event, place: here, added: true, renamed: twin(of: event, among: removed, removing: false).map { "from \(code($0.wireName))" },
                               &recorder)
                continue
            }
            let oldFlows = Flow.of(previous.direction), newFlows = Flow.of(event.direction)
            // "Also" only when it is still sent the way it was.
            let also = oldFlows.isDisjoint(with: newFlows) ? "" : "also "
            for flow in newFlows.subtracting(oldFlows) {
                recorder.record(.eventAdded, "now \(also)sent \(flow.rawValue)", at: here, flows: [flow])
            }
            for flow in oldFlows.subtracting(newFlows) {
                recorder.record(.eventRemoved, "no longer sent \(flow.rawValue)", at: here, flows: [flow])
            }
            let common = oldFlows.intersection(newFlows)
            if let was = placement(previous, in: old), let now = placement(event, in: new), was != now {
                recorder.record(.framingChanged, "now \(now) (was \(was))", at: here, flows: common)
            }
            if previous.swiftName != event.swiftName {
                recorder.record(.swiftAPI, "Swift name changed from \(code(previous.swiftName)) to \(code(event.swiftName))", at: here, flows: common)
            }
            if previous.description != event.description || previous.deprecation != event.deprecation {
                recorder.record(.documentation, event.deprecation != nil && previous.deprecation == nil ? "deprecated" : "description or deprecation changed",
                                at: here, flows: common)
            }
            compareRequests(previous, event, place: here, &recorder)
            guard !common.isEmpty else { continue }
            comparePayload(previous.payload, event.payload, place: here, flows: common, &recorder)
            compareFields(previous.envelopeFields, event.envelopeFields, place: here.appending("(envelope)"), flows: common, &recorder)
        }
    }

    /// What a call the app gives up now sends, against what it sent.
    private func cancelChange(_ before: ReplyDeclaration, _ after: ReplyDeclaration) -> String {
        func cancel(_ reply: ReplyDeclaration) -> String? {
            reply.cancel.map { "\(code($0)) with \(code(reply.cancelField ?? reply.match))" }
        }
        switch (cancel(before), cancel(after)) {
        case (nil, let now?): return "a call given up now sends \(now)"
        case (let was?, nil): return "a call given up no longer sends \(was)"
        case let (was, now): return "a call given up sends \(now ?? "nothing") (was \(was ?? "nothing"))"
        }
    }

    private func describe(_ ids: CorrelationIDs) -> String {
        switch ids {
        case .counter: "counted 1, 2, 3…"
        case .uuid: "random UUIDs"
        case .app: "given by the app"
        }
    }

    /// Replies, subscriptions and acknowledgements: judged by who waits, the requester, whatever way the answer flows.
    private func compareRequests(_ previous: Event, _ event: Event, place here: Place, _ recorder: inout Recorder) {
        // The request flows from its sender: the app's requests, or (a server-to-client `reply:`) the server's.
        let requests: Set<Flow> = event.direction == .serverToClient ? [.serverToClient] : [.clientToServer]
        switch (previous.reply, event.reply) {
        case (nil, let reply?):
            recorder.record(.replyAdded, "now a request answered by \(code(reply.event)), matched by \(code(reply.match))", at: here, flows: requests)
        case (let reply?, nil):
            recorder.record(.replyRemoved, "no longer a request answered by \(code(reply.event))", at: here, flows: requests)
        case let (before?, after?):
            if before.event != after.event || before.error != after.error {
                recorder.record(.replyChanged, "answered by \(code(after.event))\(after.error.map { " or \(code($0))" } ?? "") (was \(code(before.event))"
                                + "\(before.error.map { " or \(code($0))" } ?? ""))", at: here, flows: requests)
            }
            if before.match != after.match || before.answerMatch != after.answerMatch {
                recorder.record(.correlationChanged, "replies matched by \(code(after.match))\(after.replyMatch.map { " (\(code($0)) in the reply)" } ?? "") "
                                + "(was \(code(before.match))\(before.replyMatch.map { " (\(code($0)) in the reply)" } ?? ""))", at: here, flows: requests)
            }
            if before.cancel != after.cancel || before.cancelField != after.cancelField {
                recorder.record(.replyCancelChanged, cancelChange(before, after), at: here, flows: requests)
            }
            if before.type != after.type {
                recorder.record(.replyChanged, "replies hold \(after.type.map { code($0.spelling) } ?? "the reply's payload") (held "
                                + "\(before.type.map { code($0.spelling) } ?? "the reply's payload"))", at: here, flows: requests)
            }
            if before.ids != after.ids {
                recorder.record(.correlationValuesChanged, "correlation values are \(describe(after.ids)) (were \(describe(before.ids)))", at: here, flows: requests)
            }
        default:
            break
        }
        switch (previous.subscription, event.subscription) {
        case (nil, let subscription?):
            recorder.record(.subscriptionAdded, "now opens a subscription of \(code(subscription.event)) events, by \(code(subscription.match))", at: here,
                            flows: requests)
        case (let subscription?, nil):
            recorder.record(.subscriptionRemoved, "no longer opens a subscription of \(code(subscription.event)) events", at: here, flows: requests)
        case let (before?, after?):
            var before = before, after = after
            (before.location, after.location) = (after.location, after.location)
            if before != after {
                recorder.record(.subscriptionChanged, "the subscription's events, id, end or cancel changed (now \(code(after.event)) by \(code(after.match)))",
                                at: here, flows: requests)
            }
        default:
            break
        }
        let flows = Set(Flow.of(event.direction))
        switch (previous.ack, event.ack) {
        case (nil, let ack?):
            recorder.record(.ackAdded, "now acknowledged with \(code(ack.type.spelling))", at: here, flows: flows)
        case (let ack?, nil):
            recorder.record(.ackRemoved, "no longer acknowledged (was \(code(ack.type.spelling)))", at: here, flows: flows)
        case let (before?, after?) where before.type != after.type:
            recorder.record(.ackChanged, "acknowledged with \(code(after.type.spelling)) (was \(code(before.type.spelling)))", at: here, flows: flows)
        default:
            break
        }
    }

    /// An event added or removed is one finding, with every way it travels (a `both` event judged by its worse flow).
    /// `renamed` says which event it likely became, or came from (`to `x``).
    private func recordPresence(_ event: Event, place: Place, added: Bool, renamed: String? = nil, _ recorder: inout Recorder) {
        let flows = Flow.of(event.direction)
        let ways = flows.count > 1 ? "both ways" : flows.map(\.rawValue).joined()
        let rename = renamed.map { "; likely renamed \($0) (the same payload, the same way)" } ?? ""
        recorder.record(added ? .eventAdded : .eventRemoved, "event \(added ? "added" : "removed") (\(ways))\(rename)", at: place, flows: flows)
    }

    // MARK: Payloads and fields

    private func comparePayload(_ before: TypeRef?, _ after: TypeRef?, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        switch (before, after) {
        case (nil, nil): return
        case (nil, let added?): recorder.record(.payloadAdded, "payload \(code(added.spelling)) added", at: place, flows: flows)
        case (let removed?, nil): recorder.record(.payloadRemoved, "payload \(code(removed.spelling)) removed", at: place, flows: flows)
        case let (before?, after?):
            comparePresence(before, after, what: "payload", place: place, flows: flows, &recorder)
            compareType(before.valueType, after.valueType, place: place, flows: flows, &recorder)
        }
    }

    private func compareFields(_ before: [Field], _ after: [Field], place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        for field in before where !after.contains(where: { $0.wireName == field.wireName }) {
            // A field of pattern keys is empty when no key matches: never required.
            let required = !field.type.isOptional && field.keyPattern == nil
            recorder.record(required ? .fieldRemovedRequired : .fieldRemovedOptional,
                            "\(required ? "required" : "optional") field \(code("\(field.wireName): \(field.type.spelling)")) removed",
                            at: place.appending(field.wireName), flows: flows)
        }
        for field in after {
            let here = place.appending(field.wireName)
            guard let previous = before.first(where: { $0.wireName == field.wireName }) else {
                let required = !field.type.isOptional && field.keyPattern == nil
                recorder.record(required ? .fieldAddedRequired : .fieldAddedOptional,
                                "\(required ? "required" : "optional") field \(code("\(field.wireName): \(field.type.spelling)")) added", at: here, flows: flows)
                continue
            }
            comparePresence(previous.type, field.type, what: "field", place: here, flows: flows, &recorder)
            switch (previous.constant, field.constant) {
            case (nil, let added?):
                recorder.record(.constantAdded, "now always \(code(added.text))", at: here, flows: flows)
            case (let removed?, nil):
                recorder.record(.constantRemoved, "no longer always \(code(removed.text))", at: here, flows: flows)
            case let (before?, after?) where before != after:
                recorder.record(.constantChanged, "constant changed from \(code(before.text)) to \(code(after.text))", at: here, flows: flows)
            default:
                compareType(previous.type.valueType, field.type.valueType, place: here, flows: flows, &recorder)
                compareEncoding(previous.encoding, field.encoding, place: here, flows: flows, &recorder)
                if previous.keyPattern != field.keyPattern {
                    recorder.record(.typeChanged, "now reads the keys matching \(field.keyPattern.map { "\(code($0))" } ?? "no pattern") (was \(previous.keyPattern.map { "\(code($0))" } ?? "its own key"))",
                                    at: here, flows: flows)
                }
            }
            if previous.swiftName != field.swiftName {
                recorder.record(.swiftAPI, "Swift name changed from \(code(previous.swiftName)) to \(code(field.swiftName))", at: here, flows: flows)
            }
            if previous.description != field.description || previous.deprecation != field.deprecation {
                recorder.record(.documentation, field.deprecation != nil && previous.deprecation == nil ? "deprecated" : "description or deprecation changed",
                                at: here, flows: flows)
            }
        }
    }

    /// Tuples are read by position: a moved, added or retyped element changes what every later position means.
    private func compareTuple(_ before: TupleType, _ after: TupleType, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        let comparison = ShapeComparison(old: old, new: new)
        let sameShape = before.elements.count == after.elements.count && before.isVariadic == after.isVariadic
            && zip(before.elements, after.elements).allSatisfy { comparison.sameShape($0.type, $1.type) }
        if !sameShape {
            recorder.record(.typeChanged, "tuple elements changed from \(code(TypeRef.tuple(before).spelling)) to \(code(TypeRef.tuple(after).spelling))",
                            at: place, flows: flows)
        } else if before.elements.map(\.swiftName) != after.elements.map(\.swiftName) {
            recorder.record(.swiftAPI, "tuple elements renamed (the array on the wire is the same)", at: place, flows: flows)
        }
    }

    private func compareType(_ before: TypeRef, _ after: TypeRef, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        switch (before, after) {
        case let (.tuple(a), .tuple(b)):
            compareTuple(a, b, place: place, flows: flows, &recorder)
        case let (.named(a), .named(b)) where a == b:
            return // the type's own changes are reported once, where it is declared
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
        default:
            if before == after { return }
            if case .named(let a) = before, case .named(let b) = after, recorder.renamedTypes[a] == b {
                return // reported once, as the type's rename
            }
            if let relation = WireValues(old: old, new: new).relation(before, after) {
                recorder.record(relation.kind, "type changed from \(code(before.spelling)) to \(code(after.spelling))", at: place, flows: flows,
                                subject: relation.extraValues, unknownToApps: relation.unknownToApps)
                return
            }
            if ShapeComparison(old: old, new: new).sameShape(before, after) {
                recorder.record(.swiftAPI, "type \(code(before.spelling)) replaced by \(code(after.spelling)), which has the same shape", at: place, flows: flows)
            } else {
                recorder.record(.typeChanged, "type changed from \(code(before.spelling)) to \(code(after.spelling))", at: place, flows: flows)
            }
        }
    }

    /// Array elements and dictionary values: optionality inside a collection changes what a decoder accepts too.
    /// Elements are never absent, so `[T?]` and `[T | null]` both mean elements that may be null.
    private func compareElement(_ before: TypeRef, _ after: TypeRef, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        switch (before.isSwiftOptional, after.isSwiftOptional) {
        case (false, true): recorder.record(.fieldMadeNullable, "elements may now be null", at: place, flows: flows)
        case (true, false): recorder.record(.fieldMadeNonNullable, "elements may no longer be null", at: place, flows: flows)
        default: break
        }
        compareType(before.valueType, after.valueType, place: place, flows: flows, &recorder)
    }

    /// Whether a value may be absent (`T?`, `(T | null)?`) and whether it may be `null` while present
    /// (`T?`, `T | null`): a change to either changes what a decoder accepts. Telling absent from `null` in
    /// Swift (`T?` to `(T | null)?`) accepts the same JSON.
    private func comparePresence(_ before: TypeRef, _ after: TypeRef, what: String, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        let mayBeNull = { (type: TypeRef) in type.isSwiftOptional }
        let subject = what == "field" ? nil : what
        switch (before.isOptional, after.isOptional) {
        case (false, true):
            recorder.record(.fieldMadeOptional, "\(what) made optional (\(code(before.spelling)) to \(code(after.spelling)))", at: place, flows: flows,
                            subject: subject)
        case (true, false):
            recorder.record(.fieldMadeRequired, "\(what) made required (\(code(before.spelling)) to \(code(after.spelling)))", at: place, flows: flows,
                            subject: subject)
        default:
            if !mayBeNull(before), mayBeNull(after) {
                recorder.record(.fieldMadeNullable, "\(what) may now be null (\(code(before.spelling)) to \(code(after.spelling)))", at: place, flows: flows)
            } else if mayBeNull(before), !mayBeNull(after) {
                recorder.record(.fieldMadeNonNullable, "\(what) may no longer be null (\(code(before.spelling)) to \(code(after.spelling)))", at: place, flows: flows)
            } else if before.isNullable != after.isNullable {
                recorder.record(.swiftAPI, "\(what) changed from \(code(before.spelling)) to \(code(after.spelling)): the same JSON, but Swift now \(after.isNullable ? "tells" : "no longer tells") absent from null",
                                at: place, flows: flows)
            }
        }
    }

    /// A field's own wire form (`encoding:`): numbers and strings, or two date encodings, are different JSON.
    private func compareEncoding(_ before: FieldEncoding?, _ after: FieldEncoding?, place: Place, flows: Set<Flow>, _ recorder: inout Recorder) {
        guard before != after else { return }
        let describe = { (encoding: FieldEncoding?) in encoding.map { "\(code($0.spelling))" } ?? "its type's own" }
        let iso: Set<FieldEncoding?> = [.date(.iso8601), .date(.iso8601Fractional)]
        let contractISO = [DateEncoding.iso8601, .iso8601Fractional].contains(new.dateEncoding) ? iso.union([nil]) : iso
        let kind: ChangeKind = contractISO.contains(before) && contractISO.contains(after) ? .dateEncodingVariant : .typeChanged
        recorder.record(kind, "wire encoding changed from \(describe(before)) to \(describe(after))", at: place, flows: flows)
    }
}

/// Which flows each named type travels in: through event payloads and envelope fields, directly or nested.
struct TypeUsage {
    private(set) var flows: [String: Set<Flow>] = [:]
    /// The events that carry each named type, sorted.
    private(set) var carriers: [String: [AffectedEvent]] = [:]

    init(_ contract: Contract) {
        var envelopeFields: [Field] = []
        if case .envelope(let envelope) = contract.framing { envelopeFields = envelope.fields }
        for (channel, event) in contract.allEvents {
            let eventFlows = Flow.of(event.direction)
            var visited: Set<String> = []
            for type in ([event.payload].compactMap { $0 } + (event.envelopeFields + envelopeFields).map(\.type)) {
                mark(type, eventFlows, in: contract, visited: &visited)
            }
            let carrier = AffectedEvent(channel: channel?.name, event: event.wireName, flows: eventFlows.sorted { $0.rawValue < $1.rawValue })
            for name in visited { carriers[name, default: []].append(carrier) }
        }
        carriers = carriers.mapValues { $0.sorted() }
    }

    /// The flows in which a changed type meets both versions: those of the events that carry it in the old contract
    /// and in the new one, each the ways it travels in both. An event only one version has is reported as added or
    /// removed; a type only it carries reaches nobody on the other version (a new client-to-server event using a
    /// changed type breaks no old app, which never sends it).
    static func sharedFlows(old: TypeUsage, new: TypeUsage) -> [String: Set<Flow>] {
        var shared: [String: Set<Flow>] = [:]
        for (type, carriers) in new.carriers {
            for carrier in carriers {
                guard let before = old.carriers[type]?.first(where: { $0.channel == carrier.channel && $0.event == carrier.event }) else { continue }
                shared[type, default: []].formUnion(Set(carrier.flows).intersection(before.flows))
            }
        }
        return shared
    }

    private mutating func mark(_ type: TypeRef, _ eventFlows: Set<Flow>, in contract: Contract, visited: inout Set<String>) {
        switch type {
        case .scalar: return
        case .array(let element), .dictionary(let element), .optional(let element), .nullable(let element):
            mark(element, eventFlows, in: contract, visited: &visited)
        case .object(let object):
            for field in object.fields { mark(field.type, eventFlows, in: contract, visited: &visited) }
        case .tuple(let tuple):
            for element in tuple.elements { mark(element.type, eventFlows, in: contract, visited: &visited) }
        case .named(let name):
            flows[name, default: []].formUnion(eventFlows)
            guard visited.insert(name).inserted else { return }
            switch contract.type(named: name)?.kind {
            case .object(let object)?: for field in object.fields { mark(field.type, eventFlows, in: contract, visited: &visited) }
            case .tuple(let tuple)?: for element in tuple.elements { mark(element.type, eventFlows, in: contract, visited: &visited) }
            case .union(let union)?: for member in union.members { mark(member.type, eventFlows, in: contract, visited: &visited) }
            default: return
            }
        }
    }
}

/// Which JSON values a field of one type holds against another: a change to a type that reads every value of the
/// old one is judged by who decodes it (an old app decoding `String` reads a `Date` the server now sends as ISO 8601,
/// a new app decoding `Date` does not read every string an old server sends), not as a change of type.
struct WireValues {
    let old: Contract
    let new: Contract

    /// What a string on the wire holds, for the types written as strings.
    private enum StringValue: Equatable {
        case any, date, url, listedValues
    }

    /// How two types' values relate, for a change judged as widened or narrowed.
    struct Relation {
        /// `.typeWidened` when the new type reads every value the old one holds, `.typeNarrowed` for the reverse.
        var kind: ChangeKind
        /// The values only the wider type holds.
        var extraValues: String
        /// Whether they are strings an enum does not list, which generated apps read as `unknown`.
        var unknownToApps: Bool
    }

    /// `nil` for any other change.
    func relation(_ before: TypeRef, _ after: TypeRef) -> Relation? {
        if after == .scalar(.json), before != after { return Relation(kind: .typeWidened, extraValues: "any JSON value", unknownToApps: false) }
        if before == .scalar(.json) { return Relation(kind: .typeNarrowed, extraValues: "any JSON value", unknownToApps: false) }
        guard let was = string(before, in: old), let now = string(after, in: new), was != now else { return nil }
        if was == .any { return Relation(kind: .typeNarrowed, extraValues: describe(now), unknownToApps: now == .listedValues) }
        if now == .any { return Relation(kind: .typeWidened, extraValues: describe(was), unknownToApps: was == .listedValues) }
        return nil
    }

    private func string(_ type: TypeRef, in contract: Contract) -> StringValue? {
        switch type {
        case .scalar(.string): return .any
        case .scalar(.url): return .url
        case .scalar(.date): return [.iso8601, .iso8601Fractional].contains(contract.dateEncoding) ? .date : nil
        case .named(let name):
            guard case .enumeration(let values)? = contract.type(named: name)?.kind, values.rawType == .string else { return nil }
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

/// Whether two types look the same on the wire, following named types (a renamed type with the same fields
/// changes nothing on the wire).
struct ShapeComparison {
    let old: Contract
    let new: Contract

    func sameShape(_ before: TypeRef, _ after: TypeRef) -> Bool {
        var assumed: Set<[String]> = []
        return same(before, after, assumed: &assumed)
    }

    private func same(_ before: TypeRef, _ after: TypeRef, assumed: inout Set<[String]>) -> Bool {
        switch (before, after) {
        case let (.scalar(a), .scalar(b)): return a == b
        case let (.array(a), .array(b)), let (.dictionary(a), .dictionary(b)), let (.optional(a), .optional(b)), let (.nullable(a), .nullable(b)):
            return same(a, b, assumed: &assumed)
        case let (.named(a), _):
            guard let type = old.type(named: a) else { return false }
            if case .named(let b) = after {
                // Recursive types: assume equal while comparing, as for structural type equivalence.
                if !assumed.insert([a, b]).inserted { return true }
            }
            return same(definition: type, after, assumed: &assumed)
        case let (_, .named(b)):
            guard let type = new.type(named: b) else { return false }
            switch (before, type.kind) {
            case let (.object(a), .object(b)): return sameFields(a.fields, b.fields, assumed: &assumed)
            default: return false
            }
        case let (.object(a), .object(b)):
            return sameFields(a.fields, b.fields, assumed: &assumed)
        case let (.tuple(a), .tuple(b)):
            return sameElements(a, b, assumed: &assumed)
        default:
            return false
        }
    }

    private func sameElements(_ a: TupleType, _ b: TupleType, assumed: inout Set<[String]>) -> Bool {
        guard a.elements.count == b.elements.count, a.isVariadic == b.isVariadic else { return false }
        for (x, y) in zip(a.elements, b.elements) where !same(x.type, y.type, assumed: &assumed) { return false }
        return true
    }

    private func same(definition: NamedType, _ after: TypeRef, assumed: inout Set<[String]>) -> Bool {
        switch (definition.kind, after) {
        case let (.object(a), .object(b)):
            return sameFields(a.fields, b.fields, assumed: &assumed)
        case let (.object(a), .named(name)):
            guard case .object(let b)? = new.type(named: name)?.kind else { return false }
            return sameFields(a.fields, b.fields, assumed: &assumed)
        case let (.enumeration(a), .named(name)):
            guard case .enumeration(let b)? = new.type(named: name)?.kind else { return false }
            return a.cases.map(\.wireValue) == b.cases.map(\.wireValue)
        case let (.tuple(a), .tuple(b)):
            return sameElements(a, b, assumed: &assumed)
        case let (.tuple(a), .named(name)):
            guard case .tuple(let b)? = new.type(named: name)?.kind else { return false }
            return sameElements(a, b, assumed: &assumed)
        default:
            return false
        }
    }

    private func sameFields(_ a: [Field], _ b: [Field], assumed: inout Set<[String]>) -> Bool {
        guard a.count == b.count else { return false }
        for field in a {
            guard let other = b.first(where: { $0.wireName == field.wireName }), other.constant == field.constant,
                  same(field.type, other.type, assumed: &assumed) else { return false }
        }
        return true
    }
}

extension Framing {
    /// `socket.io`, `envelope (event/data)`, `discriminator (type)`.
    var summary: String {
        switch self {
        case .socketIO: "`socket.io`"
        case .discriminator(let key): "a \(code(key)) discriminator"
        case .envelope(let envelope):
            "an envelope (\(code(envelope.nameKey))/\(code(envelope.payloadKey))\(envelope.payloadEncoding == .jsonString ? ", payload as a JSON string" : ""))"
        case .shapes(let shapes): "frame shapes (" + shapes.map { "\(code($0.name))" }.joined(separator: ", ") + ")"
        }
    }
}

extension FrameShape {
    /// The shape without its envelope fields, which are compared as fields.
    /// The shape as frames see it, apart from its fields: without them, and without the name reports give its event
    /// (`unnamedEvent` changes when an event joins the shape, which reads frames as before).
    var withoutFields: FrameShape {
        var copy = self
        copy.fields = []
        copy.unnamedEvent = nil
        return copy
    }
}

extension AddressTemplate {
    /// The address as the wire sees it: literals with a placeholder for every parameter, whatever its name.
    var wireShape: [String] {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter: "{}"
            }
        }
    }
}

extension ConstantValue {
    var text: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .int(let number): String(number)
        case .bool(let flag): String(flag)
        }
    }
}

/// A name or value as a Markdown code span that holds whatever backticks it has (a wire name may have some).
func code(_ value: some CustomStringConvertible) -> String {
    MarkdownSyntax.codeOutsideTable(value.description)
}
