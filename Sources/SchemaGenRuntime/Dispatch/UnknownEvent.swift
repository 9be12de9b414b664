import Foundation

/// An event the contract does not describe, in a contract with frame shapes: its name, its payload and the
/// envelope fields its frame carries, so an app can still log it, count it or read a sequence number from it.
public struct UnknownEvent: Hashable, Sendable {
    /// The frame shape the frame matched.
    public var shape: String
    /// The value naming the event, as text (`"THREAD_CREATE"`, `"12"`); empty for a shape without names.
    public var name: String
    /// The payload's raw JSON, when the frame has one.
    public var payload: Data?
    /// The shape's envelope fields present in the frame, by key (`s`, `id`, `join_ref`).
    public var fields: [String: JSONValue]

    public init(shape: String, name: String, payload: Data?, fields: [String: JSONValue]) {
        self.shape = shape
        self.name = name
        self.payload = payload
        self.fields = fields
    }

    /// Reads what a parsed frame holds; fails when an envelope field is not valid JSON.
    public init(_ frame: WireFraming.ParsedFrame, decoder: WireDecoder) throws {
        var fields: [String: JSONValue] = [:]
        if let parts = frame.parts {
            fields = try decoder.decode([String: JSONValue].self, from: parts)
            fields[WireFraming.payloadPartKey] = nil
        }
        self.init(shape: frame.shape ?? "", name: frame.eventName, payload: frame.payload, fields: fields)
    }
}
