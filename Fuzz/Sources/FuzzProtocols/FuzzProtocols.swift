import Foundation
import FuzzSupport
import SchemaGenRuntime
import SchemaGenTransport

/// Messages as a server sends them, through the Socket.IO, Phoenix and Pusher sessions: the input is split at newlines into
/// WebSocket messages (text when UTF-8, binary otherwise). A crash or a sanitizer report is a finding, and so is a
/// Socket.IO event or acknowledgement the session delivers that, written back by the session and read again by a
/// fresh one, does not come out the same.
@_cdecl("FuzzProtocols_main")
public func fuzzProtocolsMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runLibFuzzer(argc, argv) { start, count in fuzzProtocols(start.map { Data(bytes: $0, count: count) } ?? Data()) }
}

let open = #"0{"sid":"s","upgrades":[],"pingInterval":25000,"pingTimeout":20000,"maxPayload":1000000}"#

func messages(_ data: Data) -> [WebSocketMessage] {
    data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
        if let text = String(data: Data(line), encoding: .utf8) { .text(text) } else { .binary(Data(line)) }
    }
}

/// A Socket.IO session past its handshake, with a channel's namespace joined beside its own.
func connectedSocketIO() -> any ProtocolSession {
    var session = SocketIOProtocol(namespace: "/admin").makeSession(
        credentials: ConnectionCredentials(auth: ["token": "t"]))
    let now = ContinuousClock.now
    _ = session.start(at: now)
    _ = session.receive(.text(open), at: now)
    _ = session.receive(.text(#"40/admin,{"sid":"a"}"#), at: now)
    _ = session.join("/ticker")
    return session
}

func fuzzProtocols(_ data: Data) -> CInt {
    let now = ContinuousClock.now
    var socketIO = connectedSocketIO()
    var fresh = SocketIOProtocol().makeSession(credentials: .none)
    var phoenix = PhoenixProtocol().makeSession(credentials: .none)
    var broadcasts = PhoenixProtocol(contractLayer: .broadcasts(topicPrefix: "realtime:"), broadcastEncoding: .binary)
        .makeSession(credentials: .none)
    var pusher = PusherProtocol(appKey: "key") { channel, socketID, _ in
        PusherAuthorization(auth: "key:\(socketID):\(channel)")
    }
    .makeSession(credentials: .none)
    _ = fresh.start(at: now)
    _ = phoenix.start(at: now)
    _ = phoenix.join("realtime:room")
    _ = broadcasts.start(at: now)
    _ = broadcasts.join("room")
    _ = pusher.start(at: now)
    for message in messages(data) {
        _ = fresh.receive(message, at: now)
        _ = phoenix.receive(message, at: now)
        _ = broadcasts.receive(message, at: now)
        _ = pusher.receive(message, at: now)
        for event in socketIO.receive(message, at: now) {
            // A message handed on whole is one the session could not read: the client reports it.
            guard case .deliver(let frame) = event, case .text(let text) = message, frame.data != Data(text.utf8) else {
                continue
            }
            writtenBackReadsTheSame(frame)
        }
    }
    fuzzPhoenixBinary(data)
    fuzzServerSession(data)
    fuzzServerTransport(data)
    _ = socketIO.heartbeat(at: now + .seconds(3_600))
    _ = phoenix.heartbeat(at: now + .seconds(3_600))
    // Subscribing after the messages signs with whatever socket id they established.
    _ = pusher.join("presence-room")
    _ = pusher.heartbeat(at: now + .seconds(3_600))
    return 0
}

/// The input whole, and each message, as a binary Phoenix message (binary fixtures hold newlines: a size of 10): what
/// `PhoenixMessage` reads is a JSON text message of five members, and a user broadcast with a JSON payload, written
/// back by `PhoenixMessage.userBroadcast` from that text, reads the same.
func fuzzPhoenixBinary(_ data: Data) {
    for bytes in [data] + messages(data).map(\.bytes) {
        for sentByClient in [false, true] {
            guard let text = try? PhoenixMessage.textForm(ofBinary: bytes, sentByClient: sentByClient) else { continue }
            guard let members = try? JSONSerialization.jsonObject(with: text) as? [Any], members.count == 5 else {
                fatalError("\(Array(bytes)) read as \(String(decoding: text, as: UTF8.self)), not a Phoenix message")
            }
            guard !sentByClient, bytes.first == 4, bytes.count > 4, bytes[bytes.startIndex + 4] == 1,
                let broadcast = PhoenixMessage.broadcast(inText: text),
                let object = try? JSONSerialization.jsonObject(with: broadcast.object) as? [String: Any],
                let event = object["event"] as? String, let payload = object["payload"]
            else { continue }
            let metadata = object["meta"].flatMap {
                try? JSONSerialization.data(withJSONObject: $0, options: .fragmentsAllowed)
            }
            guard
                let payloadBytes = try? JSONSerialization.data(withJSONObject: payload, options: .fragmentsAllowed),
                let written = try? PhoenixMessage.userBroadcast(
                    topic: broadcast.topic, userEvent: event, metadata: metadata, payload: .json(payloadBytes)),
                let again = try? PhoenixMessage.textForm(ofBinary: written, sentByClient: false),
                let reread = try? JSONSerialization.jsonObject(with: again) as? [Any],
                NSArray(array: reread).isEqual(to: members)
            else {
                fatalError("the user broadcast \(Array(bytes)) did not read the same written back")
            }
        }
    }
}

/// The same messages as a client sends them, through the server's Socket.IO session: every event or acknowledgement
/// it delivers, written by a client session and read by a fresh server session, comes out the same. And through the
/// server's Pusher session: every subscription it takes is confirmed in the same turn. And through the server's
/// Phoenix session for a contract of broadcasts, the input whole as one binary message too.
func fuzzServerSession(_ data: Data) {
    let now = ContinuousClock.now
    var server = connectedSocketIOServer()
    var pusher = PusherServerProtocol { channel, _, _ in channel.hasPrefix("private-") ? "unsigned" : nil }
        .makeSession()
    _ = pusher.start(at: now)
    for message in messages(data) {
        let events = pusher.receive(message, at: now)
        for case .subscribed(let channel) in events {
            let confirmed = events.contains { event in
                guard case .send(.text(let text)) = event else { return false }
                return text.contains("pusher_internal:subscription_succeeded")
            }
            if !confirmed { fatalError("the Pusher server took \(channel) without confirming it: \(events)") }
        }
    }
    _ = pusher.heartbeat(at: now + .seconds(3_600))
    var phoenix = PhoenixServerProtocol(
        contractLayer: .broadcasts(topicPrefix: "realtime:"), broadcastEncoding: .binary
    )
    .makeSession()
    _ = phoenix.start(at: now)
    for message in messages(data) + [.binary(data)] { _ = phoenix.receive(message, at: now) }
    for message in messages(data) {
        for event in server.receive(message, at: now) {
            guard case .deliver(let frame) = event, case .text(let text) = message, frame.data != Data(text.utf8),
                frame.unreadable == nil,
                (try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: frame.data)) != nil
            else { continue }
            // Only frames of the namespaces the client session knows: its own and the channel's.
            guard frame.channel == nil || frame.channel == "/ticker" else { continue }
            let outgoing = OutgoingFrame(
                eventName: "", channel: frame.channel, payload: nil, data: frame.data,
                ackID: frame.acknowledges == nil ? frame.ackID : nil, acknowledges: frame.acknowledges)
            var writer = connectedSocketIO()
            guard let written = try? writer.encode(outgoing), written.count == 1 else {
                fatalError("the client could not write \(frame)")
            }
            var reader = connectedSocketIOServer()
            let read = reader.receive(written[0], at: now)
            guard read == [.deliver(frame)] else {
                fatalError("the client wrote \(frame) as \(written[0]); the server read \(read)")
            }
        }
    }
    _ = server.heartbeat(at: now + .seconds(3_600))
}

/// A server's Socket.IO session past the client's CONNECT to `/admin`, with the channel `/ticker` connected too.
func connectedSocketIOServer() -> any ServerProtocolSession {
    var session = SocketIOServerProtocol(namespace: "/admin").makeSession()
    let now = ContinuousClock.now
    _ = session.start(at: now)
    _ = session.receive(.text("40/admin,"), at: now)
    _ = session.receive(.text("40/ticker,"), at: now)
    return session
}

/// An event or acknowledgement the session read, written by the session and read by a fresh one, is the same frame.
func writtenBackReadsTheSame(_ frame: IncomingFrame) {
    // Only what a client could have sent: JSON the runtime reads, in a namespace the session knows, and not what the
    // session could not read (a binary packet abandoned before its attachments).
    guard frame.unreadable == nil, (try? WireDecoder(dates: .iso8601).decode(JSONValue.self, from: frame.data)) != nil
    else { return }
    var writer = connectedSocketIO()
    let outgoing = OutgoingFrame(
        eventName: "", channel: frame.channel, payload: nil, data: frame.data,
        ackID: frame.acknowledges == nil ? frame.ackID : nil, acknowledges: frame.acknowledges)
    guard let written = try? writer.encode(outgoing), written.count == 1 else {
        fatalError("the session could not write back \(frame)")
    }
    var reader = connectedSocketIO()
    let read = reader.receive(written[0], at: .now)
    guard read == [.deliver(frame)] else { fatalError("wrote \(frame) as \(written[0]) and read it back as \(read)") }
}
