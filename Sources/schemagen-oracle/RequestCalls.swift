import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// Calls every request and subscription method a contract's generated client has against the contract's generated
/// `Mock`, which answers each with the reply's value: the request's frame, the `Mock`'s reading of it, its answer
/// carrying the request's correlation value, and the client's matching of that answer all have to work for the call
/// to return. The arguments are the event's own `example1`'s values, so the call compiles whatever the method's
/// parameters are; the method's signature is read from the generated file, as a user reads it.
enum RequestCalls {
    static func function(of contract: Contract, client: String, server: String) -> String {
        let name = contract.name
        var calls: [String] = []
        let scopes = [(nil, contract.events)] + contract.channels.map { (Optional($0), $0.events) }
        for (channel, events) in scopes {
            for event in events where event.reply != nil || event.subscription != nil {
                calls += self.calls(of: event, on: channel, in: contract, client: client, server: server)
            }
        }
        if contract.events.contains(where: { $0.channelRequest?.role == .subscribes }) {
            for channel in contract.channels {
                calls += channelSubscribe(channel, in: contract, client: client)
            }
        }
        guard !calls.isEmpty else { return "@Sendable func requests\(name)() async -> [String] { [] }" }
        return """
            @Sendable func requests\(name)() async -> [String] {
                var lines: [String] = []
            \(calls.joined(separator: "\n"))
                return lines
            }
            """
    }

    /// With a request that subscribes channels (`subscribes:`): the channel's `subscribe()` against the `Mock`, which
    /// takes every channel asked for, so the server has the app's connection among the channel's subscribers after,
    /// and none after `unsubscribe()` when a request unsubscribes.
    private static func channelSubscribe(_ channel: Channel, in contract: Contract, client: String) -> [String] {
        let name = contract.name
        let label = SwiftDriverText.literal("\(name) \(channel.name) subscribe()")
        guard let (scope, _) = scope(of: channel, in: client) else {
            return ["        lines.append(\(label) + \": no channel accessor found in the generated client\")"]
        }
        let leaves = contract.events.contains { $0.channelRequest?.role == .unsubscribes }
        return [
            """
                    do {
                        let mock = \(name).Mock()
                        let client = mock.makeClient()
                        try await oracleWithin(10) { try await client\(scope).subscribe() }
                        let joined = mock.server\(scope).subscribers.count
                        try await oracleWithin(10) { try await client\(scope).unsubscribe() }
                        let left = mock.server\(scope).subscribers.count
                        lines.append(\(label) + (joined == 1 && left == \(leaves ? 0 : 1) ? ": ok" : ": subscribers \\(joined), then \\(left)"))
                    } catch {
                        lines.append(\(label) + ": \\(error)".replacingOccurrences(of: "\\n", with: " "))
                    }
            """
        ]
    }

    /// The driver's statements that call `event`'s method, on the client's accessor of `channel` for an event of a
    /// channel (at the address the drawn contract's example names, `room-7`), and record what came back.
    private static func calls(
        of event: Event, on channel: Channel?, in contract: Contract, client: String, server: String
    ) -> [String] {
        let name = contract.name
        let label = SwiftDriverText.literal("\(name) \(channel.map { "\($0.name) " } ?? "")\(event.wireName)")
        guard let (scope, scopeText) = scope(of: channel, in: client),
            let call = call(of: event, in: contract, on: channel, client: client, scope: scopeText)
        else {
            return ["        lines.append(\(label) + \": no method found in the generated client\")"]
        }
        let callText = "client\(scope).\(call)"
        guard
            let items = subscriptionItems(
                of: event, in: contract, on: channel.map { ($0, scope) }, client: client, server: server)
        else {
            return [
                """
                        do {
                            let mock = \(name).Mock()
                            let client = mock.makeClient()
                            _ = try await oracleWithin(10) { try await \(callText) }
                            lines.append(\(label) + ": ok")
                        } catch {
                            lines.append(\(label) + ": \\(error)".replacingOccurrences(of: "\\n", with: " "))
                        }
                """
            ]
        }
        // The `Mock` sends the items itself; the driver counts them, and sends the error event after them when the
        // stream must fail with it, reading the id from the request the `Mock` heard.
        let heard =
            items.sends.isEmpty
            ? ""
            : "\n                    var heard = mock.\(channel == nil ? "received" : "server\(scope).events").makeAsyncIterator()"
        // With no items to wait for, the error goes as soon as the request is heard.
        let sendsAtOnce = !items.sends.isEmpty && items.expected == "0"
        let request =
            items.sends.isEmpty
            ? ""
            : "\n                    guard let request = await heard.next() else { return -1 }"
                + (sendsAtOnce
                    ? "\n                    " + items.sends.joined(separator: "\n                    ") : "")
        let afterItems =
            items.sends.isEmpty
            ? (items.ends ? "" : "\n                            if count == \(items.expected) { break }")
            : sendsAtOnce
                ? ""
                : "\n                            if count == \(items.expected) {\n                                "
                    + items.sends.joined(separator: "\n                                ")
                    + "\n                            }"
        let setUp = items.setUp.map { "\n                    " + $0 }.joined()
        let rejected =
            items.fails
            ? " catch where String(describing: type(of: error)).hasPrefix(\"RequestRejected\") {\n                        return count\n                    }"
            : ""
        return [
            """
                    do {
                        let mock = \(name).Mock()\(setUp)
                        let client = mock.makeClient()
                        let count = try await oracleWithin(10) {\(heard)
                            let stream = try await \(callText)\(request)
                            var count = 0
                            do {
                                for try await _ in stream {
                                    count += 1\(afterItems)
                                }
                            }\(rejected)
                            return \(items.fails ? "-3" : "count")
                        }
                        lines.append(\(label) + oracleVerdict(count, of: \(items.expected)))
                    } catch {
                        lines.append(\(label) + ": \\(error)".replacingOccurrences(of: "\\n", with: " "))
                    }
            """
        ]
    }

    /// The client's scope `event`'s method is on: `""` and the client's text outside channels, or the call of the
    /// channel's accessor (its parameters given the values of the drawn address, `room-7`) and the text of the
    /// channel's client.
    static func scope(of channel: Channel?, in client: String) -> (call: String, text: String)? {
        guard let channel else { return ("", client) }
        let accessor = NSRegularExpression.escapedPattern(for: channel.swiftName)
        guard let signature = firstMatch(#"\n        public func \#(accessor)\((.*)\) -> "#, in: client),
            let start = client.range(
                of: "/// The events of one `\(SwiftName.typeName(forMember: channel.swiftName))` channel: listeners")
        else { return nil }
        let arguments = parameters(signature).map { parameter -> String in
            let label = parameter.prefix { $0 != ":" }
            return parameter.hasSuffix(": String") ? "\(label): \"7\"" : "\(label): 7"
        }
        let rest = client[start.upperBound...]
        let end = rest.range(of: "\nextension ")?.lowerBound ?? rest.endIndex
        return (".\(channel.swiftName)(\(arguments.joined(separator: ", ")))", String(rest[..<end]))
    }

    /// `method(label: value, ..., timeout: .seconds(5))`, each argument taken from the event's `example1`.
    static func call(
        of event: Event, in contract: Contract, on channel: Channel?, client: String, scope: String
    ) -> String? {
        let method = NSRegularExpression.escapedPattern(for: event.swiftName)
        // The event's type is the scope's: `O1.Ping`, or a channel's `O1.Room.Ping`.
        let owner = NSRegularExpression.escapedPattern(
            for: ([contract.name] + (channel.map { [SwiftName.typeName(forMember: $0.swiftName)] } ?? [])).joined(
                separator: "."))
        guard
            let signature = firstMatch(
                #"\n        (?:    )?public func \#(method)\((.*)\) async throws -> "#, in: scope)
        else { return nil }
        // An event with no payload has no examples' type, and its method no argument that needs one.
        let valueType = firstMatch(
            #"\nextension (\#(owner)\.[^.\s]+) \{\n    /// Values of `\#(NSRegularExpression.escapedPattern(for: event.wireName))`"#,
            in: client)
        var arguments: [String] = []
        for parameter in parameters(signature) {
            guard let colon = parameter.range(of: ": ") else { return nil }
            let label = String(parameter[..<colon.lowerBound])
            let type = String(parameter[colon.upperBound...])
            if label == "timeout", type.hasPrefix("Duration?") {
                arguments.append("timeout: .seconds(5)")
                continue
            }
            guard !parameter.contains(" = ") else { continue }
            guard let valueType else { return nil }
            if label == "_ payload" {
                arguments.append("\(valueType).example1")
            } else {
                arguments.append("\(label): oracleValue(\(valueType).example1.\(label))")
            }
        }
        return "\(event.swiftName)(\(arguments.joined(separator: ", ")))"
    }

    /// What the driver expects of a subscription the generated `Mock` answers (it sends the items, each example of
    /// the item event or one made from its types, and the end): as many items as it sends, then the end it sends, or
    /// for a stream ended by count the end after them. A subscription that also has an error event is opened on a
    /// `Mock` whose answer `setUp` cuts to its reply (or silence), and must fail with the error event and no item. For
    /// a subscription with an error event and no end, `sends` sends the error event after the items (the stream must
    /// throw it), with the id read from the request as the
    /// `Mock` received it (for a request that opens the subscription, or a reply that confirms it under the request's
    /// id), or the one its answer carries (the reply's `example1`'s `id:` field).
    static func subscriptionItems(
        of event: Event, in contract: Contract, on channel: (channel: Channel, accessor: String)?, client: String,
        server: String
    )
        -> (setUp: [String], sends: [String], ends: Bool, fails: Bool, expected: String)?
    {
        let events = channel?.channel.events ?? contract.events
        guard let subscription = event.subscription,
            let item = events.first(where: { $0.wireName == subscription.event })
        else { return nil }
        let itemsSent = subscription.type != nil || item.examples.isEmpty ? 1 : item.examples.count
        var expected = itemsSent
        let ends = subscription.end != nil || subscription.count != nil
        var setUp: [String] = []
        let route = SwiftDriverText.literal(event.address?.route ?? event.wireName)
        if ends, subscription.error != nil, event.reply != nil {
            // The `Mock` would send the reply, the items and the end, which ends the stream before any error could:
            // its answer is replaced by its reply alone, and the driver sends the error event once it hears the
            // request.
            guard let replyOnly = mockReplyOnly(route: route, in: server) else {
                // Said, not skipped: the check would otherwise read the items and end and pass unseen.
                let line =
                    "\(contract.name) \(channel.map { "\($0.channel.name) " } ?? "")\(event.wireName): "
                    + "the oracle found no answer of the generated Mock to cut to its reply"
                return (["lines.append(\(SwiftDriverText.literal(line)))"], [], ends, false, "\(expected)")
            }
            setUp = replyOnly
            expected = 0
        } else if ends, subscription.error != nil {
            // The same with no reply: the `Mock`'s answer is replaced by silence.
            if let channel {
                let type = "\(contract.name).\(SwiftName.typeName(forMember: channel.channel.swiftName))"
                setUp.append(
                    "mock.server.core.setResponder(template: \(type).Every.template, eventName: \(route)) { _, _, _, _, _, _ in nil }"
                )
            } else {
                setUp.append("mock.server.core.setResponder(channel: nil, eventName: \(route)) { _, _, _, _ in nil }")
            }
            expected = 0
        } else if ends {
            return ([], [], ends, false, "\(expected)")
        }
        guard let errorName = subscription.error else {
            return ([], [], ends, false, "\(expected)")
        }
        // Where the id is: the request's correlation value, or the `id:` field of the `Mock`'s reply (its first
        // example's). A reply whose whole payload is the id sends no error event: the stream is read to its items.
        let fromRequest = event.reply == nil || subscription.idFromRequest
        guard let carrier = fromRequest ? event : events.first(where: { $0.wireName == event.reply?.event }),
            let key = fromRequest ? event.reply?.match ?? subscription.match : subscription.idInReply,
            let field = matchField(key, of: carrier, in: contract),
            let carrierType = firstMatch(
                #"\nextension (\S+) \{\n    /// Values of `\#(NSRegularExpression.escapedPattern(for: carrier.wireName))`"#,
                in: client),
            let requestType = firstMatch(
                #"\nextension (\S+) \{\n    /// Values of `\#(NSRegularExpression.escapedPattern(for: event.wireName))`"#,
                in: client),
            // The scope's own `ClientEvent`: a channel's is inside the channel's type.
            let scopeStart = channel.map({
                client.range(of: "\n    public struct \(SwiftName.typeName(forMember: $0.channel.swiftName)): ")?
                    .upperBound
            }) ?? client.startIndex,
            let clientEvents = client.range(of: "public enum ClientEvent", range: scopeStart..<client.endIndex),
            let caseName = firstMatch(
                #"\n +case (\S+)\(\#(NSRegularExpression.escapedPattern(for: requestType.split(separator: ".").last.map(String.init) ?? requestType))\)"#,
                in: String(client[clientEvents.lowerBound...])),
            let sent = events.first(where: { $0.wireName == errorName }),
            let errorType = firstMatch(
                #"\nextension (\S+) \{\n    /// Values of `\#(NSRegularExpression.escapedPattern(for: errorName))`"#,
                in: client)
        else { return ([], [], ends, false, "\(itemsSent)") }
        let property = valuePath(of: field, in: carrier, of: contract)
        var sends = [
            fromRequest
                ? "guard case .\(caseName)(let value) = request.event, let id = oracleID(value.\(property)) else { return -2 }"
                : "guard case .\(caseName) = request.event, let id = oracleID(\(carrierType).example1.\(property)) else { return -2 }"
        ]
        let target: String
        var path = subscription.match
        if case .shapes(let shapes) = contract.framing, let index = sent.shapeIndex {
            let name =
                switch sent.wireValue {
                case .integer(let number)?: ".integer(\(number))"
                case .string(let text)?: ".string(\(SwiftDriverText.literal(text)))"
                default: "nil"
                }
            target = "SchemaGenRuntime.EventAddress(shape: \(index), name: \(name))"
            // A payload field of an event whose value holds its shape's fields sits under the payload's key.
            if !shapes[index].fields.isEmpty, !shapes[index].fields.contains(where: { $0.wireName == path }) {
                path = "payload." + path
            }
        } else {
            target = "eventName: \(SwiftDriverText.literal(errorName))"
        }
        sends.append(
            "try await mock.server.core.emit(\(target), channel: \(channel.map { "mock.server\($0.accessor).channel.address" } ?? "nil"), payload: \(errorType).example1, "
                + "echoing: id, at: \(SwiftDriverText.literal(path)), to: request.connection)")
        return (setUp, sends, false, true, "\(expected)")
    }

    /// The generated `Mock`'s answer to the subscription request on `route` (a Swift string literal), cut to its
    /// first send (the reply that confirms the subscription) and set again on the driver's `mock`: statements, or
    /// nil when the `Mock` has no such answer. The request's decoding and the subscription's id are left out: the
    /// reply needs neither, and their unqualified types resolve only inside the contract's namespace.
    static func mockReplyOnly(route: String, in server: String) -> [String]? {
        let lines = server.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard
            let start = lines.firstIndex(where: {
                $0.contains("server.core.setResponder(") && $0.contains("eventName: \(route))")
                    && $0.contains("[core = server.core]")
            }),
            let open = lines[start...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "return {" }),
            let first = lines[open...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "do {" })
        else { return nil }
        let indentation = lines[first].prefix { $0 == " " }
        guard let close = lines[first...].firstIndex(where: { $0 == indentation + "}" }) else { return nil }
        let kept = lines[(start + 1)..<open].filter {
            let line = $0.trimmingCharacters(in: .whitespaces)
            return !line.hasPrefix("_ = try decoder.decode(") && !line.hasPrefix("let id: ")
                && !line.hasPrefix("guard let id = ")
        }
        let head = lines[start].replacingOccurrences(of: "server.core", with: "mock.server.core")
            // The request's frame and decoder go unused once its decoding is left out.
            .replacingOccurrences(of: ", decoder, _ in", with: ", _, _ in")
        return [head.trimmingCharacters(in: .whitespaces)] + kept + lines[open...close] + ["    }", "}"]
    }

    /// How the driver reaches `field` in a value of `event`: the field itself, or under `payload` where the event's
    /// value also holds its shape's fields.
    static func valuePath(of field: Field, in event: Event, of contract: Contract) -> String {
        if case .shapes(let shapes) = contract.framing, let index = event.shapeIndex, !shapes[index].fields.isEmpty,
            !shapes[index].fields.contains(field)
        {
            return "payload.`\(field.swiftName)`"
        }
        return "`\(field.swiftName)`"
    }

    /// The field a request's correlation value sits in: its shape's field, or its inline payload's.
    static func matchField(_ key: String, of event: Event, in contract: Contract) -> Field? {
        if case .shapes(let shapes) = contract.framing, let index = event.shapeIndex,
            let field = shapes[index].fields.first(where: { $0.wireName == key })
        {
            return field
        }
        if case .object(let object)? = event.payload?.valueType {
            return object.fields.first { $0.wireName == key }
        }
        return nil
    }

    /// A signature's parameters, split at the commas outside brackets.
    static func parameters(_ signature: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in signature {
            switch character {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty {
            parts.append(current.trimmingCharacters(in: .whitespaces))
        }
        return parts
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Helpers the driver's calls use: an example's optional correlation value (nil in an example made from types)
    /// becomes a value, anything else passes as it is.
    static let helpers = """
        // Written by schemagen-oracle.
        import Foundation
        import SchemaGenRuntime

        struct OracleTimeout: Error, CustomStringConvertible {
            var seconds: Int
            var description: String { "no answer within \\(seconds) seconds" }
        }

        /// Resumes a continuation once, with whichever result comes first.
        final class OracleFirst<T: Sendable>: @unchecked Sendable {
            private let lock = NSLock()
            private var continuation: CheckedContinuation<T, any Error>?
            init(_ continuation: CheckedContinuation<T, any Error>) { self.continuation = continuation }
            func resume(with result: Result<T, any Error>) {
                lock.withLock { () -> CheckedContinuation<T, any Error>? in
                    defer { continuation = nil }
                    return continuation
                }?.resume(with: result)
            }
        }

        /// `body`'s value, or `OracleTimeout` when it takes longer than `seconds`. The body is cancelled then but not
        /// waited for: one stuck where cancelling cannot reach (a task's `value`, a stream that never ends) would
        /// otherwise hold the driver, as a task group waits for its children.
        func oracleWithin<T: Sendable>(_ seconds: Int, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                let first = OracleFirst(continuation)
                let work = Task {
                    do { first.resume(with: .success(try await body())) } catch { first.resume(with: .failure(error)) }
                }
                Task {
                    try? await Task.sleep(for: .seconds(seconds))
                    work.cancel()
                    first.resume(with: .failure(OracleTimeout(seconds: seconds)))
                }
            }
        }

        /// Frames a test transport received, in order.
        final class OracleBox: @unchecked Sendable {
            private let lock = NSLock()
            private var frames: [Data] = []
            func append(_ frame: Data) { lock.withLock { frames.append(frame) } }
            func clear() { lock.withLock { frames.removeAll() } }
            var first: Data? { lock.withLock { frames.first } }
            var all: [Data] { lock.withLock { frames } }
        }

        /// A frame as the scenario comparison reads it: its channel, a tab, its bytes.
        func oracleEntry(_ channel: String?, _ acknowledges: Int?, _ data: Data) -> Data {
            Data(((channel ?? "") + (acknowledges.map { " ack \\($0)" } ?? "") + "\\t").utf8) + data
        }

        /// What a subscription's stream did: the `expected` items and its end (or its error), or what went wrong.
        func oracleVerdict(_ count: Int, of expected: Int) -> String {
            switch count {
            case expected: ": ok"
            case -1: ": the Mock received no request"
            case -2: ": the Mock did not read the request as its event, or it held no id"
            case -3: ": the stream ended, but the error event should have failed it"
            case -4: ": an item made from the subscription's `type:` does not read as its event"
            default: ": the stream gave \\(count) items of \\(expected)"
            }
        }

        /// A correlation id as the frame carries it.
        func oracleID(_ value: String?) -> JSONValue? { value.map { .string($0) } }
        func oracleID(_ value: Int?) -> JSONValue? { value.map { .number(JSONNumber($0)) } }

        func oracleValue<T>(_ value: T) -> T { value }
        func oracleValue(_ value: Int?) -> Int { value ?? 7 }
        func oracleValue(_ value: String?) -> String { value ?? "id-7" }

        """
}

/// Swift spelled in the driver's text.
enum SwiftDriverText {
    static func literal(_ text: String) -> String { OracleRun.swiftString(text) }
}
