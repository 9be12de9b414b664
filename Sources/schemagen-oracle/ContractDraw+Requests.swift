import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// Drawing requests, subscriptions, channels and scenarios.
extension ContractDraw {
    // MARK: Requests and subscriptions

    /// Turns some client-to-server events into requests answered by server-to-client ones, or into subscriptions.
    mutating func addCorrelations(to events: inout [EventDraft]) {
        let requests = events.indices.filter {
            events[$0].direction == "client-to-server" && events[$0].frame == nil && events[$0].extra.isEmpty
        }
        let answers = events.indices.filter {
            events[$0].direction == "server-to-client" && events[$0].extra.isEmpty
                && (events[$0].frame == nil || events[$0].frame == shapes?.replyShape)
        }
        guard let request = requests.first, let answer = answers.first, choices.chance(70) else { return }
        let shapeID = shapes?.idField
        let useShapeField = shapeID != nil && choices.chance(60)
        var matchField: String
        var idType: String
        if useShapeField, let shapeID {
            matchField = shapeID.path
            idType = shapeID.type.hasPrefix("Int") ? "Int" : "String"
            features.insert("match a shape field")
        } else {
            // A payload field both carry: the request must have an inline payload to hold it.
            guard events[request].canHoldField, events[answer].canHoldField else { return }
            // A key the shape also has would name the shape's field (the checker's rule), not the payload's.
            let names = ["request_id", "ref", "symbol"].filter { !(shapes?.fieldKeys ?? []).contains($0) }
            matchField = choices.pick(names)
            idType = choices.pick(["String", "Int"])
            for index in [request, answer] {
                if events[index].inlineFields == nil { events[index].inlineFields = [] }
                events[index].removeField(matchField)
                events[index].inlineFields!.append("\(matchField): \(idType)")
            }
            features.insert("match a payload field")
        }
        var ids = choices.pick(["", "counter", "uuid", "app"])
        if ids == "uuid" && idType != "String" { ids = "" }
        if ids == "" && matchField == "symbol" { ids = "app" }
        if !ids.isEmpty { features.insert("ids: \(ids)") }
        let subscription = choices.chance(40) && answers.count >= 1
        if subscription {
            features.insert("subscription")
            var lines = ["subscription:", "  event: \(events[answer].wireName.yamlKey)", "  match: \(matchField)"]
            if useShapeField, !payloadMustBeObject, choices.chance(60) {
                // Items of a shared event whose payload is any JSON, and the subscription says what they hold for it
                // (Home Assistant's `event` for `subscribe_trigger`).
                features.insert("subscription type:")
                lines.append(makeShared(&events[answer]))
            }
            var next = 1
            var replyLines: [String] = []
            if answers.count > next, choices.chance(50) {
                // A reply confirms it, and the items echo the request's own id (`idFrom: request`), or the id the
                // server chose and the reply carries in a field of its own (`id: sub_id`).
                let confirmation = answers[next]
                let serverChoosesID = matchField != "sub_id" && choices.chance(50)
                if useShapeField || addField(matchField, idType, to: &events[confirmation]),
                    !serverChoosesID || addField("sub_id", idType, to: &events[confirmation])
                {
                    replyLines = [
                        "reply:", "  event: \(events[confirmation].wireName.yamlKey)", "  match: \(matchField)",
                    ]
                    if !ids.isEmpty { replyLines.append("  ids: \(ids)") }
                    if serverChoosesID {
                        lines.append("  id: sub_id")
                        features.insert("subscription id: (the server's)")
                    } else {
                        lines.append("  idFrom: request")
                        features.insert("subscription idFrom: request")
                    }
                    next += 1
                }
            }
            if replyLines.isEmpty, !ids.isEmpty { lines.append("  ids: \(ids)") }
            if answers.count > next, choices.chance(60) {
                let end = answers[next]
                if useShapeField || addField(matchField, idType, to: &events[end]) {
                    lines.append("  end: \(events[end].wireName.yamlKey)")
                    features.insert("subscription end")
                    next += 1
                }
            } else if choices.chance(40), matchField != "total", addField("total", "Int", to: &events[answer]) {
                // Ended by count: every item says how many there are in all.
                lines.append("  count: total")
                features.insert("subscription count")
            }
            if answers.count > next, !lines.contains("  count: total"), choices.chance(50) {
                let failure = answers[next]
                if useShapeField || addField(matchField, idType, to: &events[failure]) {
                    lines.append("  error: \(events[failure].wireName.yamlKey)")
                    features.insert("subscription error event")
                    if lines.contains(where: { $0.hasPrefix("  end: ") }) {
                        features.insert("subscription error event and end")
                    }
                }
            }
            if requests.count >= 2, shapes?.requiresFields != true, choices.chance(50) {
                // The client fills in only the id when it cancels: the cancel event carries nothing else required.
                let cancel = requests[1]
                events[cancel].payload = nil
                events[cancel].inlineFields = nil
                events[cancel].isTuple = false
                if useShapeField || addField(matchField, idType, to: &events[cancel]) {
                    lines.append("  cancel: \(events[cancel].wireName.yamlKey)")
                    features.insert("subscription cancel")
                }
            }
            events[request].extra += replyLines + lines
        } else {
            features.insert("request")
            // The app's value at a path through an object of both payloads (`ticket.name`), echoed at that path.
            var nested = false
            if !useShapeField, choices.chance(25) {
                for index in [request, answer] {
                    events[index].removeField(matchField)
                    events[index].inlineFields!.append("ticket: {fields: {name: \(idType)}}")
                }
                (matchField, ids, nested) = ("ticket.name", "app", true)
                features.insert("match a path the app gives")
            }
            // Replies matched by order, neither side carrying an id (Kraken Futures' `subscribed`).
            let inOrder = !nested && choices.chance(15)
            if inOrder { features.insert("reply in order") }
            if inOrder, !useShapeField, choices.chance(50) {
                // A request with nothing to send (a `ping` answered by the next `pong`).
                features.insert("reply in order to a request without payload")
                (events[request].payload, events[request].inlineFields, events[request].isTuple) = (nil, nil, false)
                events[request].examples = []
            }
            if inOrder, !useShapeField, choices.chance(30) {
                // A reply with nothing in it (the `pong`): the call returns `Void` once it comes.
                features.insert("reply in order with nothing in it")
                (events[answer].payload, events[answer].inlineFields, events[answer].isTuple) = (nil, nil, false)
                events[answer].examples = []
            }
            var lines = [
                "reply:", "  event: \(events[answer].wireName.yamlKey)",
                inOrder ? "  inOrder: true" : "  match: \(matchField)",
            ]
            if !ids.isEmpty, !inOrder { lines.append("  ids: \(ids)") }
            if useShapeField, !payloadMustBeObject, choices.chance(50) {
                // A shared answer frame whose payload is any JSON, and the request says what it holds for it
                // (Home Assistant's `result`).
                features.insert("reply type:")
                lines.append(makeShared(&events[answer]))
            }
            if !nested, !inOrder, events[request].isInline, choices.chance(25) {
                // One reply per item of the request's list (Kraken's `subscribe` for several pairs), named by each
                // reply where its payload can say which (`each: {request: items, reply: item}`), else counted.
                let itemType = choices.pick(["String", "Int"])
                _ = addField("items", "\"[\(itemType)]\"", to: &events[request])
                if events[answer].isInline, choices.chance(60) {
                    let named = choices.chance(50) ? "item" : "items"
                    _ = addField(named, choices.chance(30) ? itemType + "?" : itemType, to: &events[answer])
                    lines.append(named == "items" ? "  each: items" : "  each: {request: items, reply: item}")
                    features.insert("one reply per item, named")
                } else {
                    events[answer].removeField("items")
                    lines.append("  each: items")
                    features.insert("one reply per item, counted")
                }
            }
            if answers.count >= 2, choices.chance(40) {
                let failure = answers[1]
                // An error event that may leave the id out (Kraken's `error`): without it, it answers no request.
                let mayOmit = !useShapeField && choices.chance(40)
                let type = mayOmit ? idType + "?" : idType
                if inOrder {
                    lines.append("  error: \(events[failure].wireName.yamlKey)")
                    features.insert("request error event, in order")
                } else if !useShapeField, !nested, choices.chance(30),
                    addField("detail", "{fields: {\(matchField): \(type)}}", to: &events[failure])
                {
                    // The id inside the error's body (`error: {event: ..., match: detail.request_id}`).
                    events[failure].removeField(matchField)
                    lines.append("  error: {event: \(events[failure].wireName.yamlKey), match: detail.\(matchField)}")
                    features.insert("request error event, its id in its body")
                } else if useShapeField
                    || (nested
                        ? addField("ticket", "{fields: {name: \(type)}}", to: &events[failure])
                        : addField(matchField, type, to: &events[failure]))
                {
                    lines.append("  error: \(events[failure].wireName.yamlKey)")
                    features.insert(mayOmit ? "request error event, its id optional" : "request error event")
                }
            }
            events[request].extra += lines
        }
    }

    /// Makes a server's event one the client answers by itself with an event of its own (`answer:`, Deribit's
    /// `test_request`), sent with no value from the app: its payload becomes optional values only; sometimes only
    /// when the server's payload holds a value (`when: {kind: probe}`).
    mutating func addAnswer(to events: inout [EventDraft]) {
        // An event another names (a subscription's `cancel:`, `end:`) keeps the fields that naming gave it (seed 12,
        // O158: the answer emptied a cancel event's id field).
        let lines = events.flatMap(\.extra)
        func isNamed(_ event: EventDraft) -> Bool {
            lines.contains { $0.hasSuffix(": \(event.wireName.yamlKey)") }
        }
        guard shapes == nil, envelopeFieldNames.isEmpty, choices.chance(25),
            let heard = events.indices.first(where: {
                events[$0].direction == "server-to-client" && events[$0].extra.isEmpty && !isNamed(events[$0])
            }),
            let sent = events.indices.first(where: {
                events[$0].direction == "client-to-server" && events[$0].extra.isEmpty && $0 != heard
                    && !isNamed(events[$0])
            })
        else { return }
        events[sent].inlineFields = choices.chance(50) ? nil : ["note: String?"]
        (events[sent].payload, events[sent].isTuple, events[sent].examples) = (nil, false, [])
        var line = "answer: \(events[sent].wireName.yamlKey)"
        if events[heard].canHoldField, choices.chance(50), addField("kind", "String", to: &events[heard]) {
            events[heard].examples = []
            line = "answer: {event: \(events[sent].wireName.yamlKey), when: {kind: probe}}"
            features.insert("client answer, when")
        } else {
            features.insert("client answer")
        }
        events[heard].extra.append(line)
    }

    /// Adds a request that subscribes the drawn channels by their addresses (`subscribes:`, Deribit's `public/subscribe`),
    /// answered in order with the list of channels taken or by id, and sometimes the request that unsubscribes them.
    mutating func addChannelRequests(to events: inout [EventDraft]) {
        guard shapes == nil, envelopeFieldNames.isEmpty, framing != .socketIO, choices.chance(50),
            reservedFieldNames.isDisjoint(with: ["topics", "topic", "rid"])
        else { return }
        let list = choices.chance(75)
        let field = list ? "topics" : "topic"
        for (verb, role) in [("subscribe", "subscribes"), ("unsubscribe", "unsubscribes")] {
            if role == "unsubscribes", choices.chance(40) { break }
            var request = EventDraft(wireName: "topics_\(verb)", direction: "client-to-server")
            var reply = EventDraft(wireName: "topics_\(verb)d", direction: "server-to-client")
            request.inlineFields = [list ? "topics: \"[String]\"" : "topic: String"]
            if choices.chance(30) { request.inlineFields!.append("note: String?") }
            if list, choices.chance(50) {
                // The reply is the list of channels taken, answering requests in the order they were sent.
                features.insert("channel request, taken list")
                reply.payload = "[String]"
                request.extra = ["reply: {event: \(reply.wireName), inOrder: true}"]
            } else {
                features.insert("channel request")
                request.inlineFields!.append("rid: Int")
                reply.inlineFields = ["rid: Int", "ok: Bool"]
                request.extra = ["reply: {event: \(reply.wireName), match: rid}"]
            }
            request.extra.append("\(role): \(field)")
            events += [request, reply]
        }
    }

    /// Makes `event` a shared answer whose payload is any JSON, and returns the `type:` line that says what it holds
    /// for one request or subscription.
    mutating func makeShared(_ event: inout EventDraft) -> String {
        event.payload = choices.pick(["JSON", "JSON | null"])
        event.inlineFields = nil
        event.isTuple = false
        return "  type: \(typeExpression(depth: 1, allowBoth: false).quoted)"
    }

    /// Gives an event's inline payload the correlation field; false when its payload is not inline or absent.
    func addField(_ field: String, _ type: String, to event: inout EventDraft) -> Bool {
        guard event.canHoldField else { return false }
        if event.inlineFields == nil { event.inlineFields = [] }
        event.removeField(field)
        event.inlineFields!.append("\(field): \(type)")
        return true
    }

    // MARK: Channels and scenarios

    mutating func drawChannel(_ index: Int) -> (lines: [String], address: String, events: [EventDraft]) {
        let channelName = index == 0 ? "room" : "lobby"
        let parameter = choices.chance(60)
        let prefix = framing == .socketIO ? "/" : ""
        let template = parameter ? "\(prefix)\(channelName)-{key}" : "\(prefix)\(channelName)-all"
        let example = parameter ? "\(prefix)\(channelName)-7" : template
        var lines = ["  \(channelName):", "    address: \(template.quoted)"]
        if parameter {
            features.insert("channel template")
            lines.append("    parameters: {key: \(choices.pick(["String", "Int"]))}")
        }
        lines.append("    events:")
        var drafts: [EventDraft] = []
        for _ in 0..<choices.int(1...3) { drafts.append(drawEvent(inChannel: true)) }
        // Requests and subscriptions on a channel: the `Mock` answers them on every address of its template.
        if drafts.count >= 2, envelopeFieldNames.isEmpty, choices.chance(75) {
            for (index, direction) in [(0, "client-to-server"), (1, "server-to-client")]
            where drafts[index].frame == nil && drafts[index].extra.isEmpty {
                drafts[index].direction = direction
            }
            let before = features
            addCorrelations(to: &drafts)
            if features != before { features.insert("request on a channel") }
            if drafts.contains(where: {
                $0.extra.contains("subscription:") && $0.extra.contains { $0.hasPrefix("  error: ") }
            }) {
                features.insert("subscription error event on a channel")
            }
        }
        for draft in drafts { lines += draft.yaml(indent: "      ") }
        return (lines, example, drafts)
    }

    /// One scenario step as drawn: its YAML lines, and the event it waits for or sends, for `addValues`.
    struct StepDraft {
        var lines: [String]
        var after: String? = nil
        var send: String? = nil
        /// The address a `send:` or `after:` step's channel event travels on.
        var channel: String? = nil
    }

    mutating func scenarioSteps(
        root: [EventDraft], channels: [(address: String, events: [EventDraft])]
    ) -> [StepDraft] {
        guard choices.chance(40) else { return [] }
        features.insert("scenario")
        var steps: [StepDraft] = []
        if let channel = channels.first, choices.chance(60) {
            // A session on a channel (issue 53, shape 10): the app's subscription, then the channel's events both
            // ways, where the draw has them.
            features.insert("scenario subscribed")
            steps.append(StepDraft(lines: ["      - subscribed: \(channel.address.quoted)"]))
            if let sent = channel.events.first(where: { $0.direction != "client-to-server" }) {
                features.insert("scenario channel send")
                steps.append(
                    StepDraft(
                        lines: [
                            "      - send: \(sent.wireName.yamlKey)", "        channel: \(channel.address.quoted)",
                        ],
                        send: sent.wireName, channel: channel.address))
            }
            if let heard = channel.events.first(where: { $0.direction != "server-to-client" && $0.frame == nil }) {
                features.insert("scenario channel after")
                steps.append(
                    StepDraft(
                        lines: [
                            "      - after: \(heard.wireName.yamlKey)", "        channel: \(channel.address.quoted)",
                        ],
                        after: heard.wireName, channel: channel.address))
            }
        }
        for _ in 0..<choices.int(steps.isEmpty ? 1...3 : 0...3) {
            switch choices.int(0...3) {
            case 0:
                let channel = channels.first
                if let channel, choices.chance(40),
                    let heard = channel.events.first(where: { $0.direction != "server-to-client" && $0.frame == nil })
                {
                    // An event the app sends on a channel's address (issue 53, shape 10).
                    features.insert("scenario channel after")
                    steps.append(
                        StepDraft(
                            lines: [
                                "      - after: \(heard.wireName.yamlKey)",
                                "        channel: \(channel.address.quoted)",
                            ],
                            after: heard.wireName, channel: channel.address))
                } else if let heard = root.first(where: { $0.direction != "server-to-client" && $0.frame == nil }) {
                    steps.append(StepDraft(lines: ["      - after: \(heard.wireName.yamlKey)"], after: heard.wireName))
                }
            case 3:
                // The app's subscription to a channel's address (issue 53, shape 10).
                if let channel = channels.first {
                    features.insert("scenario subscribed")
                    steps.append(StepDraft(lines: ["      - subscribed: \(channel.address.quoted)"]))
                }
            case 1:
                if let sent = root.first(where: { $0.direction != "client-to-server" && $0.frame == nil }) {
                    steps.append(StepDraft(lines: ["      - send: \(sent.wireName.yamlKey)"], send: sent.wireName))
                } else if let channel = channels.first,
                    let sent = channel.events.first(where: { $0.direction != "client-to-server" })
                {
                    features.insert("scenario channel send")
                    steps.append(
                        StepDraft(
                            lines: [
                                "      - send: \(sent.wireName.yamlKey)", "        channel: \(channel.address.quoted)",
                            ],
                            send: sent.wireName, channel: channel.address))
                }
            default:
                steps.append(StepDraft(lines: ["      - wait: 0.01"]))
            }
        }
        if steps.isEmpty { features.remove("scenario") }
        return steps
    }

    /// Gives some `after:` steps `where:` values and some `send:` steps a `payload:`, made from the drawn contract's
    /// own types as `FrameSynthesizer` writes them (JSON, which YAML reads as it is).
    mutating func addValues(to steps: inout [StepDraft], drawnAs yaml: String) {
        guard let contract = ContractLoader().load(text: yaml, path: "\(name).yaml").contract else { return }
        let events = contract.events + contract.channels.flatMap(\.events)
        for index in steps.indices {
            let channelName = steps[index].channel.flatMap { contract.channels.fitting($0).first?.channel.name }
            if let heard = steps[index].after, let (_, event) = contract.event(heard, inChannel: channelName) {
                let conditions = FrameSynthesizer(contract: contract).madeUpConditions(of: event)
                guard !conditions.isEmpty, choices.chance(50) else { continue }
                features.insert("scenario where")
                let chosen = conditions.prefix(choices.int(1...min(2, conditions.count)))
                let pairs = chosen.map { "\($0.field.quoted): \($0.json)" }.joined(separator: ", ")
                steps[index].lines.append("        where: {\(pairs)}")
            } else if let sent = steps[index].send, choices.chance(25),
                let (scope, event) = contract.event(sent, inChannel: channelName)
            {
                // The whole frame, its frame's fields with it, at the step's address (issue 53, shape 10).
                let variant = choices.pick(ValueSynthesizer.Variant.all)
                let frame = FrameSynthesizer(contract: contract, variant: variant).frame(
                    of: event, in: scope, address: steps[index].channel)
                guard let text = String(data: frame, encoding: .utf8), !text.isEmpty, !text.contains("\n") else {
                    continue
                }
                features.insert("scenario send frame")
                steps[index].lines.append("        frame: '\(text.replacingOccurrences(of: "'", with: "''"))'")
            } else if let sent = steps[index].send, let event = events.first(where: { $0.wireName == sent }),
                choices.chance(40)
            {
                let variant = choices.pick(ValueSynthesizer.Variant.all)
                guard let json = FrameSynthesizer(contract: contract, variant: variant).madeUpPayloadJSON(of: event)
                else { continue }
                features.insert("scenario send payload")
                steps[index].lines.append("        payload: \(json)")
            }
        }
    }
}
