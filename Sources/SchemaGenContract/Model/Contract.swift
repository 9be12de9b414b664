import SchemaGenRuntime

/// One realtime API, checked: the single source of truth every generator reads.
///
/// Built only by ``ContractChecker``; a `Contract` value is always valid (no unknown types, no name
/// collisions, no recursive structs by value).
public struct Contract: Hashable, Sendable {
    /// The contract format version (`schemagen:`).
    package var formatVersion: Int
    /// The Swift namespace everything generated for this API lives in.
    public var name: String
    package var title: String?
    package var description: String?
    /// The API's own version (`version:`, AsyncAPI's `info.version`), as written; `nil` when the contract has none.
    package var version: String? = nil
    /// The Socket.IO namespace the events outside channels travel in (`namespace:`), with `framing: socket.io`;
    /// `nil` for the main namespace, `/`.
    public var namespace: String? = nil
    /// How an event is framed on the wire.
    public var framing: Framing
    /// How several frames share one WebSocket message, for an API that batches them (`separator:`).
    package var separator: FrameSeparator? = nil
    /// Scripted conversations for the generated `Mock` and the reference (`scenarios:`).
    public var scenarios: [Scenario] = []
    /// Where the API is served (`servers:`), in declaration order.
    package var servers: [ServerDeclaration] = []
    /// How `Date` values are written on the wire.
    package var dateEncoding: DateEncoding
    /// Named types, in the order the contract declares them.
    package var types: [NamedType]
    /// Events outside any channel, in declaration order.
    package var events: [Event]
    /// Channels, in declaration order.
    package var channels: [Channel]
    /// Where the contract was read from.
    package var location: SourceLocation

    /// The version of the contract format this build reads.
    package static let supportedFormatVersions: ClosedRange<Int> = 1...1

    /// The Socket.IO namespace of the events outside channels: `namespace:`, or the main namespace `/`.
    public var rootNamespace: String { namespace ?? "/" }

    /// Every event with the channel that scopes it (`nil` for events outside channels), in order.
    public var allEvents: ContractEvents { ContractEvents(root: events, channels: channels) }

    /// The named type called `name`.
    package func type(named name: String) -> NamedType? {
        types.first { $0.name == name }
    }
}

/// Who sends an event.
package enum Direction: String, Hashable, Sendable, CaseIterable {
    case clientToServer = "client-to-server"
    case serverToClient = "server-to-client"
    case both

    /// Whether the app may emit this event.
    package var isEmittedByClient: Bool { self != .serverToClient }
    /// Whether the app may listen to this event.
    package var isReceivedByClient: Bool { self != .clientToServer }
}

/// A deprecation: the thing still works, and the message says what to use instead.
package struct Deprecation: Hashable, Sendable {
    package var message: String?

    package init(message: String?) {
        self.message = message
    }
}

/// One event: a wire name, who sends it, and what it carries.
public struct Event: Hashable, Sendable {
    /// The exact name on the wire (`join_group`, `room:join`, `job-removed`).
    public var wireName: String
    /// The Swift name (lowerCamelCase), derived from the wire name or given with `swiftName`.
    package var swiftName: String
    package var direction: Direction
    package var description: String?
    package var deprecation: Deprecation?
    /// What the event carries; `nil` for an event without payload.
    package var payload: TypeRef?
    /// Fields this event carries in the envelope beside its payload (object-envelope framing only).
    package var envelopeFields: [Field]
    package var location: SourceLocation
    /// With frame shapes: the index of the event's shape in `frames:`, and the value naming the event there
    /// (`nil` for a shape that carries one event).
    package var shapeIndex: Int? = nil
    package var wireValue: FrameValue? = nil
    /// For a request: the event that answers it, and the field that says which request a reply answers.
    package var reply: ReplyDeclaration? = nil
    /// For a request that opens a subscription: the events that belong to it and end it.
    package var subscription: SubscriptionDeclaration? = nil
    /// With Socket.IO framing: the acknowledgement the event is answered with (the server's, for an event the app
    /// sends; the app's, for one the server sends).
    package var ack: AckDeclaration? = nil
    /// Example values or frames of the event (`examples:`), checked against it and shown in its reference.
    /// For a server-to-client event: the client-to-server event the generated client sends in answer, by itself
    /// (`answer:`; Deribit's `test_request` heartbeat answered with a `public/test` request).
    package var answer: AnswerDeclaration? = nil
    /// For a request that subscribes or unsubscribes channels by their addresses (`subscribes: channels`).
    package var channelRequest: ChannelRequest? = nil
    package var examples: [EventExample] = []

    /// Where the event sits among frame shapes, for contracts with `frames:`.
    package var address: EventAddress? {
        shapeIndex.map { EventAddress(shape: $0, name: wireValue) }
    }
}

/// One example of an event: its payload, or its whole frame as it travels.
package struct EventExample: Hashable, Sendable {
    package enum Form: Hashable, Sendable {
        /// The payload's value.
        case payload
        /// The whole frame.
        case frame
    }

    package var form: Form
    /// The example as compact JSON, keys in the order the contract writes them.
    package var json: String
    /// The same laid out for reading.
    package var prettyJSON: String
    /// What the example shows, in a line (`summary:`).
    package var summary: String?
    package var location: SourceLocation

    package init(form: Form, json: String, prettyJSON: String, summary: String?, location: SourceLocation) {
        (self.form, self.json, self.prettyJSON, self.summary, self.location) = (
            form, json, prettyJSON, summary, location
        )
    }
}

/// A channel (Pusher channel, Supabase topic…) whose address may hold parameters, scoping its own events.
public struct Channel: Hashable, Sendable {
    /// The key naming the channel in the contract (`driver`).
    package var name: String
    /// The Swift name (lowerCamelCase).
    package var swiftName: String
    /// The address on the wire, with `{parameter}` placeholders (`driver-{driverId}`).
    package var address: AddressTemplate
    package var parameters: [ChannelParameter]
    package var description: String?
    package var deprecation: Deprecation?
    package var events: [Event]
    package var location: SourceLocation
}

/// A typed value that fills a placeholder of a channel address.
package struct ChannelParameter: Hashable, Sendable {
    package var name: String
    package var swiftName: String
    package var type: ScalarType
    package var description: String?
    package var location: SourceLocation
}

/// A channel address such as `order:{order_id}`, split into literal text and parameters.
package struct AddressTemplate: Hashable, Sendable {
    package enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String)
    }

    /// The address as written in the contract.
    package var raw: String
    package var segments: [Segment]

    /// The parameter names in the order they appear.
    package var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }
}

/// A request's reply (`reply:` on a client-to-server event): the server-to-client event of the same scope that
/// answers it, matched by a field both carry, whose value the client chooses for each request.
package struct ReplyDeclaration: Hashable, Sendable {
    /// The wire name (the key under `events:`) of the event that answers.
    package var event: String
    /// The key of the field both events carry: a frame shape's field (JSON-RPC's `id`, Phoenix's `ref`) or a field
    /// of both payloads; empty for replies matched by order (``inOrder``).
    package var match: String
    /// Where the reply (and the error event) carries the value, when not under the same key as the request: a path
    /// through nested objects (`match: {request: id, reply: meta.request_id}`).
    package var replyMatch: String? = nil
    /// The wire name of an event that answers the request with an error instead (it carries `match` too).
    package var error: String? = nil
    /// How the client chooses correlation values.
    package var ids: CorrelationIDs = .counter
    /// Whether the contract wrote `ids:`; without it the checker chooses (``CorrelationDefaults``).
    package var idsWritten = false
    /// What this request's reply holds (`type:`), where one shared reply event answers every request with a `JSON`
    /// payload (`{"id": 7, "type": "result", "result": ...}`): the request's method decodes the payload as this.
    package var type: TypeRef? = nil
    package var location: SourceLocation
    /// Where the error event carries the value, when not where the reply does (`error: {event: error, match:
    /// data.request_id}`: a failure that holds the request's id inside its body).
    package var errorMatch: String? = nil
    /// The key or path the reply carries the value under.
    package var answerMatch: String { replyMatch ?? match }
    /// The key or path the error event carries the value under.
    package var errorAnswerMatch: String { errorMatch ?? answerMatch }
    /// A client-to-server event sent when the caller stops waiting (its task is cancelled), and its field that
    /// carries the request's correlation value (`match` unless named).
    package var cancel: String? = nil
    package var cancelField: String? = nil
    /// For a request answered once per item it names (`each:`): the request's list, and where each reply names
    /// its item.
    package var each: ReplyEach? = nil
    /// Replies answer requests in the order they were sent (`inOrder: true`): the next reply (or error) answers the
    /// oldest request waiting, and neither carries an id.
    package var inOrder = false
}

/// What the generated client sends, without app code, when a server-to-client event arrives (`answer:`): a new
/// event of its own, not an echo (Deribit asks with `{"method": "heartbeat", "params": {"type": "test_request"}}`
/// and wants a `public/test` request back).
package struct AnswerDeclaration: Hashable, Sendable {
    /// The wire name of the client-to-server event sent, outside channels; its method is called with no argument.
    package var event: String
    /// Only when the event's payload holds these values at these keys (`when: {type: test_request}`).
    package var when: [Condition] = []
    package var location: SourceLocation

    package struct Condition: Hashable, Sendable {
        package var key: String
        package var value: DocumentValue
        package var location: SourceLocation

        /// The value as the contract writes it (`test_request`, `5`, `true`), for the reference.
        package var valueText: String {
            switch value {
            case .string(let text): text
            case .integer(let number): "\(number)"
            case .bool(let flag): "\(flag)"
            default: ""
            }
        }
    }
}

/// A request that subscribes channels (`subscribes: channels`: Deribit's `public/subscribe` with `{"channels":
/// ["book.BTC-PERPETUAL.100ms"]}`) or unsubscribes them (`unsubscribes:`): its field holds channel addresses, and a
/// channel's `subscribe()` sends it with its own address.
package struct ChannelRequest: Hashable, Sendable {
    package enum Role: String, Hashable, Sendable {
        case subscribes, unsubscribes
    }

    package var role: Role
    /// The payload's field holding the addresses: `[String]`, or `String` for one channel a request.
    package var field: String
    package var location: SourceLocation
}

/// A request answered once per item of one of its lists (`reply: {each: pair}`): Kraken acknowledges a subscribe for
/// two pairs with two `subscriptionStatus` events, each carrying the request's `reqid` and its own `pair`.
package struct ReplyEach: Hashable, Sendable {
    /// The request's field holding the list (`[T]`), one reply per element.
    package var list: String
    /// Where each reply names its element (a path, as the reply's `match`); `nil` when written as one name, which the
    /// reply then carries under the same key, if it does.
    package var item: String?
    package var location: SourceLocation
}

/// A Socket.IO acknowledgement (`ack:`): the value the receiver of an event calls its callback with. A named tuple
/// type stands for several arguments; any other type for the one argument.
package struct AckDeclaration: Hashable, Sendable {
    package var type: TypeRef
    package var location: SourceLocation

    /// Whether no arguments at all (`callback()` sends `[]`) is a value of the type: an optional one's absence. A
    /// type that is only nullable (`T | null`) needs its `null`.
    package var acceptsNoArguments: Bool {
        if case .optional = type { true } else { false }
    }
}

extension Contract {
    /// Whether an acknowledgement is several arguments (a named tuple's elements) rather than one value.
    package func spreadsArguments(of ack: AckDeclaration) -> Bool {
        if case .named(let name) = ack.type, case .tuple? = type(named: name)?.kind { return true }
        return false
    }
}

/// How a client chooses the values that tie replies and subscription events to their request (`ids:`).
package enum CorrelationIDs: String, Hashable, Sendable, CaseIterable {
    /// 1, 2, 3… per client (JSON-RPC `id`, Phoenix `ref`); written as text in a `String` field.
    case counter
    /// A random UUID (graphql-ws operation ids, Slack-style envelope ids); needs a `String` field.
    case uuid
    /// The app gives every value, as part of what it sends (an order acknowledged by its own `order_id`, a
    /// subscription the app names): the method takes it as a required argument and never makes one up.
    case app
}

/// A request that opens a subscription (`subscription:` on a client-to-server event): the server-to-client events
/// that belong to it, matched by the subscription's id, and the events that end it from either side.
///
/// The subscription's id is the request's `match` field, chosen by the client, or, when the request has a
/// `reply:`, the reply's payload (or its field `id:`): the reply confirms the subscription and carries the id the
/// server chose; or, with a reply and `idFrom: request`, the request's own correlation value, which the reply
/// confirms and the items echo.
package struct SubscriptionDeclaration: Hashable, Sendable {
    /// The event each item of the subscription arrives as.
    package var event: String
    /// The field that carries the subscription's id in its events (and, without `reply:`, in the request).
    package var match: String
    /// A server-to-client event that ends the subscription.
    package var end: String? = nil
    /// For a stream that ends by count (`count:`): the field of each item that says how many items there are in
    /// all (Discord's `chunk_count`); the stream finishes once that many have arrived.
    package var count: String? = nil
    /// A server-to-client event that ends it with an error.
    package var error: String? = nil
    /// A client-to-server event sent when the app stops early, and its field that carries the subscription's id.
    package var cancel: String? = nil
    package var cancelField: String? = nil
    /// How the client chooses the id, when it does (no `reply:`).
    package var ids: CorrelationIDs = .counter
    /// Whether the contract wrote `ids:`; without it the checker chooses (``CorrelationDefaults``).
    package var idsWritten = false
    /// With `reply:`: the member of the reply's payload that holds the id; `nil` when the payload is the id.
    package var idInReply: String? = nil
    /// With `reply:` and `idFrom: request`: the id is the request's correlation value (the reply's `match`), which
    /// the reply only confirms.
    package var idFromRequest = false
    /// What this subscription's items hold (`type:`), where every subscription's items share one event with a `JSON`
    /// payload: the stream yields the payload decoded as this.
    package var type: TypeRef? = nil
    package var location: SourceLocation
}

/// Where an API is served (`servers:`): a WebSocket URL (or, for Socket.IO, the HTTP URL its clients are given).
package struct ServerDeclaration: Hashable, Sendable {
    /// The server's name in the contract (`production`).
    package var name: String
    /// Its name in Swift, the generated `Servers` enum's member (`production`, `prodEu` for `prod-eu`).
    package var swiftName: String
    /// The URL as written (`wss://gateway.discord.gg/?v=10&encoding=json`).
    package var url: String
    /// Its parts: `wss`, `gateway.discord.gg` (with a port when it has one), `/`, and the query's parameters in order.
    package var scheme: String
    package var host: String
    package var path: String
    package var query: [(name: String, value: String)]
    package var description: String?
    package var location: SourceLocation

    package static func == (lhs: ServerDeclaration, rhs: ServerDeclaration) -> Bool {
        lhs.name == rhs.name && lhs.url == rhs.url && lhs.description == rhs.description
            && lhs.location == rhs.location
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(url)
    }
}
