import Foundation
import Hummingbird
import HummingbirdWebSocket
import NIOCore
import SchemaGenRuntime
import SchemaGenTransport

extension WebSocketServerTransport {
    /// Serves one WebSocket hummingbird-websocket upgraded, until it closes: call it from the route's `onUpgrade`
    /// (or use ``Hummingbird/RouterMethods/realtime(_:transport:maximumMessageSize:)``).
    ///
    /// - Parameter maximumMessageSize: the largest message taken from the client, fragments joined; a bigger one
    ///   ends the connection.
    public func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maximumMessageSize: Int = 1 << 20) async {
        let (messages, pump) = AsyncThrowingStream.makeStream(of: SchemaGenTransport.WebSocketMessage.self)
        // The transport reads the messages on its own task; this one reads the socket, which hummingbird-websocket
        // expects of the task it handed the socket to.
        async let served: Void = serve(HummingbirdSocket(outbound: outbound), messages: messages)
        do {
            for try await message in inbound.messages(maxSize: maximumMessageSize) {
                switch message {
                case .text(let text): pump.yield(.text(text))
                case .binary(let buffer): pump.yield(.binary(Data(buffer.readableBytesView)))
                }
            }
            pump.finish()
        } catch {
            pump.finish(throwing: error)
        }
        await served
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
    @discardableResult
    public func realtime(_ path: RouterPath, transport: WebSocketServerTransport, maximumMessageSize: Int = 1 << 20) -> Self
        where Context: WebSocketRequestContext, Self: SendableMetatype {
        ws(path) { inbound, outbound, _ in
            await transport.serve(inbound: inbound, outbound: outbound, maximumMessageSize: maximumMessageSize)
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
