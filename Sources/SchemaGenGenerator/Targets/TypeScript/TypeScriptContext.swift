import SchemaGenContract
/// What the TypeScript templates render for one contract (`templates/typescript/`). Types are spelled by the
/// translator; templates lay them out.
public struct TypeScriptFileContext: Sendable {
    /// The contract's file name, for the header.
    public var sourceFile: String
    /// The contract's title and description as a doc comment (whole lines: `/**`, ` * …`, ` */`).
    public var documentation: [String]
    /// How the API frames events, in words, for the header.
    public var framing: String
    /// Named types, then the payload types of events, in contract order.
    public var declarations: [TypeScriptDeclaration]
    public var hasDeclarations: Bool
    /// Socket.IO only: the event maps socket.io v4's typed `Server<ListenEvents, EmitEvents>`, `Namespace` and
    /// `Socket` take, for the root namespace and each channel's namespace.
    public var eventMaps: [TypeScriptEventMap]
    public var hasEventMaps: Bool
    /// Other framings: one type per event's frame, the unions of frames per direction, a guard per frame.
    public var frames: [TypeScriptFrame]
    public var frameUnions: [TypeScriptFrameUnion]
    public var hasFrames: Bool
    /// Whether a guard reads a value inside the frame (then the file has the helper that does).
    public var guardsReadValues: Bool
    /// Whether a guard tests a channel address against a template with parameters (then the file has `fitsAddress`).
    public var guardsReadAddresses: Bool
    /// The events' `examples:` as typed constants, so `tsc` checks each against its payload type.
    public var examples: [TypeScriptExamples] = []
    public var hasExamples: Bool = false
    /// The contract's `servers:` as the members of the exported `servers` constant (`production: "wss://…",`), each
    /// with its description.
    public var servers: [TypeScriptMember] = []
    public var hasServers: Bool = false
}

/// One event's examples: a constant of its payload type's values.
public struct TypeScriptExamples: Sendable {
    /// The constant's name (`helloExamples`).
    public var name: String
    /// The event's payload type (`Hello`, `number | null`).
    public var type: String
    /// The examples' payloads as one array literal of JSON values on one line (`[{"a":1}, {"a":2}]`): brace layout
    /// indents by braces, not brackets, so a line per value would start at the margin.
    public var array: String
}

/// An exported interface (an object type) or type alias.
public struct TypeScriptDeclaration: Sendable {
    public var name: String
    /// Doc comment lines, whole (`/**`, ` * …`, ` */`); empty without a description.
    public var documentation: [String]
    public var isInterface: Bool
    /// An interface's members.
    public var members: [TypeScriptMember]
    /// An alias's type.
    public var type: String
}

/// A member of an interface or an event map: its doc comment and its declaration (`order_id: string;`).
public struct TypeScriptMember: Sendable {
    public var documentation: [String]
    public var declaration: String
}

/// An interface of events: each member an event name and its listener's type.
public struct TypeScriptEventMap: Sendable {
    public var name: String
    public var documentation: [String]
    public var entries: [TypeScriptMember]
}

/// One event's frame, as it travels, and the guard that tells it apart.
public struct TypeScriptFrame: Sendable {
    public var name: String
    public var documentation: [String]
    public var type: String
    /// `isPoraCompletedFrame`.
    public var guardName: String
    /// The guard's test of an `unknown` value: the frame's constants and the event's name at their paths.
    public var condition: String
}

/// The frames one side sends: a union type (`never` when there are none).
public struct TypeScriptFrameUnion: Sendable {
    public var name: String
    public var documentation: [String]
    public var type: String
}
