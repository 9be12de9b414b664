import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// `schemagen infer`: a draft contract from captured traffic. Two passes over the captures: the first recognises
/// the framing (``FramingGuess``), the second takes every frame apart with it and merges what each event's payloads,
/// envelopes and acknowledgements showed (``EventTally``); the draft spells the result (``TypeSpeller``) with a
/// `# guess:` comment on every choice the traffic could not settle. Both passes keep counts and merged shapes only,
/// so a capture of any length takes memory in proportion to the API, not the traffic.
public struct ContractInferrer {
    /// The contract's `name:`, a Swift type name.
    package var name: String
    private var framingGuess = FramingGuess()
    private(set) var framing: FramingGuess.Framing?
    private var framingReason = ""
    private var tallies: [String: EventTally] = [:]
    private var eventOrder: [String] = []
    /// Socket.IO events that asked for an acknowledgement, by who sent them, namespace and id, until answered.
    private var awaitingAcknowledgement: [String: String] = [:]
    /// Frames by Socket.IO namespace, for the one the draft describes.
    private var namespaces: [String: Int] = [:]
    private var framesRead = 0
    private var framesWithoutEvent = 0

    /// Acknowledgements awaited at once: past this, the oldest are forgotten (an answer then goes untyped).
    package static let maximumAwaitedAcknowledgements = 10_000
    /// Distinct event names a draft takes: past this, the key read as the name holds values (ids, timestamps), and
    /// tallying them would grow without bound.
    package static let maximumEvents = 2_000
    /// Whether frames named more events than ``maximumEvents`` (those past it are not tallied).
    package private(set) var namesTooManyEvents = false

    /// Each pass's protocol, taken off as `verify` takes it off (each pass reads the captures from the start).
    private var framingUnwrapper: CaptureUnwrapper
    private var eventUnwrapper: CaptureUnwrapper
    /// Frames by event that a Phoenix topic delivered: an event always delivered so goes in the topics' channel.
    private var framesOnTopics: [String: Int] = [:]
    /// The protocols the frames came over, for the draft's first comment.
    private var protocolsSeen: Set<CaptureProtocol> = []

    package init(name: String) {
        self.init(name: name, captureProtocol: nil)
    }

    /// `captureProtocol` is the protocol the captures were recorded over; when `nil`, each message's is recognised
    /// from its WebSocket URL, else Socket.IO's packets from their text. A Phoenix capture's draft describes its
    /// broadcasts, on the channels their topics name after `topicPrefix`.
    package init(name: String, captureProtocol: CaptureProtocol?, topicPrefix: String = "realtime:") {
        self.name = name
        var unwrapper = CaptureUnwrapper(captureProtocol: captureProtocol, fallback: .socketIO, phoenixBroadcasts: true)
        unwrapper.topicPrefix = topicPrefix
        framingUnwrapper = unwrapper
        eventUnwrapper = unwrapper
    }

    /// The first pass: one frame's share of the framing's evidence.
    package mutating func observeFraming(_ frame: CapturedFrame) {
        protocolsSeen.insert(framingUnwrapper.protocolOf(frame))
        for part in framingUnwrapper.unwrap(frame).parts {
            switch part {
            case .frame(let data, let topic):
                framingGuess.observe(topic == nil ? data : Self.withoutBroadcastType(data))
            case .packet: framingGuess.observePacket()
            case .protocolPacket, .unreadable: break
            }
        }
    }

    /// A Phoenix broadcast's object without its `"type": "broadcast"`, which names the message, not the event.
    private static func withoutBroadcastType(_ data: Data) -> Data {
        guard case .object(let members)? = try? DocumentValue(parsingJSON: data) else { return data }
        return Data(DocumentValue.object(members.filter { $0.key != "type" }).json.utf8)
    }

    /// Settles the framing after the first pass; throws when the frames share none schemagen recognises.
    package mutating func settleFraming() throws(InferenceError) {
        switch framingGuess.conclusion() {
        case .success(let (framing, reason)):
            self.framing = framing
            framingReason = reason
        case .failure(let error):
            throw error
        }
    }

    /// The second pass: one frame's event, payload and acknowledgement.
    package mutating func observe(_ frame: CapturedFrame) {
        guard framing != nil else { return }
        let (counts, parts) = eventUnwrapper.unwrap(frame)
        if counts { framesRead += 1 }
        for part in parts { observe(part, frame) }
    }

    private mutating func observe(_ part: CaptureUnwrapper.Part, _ frame: CapturedFrame) {
        guard let framing else { return }
        let inferred: InferredFrame
        switch part {
        case .frame(let data, nil): inferred = InferredFrame(data, framing: framing)
        case .frame(let data, let topic?):
            inferred = InferredFrame(Self.withoutBroadcastType(data), framing: framing).delivered(on: topic)
        case .packet(let packet, _): inferred = InferredFrame(packet)
        case .protocolPacket, .unreadable: return
        }
        switch inferred {
        case .event(var event):
            if case .positional = framing, case .array(let items)? = event.payload {
                // Elements by position, so each keeps its own type and a missing last one reads as optional.
                event.payload =
                    items.isEmpty ? nil : .object(items.enumerated().map { ("\($0.offset + 1)", $0.element) })
            }
            namespaces[event.namespace, default: 0] += 1
            let key = Self.key(event.namespace, event.name)
            if tallies[key] == nil {
                guard tallies.count < Self.maximumEvents else {
                    namesTooManyEvents = true
                    return
                }
                tallies[key] = EventTally(wireName: event.name)
                eventOrder.append(key)
            }
            tallies[key]?.observe(event, sentBy: frame.direction)
            if event.deliveredOn != nil { framesOnTopics[key, default: 0] += 1 }
            if let id = event.ackID {
                if awaitingAcknowledgement.count >= Self.maximumAwaitedAcknowledgements {
                    awaitingAcknowledgement.removeAll()
                }
                awaitingAcknowledgement["\(frame.direction.rawValue) \(event.namespace) \(id)"] = key
            }
        case .acknowledgement(let id, let namespace, let arguments):
            let asker: Direction = frame.direction == .clientToServer ? .serverToClient : .clientToServer
            guard let key = awaitingAcknowledgement.removeValue(forKey: "\(asker.rawValue) \(namespace) \(id)") else {
                return
            }
            tallies[key]?.observeAcknowledgement(arguments, of: asker)
        case .other:
            framesWithoutEvent += 1
        }
    }

    /// Throws when the frames named more events than a contract has: what names them holds values instead.
    package func refuseTooManyEvents() throws(InferenceError) {
        guard namesTooManyEvents else { return }
        throw InferenceError(
            message:
                "the frames name more than \(Self.maximumEvents) different events, so what names them holds values (ids, times), not names (\(framingReason)); write `frames:` by hand (docs/contract-format.md, Frame shapes)"
        )
    }

    private static func key(_ namespace: String, _ name: String) -> String {
        namespace + "\u{1F}" + name
    }

    /// The draft contract's YAML; `sources` name the captures in its first comment.
    package func draft(sources: [String]) -> String {
        // Events and channels become Swift types too, and generated code declares some names itself.
        var reserved = Set([name, "Channels", "Topics"]).union(NameCollisionCheck.reservedTypeNames.keys)
        for tally in tallies.values {
            for suffix in ["", "_from_client", "_from_server"] {
                if let typeName = SwiftName.upperCamel(tally.wireName + suffix) { reserved.insert(typeName) }
            }
        }
        var speller = TypeSpeller(reserved: reserved)
        for tally in tallies.values {
            for part in [tally.fromClient, tally.fromServer] {
                speller.collectFields(of: part.envelope)
                if case .object(let object)? = part.payload.kind {
                    speller.collectFields(of: object)
                } else {
                    speller.collect(part.payload)
                }
                speller.collect(part.acknowledgement)
            }
        }
        var comments: [[String]: [String]] = [:]
        var root: [(key: String, value: DocumentValue)] = [("schemagen", .integer(1)), ("name", .string(name))]
        let mainNamespace =
            namespaces.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "/"
        root.append(contentsOf: framingMembers(of: framing, &speller, &comments))
        if case .socketIO = framing, mainNamespace != "/" {
            root.append(("namespace", .string(mainNamespace)))
            comments[["namespace"]] = ["guess: the namespace of \(namespaces[mainNamespace] ?? 0) event frames"]
        }
        let channelName = channelName ?? ""
        let channelEvents = eventMembers(
            namespace: mainNamespace, inChannel: true, scope: ["channels", channelName, "events"], &speller, &comments)
        let events = eventMembers(namespace: mainNamespace, inChannel: false, scope: ["events"], &speller, &comments)
        if speller.datesSeen.whole || speller.datesSeen.fractional {
            root.append(("dates", .string(speller.datesSeen.fractional ? "iso8601-fractional" : "iso8601")))
            comments[["dates"]] = [
                speller.datesSeen.fractional
                    ? "guess: dates are sent with fractional seconds, as JavaScript's Date.toJSON writes them"
                    : "guess: dates are sent as ISO 8601 without fractional seconds"
            ]
        }
        if !speller.types.isEmpty {
            root.append(
                (
                    "types",
                    .object(speller.types.map { type in (type.name, .object([("fields", .object(type.fields))])) })
                ))
            for type in speller.types {
                comments[["types", type.name]] = [
                    "guess: named from \(type.origin), in \(type.sharedBy.joined(separator: ", "))"
                ]
                for (key, guess) in type.guesses { comments[["types", type.name, "fields", key]] = [guess] }
            }
        }
        if !channelEvents.isEmpty {
            root.append(
                (
                    "channels",
                    .object([
                        (
                            channelName,
                            .object([
                                ("address", .string("{name}")), ("parameters", .object([("name", .string("String"))])),
                                ("events", .object(channelEvents)),
                            ])
                        )
                    ])
                ))
            comments[["channels", channelName]] = [
                channelKey == nil
                    ? "guess: one channel for every Phoenix topic (after `\(eventUnwrapper.topicPrefix)`); split it by the topics' prefixes (`order:{order_id}`) by hand"
                    : "guess: one channel for every name; split it by the names' prefixes (private-, presence-) by hand"
            ]
        }
        if !events.isEmpty { root.append(("events", .object(events))) }
        var header = [
            "Drafted by `schemagen infer` from \(sources.joined(separator: ", ")): \(framesRead) frames, \(events.count + channelEvents.count) events.",
            "Each type is the least one that reads every sample. A `# guess:` comment marks what the traffic could",
            "not settle; check each, add descriptions, enums and requests, then delete the comments.",
        ]
        if protocolsSeen.contains(.phoenix) {
            header.append(
                "Recorded over Phoenix: the events are its topics' broadcasts; over Supabase Realtime connect with PhoenixProtocol(contractLayer: .broadcasts(topicPrefix: \"\(eventUnwrapper.topicPrefix)\")) (docs/transports.md)."
            )
        }
        let otherNamespaces = namespaces.keys.filter { $0 != mainNamespace }.sorted()
        if case .socketIO = framing, !otherNamespaces.isEmpty {
            header.append(
                "Events in the namespaces \(otherNamespaces.joined(separator: ", ")) are left out: a contract describes one namespace's events outside channels."
            )
        }
        var writer = YAMLWriter(plainIntegerKeys: true)
        writer.comments = comments
        return header.map { "# " + $0 + "\n" }.joined() + writer.write(.object(root))
    }

    func framingMembers(
        of framing: FramingGuess.Framing?, _ speller: inout TypeSpeller, _ comments: inout [[String]: [String]]
    )
        -> [(key: String, value: DocumentValue)]
    {
        let guess = ["guess: \(framingReason)"]
        switch framing {
        case .channelArrays(let objects, let slot, let heartbeats, let names)?:
            var shapes: [(key: String, value: DocumentValue)] = []
            if let objects {
                var inner: [[String]: [String]] = [:]
                shapes.append(("message", Self.messageShape(framingMembers(of: objects, &speller, &inner))))
                for (path, lines) in inner where path.first == "frames" || path.first == "framing" {
                    guard path.count > 2 else { continue }
                    comments[["frames", "message"] + path.dropFirst(path.first == "frames" ? 2 : 3)] = lines
                }
            }
            shapes += Self.channelArrayShapes(slot: slot, heartbeats: heartbeats, names: names)
            comments[["frames"]] = guess
            return [("frames", .object(shapes))]
        case .socketIO?, nil:
            comments[["framing"]] = guess
            return [("framing", .string("socket.io"))]
        case .positional?:
            comments[["frames"]] = guess
            return [
                (
                    "frames",
                    .object([
                        (
                            "message",
                            .object([
                                ("array", .array([.string("verb")])), ("name", .string("verb")),
                                ("payload", .string("rest")),
                            ])
                        )
                    ])
                )
            ]
        case .discriminator(let key)?:
            comments[["framing"]] = guess
            return [("framing", .object([("discriminator", .string(key))]))]
        case .envelope(let nameKey, let payloadKey, let payloadIsJSONString, let fieldKeys)?:
            var envelope: [(key: String, value: DocumentValue)] = [
                ("name", .string(nameKey)), ("payload", .string(payloadKey)),
            ]
            if fieldKeys.isEmpty || eventsCarryEnvelopes {
                comments[["framing"]] = guess
                if let channelKey {
                    envelope.append(("channel", .string(channelKey)))
                    comments[["framing", "envelope", "channel"]] = [
                        "guess: `\(channelKey)` names each frame's channel; the events that always carry it are in the channel `\(channelKey)s`"
                    ]
                }
                if payloadIsJSONString { envelope.append(("payloadEncoding", .string("json-string"))) }
                // Keys every frame carries are the envelope's; the others each event's own (`envelope:`).
                let common = commonEnvelopeKeys
                if !common.keys.isEmpty {
                    let (fields, guesses) = speller.fields(of: common, owner: name)
                    envelope.append(("fields", .object(fields)))
                    for (key, guess) in guesses { comments[["framing", "envelope", "fields", key]] = [guess] }
                }
                return [("framing", .object([("envelope", .object(envelope))]))]
            }
            // Keys beside the name and payload, sent both ways: a frame shape, whose fields both sides write.
            var merged = ObjectObservation()
            for key in eventOrder {
                guard let tally = tallies[key] else { continue }
                merged.absorb(tally.fromClient.envelope)
                merged.absorb(tally.fromServer.envelope)
            }
            let (fields, guesses) = speller.fields(of: merged, owner: name)
            comments[["frames"]] = guess
            for (key, guess) in guesses { comments[["frames", "message", "fields", key]] = [guess] }
            return [
                (
                    "frames",
                    .object([("message", .object(envelope + [("fields", .object(fields))]))])
                )
            ]
        }
    }

    /// Whether an envelope's keys beside its name and payload are the envelope's and each event's own (`fields:`,
    /// `envelope:`) rather than a frame shape's: when the app sends none of them (generated code reads envelope
    /// fields but does not write them), or when the payload is a string of JSON, which frame shapes do not read.
    private var eventsCarryEnvelopes: Bool {
        guard case .envelope(_, _, let payloadIsJSONString, let fields)? = framing, !fields.isEmpty else {
            return false
        }
        return payloadIsJSONString || !tallies.values.contains { !$0.fromClient.envelope.keys.isEmpty }
    }

    /// The envelope keys every frame carries (but the channel's), with their values.
    private var commonEnvelopeKeys: ObjectObservation {
        var merged = ObjectObservation()
        for tally in tallies.values {
            merged.absorb(tally.fromClient.envelope)
            merged.absorb(tally.fromServer.envelope)
        }
        for key in merged.keys where merged.fields[key]?.samples != merged.count || key == channelKey {
            merged.remove(key)
        }
        return merged
    }

    /// Keys that name a channel in the APIs schemagen knows (Pusher's `channel`, Phoenix's and Supabase's `topic`).
    package static let channelKeys = ["channel", "topic"]

    /// The envelope key naming each frame's channel, for envelopes whose other keys are each event's own: events
    /// that always carry it are drafted in one channel whose address is any name.
    private var channelKey: String? {
        guard eventsCarryEnvelopes, case .envelope(_, _, _, let fields)? = framing else { return nil }
        return Self.channelKeys.first(where: fields.contains)
    }

    /// The channel the draft puts events in that always name one: for the envelope's channel key (`channels`), or
    /// for the Phoenix topics that delivered them (`topics`).
    private var channelName: String? {
        channelKey.map { $0 + "s" } ?? (framesOnTopics.isEmpty ? nil : "topics")
    }

    /// Whether every frame of the event named its channel, or came on a Phoenix topic.
    private func travelsInChannel(_ key: String, _ tally: EventTally) -> Bool {
        guard let channelKey else {
            return framesOnTopics[key] == tally.fromClient.frames + tally.fromServer.frames
        }
        return [tally.fromClient, tally.fromServer].allSatisfy { part in
            part.frames == 0 || part.envelope.fields[channelKey]?.samples == part.frames
        }
    }

    /// The events of `namespace`, those in the drafted channel or those outside it; `scope` is their path in the
    /// draft.
    private func eventMembers(
        namespace: String, inChannel: Bool, scope: [String], _ speller: inout TypeSpeller,
        _ comments: inout [[String]: [String]]
    ) -> [(key: String, value: DocumentValue)] {
        var events: [(key: String, value: DocumentValue)] = []
        var usedKeys: Set<String> = []
        for key in eventOrder where key.hasPrefix(namespace + "\u{1F}") {
            guard let tally = tallies[key], travelsInChannel(key, tally) == inChannel else { continue }
            let both = tally.fromClient.frames > 0 && tally.fromServer.frames > 0
            if both, differInShape(tally.fromClient, tally.fromServer) {
                for (direction, part, suffix) in [
                    (Direction.clientToServer, tally.fromClient, "_from_client"),
                    (Direction.serverToClient, tally.fromServer, "_from_server"),
                ] {
                    let eventKey = Self.unique(tally.wireName + suffix, in: &usedKeys)
                    events.append(
                        event(
                            eventKey, wireName: tally.wireName, direction: direction, part, scope: scope, &speller,
                            &comments,
                            note: "guess: `\(tally.wireName)` has a different shape each way, so it is two events"))
                }
                continue
            }
            var merged = tally.fromClient
            merged.absorb(tally.fromServer)
            let direction: Direction = both ? .both : (tally.fromClient.frames > 0 ? .clientToServer : .serverToClient)
            let eventKey = Self.unique(tally.wireName, in: &usedKeys)
            events.append(
                event(
                    eventKey, wireName: tally.wireName, direction: direction, merged, scope: scope, &speller,
                    &comments, note: nil))
        }
        return events
    }

    /// `key`, or `key_2`, `key_3`… when `used` has it; the one returned joins `used`.
    static func unique(_ key: String, in used: inout Set<String>) -> String {
        var candidate = key
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(key)_\(suffix)"
            suffix += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// Whether the two directions of one wire name carry payloads no one type reads.
    /// Positional payloads differ when their lengths do (`["EVENT", event]` and `["EVENT", id, event]`); objects
    /// when they share no key.
    private func differInShape(_ a: EventTally.DirectionTally, _ b: EventTally.DirectionTally) -> Bool {
        switch (a.payload.kind, b.payload.kind) {
        case (nil, _), (_, nil): return false
        case (.object(let x)?, .object(let y)?):
            if case .positional = framing { return x.keys != y.keys }
            return Set(x.keys).isDisjoint(with: y.keys)
        case (let x?, let y?): return x.name != y.name
        }
    }

    private func event(
        _ key: String, wireName: String, direction: Direction, _ tally: EventTally.DirectionTally, scope: [String],
        _ speller: inout TypeSpeller, _ comments: inout [[String]: [String]], note: String?
    ) -> (key: String, value: DocumentValue) {
        let owner = SwiftName.upperCamel(key) ?? "Event"
        var members: [(key: String, value: DocumentValue)] = []
        if key != wireName { members.append(("wire", .string(wireName))) }
        if let swiftName = NameCollisionCheck.swiftNameAvoidingClientMembers(
            wireName: key, sentByApp: direction.isEmittedByClient)
        {
            members.append(("swiftName", .string(swiftName)))
        }
        let who =
            switch direction {
            case .clientToServer: "sent by the client"
            case .serverToClient: "sent by the server"
            case .both: "sent both ways"
            }
        members.append(("direction", .string(direction.rawValue)))
        if let shape = channelArrayShape(of: wireName) {
            members.append(("frame", .string(shape)))
            if case .channelArrays(_, let slot, _, let names)? = framing, names.data == wireName {
                comments[scope + [key, "frame"]] = [
                    "guess: what the arrays after the channel id hold depends on the channel; type each with `subscription: {event: \(wireName), match: \(slot), id: \(slot), type: ...}` on the request whose reply assigns the id (docs/contract-format.md, Tuples)"
                ]
            }
        }
        comments[scope + [key, "direction"]] =
            ["guess: \(ContractSummary.count(tally.frames, "frame")), \(who)"] + (note.map { [$0] } ?? [])
        var envelope = tally.envelope
        if let channelKey { envelope.remove(channelKey) }
        for common in commonEnvelopeKeys.keys { envelope.remove(common) }
        if eventsCarryEnvelopes, envelope.keys.count > 0 {
            let (fields, guesses) = speller.fields(of: envelope, owner: owner)
            members.append(("envelope", .object(fields)))
            for (field, guess) in guesses { comments[scope + [key, "envelope", field]] = [guess] }
        }
        let payloadPath = scope + [key, "payload"]
        var payloadGuesses: [String] = []
        if tally.payload.samples > 0 {
            let payload = tally.payload
            if case .object(let object)? = payload.kind, case .positional = framing {
                var elements: [DocumentValue] = []
                for position in object.keys {
                    guard let observation = object.fields[position] else { continue }
                    let spelling = speller.spell(
                        observation, presentIn: object.count, name: "element\(position)", owner: owner)
                    elements.append(.object([("element\(position)", .string(spelling.type))]))
                    payloadGuesses += spelling.guesses.map { "element\(position): \($0)" }
                }
                payloadGuesses.insert("the elements after the verb, named by position; name them", at: 0)
                members.append(("payload", .array(elements)))
            } else if case .object(let object)? = payload.kind, payload.nulls == 0, tally.withoutPayload == 0,
                !object.keys.isEmpty
            {
                let (fields, guesses) = speller.fields(of: object, owner: owner)
                members.append(("payload", .object(fields)))
                for (field, guess) in guesses { comments[payloadPath + [field]] = [guess] }
            } else {
                let spelling = speller.spell(
                    payload, presentIn: tally.withoutPayload > 0 ? tally.frames : nil, name: owner + "Payload",
                    owner: owner, origin: "the payload of `\(wireName)`")
                members.append(("payload", .string(spelling.type)))
                payloadGuesses += spelling.guesses
            }
            if tally.extraArguments > 0 {
                payloadGuesses.append(
                    "\(tally.extraArguments) frames had more than one argument; a contract types the first")
            }
        }
        if !payloadGuesses.isEmpty { comments[payloadPath] = ["guess: " + payloadGuesses.joined(separator: "; ")] }
        if tally.acknowledgement.samples > 0 {
            let spelling = speller.spell(
                tally.acknowledgement, presentIn: nil, name: owner + "Ack", owner: owner,
                origin: "the acknowledgement of `\(wireName)`")
            members.append(("ack", .string(spelling.type)))
            var guesses =
                ["\(ContractSummary.count(tally.acknowledgement.samples, "acknowledgement")) seen"] + spelling.guesses
            if tally.acknowledgementsWithMoreArguments > 0 {
                guesses.append(
                    "\(tally.acknowledgementsWithMoreArguments) with more than one argument (the first is typed)")
            }
            comments[scope + [key, "ack"]] = ["guess: " + guesses.joined(separator: "; ")]
        }
        return (key, .object(members))
    }
}

extension ContractInferrer {
    /// Drafts a contract from capture files, reading each twice (the framing, then the events): the whole of
    /// `schemagen infer` but writing. The draft is made from the parts that could be read; `unreadable` gets those
    /// that could not, even when no draft can be made.
    package static func draft(
        name: String, captures: [String], captureProtocol: CaptureProtocol? = nil, topicPrefix: String = "realtime:",
        unreadable: inout UnreadableParts
    ) throws -> String {
        var inferrer = ContractInferrer(name: name, captureProtocol: captureProtocol, topicPrefix: topicPrefix)
        for capture in captures {
            unreadable.append(contentsOf: try CaptureReader.read(capture, binary: true) { inferrer.observeFraming($0) })
        }
        try inferrer.settleFraming()
        // The second reading meets the same unreadable parts as the first, which has counted them.
        for capture in captures { _ = try CaptureReader.read(capture, binary: true) { inferrer.observe($0) } }
        try inferrer.refuseTooManyEvents()
        return inferrer.draft(sources: captures.map { ($0 as NSString).lastPathComponent })
    }

    /// Drafts a contract from frames in memory (a test's, a recording's); `source` names them in the first comment.
    public static func draft(name: String, frames: [CapturedFrame], source: String) throws(InferenceError) -> String {
        try draft(name: name, frames: frames, source: source, captureProtocol: nil)
    }

    /// ``draft(name:frames:source:)`` for frames recorded over `captureProtocol`.
    package static func draft(
        name: String, frames: [CapturedFrame], source: String, captureProtocol: CaptureProtocol?
    ) throws(InferenceError) -> String {
        var inferrer = ContractInferrer(name: name, captureProtocol: captureProtocol)
        for frame in frames { inferrer.observeFraming(frame) }
        try inferrer.settleFraming()
        for frame in frames { inferrer.observe(frame) }
        try inferrer.refuseTooManyEvents()
        return inferrer.draft(sources: [source])
    }
}
