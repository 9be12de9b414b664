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
    ///
    /// - Parameters:
    ///   - sessionID: the request's `sid`, when the WebSocket upgrades a connection opened by long-polling
    ///     (``SchemaGenTransport/WebSocketServerTransport/serve(_:inbox:upgrading:from:)``).
    ///   - address: the client's address, for ``SchemaGenRuntime/ServerLimits/handshakesPerSecond``.
    /// - Returns: why an upgrade was refused, if it was.
    @discardableResult
    public func serve(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, upgrading sessionID: String? = nil,
        from address: String? = nil
    ) async -> String? {
        await Self.onLane {
            await serveOnLane(inbound: inbound, outbound: outbound, upgrading: sessionID, from: address)
        }
    }

    private func serveOnLane(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, upgrading sessionID: String?,
        from address: String?
    ) async -> String? {
        let limits = limits
        let inbox = WebSocketInbox(limit: limits.readAhead)
        // The transport reads the inbox on its own task; this one reads the socket, which hummingbird-websocket
        // expects of the task it handed the socket to.
        async let served = serve(
            HummingbirdSocket(outbound: outbound), inbox: inbox, upgrading: sessionID, from: address)
        do {
            for try await message in inbound.messages(maxSize: limits.maximumMessageSize) {
                let received: SchemaGenTransport.WebSocketMessage =
                    switch message {
                    case .text(let text): .text(text)
                    case .binary(let buffer): .binary(Data(buffer.readableBytesView))
                    }
                // swift-websocket checks the size of messages in several frames only; one frame is checked here.
                guard received.byteCount <= limits.maximumMessageSize else {
                    throw MessageTooLarge(size: received.byteCount)
                }
                // The connection ended on the server's side (closed, or its writes failed): stop reading.
                guard await inbox.push(received) else { break }
            }
            inbox.finish()
        } catch {
            inbox.finish(throwing: Self.failure(error, maximumMessageSize: limits.maximumMessageSize))
        }
        return await served
    }

    /// One message over ``ServerLimits/maximumMessageSize``.
    private struct MessageTooLarge: Error {
        let size: Int
    }

    /// What a read failure says, in words a server's log can act on when it is a message over the limit.
    static func failure(_ error: any Error, maximumMessageSize: Int) -> any Error {
        let size = (error as? MessageTooLarge).map { " (\($0.size) bytes)" } ?? ""
        guard !size.isEmpty || "\(error)".contains("messageTooLarge") else { return error }
        return WebSocketFailure(
            "the client sent a message\(size) larger than \(maximumMessageSize) bytes (ServerLimits.maximumMessageSize)"
        )
    }
}

extension RouterMethods {
    /// Upgrades `GET` requests for `path` to WebSockets served by `transport`, the transport of a generated `Server`;
    /// a request with a `sid` upgrades a connection opened by long-polling (``realtimePolling(_:transport:)``, on the
    /// application's HTTP router, serves those):
    ///
    /// ```swift
    /// let transport = WebSocketServerTransport(protocol: SocketIOServerProtocol())
    /// let server = Rooms.Server(transport: transport)
    /// let webSockets = Router(context: BasicWebSocketRequestContext.self)
    /// webSockets.realtime("/socket.io", transport: transport)
    /// let http = Router()
    /// http.realtimePolling("/socket.io", transport: transport)
    /// let app = Application(
    ///     router: http, server: .http1WebSocketUpgrade(webSocketRouter: webSockets, configuration: .realtime(transport)))
    /// ```
    ///
    /// The transport's ``SchemaGenRuntime/ServerLimits`` (set through the server's `core.limits`) bound each
    /// connection: its largest message, its read-ahead, its outbound buffer and its write timeout. A refused upgrade
    /// is logged with its reason on the request's logger. With a request context that conforms to
    /// `RemoteAddressRequestContext`, each client's address is held to ``SchemaGenRuntime/ServerLimits/handshakesPerSecond``.
    @discardableResult
    public func realtime(_ path: RouterPath, transport: WebSocketServerTransport) -> Self
    where Context: WebSocketRequestContext, Self: SendableMetatype {
        ws(path) { inbound, outbound, context in
            let sessionID = context.request.uri.queryParameters["sid"].map(String.init)
            if let refusal = await transport.serve(
                inbound: inbound, outbound: outbound, upgrading: sessionID,
                from: Self.remoteAddress(of: context.requestContext))
            {
                context.logger.warning("refused: \(refusal)")
            }
        }
    }

    /// Serves Engine.IO's HTTP long-polling at `path` with `transport` (`GET` and `POST`), the way socket.io's own
    /// clients (JavaScript's, python-socketio's) connect unless told `transports: ["websocket"]`; they then upgrade
    /// to the WebSocket ``realtime(_:transport:)`` serves on the WebSocket router. Register it on the application's
    /// HTTP router, which hummingbird-websocket hands every request that is not an upgrade. Every refused request
    /// (an unknown session, a version other than Engine.IO 4, a protocol served over WebSockets only) is answered 400
    /// in engine.io's shape and logged with its reason on the request's logger; a body over
    /// ``SchemaGenRuntime/ServerLimits/maximumMessageSize`` is answered 413.
    @discardableResult
    public func realtimePolling(_ path: RouterPath, transport: WebSocketServerTransport) -> Self
    where Self: SendableMetatype {
        for method in [HTTPRequest.Method.get, .post] {
            on(path, method: method) { request, context -> Response in
                var query: [String: String] = [:]
                for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
                var body = Data()
                if method == .post {
                    let limit = transport.limits.maximumMessageSize
                    do {
                        body = Data(buffer: try await request.body.collect(upTo: limit))
                    } catch {
                        context.logger.warning(
                            "refused: a long-polling POST larger than \(limit) bytes (ServerLimits.maximumMessageSize)")
                        return Response(status: .contentTooLarge)
                    }
                }
                let answer = await transport.poll(
                    PollingRequest(
                        method: method.rawValue, query: query, body: body,
                        remoteAddress: Self.remoteAddress(of: context)))
                if let refusal = answer.refusal { context.logger.warning("refused: \(refusal)") }
                return Response(
                    status: .init(code: answer.status), headers: [.contentType: answer.contentType],
                    body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
            }
        }
        return self
    }
}

extension HTTP1WebSocketUpgradeChannel.Configuration {
    /// hummingbird-websocket's configuration for `transport`: single frames up to its
    /// ``SchemaGenRuntime/ServerLimits/maximumMessageSize`` (1 MiB unless set), where hummingbird-websocket's own
    /// default refuses a frame over 16 KiB by closing the connection before the transport sees it.
    ///
    /// ```swift
    /// let app = Application(
    ///     router: http, server: .http1WebSocketUpgrade(webSocketRouter: webSockets, configuration: .realtime(transport)))
    /// ```
    public static func realtime(_ transport: WebSocketServerTransport) -> Self {
        Self(ws: WebSocketServerConfiguration(maxFrameSize: transport.limits.maximumMessageSize))
    }
}

extension RouterMethods {
    /// The client's IP address, where the request context knows it (Hummingbird's `RemoteAddressRequestContext`, as
    /// its tracing middleware reads it): what ``SchemaGenRuntime/ServerLimits/handshakesPerSecond`` counts by.
    static func remoteAddress(of context: some RequestContext) -> String? {
        guard let address = (context as? any RemoteAddressRequestContext)?.remoteAddress else { return nil }
        return address.ipAddress ?? address.pathname
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
        try? await outbound.close(
            .normalClosure, reason: String(decoding: Array(reason.utf8.prefix(120)), as: UTF8.self))
    }
}
#endif
