import SchemaGenContract
/// Mermaid sequence diagrams of a contract's conversations, which GitHub renders in the reference: each request with
/// its reply (and its error), each subscription with its items, end and cancel, each Socket.IO acknowledgement. The
/// app is on the left, the server on the right, and the arrows carry the correlation value that ties them together.
package struct SequenceDiagrams {
    package let contract: Contract

    /// One diagram per event that opens a conversation, in contract order.
    package func diagrams() -> [MarkdownSequence] {
        var sequences: [MarkdownSequence] = []
        for (channel, event) in contract.allEvents {
            guard let lines = diagram(of: event, in: channel) else { continue }
            let heading =
                (channel.map { "Channel \($0.name) › " } ?? "") + MarkdownSyntax.codeOutsideTable(event.wireName)
            sequences.append(MarkdownSequence(heading: heading, anchor: "", diagram: lines))
        }
        for scenario in contract.scenarios {
            sequences.append(
                MarkdownSequence(
                    heading: "Scenario " + MarkdownSyntax.codeOutsideTable(scenario.name), anchor: "",
                    diagram: diagram(of: scenario)))
        }
        return sequences
    }

    /// A scenario: what the app sends, what the server sends, and the pauses, in order.
    package func diagram(of scenario: Scenario) -> [String] {
        var lines = ["sequenceDiagram", "    participant App", "    participant Server"]
        for step in scenario.steps {
            switch step.action {
            case .after(let event, let conditions, let channel):
                let values = conditions.map { "\($0.field) = \($0.json)" }.joined(separator: ", ")
                let sent = channel.map { "\(event) on \($0.address)" } ?? event
                lines.append("    App->>Server: \(Self.text(values.isEmpty ? sent : "\(sent) (\(values))"))")
            case .subscribed(let channel):
                lines.append("    App->>Server: \(Self.text("subscribes to \(channel.address)"))")
            case .send(let event, _, let channel):
                lines.append("    Server-->>App: \(Self.text(channel.map { "\(event) on \($0.address)" } ?? event))")
            case .wait(let seconds): lines.append("    Note over App,Server: \(Self.text("\(seconds) s"))")
            }
        }
        return lines
    }

    /// `sequenceDiagram` and its statements, or `nil` for an event that opens no conversation.
    package func diagram(of event: Event, in channel: Channel?) -> [String]? {
        let asker = event.direction == .serverToClient ? "Server" : "App"
        let answerer = asker == "App" ? "Server" : "App"
        var lines = ["sequenceDiagram", "    participant App", "    participant Server"]
        func arrow(_ from: String, _ to: String, _ text: String, reply: Bool = false, indent: Int = 1) {
            let spaces = String(repeating: "    ", count: indent)
            lines.append("\(spaces)\(from)\(reply ? "-->>" : "->>")\(to): \(Self.text(text))")
        }
        if let answer = event.answer {
            // The client's own answer: the server's event, then what the client sends by itself.
            let values = answer.when.map { "\($0.key) = \($0.valueText)" }
            arrow(
                "Server", "App",
                values.isEmpty ? event.wireName : "\(event.wireName) (\(values.joined(separator: ", ")))")
            arrow("App", "Server", "\(answer.event) (sent by the client itself)")
            return lines
        }
        if let subscription = event.subscription {
            let id = "\(subscription.match): 1"
            arrow(asker, answerer, "\(event.wireName) (\(event.reply?.match ?? subscription.match): 1)")
            if let reply = event.reply {
                arrow(answerer, asker, "\(reply.event) (\(reply.answerMatch): 1)", reply: true)
            }
            lines.append("    loop every item")
            arrow(answerer, asker, "\(subscription.event) (\(id))", reply: true, indent: 2)
            lines.append("    end")
            if let end = subscription.end {
                lines.append("    alt the server ends it")
                arrow(answerer, asker, "\(end) (\(id))", reply: true, indent: 2)
                if let error = subscription.error {
                    lines.append("    else it fails")
                    arrow(answerer, asker, "\(error) (\(id))", reply: true, indent: 2)
                }
                if let cancel = subscription.cancel {
                    lines.append("    else the app stops it")
                    arrow(
                        asker, answerer, "\(cancel) (\(subscription.cancelField ?? subscription.match): 1)", indent: 2)
                }
                lines.append("    end")
            } else if let cancel = subscription.cancel {
                lines.append("    opt the app stops it")
                arrow(asker, answerer, "\(cancel) (\(subscription.cancelField ?? subscription.match): 1)", indent: 2)
                lines.append("    end")
            }
            return lines
        }
        if let reply = event.reply {
            // Replies matched by order carry no value to show.
            func tied(_ name: String, _ key: String) -> String { reply.inOrder ? name : "\(name) (\(key): 1)" }
            arrow(asker, answerer, tied(event.wireName, reply.match))
            // A request answered once per item: its reply repeats, one per item of the list.
            let replyIndent = reply.each == nil ? 1 : 2
            let answered = reply.each.map { "loop once per item of " + Self.text($0.list) }
            if let error = reply.error {
                lines.append("    alt answered")
                if let answered { lines.append("        " + answered) }
                arrow(answerer, asker, tied(reply.event, reply.answerMatch), reply: true, indent: replyIndent + 1)
                if answered != nil { lines.append("        end") }
                lines.append("    else refused")
                arrow(answerer, asker, tied(error, reply.errorAnswerMatch), reply: true, indent: 2)
                lines.append("    end")
            } else {
                if let answered { lines.append("    " + answered) }
                arrow(answerer, asker, tied(reply.event, reply.answerMatch), reply: true, indent: replyIndent)
                if answered != nil { lines.append("    end") }
            }
            if event.channelRequest?.role == .subscribes,
                let (channel, item) = contract.channels.lazy.compactMap({ channel in
                    channel.events.first { $0.direction.isReceivedByClient }.map { (channel, $0) }
                }).first
            {
                // What the request opens: every channel it names sends its events, each naming its channel.
                lines.append("    loop every event of a channel it named")
                arrow(answerer, asker, "\(item.wireName) (on \(channel.address.raw))", reply: true, indent: 2)
                lines.append("    end")
            }
            if let cancel = reply.cancel {
                lines.append("    opt the app gives up")
                arrow(asker, answerer, "\(cancel) (\(reply.cancelField ?? reply.match): 1)", indent: 2)
                lines.append("    end")
            }
            return lines
        }
        if let ack = event.ack {
            arrow(asker, answerer, "\(event.wireName) (ack id 1)")
            arrow(answerer, asker, "acknowledgement 1: \(ack.type.spelling)", reply: true)
            return lines
        }
        return nil
    }

    /// A message's text as Mermaid reads it: `;` would end the statement and `#` start an entity code, so both are
    /// written as entity codes.
    package static func text(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "#": escaped += "#35;"
            case ";": escaped += "#59;"
            case "\n", "\r": escaped += " "
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
