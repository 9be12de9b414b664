// URLSessionWebSocketTask works on Apple platforms only: on Linux, swift-corelibs-foundation's libcurl answers
// "WebSockets not supported by libcurl". Linux and servers use NIOWebSocketBackend (SchemaGenNIOTransport, behind the NIOTransport trait).
#if canImport(Darwin)
import Foundation

/// WebSockets on `URLSessionWebSocketTask`: the backend for apps on Apple platforms, with no dependency.
public struct URLSessionWebSocketBackend: WebSocketBackend {
    public var session: URLSession
    /// The largest message accepted; a bigger one fails the connection.
    public var maximumMessageSize: Int

    public init(session: URLSession = .shared, maximumMessageSize: Int = 16 << 20) {
        self.session = session
        self.maximumMessageSize = maximumMessageSize
    }

    public func connect(to request: WebSocketRequest) async throws -> any WebSocketConnection {
        var urlRequest = URLRequest(url: request.url)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let task = session.webSocketTask(with: urlRequest)
        task.maximumMessageSize = maximumMessageSize
        task.resume()
        // The task opens lazily; a ping is answered only once the handshake is done, or fails with its error.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            task.sendPing { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
        return URLSessionWebSocketConnection(task: task)
    }
}

/// A connection opened by ``URLSessionWebSocketBackend``.
final class URLSessionWebSocketConnection: WebSocketConnection, @unchecked Sendable {
    let task: URLSessionWebSocketTask
    let messages: AsyncThrowingStream<WebSocketMessage, any Error>

    init(task: URLSessionWebSocketTask) {
        self.task = task
        messages = AsyncThrowingStream(unfolding: { [task] in
            do {
                switch try await task.receive() {
                case .string(let text): return .text(text)
                case .data(let data): return .binary(data)
                @unknown default: return .binary(Data())
                }
            } catch {
                // A normal closure ends the stream; anything else is the connection's failure.
                if task.closeCode == .normalClosure || task.closeCode == .goingAway { return nil }
                throw error
            }
        })
    }

    func send(_ message: WebSocketMessage) async throws {
        switch message {
        case .text(let text): try await task.send(.string(text))
        case .binary(let data): try await task.send(.data(data))
        }
    }

    func close() async {
        task.cancel(with: .normalClosure, reason: nil)
    }
}
#endif
