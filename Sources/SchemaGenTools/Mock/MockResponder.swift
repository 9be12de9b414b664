import Foundation
import SchemaGenContract
import SchemaGenGenerator
@_spi(Generated) import SchemaGenRuntime

/// What a contract's server says to one frame from the app, made from the contract alone: the frame's reading by the
/// ``FrameInterpreter``, and the frames that answer it. A request gets its reply (the reply event's first example,
/// or a value made from its types) carrying the request's correlation value; a subscription, its confirmation, each
/// example of its items and its end, all carrying its id; a Socket.IO event that asks for an acknowledgement, a value
/// of its `ack:` type. The runnable mock (`schemagen-mock`) and ``ContractMockServer`` answer with it.
package struct MockResponder: Sendable {
    package let contract: Contract
    package let interpreter: FrameInterpreter
    package let synthesizer: FrameSynthesizer

    package init(contract: Contract) {
        self.contract = contract
        interpreter = FrameInterpreter(contract: contract)
        synthesizer = FrameSynthesizer(contract: contract)
    }

    /// The reading of `frame`, sent by the app, and the frames that answer it, in the order they are sent.
    package func respond(to frame: IncomingFrame) -> MockResponse {
        let reading = interpreter.read(frame.data, channel: frame.channel, sentBy: .clientToServer)
        guard reading.matches, let identified = reading.event,
            let (channel, event) = contract.event(identified.wireName, inChannel: identified.channel),
            let parsed = try? contract.framing.wireFraming.parse(frame.data)
        else { return MockResponse(reading: reading, answers: []) }
        let request = Request(
            event: event, channel: channel, address: identified.address ?? (channel == nil ? nil : frame.channel),
            parsed: parsed)
        var answers: [MockAnswer] = []
        if let ackID = frame.ackID, let ack = event.ack {
            let arguments = Data(synthesizer.acknowledgementArguments(of: ack).json.utf8)
            answers.append(
                MockAnswer(
                    frame: OutgoingFrame(
                        eventName: event.wireName, channel: request.address, payload: arguments, data: arguments,
                        acknowledges: ackID),
                    reason: "the acknowledgement of `\(event.wireName)` \(ackID)"))
        }
        var subscriptionID: DocumentValue?
        if let reply = event.reply, let answer = contract.event(reply.event, inChannel: channel?.name)?.event {
            // Replies matched by order carry no value: the next reply answers the oldest request.
            let correlation = reply.inOrder ? .null : value(at: reply.match, of: event, in: parsed) ?? .null
            var content = exampleContent(of: answer)
            if let type = reply.type { content.payload = synthesizer.values.value(of: type) }
            if contract.repliesChannelsTaken(event), let field = event.channelRequest?.field,
                let channels = value(at: field, of: event, in: parsed)
            {
                // The reply lists the channels taken: every one the request names, so the app's subscribe succeeds.
                content.payload = if case .array = channels { channels } else { .array([channels]) }
            }
            if !reply.inOrder { content.set(correlation, at: reply.answerMatch, of: answer, in: contract) }
            if let each = reply.each {
                // One reply per item the request names, each naming its item where replies do.
                let itemKey = ReplyCheck(contract: contract).eachItemKey(each, of: event, answer: answer)
                guard case .array(let items)? = value(at: each.list, of: event, in: parsed) else {
                    return MockResponse(reading: reading, answers: answers)
                }
                for item in items {
                    var itemContent = content
                    if let itemKey { itemContent.set(item, at: itemKey, of: answer, in: contract) }
                    answers.append(
                        answerFrame(
                            answer, itemContent, in: request,
                            reason: "the reply to `\(event.wireName)` \(correlation.json) for \(item.json)"))
                }
                return MockResponse(reading: reading, answers: answers)
            }
            answers.append(
                answerFrame(
                    answer, content, in: request, reason: "the reply to `\(event.wireName)` \(correlation.json)"))
            if let subscription = event.subscription {
                subscriptionID =
                    subscription.idFromRequest
                    ? correlation : subscription.idInReply.map { content.payload?[$0] } ?? content.payload
            }
        } else if let subscription = event.subscription {
            subscriptionID = value(at: subscription.match, of: event, in: parsed)
        }
        if let subscription = event.subscription, let id = subscriptionID {
            answers += items(of: subscription, id: id, for: request)
        }
        var response = MockResponse(reading: reading, answers: answers)
        if let channelRequest = event.channelRequest, let named = value(at: channelRequest.field, of: event, in: parsed)
        {
            let addresses: [String] =
                switch named {
                case .string(let address): [address]
                case .array(let items): items.compactMap { if case .string(let address) = $0 { address } else { nil } }
                default: []
                }
            if channelRequest.role == .subscribes {
                response.subscribed = addresses
            } else {
                response.unsubscribed = addresses
            }
        }
        return response
    }

    /// The frame of `eventName`, a server-to-client event outside channels or of `channel`, as a scenario sends it:
    /// with `payload` (JSON) when given, else the event's first example, else a value made from its types; at the
    /// channel's address; with `wholeFrame`, the payload and frame fields that frame holds. `nil` when the contract has
    /// no such event.
    package func frame(
        of eventName: String, payload: String? = nil, channel: ScenarioChannel? = nil, wholeFrame: String? = nil
    ) -> OutgoingFrame? {
        guard let (scope, event) = contract.event(eventName, inChannel: channel?.name) else { return nil }
        var content = exampleContent(of: event)
        if let wholeFrame {
            // A scenario's `frame:`: its payload and its frame's fields, as a frame example's.
            content = self.content(
                of: EventExample(
                    form: .frame, json: wholeFrame, prettyJSON: wholeFrame, summary: nil, location: event.location))
        }
        if let payload, let value = try? DocumentValue(parsingJSON: Data(payload.utf8)) { content.payload = value }
        return outgoing(event, content, channel: scope, address: channel?.address)
    }

    /// The subscription's items (each example of its item event, or one made up; one value of its `type:`), then its
    /// end event, each carrying the subscription's id; a count-ended stream's items say how many there are.
    private func items(
        of subscription: SubscriptionDeclaration, id: DocumentValue, for request: Request
    )
        -> [MockAnswer]
    {
        guard let item = contract.event(subscription.event, inChannel: request.channel?.name)?.event else { return [] }
        // Items of a subscription with `type:` hold a value of that type, as its stream reads them: the item event's
        // examples hold some other JSON.
        let examples = item.examples.isEmpty || subscription.type != nil ? [nil] : item.examples.map(Optional.some)
        var answers = examples.map { example in
            var content = example.map(content(of:)) ?? exampleContent(of: item)
            if let type = subscription.type { content.payload = synthesizer.values.value(of: type) }
            content.set(id, at: subscription.match, of: item, in: contract)
            if let count = subscription.count {
                content.set(.integer(examples.count), at: count, of: item, in: contract)
            }
            return answerFrame(item, content, in: request, reason: "an item of subscription \(id.json)")
        }
        if let end = subscription.end.flatMap({ contract.event($0, inChannel: request.channel?.name)?.event }) {
            var content = exampleContent(of: end)
            content.set(id, at: subscription.match, of: end, in: contract)
            answers.append(answerFrame(end, content, in: request, reason: "the end of subscription \(id.json)"))
        }
        return answers
    }

    private func answerFrame(_ event: Event, _ content: Content, in request: Request, reason: String) -> MockAnswer {
        MockAnswer(frame: outgoing(event, content, channel: request.channel, address: request.address), reason: reason)
    }

    private func outgoing(_ event: Event, _ content: Content, channel: Channel?, address: String?) -> OutgoingFrame {
        var data = synthesizer.frame(
            of: event, in: channel, address: address, payload: content.payload, fields: content.fields,
            onlyGivenFields: content.isWholeFrame)
        // Each frame in a message of its own, as the API reads a lone frame (SignalR's ends with 0x1E).
        if let separator = contract.separator { data = separator.terminated(data) }
        return OutgoingFrame(
            eventName: event.wireName, channel: address, payload: content.payload.map { Data($0.json.utf8) },
            data: data)
    }

    /// What an event's first example holds (its payload, and its frame's fields for an example of a whole frame),
    /// or a payload made from its types.
    private func exampleContent(of event: Event) -> Content {
        if let example = event.examples.first { return content(of: example) }
        return Content(payload: event.payload.map { synthesizer.values.value(of: $0) }, fields: [:])
    }

    private func content(of example: EventExample) -> Content {
        switch example.form {
        case .payload:
            return Content(payload: try? DocumentValue(parsingJSON: Data(example.json.utf8)), fields: [:])
        case .frame:
            guard let parsed = try? contract.framing.wireFraming.parse(Data(example.json.utf8)) else {
                return Content(payload: nil, fields: [:])
            }
            var fields: [String: DocumentValue] = [:]
            if case .object(let members)? = try? DocumentValue(parsingJSON: parsed.partsOrFrame) {
                for (key, value) in members { fields[key] = value }
            }
            return Content(
                payload: parsed.payload.flatMap { try? DocumentValue(parsingJSON: $0) }, fields: fields,
                isWholeFrame: true)
        }
    }

    /// The value of a request's correlation field `key`: a field of its frame (a shape's, the envelope's), an element
    /// of a positional payload, or a path in its payload.
    private func value(at key: String, of event: Event, in parsed: WireFraming.ParsedFrame) -> DocumentValue? {
        let path = key.split(separator: ".").map(String.init)
        // A frame field is kept under its whole key (`meta.id`), as the runtime's parts hold it.
        if MockValuePlace.isFrameField(key, of: event, in: contract) {
            return (try? DocumentValue(parsingJSON: parsed.partsOrFrame))?[path: [key]]
        }
        if MockValuePlace.isFrameField(path[0], of: event, in: contract) {
            return (try? DocumentValue(parsingJSON: parsed.partsOrFrame))?[path: path]
        }
        guard let bytes = parsed.payload, let payload = try? DocumentValue(parsingJSON: bytes) else { return nil }
        if case .tuple(let tuple)? = event.payload, case .array(let elements) = payload,
            let index = tuple.elements.firstIndex(where: { $0.wireName == key }), index < elements.count
        {
            return elements[index]
        }
        return payload[path: path]
    }

    /// The request being answered: where its answers go.
    private struct Request {
        let event: Event
        let channel: Channel?
        let address: String?
        let parsed: WireFraming.ParsedFrame
    }

    /// What an answer carries: its payload and the values of its frame's fields the answer sets.
    package struct Content {
        package var payload: DocumentValue?
        package var fields: [String: DocumentValue]
        /// Made from an example of the whole frame: the frame's fields are the example's, none made up.
        package var isWholeFrame = false

        /// Puts `value` at `key` (a field of the frame, or a path in the payload) of `event`'s answer.
        package mutating func set(_ value: DocumentValue, at key: String, of event: Event, in contract: Contract) {
            let path = key.split(separator: ".").map(String.init)
            if MockValuePlace.isFrameField(key, of: event, in: contract) {
                fields[key] = value
            } else if MockValuePlace.isFrameField(path[0], of: event, in: contract) {
                fields[path[0]] = (fields[path[0]] ?? .null).setting(value, at: path.dropFirst())
            } else {
                payload = (payload ?? .null).setting(value, at: path)
            }
        }
    }
}

/// Where an event carries a correlation value.
package enum MockValuePlace {
    /// Whether `key` is a field of the event's frame (its shape's or its envelope's) rather than of its payload.
    package static func isFrameField(_ key: String, of event: Event, in contract: Contract) -> Bool {
        switch contract.framing {
        case .shapes(let shapes):
            event.shapeIndex.map { shapes[$0].fields.contains { $0.wireName == key } } ?? false
        case .envelope(let envelope):
            (envelope.fields + event.envelopeFields).contains { $0.wireName == key }
        default:
            false
        }
    }
}

/// One frame from the app, read and answered.
package struct MockResponse: Sendable {
    /// What the contract says of the frame.
    package var reading: FrameReading
    /// The frames that answer it, in order.
    package var answers: [MockAnswer]
    /// The channel addresses a request that subscribes channels (`subscribes:`) subscribed the app to: every one it
    /// names, as the reply says.
    package var subscribed: [String] = []
    /// The channel addresses a request that unsubscribes channels (`unsubscribes:`) named.
    package var unsubscribed: [String] = []
}

/// A frame the mock sends, and why.
public struct MockAnswer: Hashable, Sendable {
    package var frame: OutgoingFrame
    /// Why it is sent, for the log: "the reply to `eth_subscribe` 1".
    package var reason: String
}
