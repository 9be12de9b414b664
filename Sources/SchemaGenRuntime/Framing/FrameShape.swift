import Foundation

/// One way a contract's frames look on the wire: a JSON object or array, the constant values that tell it
/// apart, and where each part sits (the event's name, its payload, the channel, envelope fields).
///
/// A contract lists its shapes in order; an incoming frame is the first shape whose conditions hold. This one
/// model describes opcode gateways (`{"op": 0, "t": "READY", "s": 1, "d": {...}}`), nested discriminators
/// (`metadata.message_type`), Phoenix v2 arrays (`[join_ref, ref, topic, event, payload]`), relay arrays
/// (`["OK", id, true, ""]`) and replies recognised by their keys (`{"id": 1, "result": ...}`).
public struct FrameShape: Hashable, Sendable {
    /// What the frame is at the top.
    public enum Container: Hashable, Sendable {
        case object
        /// An array whose first elements are named slots; `slots` are their names, for messages.
        case array(slots: [String])
    }

    /// Where the payload is.
    public enum PayloadPlacement: Hashable, Sendable {
        /// The shape carries no payload.
        case none
        /// The value at a path (`d`, `payload.event`, slot 4).
        case at(FramePath)
        /// Everything else: the object's members beside the shape's keys, or the array's elements after its
        /// slots (written as one array).
        case rest

        /// The payload's path, for `.at`.
        public var path: FramePath? {
            if case .at(let path) = self { return path }
            return nil
        }
    }

    /// An envelope field: a value every event of the shape carries beside its payload (`s`, `id`, `join_ref`).
    public struct Field: Hashable, Sendable {
        /// The field's key in the event's parts (its wire path as written in the contract).
        public var key: String
        public var path: FramePath

        public init(key: String, path: FramePath) {
            self.key = key
            self.path = path
        }
    }

    /// A constant that selects the shape (`op == 0`), written into every frame of the shape.
    public struct Condition: Hashable, Sendable {
        public var path: FramePath
        public var value: FrameValue

        public init(path: FramePath, value: FrameValue) {
            self.path = path
            self.value = value
        }
    }

    /// The shape's name in the contract, for messages.
    public var name: String
    public var container: Container
    /// Constants every frame of the shape holds.
    public var conditions: [Condition]
    /// Paths every frame of the shape has, whatever their values (`result` for a reply).
    public var required: [FramePath]
    /// Where the event's name sits, and what kind of JSON value it is; `nil` for a shape with one event.
    public var eventName: FramePath?
    public var eventNameKind: FrameValue.Kind
    public var payload: PayloadPlacement
    /// Where the channel's address sits, for shapes whose frames name one.
    public var channel: FramePath?
    public var fields: [Field]
    /// For a shape that names no event: the contract's name of the event it carries (several joined by "or"), which
    /// reports about its frames name.
    public var unnamedEvent: String?
    /// Whether a frame of the shape holds nothing but what the shape names: no other top-level key (or no element
    /// after the slots). A ping that is `{}` then takes only `{}`, not every frame whose kind the contract does not list.
    public var exact: Bool

    public init(
        name: String, container: Container = .object, conditions: [Condition] = [], required: [FramePath] = [],
        eventName: FramePath?, eventNameKind: FrameValue.Kind = .string, payload: PayloadPlacement,
        channel: FramePath? = nil, fields: [Field] = [], exact: Bool = false, unnamedEvent: String? = nil
    ) {
        self.unnamedEvent = unnamedEvent
        self.exact = exact
        self.name = name
        self.container = container
        self.conditions = conditions
        self.required = required
        self.eventName = eventName
        self.eventNameKind = eventNameKind
        self.payload = payload
        self.channel = channel
        self.fields = fields
    }

    /// The top-level keys the shape names (its conditions, `has`, name, channel, fields and payload); for an exact
    /// shape, the only keys its frames may have.
    public var namedKeys: Set<String> {
        let paths =
            conditions.map(\.path) + required + [eventName, channel, payload.path].compactMap { $0 }
            + fields.map(\.path)
        return Set(paths.compactMap { if case .key(let key)? = $0.steps.first { key } else { nil } })
    }

    /// The number of named slots of an array shape (0 for objects).
    public var slotCount: Int {
        if case .array(let slots) = container { return slots.count }
        return 0
    }
}

/// A place in a frame: object keys and array indexes, from the top.
public struct FramePath: Hashable, Sendable, CustomStringConvertible {
    public enum Step: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var steps: [Step]

    public init(_ steps: [Step]) {
        self.steps = steps
    }

    /// A dotted path of object keys (`d.type`).
    public init(keys: String) {
        steps = keys.split(separator: ".", omittingEmptySubsequences: false).map { .key(String($0)) }
    }

    public var description: String {
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// A constant JSON value of a frame: an event name, a discriminator, a condition.
public enum FrameValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null

    public enum Kind: String, Hashable, Sendable {
        case string, integer, bool, null
    }

    public var kind: Kind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .bool: .bool
        case .null: .null
        }
    }

    /// The value as the route names it: strings as they are, numbers in decimal, `true`, `false`, `null`.
    public var text: String {
        switch self {
        case .string(let text): text
        case .integer(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }

    /// The value as JSON.
    public var description: String {
        switch self {
        case .string(let text):
            var out = Data()
            WireFraming.appendString(text, to: &out)
            return String(decoding: out, as: UTF8.self)
        default: return text
        }
    }
}

/// Which event a frame is, for routing and for writing: the shape (its index in the contract's list) and the
/// value of its name. Generated clients hold one per event.
public struct EventAddress: Hashable, Sendable {
    public var shape: Int
    /// The event's name on the wire; `nil` for a shape that carries one event.
    public var name: FrameValue?
    /// The key listeners are filed under: the shape's index and the name's text.
    public let route: String

    public init(shape: Int, name: FrameValue?) {
        self.shape = shape
        self.name = name
        self.route = Self.route(shape: shape, name: name?.text ?? "")
    }

    static func route(shape: Int, name: String) -> String {
        "\(shape):\(name)"
    }
}
