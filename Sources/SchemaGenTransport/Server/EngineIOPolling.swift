import Foundation
import SchemaGenRuntime

/// One HTTP request of Engine.IO's long-polling transport, as a web framework's adapter hands it to
/// ``WebSocketServerTransport/poll(_:)``.
public struct PollingRequest: Sendable {
    /// `GET` (the handshake, then the client's long polls) or `POST` (the client's packets).
    public var method: String
    /// The request's query: `EIO`, `transport` and, after the handshake, `sid`.
    public var query: [String: String]
    /// A `POST`'s body: packets separated by the record separator (0x1E).
    public var body: Data
    /// The client's address, when the framework knows it, for ``SchemaGenRuntime/ServerLimits/handshakesPerSecond``.
    public var remoteAddress: String?

    public init(method: String, query: [String: String], body: Data = Data(), remoteAddress: String? = nil) {
        self.method = method
        self.query = query
        self.body = body
        self.remoteAddress = remoteAddress
    }
}

/// What a long-polling request is answered with.
public struct PollingResponse: Sendable, Equatable {
    /// The HTTP status: 200; 400 for a request Engine.IO refuses; 503 for a handshake beyond
    /// ``SchemaGenRuntime/ServerLimits/maximumSessions``, 429 for one beyond
    /// ``SchemaGenRuntime/ServerLimits/handshakesPerSecond``.
    public var status: Int
    public var contentType: String
    public var body: Data
    /// Why the request was refused, in words for the server's log; `nil` when it was served.
    public var refusal: String?

    /// Packets for the client, separated as a long-polling payload.
    static func packets(_ packets: [String]) -> PollingResponse {
        PollingResponse(
            status: 200, contentType: "text/plain; charset=UTF-8",
            body: Data(packets.joined(separator: String(PolledSocket.separator)).utf8), refusal: nil)
    }

    /// A refusal in engine.io's own shape (its error codes: 0 unknown transport, 1 unknown session, 2 bad handshake
    /// method, 3 bad request, 5 unsupported protocol version), so socket.io's clients report its message.
    static func refused(code: Int, message: String, because refusal: String, status: Int = 400) -> PollingResponse {
        PollingResponse(
            status: status, contentType: "application/json",
            body: Data(#"{"code":\#(code),"message":"\#(message)"}"#.utf8), refusal: refusal)
    }
}

/// Ends a connection's input with a reason of its own, which becomes the connection's end reason as it is.
struct ConnectionEnded: Error {
    let reason: String
}

extension WebSocketServerTransport {
    /// Serves one request of Engine.IO v4's HTTP long-polling transport, the way socket.io's clients connect by
    /// default: a `GET` without a session opens a connection (answered with its open packet, which offers the upgrade
    /// to a WebSocket); later `GET`s wait for what the server sends it, `POST`s carry what the client sends. A
    /// connection opened here is served like a WebSocket's (its heartbeat, limits and end), until it closes or
    /// upgrades (``serve(_:inbox:upgrading:from:)``). A request Engine.IO refuses is answered 400 with the reason in
    /// ``PollingResponse/refusal``, for the server's log; one that breaks the protocol (a second `GET` while one
    /// waits) also ends its connection.
    public func poll(_ request: PollingRequest) async -> PollingResponse {
        guard request.query["EIO"] == "4" else {
            return .refused(
                code: 5, message: "Unsupported protocol version",
                because:
                    "a long-polling request for Engine.IO version \(request.query["EIO"].map { PeerText.loggable($0) } ?? "(none)"); this server speaks version 4 (socket.io v3 and later)"
            )
        }
        guard request.query["transport"] == "polling" else {
            return .refused(
                code: 0, message: "Transport unknown",
                because:
                    "a long-polling request for transport '\(request.query["transport"].map { PeerText.loggable($0) } ?? "(none)")'; over HTTP only 'polling' is served"
            )
        }
        guard let id = request.query["sid"] else { return await open(request) }
        guard let socket = polling[id] else {
            return .refused(
                code: 1, message: "Session ID unknown",
                because:
                    "a \(PeerText.loggable(request.method)) for session \(PeerText.loggable(id)), which this server does not have (it ended, or the server restarted)"
            )
        }
        switch request.method {
        case "GET":
            switch await socket.nextPoll() {
            case .packets(let packets):
                return .packets(packets)
            case .refused(let refusal, let closes):
                if closes {
                    socket.inbox.finish(
                        throwing: ConnectionEnded(reason: "the client broke Engine.IO's long-polling: \(refusal)"))
                }
                return .refused(code: 3, message: "Bad request", because: refusal)
            }
        case "POST":
            if let (refusal, closes) = await socket.post(request.body) {
                if closes {
                    socket.inbox.finish(
                        throwing: ConnectionEnded(reason: "the client broke Engine.IO's long-polling: \(refusal)"))
                }
                return .refused(code: 3, message: "Bad request", because: refusal)
            }
            return PollingResponse(status: 200, contentType: "text/html", body: Data("ok".utf8), refusal: nil)
        default:
            return .refused(
                code: 3, message: "Bad request",
                because:
                    "a long-polling \(PeerText.loggable(request.method)) for session \(id): only GET and POST are served"
            )
        }
    }

    /// The handshake: opens a connection and answers its first poll, the open packet.
    private func open(_ request: PollingRequest) async -> PollingResponse {
        guard request.method == "GET" else {
            return .refused(
                code: 2, message: "Bad handshake method",
                because: "a long-polling handshake by \(PeerText.loggable(request.method)); it must be a GET")
        }
        let id = SocketIOServerProtocol.randomID()
        guard let session = serverProtocol.makePollingSession(id: id) else {
            return .refused(
                code: 0, message: "Transport unknown",
                because: "a long-polling handshake, but \(type(of: serverProtocol)) is served over WebSockets only")
        }
        let limits = limits
        switch admission.admit(from: request.remoteAddress, limits: limits) {
        case .full(let reason)?:
            return .refused(code: 3, message: "Server is full", because: reason, status: 503)
        case .tooFast(let reason)?:
            return .refused(code: 3, message: "Too many handshakes", because: reason, status: 429)
        case nil:
            break
        }
        let socket = PolledSocket(id: id, readAhead: limits.readAhead, limit: limits.maximumMessageSize)
        polling.insert(socket)
        // The connection outlives this request: it is served until it closes, as a WebSocket's handler would; its
        // session is held until then (a handshake nobody polls again until its ping times out).
        Task {
            defer { admission.release() }
            await serve(socket, session: session, messages: socket.inbox.messages)
            socket.inbox.finish()
            // A client that polls soon after the end still gets the close packet; one that does not is gone.
            if socket.closeReason != nil { try? await Task.sleep(for: limits.writeTimeout) }
            polling.remove(socket)
        }
        guard case .packets(let packets) = await socket.nextPoll() else {
            return .refused(code: 3, message: "Bad request", because: "session \(id) closed during its handshake")
        }
        return .packets(packets)
    }

    /// Serves one accepted WebSocket; `sessionID` (the request's `sid`) names the long-polling connection it
    /// upgrades, as Engine.IO's upgrade does: the client probes (`2probe`, answered `3probe`; the waiting poll is
    /// answered with a noop), then sends `5`, and the connection goes on over this WebSocket. Without a `sessionID`
    /// it is a connection of its own (``serve(_:inbox:from:)``, `address` the client's). Returns why the upgrade or the
    /// connection was refused, if it was, for the server's log; the socket is closed with that reason.
    @discardableResult
    public func serve(
        _ socket: any ServerWebSocket, inbox: WebSocketInbox, upgrading sessionID: String?, from address: String? = nil
    ) async -> String? {
        guard let sessionID else { return await serve(socket, inbox: inbox, from: address) }
        defer { inbox.finish() }
        guard let polled = polling[sessionID] else {
            let refusal =
                "a WebSocket upgrade for session \(PeerText.loggable(sessionID)), which this server does not have (it ended, or the server restarted)"
            await socket.close(reason: "Session ID unknown")
            return refusal
        }
        var upgraded = false
        do {
            for try await message in inbox.messages {
                if upgraded {
                    guard await polled.inbox.push(message) else { break }
                    continue
                }
                switch message {
                case .text("2probe"):
                    try await socket.send(.text("3probe"))
                    polled.releasePoll()
                case .text("5"):
                    guard polled.upgrade(to: socket) else { return nil }
                    upgraded = true
                default:
                    let refusal =
                        "a WebSocket upgrading session \(sessionID) sent '\(PeerText.loggable(PolledSocket.encode(message), limit: 40))' before the upgrade packet (5)"
                    await socket.close(reason: "Bad request")
                    return refusal
                }
            }
            // A WebSocket that closed before the upgrade leaves the connection polling, as Engine.IO's clients expect.
            if upgraded { polled.inbox.finish() }
        } catch {
            if upgraded { polled.inbox.finish(throwing: error) }
        }
        return nil
    }
}
