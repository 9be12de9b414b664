import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// One frame of captured traffic: its bytes as they crossed the socket, who sent it, and where the capture holds it.
public struct CapturedFrame: Sendable {
    package var data: Data
    package var direction: Direction
    /// Where in the capture: `capture.jsonl:12`, or `session.har: entry 3, message 41`.
    package var origin: String
    /// Whether it crossed as a binary message (opcode 2): `data` is then its bytes, not text.
    package var isBinary: Bool
    /// The WebSocket's URL, when the capture keeps it (a HAR entry's request): what the protocol is recognised from.
    package var url: String?

    package init(data: Data, direction: Direction, origin: String, isBinary: Bool = false, url: String? = nil) {
        self.data = data
        self.direction = direction
        self.origin = origin
        self.isBinary = isBinary
        self.url = url
    }
}

/// A capture that cannot be read, located.
public struct CaptureError: Error, CustomStringConvertible, Sendable {
    package var origin: String
    package var message: String

    public var description: String { "\(origin): \(message)" }
}
