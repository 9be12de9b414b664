import Foundation

/// Opens WebSocket connections: the bottom layer of a ``RealtimeConnection``.
///
/// Two backends exist: ``URLSessionWebSocketBackend`` on Apple platforms (no dependency), and
/// `NIOWebSocketBackend` in the `SchemaGenNIOTransport` package of this repository (SwiftNIO, for Linux and
/// servers). A backend only moves messages; handshakes, heartbeats and reconnection are the layers above it.
public protocol WebSocketBackend: Sendable {
    /// Opens a connection, returning once the WebSocket handshake has succeeded; throws when it fails.
    func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection
}

/// Where to connect, and the headers of the opening HTTP request (an `Authorization` header, say).
public struct WebSocketRequest: Sendable, Hashable {
    public var url: URL
    public var headers: [String: String]

    public init(url: URL, headers: [String: String] = [:]) {
        self.url = url
        self.headers = headers
    }
}

/// One open WebSocket.
public protocol WebSocketConnection: Sendable {
    /// The messages that arrive, in order. The sequence finishes when the connection closes cleanly and throws
    /// when it fails; it can be iterated once.
    var messages: AsyncThrowingStream<WebSocketMessage, any Error> { get }
    /// Sends one message; throws when the connection is closed or fails.
    func send(_ message: WebSocketMessage) async throws
    /// Closes the connection with a normal closure (code 1000). `messages` then finishes.
    func close() async
}

/// One WebSocket message, whole (fragments joined by the backend).
public enum WebSocketMessage: Sendable, Hashable {
    case text(String)
    case binary(Data)
}

extension WebSocketMessage {
    /// What it carries, as bytes (UTF-8 for text): what a protocol reads a frame from, whichever kind of message the
    /// peer sent it in.
    public var bytes: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .binary(let data): data
        }
    }

    /// The bytes it carries (UTF-8 for text), framing aside: what message size limits and outbound buffers count.
    public var byteCount: Int {
        switch self {
        case .text(let text): text.utf8.count
        case .binary(let data): data.count
        }
    }
}

/// Why a WebSocket could not be opened or used.
public struct WebSocketFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
