#if HummingbirdServer
import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import SchemaGenRuntime
import SchemaGenTransport

extension WebSocketServerTransport {
    /// Serves one WebSocket hummingbird-websocket upgraded, until it closes: call it from the route's `onUpgrade`
    /// (or use ``Hummingbird/RouterMethods/realtime(_:transport:)``).
    ///
    /// The socket is read only as fast as the server takes its messages in: at most ``ServerLimits/readAhead`` wait,
    /// so a flooding client fills TCP's buffers, not the server's memory. A message over
    /// ``ServerLimits/maximumMessageSize`` closes the connection with code 1009. Both come from ``limits``.
    public func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async {
        let limits = limits
        let inbox = WebSocketInbox(limit: limits.readAhead)
        // The transport reads the inbox on its own task; this one reads the socket, which hummingbird-websocket
        // expects of the task it handed the socket to.
        async let served: Void = serve(HummingbirdSocket(outbound: outbound), inbox: inbox)
        do {
            for try await message in inbound.messages(maxSize: limits.maximumMessageSize) {
                let received: SchemaGenTransport.WebSocketMessage = switch message {
                case .text(let text): .text(text)
                case .binary(let buffer): .binary(Data(buffer.readableBytesView))
                }
                // swift-websocket checks the size of messages in several frames only; one frame is checked here.
                guard received.byteCount <= limits.maximumMessageSize else { throw MessageTooLarge(size: received.byteCount) }
                // The connection ended on the server's side (closed, or its writes failed): stop reading.
                guard await inbox.push(received) else { break }
            }
            inbox.finish()
        } catch {
            inbox.finish(throwing: Self.failure(error, maximumMessageSize: limits.maximumMessageSize))
        }
        await served
    }

    /// One message over ``ServerLimits/maximumMessageSize``.
    private struct MessageTooLarge: Error {
        let size: Int
    }

    /// What a read failure says, in words a server's log can act on when it is a message over the limit.
    static func failure(_ error: any Error, maximumMessageSize: Int) -> any Error {
        let size = (error as? MessageTooLarge).map { " (\($0.size) bytes)" } ?? ""
        guard !size.isEmpty || "\(error)".contains("messageTooLarge") else { return error }
        return WebSocketFailure("the client sent a message\(size) larger than \(maximumMessageSize) bytes (ServerLimits.maximumMessageSize)")
    }
}

extension RouterMethods {
    /// Upgrades `GET` requests for `path` to WebSockets served by `transport`, the transport of a generated `Server`:
    ///
    /// ```swift
    /// let transport = WebSocketServerTransport(protocol: SocketIOServerProtocol())
    /// let server = Rooms.Server(transport: transport)
    /// let router = Router(context: BasicWebSocketRequestContext.self)
    /// router.realtime("/socket.io", transport: transport)
    /// let app = Application(router: Router(), server: .http1WebSocketUpgrade(webSocketRouter: router))
    /// ```
    ///
    /// The transport's ``SchemaGenRuntime/ServerLimits`` (set through the server's `core.limits`) bound each
    /// connection: its largest message, its read-ahead, its outbound buffer and its write timeout.
    @discardableResult
    public func realtime(_ path: RouterPath, transport: WebSocketServerTransport) -> Self
        where Context: WebSocketRequestContext, Self: SendableMetatype {
        ws(path) { inbound, outbound, _ in
            await transport.serve(inbound: inbound, outbound: outbound)
        }
    }
}

/// hummingbird-websocket's writer as the socket ``WebSocketServerTransport`` writes to.
struct HummingbirdSocket: ServerWebSocket {
    let outbound: WebSocketOutboundWriter

    func send(_ message: SchemaGenTransport.WebSocketMessage) async throws {
        do {
            switch message {
            case .text(let text): try await outbound.write(.text(text))
            case .binary(let data): try await outbound.write(.binary(ByteBuffer(bytes: data)))
            }
        } catch {
            // NIO's writer says `alreadyFinished`; what the server needs to know is that the socket is gone.
            throw WebSocketFailure("the WebSocket closed while sending (\(error))")
        }
    }

    func close(reason: String) async {
        // A close frame's reason is at most 123 bytes.
        try? await outbound.close(.normalClosure, reason: String(decoding: Array(reason.utf8.prefix(120)), as: UTF8.self))
    }
}
#endif
