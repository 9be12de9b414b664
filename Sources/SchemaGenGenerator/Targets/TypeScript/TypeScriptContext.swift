import SchemaGenContract
/// What the TypeScript templates render for one contract (`templates/typescript/`). Types are spelled by the
/// translator; templates lay them out.
package struct TypeScriptFileContext: KeyedTemplateContext {
    /// The contract's file name, for the header.
    package var sourceFile: String
    /// The contract's title and description as a doc comment (whole lines: `/**`, ` * …`, ` */`).
    package var documentation: [String]
    /// How the API frames events, in words, for the header.
    package var framing: String
    /// Named types, then the payload types of events, in contract order.
    package var declarations: [TypeScriptDeclaration]
    package var hasDeclarations: Bool
    /// Socket.IO only: the event maps socket.io v4's typed `Server<ListenEvents, EmitEvents>`, `Namespace` and
    /// `Socket` take, for the root namespace and each channel's namespace.
    package var eventMaps: [TypeScriptEventMap]
    package var hasEventMaps: Bool
    /// Other framings: one type per event's frame, the unions of frames per direction, a guard per frame.
    package var frames: [TypeScriptFrame]
    package var frameUnions: [TypeScriptFrameUnion]
    package var hasFrames: Bool
    /// Whether a guard reads a value inside the frame (then the file has the helper that does).
    package var guardsReadValues: Bool
    /// Whether a guard tests a channel address against a template with parameters (then the file has `fitsAddress`).
    package var guardsReadAddresses: Bool
    /// The events' `examples:` as typed constants, so `tsc` checks each against its payload type.
    package var examples: [TypeScriptExamples] = []
    package var hasExamples: Bool = false
    /// The contract's `servers:` as the members of the exported `servers` constant (`production: "wss://…",`), each
    /// with its description.
    package var servers: [TypeScriptMember] = []
    package var hasServers: Bool = false
}

/// One event's examples: a constant of its payload type's values.
package struct TypeScriptExamples: KeyedTemplateContext {
    /// The constant's name (`helloExamples`).
    package var name: String
    /// The event's payload type (`Hello`, `number | null`).
    package var type: String
    /// The examples' payloads as one array literal of JSON values on one line (`[{"a":1}, {"a":2}]`): brace layout
    /// indents by braces, not brackets, so a line per value would start at the margin.
    package var array: String
}

/// An exported interface (an object type) or type alias.
package struct TypeScriptDeclaration: KeyedTemplateContext {
    package var name: String
    /// Doc comment lines, whole (`/**`, ` * …`, ` */`); empty without a description.
    package var documentation: [String]
    package var isInterface: Bool
    /// An interface's members.
    package var members: [TypeScriptMember]
    /// An alias's type.
    package var type: String
}

/// A member of an interface or an event map: its doc comment and its declaration (`order_id: string;`).
package struct TypeScriptMember: KeyedTemplateContext {
    package var documentation: [String]
    package var declaration: String
}

/// An interface of events: each member an event name and its listener's type.
package struct TypeScriptEventMap: KeyedTemplateContext {
    package var name: String
    package var documentation: [String]
    package var entries: [TypeScriptMember]
}

/// One event's frame, as it travels, and the guard that tells it apart.
package struct TypeScriptFrame: KeyedTemplateContext {
    package var name: String
    package var documentation: [String]
    package var type: String
    /// `isPoraCompletedFrame`.
    package var guardName: String
    /// The guard's test of an `unknown` value: the frame's constants and the event's name at their paths.
    package var condition: String
}

/// The frames one side sends: a union type (`never` when there are none).
package struct TypeScriptFrameUnion: KeyedTemplateContext {
    package var name: String
    package var documentation: [String]
    package var type: String
}
