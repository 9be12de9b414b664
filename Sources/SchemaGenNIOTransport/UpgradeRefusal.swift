#if NIOTransport
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import SchemaGenRuntime
import SchemaGenTransport

/// Why a server refused a WebSocket upgrade: its HTTP status and the start of its body. swift-websocket says only
/// "WebSocket upgrade failed" and keeps the answer, so the upgrade request is sent once more on a connection of its
/// own and the answer read: a 404 for a wrong path, a 401 with the server's reason, a proxy's error page. The app sees
/// it in the connection's state and its monitor instead of guessing.
enum UpgradeRefusal {
    /// How much of the body is kept.
    static let bodyLimit = 512
    /// How long the second request may take before the refusal is reported without it.
    static let timeout: TimeAmount = .seconds(5)

    /// The server's answer to the upgrade `url` with `headers` asked again (`HTTP 404 Not Found: Cannot GET /wrong`),
    /// or why it could not be read.
    static func ask(url: URL, headers: [(String, String)]) async -> String {
        guard let host = url.host, let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss" else {
            return "no 101 Switching Protocols"
        }
        let secure = scheme == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        let target = (url.path.isEmpty ? "/" : url.path) + (url.query.map { "?" + $0 } ?? "")
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target)
        head.headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
        head.headers.add(name: "Upgrade", value: "websocket")
        head.headers.add(name: "Connection", value: "Upgrade")
        head.headers.add(name: "Sec-WebSocket-Version", value: "13")
        head.headers.add(
            name: "Sec-WebSocket-Key",
            value: Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString())
        for (name, value) in headers { head.headers.replaceOrAdd(name: name, value: value) }
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        let answer = eventLoop.makePromise(of: String.self)
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if secure {
                        let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                        try channel.pipeline.syncOperations.addHandler(
                            try NIOSSLClientHandler(context: context, serverHostname: host))
                    }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(AnswerReader(answer: answer))
                }
            }
        eventLoop.scheduleTask(in: timeout) {
            answer.fail(
                WebSocketFailure("the server did not answer again within \(timeout.nanoseconds / 1_000_000_000) s"))
        }
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            // Not awaited: a server that answers and closes before the request's end is written still answered.
            channel.write(HTTPClientRequestPart.head(head), promise: nil)
            channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
            let text = try await answer.futureResult.get()
            _ = try? await channel.close().get()
            return text
        } catch {
            answer.fail(error)
            return "no 101 Switching Protocols (asked again to learn why: \(error))"
        }
    }

    /// Reads the answer's status line and the start of its body, then closes.
    final class AnswerReader: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPClientResponsePart
        let answer: EventLoopPromise<String>
        var status: HTTPResponseStatus?
        var body = ByteBuffer()

        init(answer: EventLoopPromise<String>) {
            self.answer = answer
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head): status = head.status
            case .body(var part):
                let room = UpgradeRefusal.bodyLimit - body.readableBytes
                if room > 0, let bytes = part.readBytes(length: min(room, part.readableBytes)) {
                    body.writeBytes(bytes)
                }
                if body.readableBytes >= UpgradeRefusal.bodyLimit { finish(context) }
            case .end: finish(context)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            finish(context)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            answer.fail(error)
            context.close(promise: nil)
        }

        private func finish(_ context: ChannelHandlerContext) {
            guard let status else {
                answer.fail(WebSocketFailure("the connection ended before an answer"))
                return
            }
            answer.succeed(UpgradeRefusal.describe(status: status, body: Data(body.readableBytesView)))
            context.close(promise: nil)
        }
    }

    /// `HTTP 404 Not Found: <the body's start, escaped>`; a 101 the second time says the refusal did not repeat.
    static func describe(status: HTTPResponseStatus, body: Data) -> String {
        guard status != .switchingProtocols else {
            return "not this time, though it did when asked again"
        }
        let text = PeerText.loggable(body, limit: 200)
        return "HTTP \(status.code) \(PeerText.loggable(status.reasonPhrase, limit: 40))"
            + (text.isEmpty ? "" : ": \(text)")
    }
}
#endif
