import Foundation

extension Checker {
    /// `scenarios:`: each a mapping with `steps:` (a list of `after: event`, `send: event` with an optional
    /// `payload:`, `channel:` with either, `subscribed: address`, `wait: seconds`) and an optional `description:`.
    /// `after` names an event the app sends and `send` one the server sends, outside channels or, with
    /// `channel: <address>`, of the channel whose address template that address fits; `subscribed` waits for the
    /// app's subscription to an address of a channel. Payloads are checked against their events once the contract
    /// is whole (``ScenarioCheck``).
    package mutating func readScenarios(_ node: SyntaxNode, events: [Event], channels: [Channel]) -> [Scenario] {
        guard
            let reader = MappingReader(
                node, owner: "`scenarios`", allowedKeys: nil, entryKind: "scenario", diagnostics: &diagnostics)
        else { return [] }
        var scenarios: [Scenario] = []
        for entry in reader.entries {
            guard let name = entry.keyText,
                let spec = MappingReader(
                    entry.value, owner: "scenario '\(name)'", allowedKeys: ["description", "steps"],
                    ownerLocation: entry.key.location, diagnostics: &diagnostics)
            else { continue }
            guard let swiftName = SwiftName.lowerCamel(name) else {
                diagnostics.error(
                    "scenario '\(name)' has no letter or digit to name it by in Swift; rename it",
                    at: entry.key.location)
                continue
            }
            guard
                let stepsNode = spec.required(
                    "steps", in: "scenario '\(name)'",
                    hint: "list what happens: `- after: join_group`, `- send: member_joined`, `- wait: 0.5`",
                    diagnostics: &diagnostics)
            else { continue }
            guard let items = stepsNode.elements, !items.isEmpty else {
                diagnostics.error(
                    "`steps:` of scenario '\(name)' is a non-empty list: `- after: join_group`, `- send: member_joined`, `- wait: 0.5`",
                    at: stepsNode.location)
                continue
            }
            let steps = items.compactMap { readStep($0, scenario: name, events: events, channels: channels) }
            guard steps.count == items.count else { continue }
            scenarios.append(
                Scenario(
                    name: name, swiftName: swiftName, description: readDescription(spec), steps: steps,
                    location: entry.key.location))
        }
        return scenarios
    }

    private mutating func readStep(
        _ node: SyntaxNode, scenario: String, events: [Event], channels: [Channel]
    ) -> ScenarioStep? {
        let owner = "a step of scenario '\(scenario)'"
        guard
            let step = MappingReader(
                node, owner: owner,
                allowedKeys: ["after", "send", "payload", "frame", "channel", "wait", "where", "subscribed"],
                ownerLocation: node.location,
                diagnostics: &diagnostics)
        else { return nil }
        let actions = ["after", "send", "wait", "subscribed"].filter { step.entry($0) != nil }
        guard actions.count == 1 else {
            diagnostics.error(
                "\(owner) is one of `after: event` (the app sends it), `send: event` (the server sends it), "
                    + "`subscribed: address` (the app subscribes to that channel address) and `wait: seconds`",
                at: node.location)
            return nil
        }
        if step.entry("payload") != nil, actions != ["send"] {
            diagnostics.error("`payload:` goes with `send:` in \(owner)", at: node.location)
            return nil
        }
        if step.entry("frame") != nil, actions != ["send"] || step.entry("payload") != nil {
            diagnostics.error(
                "`frame:` goes with `send:` in \(owner), without `payload:`: the whole frame the server sends, its "
                    + "payload and its frame's fields as they travel", at: node.location)
            return nil
        }
        if step.entry("channel") != nil, actions != ["send"], actions != ["after"] {
            diagnostics.error(
                "`channel:` goes with `send:` or `after:` in \(owner): the address of the channel the event travels on"
                    + (actions == ["subscribed"] ? " (`subscribed:` is itself the address)" : ""),
                at: node.location)
            return nil
        }
        if step.entry("where") != nil, actions != ["after"] {
            diagnostics.error(
                "`where:` goes with `after:` in \(owner): the values the app's event must carry", at: node.location)
            return nil
        }
        if let wait = step["wait"] {
            guard let text = wait.scalar?.text, let seconds = Double(text), seconds > 0, seconds <= 60 else {
                diagnostics.error(
                    "`wait:` in \(owner) is a number of seconds, more than 0 and at most 60, such as `wait: 0.5`",
                    at: wait.location)
                return nil
            }
            return ScenarioStep(action: .wait(seconds: seconds), location: node.location)
        }
        if let subscribed = step["subscribed"] {
            guard let address = readText(subscribed, what: "`subscribed`"),
                let channel = readSubscribedChannel(address, at: subscribed.location, in: owner, channels: channels)
            else { return nil }
            return ScenarioStep(action: .subscribed(channel: channel), location: node.location)
        }
        let isAfter = actions == ["after"]
        guard let nameNode = step[isAfter ? "after" : "send"],
            let eventName = readText(nameNode, what: isAfter ? "`after`" : "`send`")
        else { return nil }
        var channel: ScenarioChannel?
        var scope: Channel?
        if let channelNode = step["channel"] {
            guard let address = readText(channelNode, what: "`channel`"),
                let (found, foundScope) = readScenarioChannel(
                    address, at: channelNode.location, carrying: eventName, sent: !isAfter, in: owner,
                    channels: channels)
            else { return nil }
            (channel, scope) = (found, foundScope)
        }
        let candidates = scope?.events ?? events
        guard let event = candidates.first(where: { $0.wireName == eventName }) else {
            let inChannels = channels.filter { $0.events.contains { $0.wireName == eventName } }
            let hint =
                if scope == nil, let first = inChannels.first {
                    ", which is not among the contract's events outside channels: it is an event of channel '\(first.name)'; add `channel:` with one of its addresses (`\(first.address.raw)`)"
                } else {
                    ", which is not among the contract's events outside channels"
                        + Suggestions.hint(for: eventName, in: events.map(\.wireName))
                }
            diagnostics.error("\(owner) names event '\(eventName)'" + hint, at: nameNode.location)
            return nil
        }
        if isAfter, !event.direction.isEmittedByClient {
            diagnostics.error(
                "\(owner) waits for '\(eventName)' from the app, but the app never sends it (it is \(event.direction.rawValue)); use `send:`",
                at: nameNode.location)
            return nil
        }
        if !isAfter, !event.direction.isReceivedByClient {
            diagnostics.error(
                "\(owner) has the server send '\(eventName)', but it is \(event.direction.rawValue); use `after:` to wait for it",
                at: nameNode.location)
            return nil
        }
        if isAfter {
            var conditions: [ScenarioCondition] = []
            if let conditionsNode = step["where"] {
                guard let entries = conditionsNode.entries, !entries.isEmpty else {
                    diagnostics.error(
                        "`where:` in \(owner) maps fields of '\(eventName)' to the values they must hold, as `where: {groupId: g1}`",
                        at: conditionsNode.location)
                    return nil
                }
                for entry in entries {
                    guard let field = entry.keyText else { continue }
                    conditions.append(
                        ScenarioCondition(
                            field: field, json: entry.value.documentValue.json, location: entry.key.location))
                }
            }
            return ScenarioStep(
                action: .after(event: eventName, where: conditions, channel: channel), location: node.location)
        }
        let payload = step["payload"].map { $0.documentValue.json }
        var sent = ScenarioStep(
            action: .send(event: eventName, payload: payload, channel: channel), location: node.location)
        // The frame's text as it travels, or the frame written as YAML or JSON, as a frame example is.
        sent.frame = step["frame"].map { $0.scalar?.text ?? $0.documentValue.json }
        return sent
    }

    /// A `channel:` address: the channel whose address template it fits and that has the event the step sends (of
    /// two that fit, `{who}` and `booking-{reference}`, the one with the event).
    private mutating func readScenarioChannel(
        _ address: String, at location: SourceLocation, carrying eventName: String, sent: Bool, in owner: String,
        channels: [Channel]
    ) -> (ScenarioChannel, Channel)? {
        let fitting = channels.fitting(address)
        func named(_ found: [(channel: Channel, values: [String])]) -> String {
            found.map { "'\($0.channel.name)' (`\($0.channel.address.raw)`)" }.joined(separator: " and ")
        }
        guard !fitting.isEmpty else {
            reportNoChannel(address, written: "channel: \(address)", at: location, in: owner, channels: channels)
            return nil
        }
        let sending = fitting.filter { $0.channel.events.contains { $0.wireName == eventName } }
        guard let (channel, values) = sending.first else {
            let events = fitting.flatMap { $0.channel.events.map(\.wireName) }
            diagnostics.error(
                "\(owner) \(sent ? "sends" : "waits for") '\(eventName)' on `\(address)`, an address of \(fitting.count == 1 ? "channel" : "channels") \(named(fitting)), which \(fitting.count == 1 ? "has" : "have") no such event"
                    + Suggestions.hint(for: eventName, in: events), at: location)
            return nil
        }
        guard sending.count == 1 else {
            diagnostics.error(
                "`channel: \(address)` in \(owner) fits the addresses of channels \(named(sending)), which all have '\(eventName)'; the scenario cannot tell which it means",
                at: location)
            return nil
        }
        return (ScenarioChannel(address: address, name: channel.name, values: values, location: location), channel)
    }

    /// A `subscribed:` address: any channel's whose template it fits (the first such channel names it; the app
    /// subscribes to an address, whichever channel's it is).
    private mutating func readSubscribedChannel(
        _ address: String, at location: SourceLocation, in owner: String, channels: [Channel]
    ) -> ScenarioChannel? {
        guard let (channel, values) = channels.fitting(address).first else {
            reportNoChannel(address, written: "subscribed: \(address)", at: location, in: owner, channels: channels)
            return nil
        }
        return ScenarioChannel(address: address, name: channel.name, values: values, location: location)
    }

    private mutating func reportNoChannel(
        _ address: String, written: String, at location: SourceLocation, in owner: String, channels: [Channel]
    ) {
        let templates = channels.map { "`\($0.address.raw)`" }
        diagnostics.error(
            "`\(written)` in \(owner) is no channel's address; "
                + (templates.isEmpty
                    ? "the contract declares no channels"
                    : "write one that fits \(templates.count == 1 ? "" : "one of ")\(templates.joined(separator: ", ")), its parameters filled in with values of their types"),
            at: location)
    }
}

/// Each scenario's payloads match their events, as generated code reads them (through the ``FrameInterpreter``): a
/// difference is an error at the step, what generated code tolerates a warning. A `where:` names fields of its
/// event's payload that hold one value each (a string, a number, a boolean, an enum's case), with values of their
/// types.
package struct ScenarioCheck {
    package let contract: Contract

    private func check(
        _ conditions: [ScenarioCondition], of event: Event, in scenario: Scenario, into diagnostics: inout DiagnosticBag
    ) {
        guard let fields = event.payload.flatMap(contract.objectFields(of:)) else {
            diagnostics.error(
                "`where:` in scenario '\(scenario.name)' compares fields of '\(event.wireName)', whose payload is not an object with fields",
                at: conditions[0].location)
            return
        }
        for condition in conditions {
            guard let field = fields.first(where: { $0.wireName == condition.field }) else {
                diagnostics.error(
                    "`where:` in scenario '\(scenario.name)' names '\(condition.field)', which is not a field of '\(event.wireName)'"
                        + Suggestions.hint(for: condition.field, in: fields.map(\.wireName)), at: condition.location)
                continue
            }
            guard Self.isComparable(field.type.valueType, in: contract) else {
                diagnostics.error(
                    "`where:` in scenario '\(scenario.name)' compares '\(condition.field)', which is `\(field.type.spelling)`; compare a string, number, boolean or enum field",
                    at: condition.location)
                continue
            }
            var checker = ValueChecker(contract: contract)
            checker.check(
                FrameInterpreter.jsonValue(Data(condition.json.utf8)), against: field.type.valueType,
                at: "$.\(condition.field)", declaredAt: field.location, encoding: field.encoding)
            for finding in checker.findings where finding.severity == .mismatch {
                diagnostics.error(
                    "`where:` in scenario '\(scenario.name)': '\(condition.field)' cannot hold \(condition.json): \(finding.message)",
                    at: condition.location)
            }
        }
    }

    /// A `send:` step's whole frame: the contract reads it as the step's event, on the step's channel address, as a
    /// frame example is read.
    private func check(
        frame: String, of event: Event, on channel: ScenarioChannel?, in scenario: Scenario,
        at location: SourceLocation,
        with interpreter: FrameInterpreter, into diagnostics: inout DiagnosticBag
    ) {
        let owner = "the frame of '\(event.wireName)' in scenario '\(scenario.name)'"
        let reading = interpreter.read(Data(frame.utf8), channel: channel?.address, sentBy: .serverToClient)
        if let found = reading.event {
            if found.wireName != event.wireName || found.channel != channel?.name {
                diagnostics.error(
                    "\(owner) is a frame of event '\(found.wireName)'"
                        + "\(found.channel.map { " on channel '\($0)'" } ?? ""); send that event, or correct the frame",
                    at: location)
                return
            }
            if let channel, let address = found.address, address != channel.address {
                diagnostics.error(
                    "\(owner) names channel address `\(address)`, but the step's `channel:` is `\(channel.address)`; make them "
                        + "one", at: location)
                return
            }
        }
        for finding in reading.findings {
            let text = "\(owner) does not match it at \(finding.path): \(finding.message)"
            if finding.severity == .mismatch {
                diagnostics.error(text, at: location)
            } else {
                diagnostics.warning(text, at: location)
            }
        }
    }

    /// A scalar, or an enum of them: what one value in `where:` can be compared with.
    package static func isComparable(_ type: TypeRef, in contract: Contract) -> Bool {
        switch type {
        case .scalar(let scalar): scalar != .json
        case .named(let name):
            if case .enumeration? = contract.type(named: name)?.kind { true } else { false }
        default: false
        }
    }

    package func run(into diagnostics: inout DiagnosticBag) {
        guard !contract.scenarios.isEmpty else { return }
        let interpreter = FrameInterpreter(contract: contract)
        for scenario in contract.scenarios {
            for step in scenario.steps {
                if case .after(let name, let conditions, let channel) = step.action, !conditions.isEmpty,
                    let (_, event) = contract.event(name, inChannel: channel?.name)
                {
                    check(conditions, of: event, in: scenario, into: &diagnostics)
                }
                if case .send(let name, _, let channel) = step.action, let frame = step.frame,
                    let (_, event) = contract.event(name, inChannel: channel?.name)
                {
                    check(
                        frame: frame, of: event, on: channel, in: scenario, at: step.location, with: interpreter,
                        into: &diagnostics)
                    continue
                }
                guard case .send(let name, let payload?, let channel) = step.action,
                    let (_, event) = contract.event(name, inChannel: channel?.name)
                else { continue }
                for finding in interpreter.readPayload(Data(payload.utf8), of: event) {
                    let text =
                        "the payload of '\(name)' in scenario '\(scenario.name)' does not match it at \(finding.path): \(finding.message)"
                    if finding.severity == .mismatch {
                        diagnostics.error(text, at: step.location)
                    } else {
                        diagnostics.warning(text, at: step.location)
                    }
                }
            }
        }
    }
}

extension ContractChecker {
    /// A file of scenarios kept beside a contract (its one key `scenarios:`, as in a contract), read and checked
    /// against `contract`: its steps name the contract's events and its payloads match them. A name the contract's
    /// own scenarios use is an error.
    package func checkScenarios(
        _ root: SyntaxNode, for contract: Contract
    ) -> (scenarios: [Scenario], diagnostics: [Diagnostic]) {
        var checker = Checker()
        checker.framing = contract.framing
        guard
            let top = MappingReader(
                root, owner: "a scenario file", allowedKeys: ["scenarios"], diagnostics: &checker.diagnostics),
            let node = top.required(
                "scenarios", in: "a scenario file",
                hint: "a scenario file holds `scenarios:` as a contract does (docs/testing.md)",
                diagnostics: &checker.diagnostics)
        else { return ([], checker.diagnostics.sorted) }
        let scenarios = checker.readScenarios(node, events: contract.events, channels: contract.channels)
        var bag = checker.diagnostics
        for scenario in scenarios {
            if let clash = contract.scenarios.first(where: {
                $0.name == scenario.name || $0.swiftName == scenario.swiftName
            }) {
                bag.error(
                    "scenario '\(scenario.name)' is also a scenario of the contract \(contract.name); rename one",
                    at: scenario.location, notes: [.note("the contract's is here", at: clash.location)])
            }
        }
        var extended = contract
        extended.scenarios = scenarios
        ScenarioCheck(contract: extended).run(into: &bag)
        return (bag.hasErrors ? [] : scenarios, bag.sorted)
    }
}
