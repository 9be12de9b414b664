import Foundation

/// One step of the way into a JSON value to a `Bytes` value inside it: an object's key or an array's index. Both are
/// kept because a `Codable` coding path does not say which container it stepped through; the JSON does.
public struct JSONPathStep: Hashable, Sendable {
    /// The member's key, when the step is into an object.
    public var key: String
    /// The element's index, when the step is into an array.
    public var index: Int?

    public init(key: String, index: Int? = nil) {
        self.key = key
        self.index = index
    }

    init(_ codingKey: any CodingKey) {
        self.init(key: codingKey.stringValue, index: codingKey.intValue)
    }
}

/// Where the `Bytes` values (`Data`) of one encoded value sit, recorded while `JSONEncoder` writes them as base64
/// strings: what a transport that carries bytes beside the JSON (Socket.IO's binary attachments) needs to take them
/// out again. One recorder per encoding, reached through a task-local value, so encoders shared by concurrent sends
/// never mix their paths.
final class BytePathRecorder: @unchecked Sendable {
    @TaskLocal static var current: BytePathRecorder?

    // Unchecked: written only by the one synchronous `encode` call the recorder is bound for, read after it returns.
    private(set) var paths: [[JSONPathStep]] = []

    /// Encodes `value` with `encoder`, and the paths of the `Data` values written inside it.
    static func encode(
        _ value: some Encodable, with encoder: JSONEncoder
    ) throws -> (
        json: Data, bytePaths: [[JSONPathStep]]
    ) {
        let recorder = BytePathRecorder()
        let json = try $current.withValue(recorder) { try encoder.encode(value) }
        return (json, recorder.paths)
    }

    /// The encoder's way of writing `Data`: base64, as `JSONEncoder` does by default, noting where when recording.
    static func write(_ data: Data, to encoder: any Encoder) throws {
        current?.paths.append(encoder.codingPath.map(JSONPathStep.init))
        var container = encoder.singleValueContainer()
        try container.encode(data.base64EncodedString())
    }
}
