import SchemaGenContract
/// Every type of `SchemaGenRuntime` that generated Swift names, and how it is written: always with its module
/// (`SchemaGenRuntime.ListenerToken`), so no contract's type, event or channel of the same name can shadow one, and
/// a reader of generated code sees at once what comes from the runtime. Templates write `{{runtime}}ListenerToken`,
/// translators `SwiftTypeSpeller.runtime(_:)`; `RuntimeNamesTests` keeps the list complete and checks that every
/// golden writes them qualified.
package enum RuntimeNames {
    package static let module = "SchemaGenRuntime"
    /// What every runtime name starts with in generated code.
    package static let prefix = module + "."

    package static let all: Set<String> = [
        "AcknowledgementsUnsupported", "ChannelAddressMismatch", "ChannelTemplate", "CodedDate", "EmbeddedJSON",
        "EnvelopeFrame",
        "EventAddress", "FramePath", "FrameShape", "IncomingFailure",
        "Indirect", "JSONKind", "JSONNumber", "JSONValue", "ListenerToken", "Members", "MemberwiseEquatable",
        "Nullable", "NumberString",
        "LoopbackServerTransport", "PatternKeys", "RealtimeClient", "RealtimeClientCore", "RealtimeServer",
        "RealtimeServerCore",
        "RealtimeServerTransport", "RealtimeTransport",
        "ReceivedEvent", "Recipients", "ReplyMatch", "RequestFailure", "RequestRejected", "ServerAnswer",
        "ServerConnection",
        "StringEncodableNumber", "SubscriptionEnded", "SubscriptionMatch", "SubscriptionStream",
        "UnexpectedClientEvent", "UnixMicroseconds",
        "UnixMilliseconds", "UnixSeconds", "UnknownEvent", "UnsendableEvent", "WireDateEncoding", "WireDecoder",
        "WireFieldWriter",
        "WireFields", "WireFraming",
    ]
}
