import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Comparing events and channels: presence, requests, replies and channel addresses.
extension ContractDiffer {
    package func compareChannels(_ recorder: inout Recorder) {
        for channel in old.channels where !new.channels.contains(where: { $0.name == channel.name }) {
            for event in channel.events {
                recordPresence(
                    event, place: Place(channel: channel.name, event: event.wireName), added: false, &recorder)
            }
        }
        for after in new.channels {
            guard let before = old.channels.first(where: { $0.name == after.name }) else {
                for event in after.events {
                    recordPresence(
                        event, place: Place(channel: after.name, event: event.wireName), added: true, &recorder)
                }
                continue
            }
            let place = Place(channel: after.name)
            let flows = Set((before.events + after.events).flatMap { Flow.of($0.direction) })
            if before.address.wireShape != after.address.wireShape {
                recorder.record(
                    .channelAddressChanged,
                    "address changed from \(code: before.address.raw) to \(code: after.address.raw)", at: place,
                    flows: flows)
            } else if before.address.raw != after.address.raw
                || before.parameters.map(\.swiftName) != after.parameters.map(\.swiftName)
                || before.parameters.map(\.type) != after.parameters.map(\.type) || before.swiftName != after.swiftName
            {
                recorder.record(
                    .swiftAPI, "channel parameters or Swift name changed (the address on the wire is the same)",
                    at: place, flows: flows)
            }
            if before.description != after.description || before.deprecation != after.deprecation {
                recorder.record(
                    .documentation, "description or deprecation of the channel changed", at: place, flows: flows)
            }
            compareScope(before.events, after.events, place: place, &recorder)
        }
    }

    package func compareScope(_ before: [Event], _ after: [Event], place: Place, _ recorder: inout Recorder) {
        let removed = before.filter { event in !after.contains { $0.wireName == event.wireName } }
        let added = after.filter { event in !before.contains { $0.wireName == event.wireName } }
        // A removed and an added event that travel the same ways with the same payload are likely one renamed.
        let comparison = ShapeComparison(old: old, new: new)
        func twin(of event: Event, among others: [Event], removing: Bool) -> Event? {
            let matches = others.filter { other in
                other.direction == event.direction && (event.payload == nil) == (other.payload == nil)
                    && (event.payload.map { mine in
                        removing
                            ? comparison.sameShape(mine, other.payload!) : comparison.sameShape(other.payload!, mine)
                    } ?? true)
            }
            return matches.count == 1 ? matches[0] : nil
        }
        for event in removed {
            var here = place
            here.event = event.wireName
            recordPresence(
                event, place: here, added: false,
                renamed: twin(of: event, among: added, removing: true).map { "to \(code: $0.wireName)" }, &recorder)
        }
        for event in after {
            var here = place
            here.event = event.wireName
            guard let previous = before.first(where: { $0.wireName == event.wireName }) else {
                recordPresence(
                    event, place: here, added: true,
                    renamed: twin(of: event, among: removed, removing: false).map { "from \(code: $0.wireName)" },
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
            if let was = placement(previous, in: old), let now = placement(event, in: new),
                !samePlacement(previous, event)
            {
                recorder.record(.framingChanged, "now \(now) (was \(was))", at: here, flows: common)
            }
            if previous.swiftName != event.swiftName {
                recorder.record(
                    .swiftAPI, "Swift name changed from \(code: previous.swiftName) to \(code: event.swiftName)",
                    at: here, flows: common)
            }
            if previous.description != event.description || previous.deprecation != event.deprecation {
                recorder.record(
                    .documentation,
                    event.deprecation != nil && previous.deprecation == nil
                        ? "deprecated" : "description or deprecation changed",
                    at: here, flows: common)
            }
            compareRequests(previous, event, place: here, &recorder)
            guard !common.isEmpty else { continue }
            comparePayload(previous.payload, event.payload, place: here, flows: common, &recorder)
            compareFields(
                previous.envelopeFields, event.envelopeFields, place: here.appending("(envelope)"), flows: common,
                &recorder)
        }
    }

    /// What a call the app gives up now sends, against what it sent.
    package func cancelChange(_ before: ReplyDeclaration, _ after: ReplyDeclaration) -> ChangePhrase {
        func cancel(_ reply: ReplyDeclaration) -> ChangePhrase? {
            reply.cancel.map { "\(code: $0) with \(code: reply.cancelField ?? reply.match)" }
        }
        switch (cancel(before), cancel(after)) {
        case (nil, let now?): return "a call given up now sends \(now)"
        case (let was?, nil): return "a call given up no longer sends \(was)"
        case let (was, now): return "a call given up sends \(now ?? "nothing") (was \(was ?? "nothing"))"
        }
    }

    package func describe(_ ids: CorrelationIDs) -> String {
        switch ids {
        case .counter: "counted 1, 2, 3…"
        case .uuid: "random UUIDs"
        case .app: "given by the app"
        }
    }

    /// Replies, subscriptions and acknowledgements: judged by who waits, the requester, whatever way the answer flows.
    package func compareRequests(_ previous: Event, _ event: Event, place here: Place, _ recorder: inout Recorder) {
        // The request flows from its sender: the app's requests, or (a server-to-client `reply:`) the server's.
        let requests: Set<Flow> = event.direction == .serverToClient ? [.serverToClient] : [.clientToServer]
        // Replies and items flow back to the requester.
        let answers: Set<Flow> = event.direction == .serverToClient ? [.clientToServer] : [.serverToClient]
        switch (previous.reply, event.reply) {
        case (nil, let reply?):
            recorder.record(
                .replyAdded, "now a request answered by \(code: reply.event), matched by \(code: reply.match)",
                at: here, flows: requests)
        case (let reply?, nil):
            recorder.record(
                .replyRemoved, "no longer a request answered by \(code: reply.event)", at: here, flows: requests)
        case let (before?, after?):
            if before.event != after.event || before.error != after.error {
                recorder.record(
                    .replyChanged,
                    "answered by \(code: after.event)\(after.error.map { " or \(code: $0)" } ?? "") (was \(code: before.event)"
                        + "\(before.error.map { " or \(code: $0)" } ?? ""))", at: here, flows: requests)
            }
            if before.errorMatch != nil || after.errorMatch != nil, before.error != nil, after.error != nil,
                before.errorAnswerMatch != after.errorAnswerMatch
            {
                recorder.record(
                    .correlationChanged,
                    "errors matched by \(code: after.errorAnswerMatch) (were by \(code: before.errorAnswerMatch))",
                    at: here, flows: requests)
            }
            if before.inOrder != after.inOrder {
                recorder.record(
                    .correlationChanged,
                    after.inOrder
                        ? "replies answer requests in the order they were sent (were matched by \(code: before.match))"
                        : "replies matched by \(code: after.match) (answered requests in order)", at: here,
                    flows: requests)
            } else if before.match != after.match || before.answerMatch != after.answerMatch {
                recorder.record(
                    .correlationChanged,
                    "replies matched by \(code: after.match)\(after.replyMatch.map { " (\(code: $0) in the reply)" } ?? "") "
                        + "(was \(code: before.match)\(before.replyMatch.map { " (\(code: $0) in the reply)" } ?? ""))",
                    at: here, flows: requests)
            }
            if before.each?.list != after.each?.list || before.each?.item != after.each?.item {
                // One reply or one per item: the call returns a value or an array, and the server sends one or many.
                func answered(_ each: ReplyEach?) -> ChangePhrase {
                    guard let each else { return "once" }
                    guard let item = each.item else { return "once per item of \(code: each.list)" }
                    return "once per item of \(code: each.list), named by \(code: item)"
                }
                recorder.record(
                    .replyChanged, "answered \(answered(after.each)) (was \(answered(before.each)))", at: here,
                    flows: requests)
            }
            if before.cancel != after.cancel || before.cancelField != after.cancelField {
                recorder.record(.replyCancelChanged, cancelChange(before, after), at: here, flows: requests)
            }
            if let before = before.type, let after = after.type {
                // What the shared answer holds for this request is judged as a payload is (an `Int64` read as
                // `Double` loses precision; a type spelled anew with the same keys is no change).
                comparePayload(before, after, place: here.appending("(reply)"), flows: answers, &recorder)
            } else if before.type != after.type {
                recorder.record(
                    .replyChanged,
                    "replies hold \(after.type.map { code($0.spelling) } ?? "the reply's payload") (held "
                        + "\(before.type.map { code($0.spelling) } ?? "the reply's payload"))", at: here,
                    flows: requests)
            }
            if before.ids != after.ids {
                recorder.record(
                    .correlationValuesChanged,
                    "correlation values are \(describe(after.ids)) (were \(describe(before.ids)))", at: here,
                    flows: requests)
            }
        default:
            break
        }
        // Compared without locations: moving a condition is no change.
        func conditions(_ answer: AnswerDeclaration?) -> [DocumentValue] {
            answer?.when.map { .object([($0.key, $0.value)]) } ?? []
        }
        if previous.answer?.event != event.answer?.event || conditions(previous.answer) != conditions(event.answer) {
            // The client's own answer: an app generated before the change does not send it (or sends the old one).
            func described(_ answer: AnswerDeclaration?) -> ChangePhrase {
                guard let answer else { return "nothing" }
                return "\(code: answer.event)"
            }
            recorder.record(
                .replyChanged,
                "the client answers it with \(described(event.answer)) by itself (answered with \(described(previous.answer)))",
                at: here, flows: [.serverToClient])
        }
        if previous.channelRequest?.role != event.channelRequest?.role
            || previous.channelRequest?.field != event.channelRequest?.field
        {
            // What a channel's subscribe() sends: an app generated before the change sends the old request (or none).
            func described(_ request: ChannelRequest?) -> ChangePhrase {
                guard let request else { return "subscribes no channels" }
                return "\(request.role.rawValue) the channels \(code: request.field) lists"
            }
            recorder.record(
                .replyChanged,
                "\(described(event.channelRequest)) (\(described(previous.channelRequest)) before)", at: here,
                flows: [.clientToServer])
        }
        switch (previous.subscription, event.subscription) {
        case (nil, let subscription?):
            recorder.record(
                .subscriptionAdded,
                "now opens a subscription of \(code: subscription.event) events, by \(code: subscription.match)",
                at: here,
                flows: requests)
        case (let subscription?, nil):
            recorder.record(
                .subscriptionRemoved, "no longer opens a subscription of \(code: subscription.event) events", at: here,
                flows: requests)
        case let (before?, after?):
            var before = before, after = after
            (before.location, after.location) = (after.location, after.location)
            // `ids:` written or implied alike: only the mode it comes to is on the wire.
            (before.idsWritten, after.idsWritten) = (false, false)
            if let beforeType = before.type, let afterType = after.type {
                // What the shared item event holds for this subscription is judged as a payload is.
                comparePayload(beforeType, afterType, place: here.appending("(items)"), flows: answers, &recorder)
                before.type = after.type
            }
            if before != after {
                recorder.record(
                    .subscriptionChanged,
                    "the subscription's events, id, end or cancel changed (now \(code: after.event) by \(code: after.match))",
                    at: here, flows: requests)
            }
        default:
            break
        }
        let flows = Set(Flow.of(event.direction))
        switch (previous.ack, event.ack) {
        case (nil, let ack?):
            recorder.record(.ackAdded, "now acknowledged with \(code: ack.type.spelling)", at: here, flows: flows)
        case (let ack?, nil):
            recorder.record(
                .ackRemoved, "no longer acknowledged (was \(code: ack.type.spelling))", at: here, flows: flows)
        case let (before?, after?) where before.type != after.type:
            // The acknowledgement travels back, receiver to sender: judged as a payload sent that way, so a widened
            // or rounded value is named as it is in any payload.
            let back = Set(flows.map { $0 == .clientToServer ? Flow.serverToClient : .clientToServer })
            comparePayload(before.type, after.type, place: here.appending("(ack)"), flows: back, &recorder)
        default:
            break
        }
    }

    /// An event added or removed is one finding, with every way it travels (a `both` event judged by its worse flow).
    /// `renamed` says which event it likely became, or came from (`to `x``).
    package func recordPresence(
        _ event: Event, place: Place, added: Bool, renamed: ChangePhrase? = nil, _ recorder: inout Recorder
    ) {
        let flows = Flow.of(event.direction)
        let ways = flows.count > 1 ? "both ways" : flows.map(\.rawValue).joined()
        let rename = renamed.map { "; likely renamed \($0) (the same payload, the same way)" } ?? ""
        recorder.record(
            added ? .eventAdded : .eventRemoved, "event \(added ? "added" : "removed") (\(ways))\(rename)", at: place,
            flows: flows)
    }
}
