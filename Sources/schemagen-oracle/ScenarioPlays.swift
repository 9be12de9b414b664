import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools
@_spi(Generated) import SchemaGenRuntime

/// Every scenario, and every request alone, played by both of the generator's servers: the contract's generated
/// `Mock` (in the driver) and `schemagen-mock`'s `ContractMockServer` (here, in process), each on a loopback
/// connection that sends the same app frames. The frames each sends that connection must be the same: the same
/// events, values and channels, in the same order (as a set where an app frame is a request, whose reply races the
/// scenario in the generated `Mock`).
enum ScenarioPlays {
    /// One scenario to play, with the app frames that let it play to its end; or, without a scenario, one request
    /// sent alone (`request <wire name>`), which both servers answer.
    struct Play {
        var name: String
        var scenario: Scenario?
        /// What the app does that lets the scenario play to its end, in order: for each `after:` step a frame of its
        /// event as the app sends it (on the step's channel address), for each `subscribed:` step its subscription.
        var triggers: [Trigger]
        /// Whether the order of the frames the servers send is theirs to choose (an app frame gets a reply too).
        var ordered: Bool
    }

    /// One thing the app does on its connection.
    struct Trigger {
        /// The frame the app sends, with the acknowledgement id it asks for (an event with `ack:` in Socket.IO) and
        /// the channel address it travels on, as the transport carries it; empty for a subscription.
        var data = Data()
        var ackID: Int? = nil
        var channel: String? = nil
        /// The channel address the app subscribes to, instead of sending a frame.
        var subscribesTo: String? = nil
    }

    /// The scenarios of `contract` the driver and `ContractMockServer` play, each with its app frames (for an
    /// `after:` step with `where:` values, a frame with one value changed, then one that holds them all) and
    /// subscriptions.
    static func plays(of contract: Contract) -> [Play] {
        contract.scenarios.compactMap { scenario -> Play? in
            var triggers: [Trigger] = []
            var ordered = true
            for step in scenario.steps {
                if case .subscribed(let channel) = step.action {
                    triggers.append(Trigger(subscribesTo: channel.address))
                    continue
                }
                guard case .after(let name, let conditions, let address) = step.action else { continue }
                guard let (scope, event) = contract.event(name, inChannel: address?.name) else { return nil }
                let synthesizer = FrameSynthesizer(contract: contract)
                let wanted = Dictionary(conditions.map { ($0.field, $0.json) }, uniquingKeysWith: { first, _ in first })
                func frame(_ fields: [String: String]) -> Trigger {
                    Trigger(
                        data: synthesizer.madeUpFrame(
                            of: event, in: scope, address: address?.address, settingPayloadFields: fields),
                        ackID: askedAcknowledgement(event, in: contract, number: triggers.count + 1),
                        channel: address?.address)
                }
                // First a frame one `where:` value short of the step's, which both servers must let pass.
                let others = synthesizer.madeUpConditions(of: event).filter { wanted[$0.field] != nil }
                if let other = others.first(where: { $0.other != nil }), let otherJSON = other.other {
                    var near = wanted
                    near[other.field] = otherJSON
                    triggers.append(frame(near))
                }
                let last = frame(wanted)
                guard !last.data.isEmpty else { return nil }
                triggers.append(last)
                if event.reply != nil || event.subscription != nil || event.ack != nil { ordered = false }
            }
            return Play(name: scenario.name, scenario: scenario, triggers: triggers, ordered: ordered)
        } + requests(of: contract)
    }

    /// Each request (a reply, a subscription's items, or an acknowledgement on a transport that carries them) alone,
    /// outside channels and on a channel's address (made from its template, `room-1`).
    static func requests(of contract: Contract) -> [Play] {
        let scopes = [(nil, contract.events)] + contract.channels.map { (Optional($0), $0.events) }
        return scopes.flatMap { channel, events in
            events.compactMap { event -> Play? in
                let acknowledged = event.ack != nil && contract.framing == .socketIO
                guard event.direction.isEmittedByClient,
                    event.reply != nil || event.subscription != nil || acknowledged
                else { return nil }
                let frame = FrameSynthesizer(contract: contract).madeUpFrame(of: event, in: channel)
                guard !frame.isEmpty else { return nil }
                return Play(
                    name: "request \(channel.map { "\($0.name) " } ?? "")\(event.wireName)", scenario: nil,
                    triggers: [
                        Trigger(
                            data: frame,
                            ackID: acknowledged ? askedAcknowledgement(event, in: contract, number: 1) : nil,
                            channel: channel.map(FrameSynthesizer.address))
                    ],
                    ordered: true)
            }
        }
    }

    /// The acknowledgement id an app's frame of `event` asks for: the `number`th, for an event with `ack:` where the
    /// framing carries acknowledgements (Socket.IO).
    private static func askedAcknowledgement(_ event: Event, in contract: Contract, number: Int) -> Int? {
        event.ack != nil && contract.framing == .socketIO ? number : nil
    }

    /// What `ContractMockServer` sends one connection while it plays `play`, each frame as `channel<TAB>JSON`: every
    /// frame it has sent once the scenario has finished and no frame has come for 50 ms (its sends go out on a task
    /// of their own, after the scenario has queued them); nil when the scenario does not finish within 5 seconds.
    static func reference(_ contract: Contract, _ play: Play) -> [String]? {
        let result = LockedValue<[String]?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let transport = LoopbackServerTransport()
            let finished = AsyncStream.makeStream(of: Void.self)
            let server = ContractMockServer(contract: contract, transport: transport, scenario: play.scenario) {
                if case .scenario(_, let text) = $0, text.hasPrefix("finished") { finished.continuation.yield() }
            }
            if play.scenario == nil { finished.continuation.yield() }
            let frames = LockedValue<[String]>([])
            // Receiving from the start: the scenario may open with a `send:`, played as the connection opens.
            let connection = transport.connect { frame in
                frames.withLock {
                    $0.append(Self.entry(frame.channel, frame.acknowledges, frame.data, separator: contract.separator))
                }
            }
            for trigger in play.triggers {
                if let address = trigger.subscribesTo {
                    try? await connection.subscribe(to: address)
                } else {
                    try? await connection.send(
                        OutgoingFrame(
                            eventName: "", channel: trigger.channel, payload: nil, data: trigger.data,
                            ackID: trigger.ackID))
                }
            }
            let ended = await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for await _ in finished.stream { return true }
                    return false
                }
                group.addTask {
                    try? await Task.sleep(for: .seconds(5))
                    return false
                }
                defer { group.cancelAll() }
                return await group.next() ?? false
            }
            var seen = -1
            var waited = 0
            while ended, frames.withLock({ $0.count }) != seen, waited < 40 {
                seen = frames.withLock { $0.count }
                try? await Task.sleep(for: .milliseconds(50))
                waited += 1
            }
            withExtendedLifetime(server) {}
            result.withLock { $0 = ended ? frames.withLock { $0 } : nil }
            done.signal()
        }
        done.wait()
        return result.withLock { $0 }
    }

    /// A frame as compared: its channel (and the acknowledgement it answers), then its JSON with sorted keys, JSON
    /// inside strings (a `json-string` field) read too, so two writers' key orders agree.
    static func entry(_ channel: String?, _ acknowledges: Int?, _ message: Data, separator: FrameSeparator?) -> String {
        // A frame written with its separator (0x1E for `record-separator`) is compared without it, and says so.
        var data = message
        var ending = ""
        if let terminator = separator?.terminated(Data()), !terminator.isEmpty,
            data.suffix(terminator.count) == terminator
        {
            data = Data(data.dropLast(terminator.count))
            ending = " (then \(separator!.rawValue))"
        }
        let text =
            (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])).flatMap {
                try? JSONSerialization.data(
                    withJSONObject: readingStrings($0), options: [.sortedKeys, .fragmentsAllowed])
            }.map { String(decoding: $0, as: UTF8.self) } ?? String(decoding: data, as: UTF8.self)
        return "\(channel ?? "")\(acknowledges.map { " ack \($0)" } ?? "")\t\(text)\(ending)"
    }

    private static func readingStrings(_ value: Any) -> Any {
        switch value {
        case let object as [String: Any]: return object.mapValues(readingStrings)
        case let array as [Any]: return array.map(readingStrings)
        case let text as String where text.hasPrefix("{") || text.hasPrefix("["):
            guard let inner = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return text }
            return ["json-string": readingStrings(inner)]
        default: return value
        }
    }

    /// The driver's function that plays each scenario on the contract's generated `Mock` and prints
    /// `contract<TAB>scenario<TAB>base64 of each frame's channel and data`, or what went wrong: every frame the `Mock`
    /// has sent once the scenario has ended and `expected[name]` frames (what `schemagen-mock` sent) have come, or
    /// 2 seconds have passed (a request's reply goes out on the server's own task).
    static func function(of contract: Contract, plays: [Play], expected: [String: Int], server: String) -> String {
        let name = contract.name
        var bodies: [String] = []
        for play in plays {
            // Tabs spelled as escapes: the compiler refuses a tab character in a literal.
            let label =
                "(\(SwiftDriverText.literal(name)) + \"\\t\" + \(SwiftDriverText.literal(play.name)) + \"\\t\")"
            var start = "let task = Task<Void, any Error> {}"
            if let scenario = play.scenario {
                guard
                    let caseName = RequestCalls.firstMatch(
                        #"\n            case (\S+) = \#(NSRegularExpression.escapedPattern(for: SwiftDriverText.literal(scenario.name)))\n"#,
                        in: server)
                else {
                    bodies.append("    lines.append(\(label) + \"no case in the generated Mock's Scenario\")")
                    continue
                }
                start = "let task = mock.start(.\(caseName))"
            }
            // Each trigger: a frame (its bytes, the acknowledgement it asks for, its channel) or, with no bytes, a
            // subscription to the channel address.
            let triggers = play.triggers.map {
                "(Data(base64Encoded: \"\($0.data.base64EncodedString())\")!, \($0.ackID.map(String.init) ?? "nil"), "
                    + "\(($0.subscribesTo ?? $0.channel).map(SwiftDriverText.literal) ?? "nil"))"
            }
            bodies.append(
                """
                    do {
                        let mock = \(name).Mock()
                        let connection = mock.transport.connect()
                        let box = OracleBox()
                        connection.setReceiver { box.append(oracleEntry($0.channel, $0.acknowledges, $0.data)) }
                        \(start)
                        for (trigger, ackID, channel) in [\(triggers.joined(separator: ", "))] as [(Data, Int?, String?)] {
                            if trigger.isEmpty, let channel {
                                try await connection.subscribe(to: channel)
                            } else {
                                try await connection.send(SchemaGenRuntime.OutgoingFrame(eventName: "", channel: channel, payload: nil, data: trigger, ackID: ackID))
                            }
                        }
                        try await oracleWithin(5) { try await task.value }
                        var waited = 0
                        while box.all.count < \(expected[play.name] ?? 0), waited < 200 {
                            try await Task.sleep(for: .milliseconds(10))
                            waited += 1
                        }
                        try await Task.sleep(for: .milliseconds(20))
                        lines.append(\(label) + box.all.map { $0.base64EncodedString() }.joined(separator: ","))
                    } catch {
                        lines.append(\(label) + "error: \\(error)".replacingOccurrences(of: "\\n", with: " "))
                    }
                """)
        }
        guard !bodies.isEmpty else { return "@Sendable func scenarios\(name)() async -> [String] { [] }" }
        return """
            @Sendable func scenarios\(name)() async -> [String] {
                var lines: [String] = []
            \(bodies.joined(separator: "\n"))
                return lines
            }
            """
    }
}
