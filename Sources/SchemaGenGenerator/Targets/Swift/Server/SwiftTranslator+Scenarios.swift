import SchemaGenContract
import SchemaGenRuntime

/// The generated `Mock`'s scenarios: each step of a contract's `scenarios:` as Swift statements.
extension SwiftTranslator {
    /// `value.groupId == "g1"`: a `where:` condition of a scenario's `after:` step on the event's typed value (on
    /// `value.payload` where the value is the whole frame). The value is read as the field's wire form (`"2"` for an
    /// `Int` in a string) and spelled as the field's whole type, so `Nullable<URL>?` compares with `.value(...)`.
    fileprivate static func comparison(
        _ condition: ScenarioCondition, of event: Event, in contract: Contract, literal: SwiftValueLiteral,
        events: EventTranslator, speller: SwiftTypeSpeller
    ) throws -> SwiftExpression {
        guard let payload = event.payload,
            let field = contract.objectFields(of: payload)?.first(where: { $0.wireName == condition.field }),
            let value = try? DocumentValue(parsingJSON: Array(condition.json.utf8))
        else { throw SwiftValueLiteral.Unspellable(reason: "`where:` names no field of the event's payload") }
        var expression = SwiftExpression.plain(
            try literal.expression(value, as: field.type, inlineName: "", encoding: field.encoding))
        if case .optional(.nullable) = field.type {
            expression = .cast(expression, speller.spell(field.type))
        }
        let member = SwiftSyntax.identifier(field.swiftName)
        guard events.decodesWholeFrame(event) else { return .binary(.plain("value.\(member)"), "==", expression) }
        let payloadValue = SwiftExpression.plain("value.payload")
        let owner = payload.isOptional || payload.isNullable ? .optionalChain(payloadValue) : payloadValue
        return .binary(.member(owner, member), "==", expression)
    }

    /// A statement that stops the build of the generated file: a scenario's value the checker accepted but the
    /// Swift target cannot spell, which would otherwise be a step that never fires.
    fileprivate static func unspellable(_ what: String, _ error: any Error) -> SwiftStatement {
        let reason = (error as? SwiftValueLiteral.Unspellable)?.reason ?? "\(error)"
        return .compileError("schemagen cannot spell \(what) in Swift (\(reason)); please report it")
    }

    /// The contract's scenarios as the `Mock`'s statements. What the scenario hears is read from one stream per
    /// address, opened before it starts so none is missed between steps: the server's events outside channels, and
    /// each channel address an `after:` step names. `after` reads its stream until the app sends the event named,
    /// `subscribed` waits for a subscriber of the address, `send` emits to every app the step's payload or the event's
    /// example (on its channel's address for a channel's event), `wait` sleeps.
    package static func scenarios(
        of contract: Contract, root: ScopeContext, channels: [ChannelContext], literal: SwiftValueLiteral,
        events translator: EventTranslator, speller: SwiftTypeSpeller
    ) -> [SwiftScenarioContext] {
        /// Each scope's event contexts by wire name: the root's under `nil`, a channel's under its key.
        func byWireName(_ events: [Event], _ scope: ScopeContext) -> [String: EventContext] {
            Dictionary(zip(events.map(\.wireName), scope.events), uniquingKeysWith: { first, _ in first })
        }
        let contexts = byWireName(contract.events, root)
        let channelScopes = Dictionary(
            zip(contract.channels, channels).map { channel, context in
                (channel.name, (channel: channel, context: context, events: byWireName(channel.events, context.scope)))
            }, uniquingKeysWith: { first, _ in first })
        /// `self.server.driver(driverId: "42")`: the server's scope of a channel at one address.
        func scopeExpression(_ channel: ScenarioChannel) -> SwiftExpression? {
            guard let scope = channelScopes[channel.name] else { return nil }
            let arguments = zip(scope.channel.address.parameterNames, channel.values).compactMap {
                name, value -> SwiftArgument? in
                guard let parameter = scope.channel.parameters.first(where: { $0.name == name }) else { return nil }
                let literal = parameter.type == .int ? value : SwiftSyntax.stringLiteral(value)
                return SwiftArgument(SwiftSyntax.identifier(parameter.swiftName), .plain(literal))
            }
            return .call(.plain("self.server"), scope.context.memberName, arguments)
        }
        return contract.scenarios.map { scenario in
            var hearing: [SwiftStatement] = []
            var steps: [SwiftStatement] = []
            var words: [String] = []
            // The streams the scenario reads, by channel address (`nil` outside channels): the stream's and its
            // iterator's names.
            var ears: [String?: (stream: String, iterator: String)] = [:]
            for step in scenario.steps {
                guard case .after(_, _, let channel) = step.action, ears[channel?.address] == nil else { continue }
                let names =
                    channel == nil
                    ? (stream: "heard", iterator: "incoming")
                    : (stream: "heardOnChannel\(ears.count + 1)", iterator: "incomingOnChannel\(ears.count + 1)")
                let source: SwiftExpression
                if let channel {
                    guard let scope = scopeExpression(channel) else { continue }
                    source = .member(scope, "events")
                } else {
                    source = .plain("self.server.events")
                }
                ears[channel?.address] = names
                hearing.append(.let(names.stream, source))
                steps.append(.var(names.iterator, .call(.plain(names.stream), "makeAsyncIterator", [])))
            }
            for step in scenario.steps {
                switch step.action {
                case .after(let name, let conditions, let channel):
                    let scope = channel.flatMap { channelScopes[$0.name] }
                    guard let ear = ears[channel?.address],
                        let context = scope.map({ $0.events[name] }) ?? contexts[name],
                        let (_, event) = contract.event(name, inChannel: channel?.name)
                    else { continue }
                    var tests: [SwiftCondition] = []
                    for condition in conditions {
                        do {
                            tests.append(
                                .test(
                                    try comparison(
                                        condition, of: event, in: contract, literal: literal, events: translator,
                                        speller: speller)))
                        } catch {
                            // The checker took the value as the field's: a value it cannot spell is the generator's
                            // fault, said where the build stops rather than a step that waits for nothing.
                            steps.append(Self.unspellable("the `where:` value of '\(condition.field)'", error))
                        }
                    }
                    let matches = SwiftCondition.enumCase(
                        context.memberName, binding: tests.isEmpty ? nil : "value", .plain("received.event"))
                    steps.append(
                        .while(
                            [.bind("received", .await(.call(.plain(ear.iterator), "next", [])))],
                            [.if([matches] + tests, [.break])]))
                    let values = conditions.map { "\($0.field) \($0.json)" }.joined(separator: " and ")
                    words.append(
                        "after the app sends `\(name)`" + (channel.map { " on `\($0.address)`" } ?? "")
                            + (values.isEmpty ? "" : " with \(values)"))
                case .subscribed(let channel):
                    steps.append(
                        .expression(
                            .try(
                                .await(
                                    .call(
                                        .plain("self.server.core"), "waitUntilSubscribed",
                                        [SwiftArgument("to", .plain(SwiftSyntax.stringLiteral(channel.address)))])))))
                    words.append("once the app subscribes to `\(channel.address)`")
                case .send(let name, let payload, let channel):
                    let scope = channel.flatMap { channelScopes[$0.name] }
                    guard let context = scope.map({ $0.events[name] }) ?? contexts[name],
                        let (_, event) = contract.event(name, inChannel: channel?.name)
                    else { continue }
                    // `self.server.driver(driverId: "42").emit(_:to:)` for a channel's event; the mock's `send` for
                    // one outside channels.
                    var send = SwiftExpression.plain("self.send")
                    if let channel, let scope = scopeExpression(channel) {
                        send = .member(scope, "emit")
                    }
                    let recipients = channel == nil ? [] : [SwiftArgument("to", .plain(".everyone"))]
                    let enclosing =
                        "\(contract.name).\(scope.map { "\($0.context.typeName)." } ?? "")\(context.typeName)"
                    var value: String?
                    let owner = context.examplesOwner.isEmpty ? enclosing : context.examplesOwner
                    if let frame = step.frame {
                        do {
                            value = try translator.value(ofFrame: frame, of: event, owner: owner)
                        } catch {
                            steps.append(Self.unspellable("the frame the scenario sends as '\(name)'", error))
                        }
                    } else if let payload, let type = event.payload,
                        let document = try? DocumentValue(parsingJSON: Array(payload.utf8))
                    {
                        do {
                            value =
                                translator.decodesWholeFrame(event)
                                ? try translator.wholeFrameInitializer(of: event, payload: document, owner: owner)
                                : try literal.expression(document, as: type, inlineName: owner)
                        } catch {
                            steps.append(Self.unspellable("the payload the scenario sends as '\(name)'", error))
                        }
                    } else if let first = context.examples.first {
                        value = "\(context.examplesOwner).\(first.name)"
                    } else if case .named(let type)? = event.payload, translator.typesWithExamples.contains(type) {
                        value = speller.spell(.named(type)) + ".example"
                    }
                    let eventCase = "." + context.memberName.unescapedIdentifier
                    if context.hasValue {
                        guard let value else { continue }
                        let sent = SwiftExpression.call(eventCase, [SwiftArgument(nil, .plain(value))])
                        steps.append(.expression(.try(.await(.call(send, [SwiftArgument(nil, sent)] + recipients)))))
                    } else {
                        steps.append(
                            .expression(.try(.await(.call(send, [SwiftArgument(nil, .plain(eventCase))] + recipients))))
                        )
                    }
                    words.append("sends `\(name)`" + (channel.map { " on `\($0.address)`" } ?? ""))
                case .wait(let seconds):
                    steps.append(
                        .expression(
                            .try(
                                .await(
                                    .call(
                                        .plain("Task"), "sleep", [SwiftArgument("for", .plain(".seconds(\(seconds))"))])
                                ))))
                    words.append("waits \(seconds) s")
                }
            }
            return SwiftScenarioContext(
                swiftName: SwiftSyntax.identifier(scenario.swiftName),
                nameLiteral: SwiftSyntax.stringLiteral(scenario.name),
                documentation: SwiftSyntax.documentation(
                    scenario.description, extra: ["`\(scenario.name)`: " + words.joined(separator: ", then ") + "."]),
                hearing: hearing, steps: steps)
        }
    }
}
