import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// Draws one contract from a record of choices, as YAML text, across the format's features: every framing (Socket.IO,
/// envelopes with fields, a channel key and JSON-string payloads, discriminators, frame shapes with constants, paths,
/// nested names, `rest`, array slots, `has`, `exact` and `default`), named structs, enums of strings and numbers,
/// unions by kind and by discriminator with fallbacks, bit flags, every optional and nullable spelling, arrays and
/// dictionaries, dates in every encoding, numbers and JSON in strings, `Int64`, `UInt64`, `Decimal` and `Bytes`, constants and inline
/// objects; requests in every `ids:` mode with error events and cancels, subscriptions ended by an event or a count,
/// channels with address templates, Socket.IO acknowledgements and scenarios.
///
/// Everything drawn is meant to lint: a refusal is a finding (the checker, or the generator's idea of the format,
/// is wrong). Features are named in `features` so a run can say how often each was drawn.
struct ContractDraw {
    /// What one draw produced.
    struct Drawn {
        var name: String
        var yaml: String
        var features: Set<String>
        /// The same contract spelled another way (an inline payload as a named type, an envelope as the frame shape
        /// that says the same): `diff` must find no break between them.
        var rewrite: String? = nil
        /// The contract with a `Decimal` or `Int64` field read as `Double`: `diff` must name the loss.
        var lossy: String? = nil
    }

    enum FramingKind: CaseIterable {
        case socketIO, envelope, discriminator, shapes
    }

    /// How the drawn frame shapes sit: which keys they name, so payloads avoid them, and where a correlation id goes.
    struct ShapePlan {
        var yaml: [String]
        /// The keys of the frame's top level a `payload: rest` event's fields must not use.
        var reserved: Set<String>
        /// Whether payloads sit beside the shape's keys (`payload: rest`): they must then be objects.
        var rest: Bool
        /// The shape field that carries a correlation id, and its type (`Int?`, `String?`), when one does.
        var idField: (path: String, type: String)?
        /// Extra shapes (an exact ping, an opcode shape) events may name with `frame:`, and the `wire:` they need.
        var opcodeShape: String?
        var pingShape: String?
        /// Shapes told apart by the keys they have (`has:`), each carrying one event: a reply, a push.
        var replyShape: String?
        var pushShape: String?
        /// A positional shape whose elements after its slot are the payload (`[chanId, ...]`, Bitfinex's channel data):
        /// its one event's payload is a list or a tuple.
        var arrayShape: String?
        var hasChannel: Bool
        /// Whether every frame of the shape must carry a field the client cannot fill in for a cancel.
        var requiresFields = false
        /// The shape's field keys: a key names the shape field before a payload field of the same name.
        var fieldKeys: Set<String> = []
        var channelExample: (String) -> String = { $0 }
    }

    var choices: Choices
    let name: String
    var features: Set<String> = []
    var typeNames: [String] = []
    /// Named struct types (by name) with their field names, for payloads, requests and discriminators.
    var structs: [String: [String]] = [:]
    var typeLines: [String] = []
    var framing: FramingKind = .socketIO
    var envelopeFieldNames: Set<String> = []
    var shapes: ShapePlan?
    var usedWords: Set<String> = []

    init(choices: Choices, name: String) {
        self.choices = choices
        self.name = name
    }

    /// The choices as read so far (and, after `draw()`, all of them): what a shrinker edits.
    var record: [UInt32] { choices.record }

    mutating func draw() -> Drawn {
        framing = choices.pick(FramingKind.allCases)
        let framingText = framingLines()
        var dateLines: [String] = []
        let dates = choices.pick(["iso8601", "unix-milliseconds", "unix-seconds", "iso8601-fractional"])
        if dates != "iso8601" {
            dateLines.append("dates: \(dates)")
            features.insert("dates: \(dates)")
        }
        drawTypes()

        var events: [EventDraft] = []
        let eventCount = choices.int(1...6)
        for _ in 0..<eventCount { events.append(drawEvent(inChannel: false)) }
        // Most contracts get a request's pair of events (an app's event and a server's), so requests and
        // subscriptions are drawn often enough to be checked in every run.
        if events.count >= 2, envelopeFieldNames.isEmpty, choices.chance(60) {
            for (index, direction) in [(0, "client-to-server"), (1, "server-to-client")]
            where events[index].frame == nil && events[index].extra.isEmpty {
                events[index].direction = direction
                if direction == "client-to-server" { events[index].envelope = [] }
            }
        }
        addCorrelations(to: &events)
        addAnswer(to: &events)
        addTwin(to: &events)

        var channelLines: [String] = []
        var channelEvents: [(address: String, events: [EventDraft])] = []
        if supportsChannels, choices.chance(35) {
            features.insert("channels")
            channelLines.append("channels:")
            for index in 0..<choices.int(1...2) {
                let (yaml, address, drafts) = drawChannel(index)
                channelLines += yaml
                channelEvents.append((address, drafts))
            }
        }
        if !channelEvents.isEmpty { addChannelRequests(to: &events) }
        var serverLines: [String] = []
        if choices.chance(20) {
            // Where the API lives: the Swift `Servers` enum, TypeScript's `servers`, AsyncAPI's servers.
            features.insert("servers")
            let scheme = framing == .socketIO ? choices.pick(["https", "wss"]) : choices.pick(["wss", "ws"])
            serverLines = ["servers:", "  production:", "    url: \(scheme)://api.example.com/realtime?v=1"]
            if choices.chance(50) {
                serverLines += [
                    "  prod-eu:", "    url: \(scheme)://eu.api.example.com:8443/realtime",
                    "    description: The European region.",
                ]
            }
        }
        var steps = scenarioSteps(root: events, channels: channelEvents)
        var scenario: [String] {
            steps.isEmpty ? [] : ["scenarios:", "  play:", "    steps:"] + steps.flatMap(\.lines)
        }
        func render(framing: [String], types: [String], events: [EventDraft]) -> String {
            var lines = ["schemagen: 1", "name: \(name)"] + framing + dateLines + serverLines
            if !types.isEmpty { lines += ["types:"] + types }
            lines.append("events:")
            for event in events { lines += event.yaml(indent: "  ") }
            return (lines + channelLines + scenario).joined(separator: "\n") + "\n"
        }
        if !steps.isEmpty {
            addValues(to: &steps, drawnAs: render(framing: framingText, types: typeLines, events: events))
        }
        if addExamples(to: &events, drawnAs: render(framing: framingText, types: typeLines, events: events)) {
            features.insert("examples")
        }
        let yaml = render(framing: framingText, types: typeLines, events: events)

        // The same frames spelled another way: the framing as the frame shape that says the same, inline payloads of
        // events no request names as named types.
        var rewritten = events
        var hoisted: [String] = []
        let named = Set(
            events.flatMap(\.extra).compactMap { line -> String? in
                let parts = line.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
                guard parts.count == 2, ["event", "end", "error", "cancel"].contains(String(parts[0])) else {
                    return nil
                }
                return parts[1].trimmingCharacters(in: .whitespaces)
            })
        for index in rewritten.indices
        where rewritten[index].extra.isEmpty && !named.contains(rewritten[index].wireName.yamlKey) {
            guard let fields = rewritten[index].inlineFields else { continue }
            let typeName = "Hoisted\(index)"
            hoisted +=
                ["  \(typeName):", rewritten[index].isTuple ? "    tuple:" : "    fields:"]
                + fields.map { "      " + $0 }
            rewritten[index].inlineFields = nil
            rewritten[index].payload = typeName
        }
        // An event's own `envelope:` fields have no frame shape spelling (they go on the shape, for every event).
        let shapeSpelling = events.allSatisfy(\.envelope.isEmpty) ? equivalentFraming() : nil
        let rewrite = render(framing: shapeSpelling ?? framingText, types: typeLines + hoisted, events: rewritten)

        // A lossy change: the first `Decimal` or `Int64` field read as `Double`.
        var lossy: String?
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let index = lines.firstIndex(where: { $0.hasSuffix(": \"Decimal\"") || $0.hasSuffix(": \"Int64\"") }) {
            var changed = lines
            changed[index] = changed[index].replacingOccurrences(of: "\"Decimal\"", with: "\"Double\"")
                .replacingOccurrences(of: "\"Int64\"", with: "\"Double\"")
            lossy = changed.joined(separator: "\n")
        }
        return Drawn(name: name, yaml: yaml, features: features, rewrite: rewrite, lossy: lossy)
    }

    /// The frame shape that reads and writes an envelope's or a discriminator's frames; nil for the other framings.
    func equivalentFraming() -> [String]? {
        switch framing {
        case .envelope where !envelopeJSONString:
            var lines = ["frames:", "  message:", "    name: event", "    payload: data"]
            if envelopeHasChannel { lines.append("    channel: channel") }
            if let field = envelopeFieldLine { lines += ["    fields:", "  " + field] }
            return lines
        case .discriminator:
            return ["frames:", "  message:", "    name: type", "    payload: rest"]
        default:
            return nil
        }
    }

    // MARK: Framing

    var supportsChannels: Bool {
        switch framing {
        case .socketIO: true
        case .envelope: envelopeHasChannel
        case .discriminator: false
        case .shapes: shapes?.hasChannel ?? false
        }
    }

    var envelopeHasChannel = false
    var envelopeJSONString = false
    var envelopeFieldLine: String?

    mutating func framingLines() -> [String] {
        switch framing {
        case .socketIO:
            features.insert("framing: socket.io")
            if choices.chance(20) {
                features.insert("socket.io namespace")
                return ["framing: socket.io", "namespace: /live"]
            }
            return ["framing: socket.io"]
        case .discriminator:
            features.insert("framing: discriminator")
            return ["framing:", "  discriminator: type"]
        case .envelope:
            features.insert("framing: envelope")
            var lines = ["framing:", "  envelope:", "    name: event", "    payload: data"]
            if choices.chance(50) {
                envelopeHasChannel = true
                lines.append("    channel: channel")
                features.insert("envelope channel")
            }
            if choices.chance(30) {
                envelopeJSONString = true
                lines.append("    payloadEncoding: json-string")
                features.insert("envelope json-string")
            }
            // Envelope fields are read, not yet sent, and not beside a JSON-string payload: the checker refuses both.
            if !envelopeJSONString, choices.chance(40) {
                features.insert("envelope fields")
                lines.append("    fields:")
                let line = "      sent_at: \(choices.pick(["Int?", "String", "Int", "String | null"]).quoted)"
                lines.append(line)
                envelopeFieldLine = line
                envelopeFieldNames.insert("sent_at")
            }
            return lines
        case .shapes:
            features.insert("framing: frames")
            let plan = drawShapes()
            shapes = plan
            var lines = ["frames:"] + plan.yaml
            if choices.chance(20) {
                // Several frames to a message: each frame drawn is still one message, read through the separator.
                let separator = choices.pick(["newline", "record-separator"])
                features.insert("separator: \(separator)")
                lines.insert("separator: \(separator)", at: 0)
            }
            return lines
        }
    }

    mutating func drawShapes() -> ShapePlan {
        var yaml: [String] = []
        var plan = ShapePlan(yaml: [], reserved: [], rest: false, idField: nil, hasChannel: false)
        if choices.chance(25) {
            features.insert("shape exact")
            yaml += ["  ping:", "    exact: true", "    when: {kind: ping}"]
            plan.pingShape = "ping"
            plan.reserved.insert("kind")
        }
        switch choices.int(0...4) {
        case 4:
            // Centrifugo's and JSON-RPC's shapes: no name, no constant; the keys a frame has say which it is.
            features.insert("shape has (keys tell shapes apart)")
            yaml += [
                "  reply:", "    has: [id, result]", "    payload: result", "    fields:", "      id: \"Int\"",
                "  push:", "    has: [push]", "    payload: push",
                "  command:", "    default: true", "    name: method", "    payload: params", "    fields:",
                "      id: \"Int?\"",
            ]
            plan.replyShape = "reply"
            plan.pushShape = "push"
            plan.idField = ("id", "Int?")
            plan.fieldKeys = ["id"]
            plan.reserved.formUnion(["id", "result", "push", "method", "params"])
        case 0:
            // The Discord gateway's two shapes: a dispatch named again by `t`, every other opcode its own event.
            features.insert("shape opcode (when, default)")
            let seq = choices.pick(["Int?", "Int | null", "Int"])
            yaml += [
                "  dispatch:", "    default: true", "    when: {op: 0}", "    name: t", "    payload: d",
                "    fields:", "      s: \(seq.quoted)",
                "  opcode:", "    name: op", "    payload: d",
            ]
            plan.opcodeShape = "opcode"
            plan.reserved.formUnion(["op", "t", "d", "s"])
            plan.requiresFields = seq != "Int?"
            if seq != "Int" { plan.idField = ("s", seq) }
            plan.fieldKeys = ["s"]
        case 1:
            // A name and fields in a nested object: paths everywhere (issue 50's first bug lived here).
            features.insert("shape paths (nested name, fields)")
            let id = choices.pick(["String?", "Int?", "String | null"])
            yaml += ["  message:", "    name: meta.type", "    payload: data"]
            if choices.chance(50) {
                yaml.append("    channel: meta.topic")
                plan.hasChannel = true
            }
            yaml += ["    fields:", "      meta.id: \(id.quoted)"]
            plan.idField = ("meta.id", id)
            plan.fieldKeys = ["meta.id"]
            plan.reserved.formUnion(["meta", "data"])
        case 2:
            features.insert("shape payload: rest")
            let id = choices.pick(["Int?", "String?"])
            yaml += ["  message:", "    name: type", "    payload: rest", "    fields:", "      id: \(id.quoted)"]
            plan.rest = true
            plan.idField = ("id", id)
            plan.fieldKeys = ["id"]
            plan.reserved.formUnion(["type", "id"])
        default:
            // Phoenix's array: slots named in order, the topic naming the channel.
            features.insert("shape array slots")
            yaml += [
                "  phoenix:", "    array: [join_ref, ref, topic, event, payload]", "    name: event",
                "    channel: topic", "    payload: payload", "    fields:", "      join_ref: \"String | null\"",
                "      ref: \"String | null\"",
            ]
            plan.idField = ("ref", "String | null")
            plan.fieldKeys = ["join_ref", "ref"]
            plan.hasChannel = true
        }
        if !yaml.contains("    array: [join_ref, ref, topic, event, payload]"), choices.chance(30) {
            // Last: it takes every array of at least one element, so an array shape with more slots goes first.
            features.insert("shape array slots, payload: rest")
            yaml += ["  data:", "    array: [chanId]", "    payload: rest", "    fields:", "      chanId: \"Int\""]
            plan.arrayShape = "data"
        }
        plan.yaml = yaml
        return plan
    }

    // MARK: Events

    /// One event as drawn, still open to a request's or subscription's additions.
    struct EventDraft {
        var wireName: String
        var direction: String
        /// An inline payload's field lines, or nil for another payload.
        var inlineFields: [String]?
        var fieldNames: [String] = []
        var payload: String?
        var extra: [String] = []
        var wire: String?
        var frame: String?
        var envelope: [String] = []

        /// Example frames (`examples: - frame: '…'`), as JSON text.
        var examples: [String] = []
        /// Whether `inlineFields` are a tuple's elements (`- name: Type`), which hold no correlation field.
        var isTuple = false

        /// Whether the payload is an inline object, to which a correlation field can be added.
        var isInline: Bool { inlineFields != nil && !isTuple }

        /// Whether every frame carries the payload: it is there and not `T?` (a shape whose `has:` names it needs it).
        var alwaysHasPayload: Bool { inlineFields != nil || (payload.map { !$0.hasSuffix("?") } ?? false) }

        /// Removes the inline field `name` with the lines that continue it (a field with options spans several:
        /// `items:` then `  type: ...`, `  keys: ...`), so no option is left without its field.
        mutating func removeField(_ name: String) {
            guard var lines = inlineFields else { return }
            while let start = lines.firstIndex(where: { $0.hasPrefix("\(name):") }) {
                var end = start + 1
                while end < lines.count, lines[end].hasPrefix(" ") { end += 1 }
                lines.removeSubrange(start..<end)
            }
            inlineFields = lines
        }

        /// Whether a correlation field can be added: the payload is an inline object, or there is none yet.
        var canHoldField: Bool { isInline || (payload == nil && inlineFields == nil) }

        func yaml(indent: String) -> [String] {
            var lines = ["\(indent)\(wireName.yamlKey):", "\(indent)  direction: \(direction)"]
            if let frame { lines.append("\(indent)  frame: \(frame)") }
            if let wire { lines.append("\(indent)  wire: \(wire)") }
            if let inlineFields {
                lines.append("\(indent)  payload:")
                lines += inlineFields.map { "\(indent)    " + $0 }
            } else if let payload {
                lines.append("\(indent)  payload: \(payload.quoted)")
            }
            if !envelope.isEmpty {
                lines.append("\(indent)  envelope:")
                lines += envelope.map { "\(indent)    " + $0 }
            }
            lines += extra.map { indent + "  " + $0 }
            if !examples.isEmpty {
                lines.append("\(indent)  examples:")
                lines += examples.map { "\(indent)    - frame: '\($0.replacingOccurrences(of: "'", with: "''"))'" }
            }
            return lines
        }
    }

    /// Gives some root events an `examples:` frame, made from the drawn contract's own types as `FrameSynthesizer`
    /// writes them (typical, sparse or with nulls): the checker reads each as generated code does, and the Swift
    /// target spells it as the event's `example1` literal, which every request call then sends. False when none.
    mutating func addExamples(to events: inout [EventDraft], drawnAs yaml: String) -> Bool {
        guard choices.chance(40), let contract = ContractLoader().load(text: yaml, path: "\(name).yaml").contract
        else { return false }
        var added = false
        for index in events.indices where choices.chance(40) {
            guard let event = contract.events.first(where: { $0.wireName == events[index].wireName }) else { continue }
            let variant = choices.pick(ValueSynthesizer.Variant.all)
            let frame = FrameSynthesizer(contract: contract, variant: variant).madeUpFrame(of: event, in: nil)
            guard !frame.isEmpty else { continue }
            events[index].examples = [String(decoding: frame, as: UTF8.self)]
            added = true
        }
        return added
    }

    static let eventWords = ["order", "chat", "room", "job", "ticket", "game", "file", "seat", "lap", "vote"]
    static let verbs = ["created", "updated", "removed", "joined", "sent", "ready", "moved", "closed"]

    mutating func eventName() -> String {
        var word = choices.pick(Self.eventWords)
        var verb = choices.pick(Self.verbs)
        var attempts = 0
        while usedWords.contains("\(word)_\(verb)") && attempts < 80 {
            word = choices.pick(Self.eventWords)
            verb = choices.pick(Self.verbs)
            attempts += 1
        }
        if usedWords.contains("\(word)_\(verb)") {
            word = "e\(usedWords.count)"
        }
        usedWords.insert("\(word)_\(verb)")
        let style = choices.int(0...4)
        switch style {
        case 1: features.insert("event name with dots"); return "\(word).\(verb)"
        case 2: features.insert("event name with colons"); return "\(word):\(verb)"
        case 3: features.insert("event name with dashes"); return "\(word)-\(verb)"
        case 4: features.insert("event name in capitals"); return "\(word)_\(verb)".uppercased()
        default: return "\(word)_\(verb)"
        }
    }

    var payloadMustBeObject: Bool {
        framing == .discriminator || (shapes?.rest ?? false)
    }

    /// Keys a payload object's fields must not use, where they sit beside the frame's own keys.
    var reservedFieldNames: Set<String> {
        switch framing {
        case .discriminator: ["type"]
        case .shapes: (shapes?.rest ?? false) ? (shapes?.reserved ?? []) : []
        default: []
        }
    }

    var opcodeWire = 1
    var pingTaken = false
    var replyTaken = false
    var pushTaken = false
    var arrayTaken = false

    /// Under frame shapes, sometimes one wire name in both directions with a payload each way (issue 53, shape 7): a
    /// second event, `wire:` naming the first, sent the other way with a payload of its own.
    mutating func addTwin(to events: inout [EventDraft]) {
        guard case .shapes = framing, choices.chance(20),
            let original = events.first(where: { draft in
                draft.frame == nil && draft.wire == nil && draft.extra.isEmpty && draft.direction != "both"
                    && !events.contains { $0.wire == draft.wireName.yamlKey }
            })
        else { return }
        features.insert("one wire name both ways")
        var twin = drawEvent(inChannel: false)
        guard twin.frame == nil, twin.wire == nil else { return }
        twin.wireName = original.wireName + "_back"
        while events.contains(where: { $0.wireName == twin.wireName }) { twin.wireName += "_" }
        twin.wire = original.wireName.yamlKey
        twin.direction = original.direction == "client-to-server" ? "server-to-client" : "client-to-server"
        if twin.direction == "client-to-server" { twin.envelope = [] }
        events.append(twin)
    }

    mutating func drawEvent(inChannel: Bool) -> EventDraft {
        var direction = choices.pick(["server-to-client", "client-to-server", "both"])
        if !envelopeFieldNames.isEmpty { direction = "server-to-client" }
        features.insert("direction \(direction)")
        var draft = EventDraft(wireName: eventName(), direction: direction)
        let objectStructs = typeNames.filter { name in
            guard let fields = structs[name] else { return false }
            return reservedFieldNames.isDisjoint(with: fields)
        }
        switch choices.int(0...5) {
        case 0, 1:
            features.insert("inline payload")
            let fields = drawFields(count: choices.int(1...4), depth: 1, avoiding: reservedFieldNames, selfName: nil)
            draft.inlineFields = fields.lines
            draft.fieldNames = fields.names
        case 2 where !objectStructs.isEmpty:
            features.insert("named payload")
            draft.payload = choices.pick(objectStructs)
        case 3 where !payloadMustBeObject:
            features.insert("payload not an object")
            draft.payload = typeExpression(depth: 1, allowBoth: false)
        case 4 where !payloadMustBeObject && !objectStructs.isEmpty:
            features.insert("payload an array of a struct")
            draft.payload = "[\(choices.pick(objectStructs))]"
        case 5 where !payloadMustBeObject:
            features.insert("inline tuple payload")
            draft.inlineFields = drawTupleElements()
            draft.isTuple = true
        default:
            features.insert("no payload")
        }
        if case .envelope = framing, !inChannel, !envelopeJSONString, direction == "server-to-client",
            choices.chance(20)
        {
            features.insert("event envelope field")
            draft.envelope = ["trace: String?"]
        }
        if case .shapes = framing, !inChannel {
            if let opcode = shapes?.opcodeShape, choices.chance(40) {
                features.insert("frame: with wire:")
                draft.frame = opcode
                draft.wire = "\(opcodeWire)"
                opcodeWire += 1
            } else if let reply = shapes?.replyShape, !replyTaken, draft.alwaysHasPayload, choices.chance(40) {
                features.insert("frame: a shape told by its keys")
                replyTaken = true
                draft.frame = reply
                draft.direction = "server-to-client"
            } else if let push = shapes?.pushShape, !pushTaken, draft.alwaysHasPayload, choices.chance(40) {
                features.insert("frame: a shape told by its keys")
                pushTaken = true
                draft.frame = push
                draft.direction = "server-to-client"
            } else if let data = shapes?.arrayShape, !arrayTaken, choices.chance(40) {
                features.insert("frame: an array shape's rest")
                arrayTaken = true
                draft.frame = data
                draft.direction = "server-to-client"
                draft.envelope = []
                if choices.chance(50) {
                    (draft.inlineFields, draft.isTuple, draft.payload) = (drawTupleElements(), true, nil)
                } else {
                    let element = typeExpression(depth: 1, allowBoth: false)
                    (draft.inlineFields, draft.isTuple, draft.payload) = (nil, false, "[\(element)]")
                }
            } else if let ping = shapes?.pingShape, !pingTaken, draft.payload == nil, draft.inlineFields == nil,
                choices.chance(30)
            {
                pingTaken = true
                draft.frame = ping
                draft.direction = "both"
            }
        }
        if case .socketIO = framing, draft.direction != "both", choices.chance(15) {
            features.insert("socket.io ack")
            // Half the time any type a field may have: a named struct or tuple (its elements spread as the
            // callback's arguments), arrays, dictionaries, optional and nullable.
            let ack = choices.chance(50) ? typeExpression(depth: 1) : choices.pick(["String", "Bool", "Int?"])
            draft.extra.append("ack: \(ack.quoted)")
        }
        return draft
    }

}

extension String {
    /// The text as a double-quoted YAML scalar.
    var quoted: String {
        "\"" + replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// The text as a YAML mapping key: quoted when it holds characters YAML reads specially.
    var yamlKey: String {
        allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." } ? self : quoted
    }
}
