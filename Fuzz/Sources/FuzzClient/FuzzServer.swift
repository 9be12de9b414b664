import Foundation
@_spi(Generated) import SchemaGenRuntime

/// The same bytes through a server core, as a client would send them: a listener, a responder that answers with an
/// acknowledgement, an event stream, and one of the server's frames waiting for the client's acknowledgement.
final class SilentServerTransport: RealtimeServerTransport, @unchecked Sendable {
    let supportsAcknowledgements = true
    func send(_ frame: OutgoingFrame, to connection: ServerConnection) async throws {}
    func close(_ connection: ServerConnection) async {}
    func setReceiver(_ receiver: @escaping @Sendable (ServerTransportEvent) -> Void) {}
}

let serverCore = RealtimeServerCore(
    transport: SilentServerTransport(), framing: .discriminator(key: "type"), dates: .iso8601)
let client = ServerConnection(id: 1)
let serverFailures = serverCore.addErrorHandler { _, failure in _ = failure.description }
/// The same framing with several frames to a message, one per line.
let batchingServer: RealtimeServerCore = {
    let server = RealtimeServerCore(
        transport: SilentServerTransport(), framing: .discriminator(key: "type"), dates: .iso8601, separator: .newline)
    _ = server.addErrorHandler { _, failure in _ = failure.description }
    server.receive(.connected(client))
    server.registerScope(channel: nil) { _, decoder -> JSONValue in .null }
    return server
}()

/// Sets up what waits on a client's frames once, before the first input.
let serverPrepared: Bool = {
    // The limits at their smallest, so that inputs reach them: two requests in flight, one event kept by the stream.
    serverCore.limits = ServerLimits(maximumRequestsInFlight: 2, eventBuffer: .dropNewest(1))
    serverCore.receive(.connected(client))
    serverCore.registerScope(channel: nil) { frame, decoder -> JSONValue in
        guard frame.route == "item" || frame.route == "ask" else { throw WireFraming.ParsedFrame.unknownRoute }
        return try decoder.decode(JSONValue.self, from: frame.payloadOrNull)
    }
    _ = serverCore.addListener(channel: nil, eventName: "item", decoding: Item.self) { _, _ in }
    _ = serverCore.setResponder(channel: nil, eventName: "ask") { connection, frame, decoder, ackID in
        let value = try decoder.decode(JSONValue.self, from: frame.payloadOrNull)
        guard let ackID else { return nil }
        return {
            try await serverCore.acknowledge(
                ackID, eventName: "ask", channel: nil, with: value, spread: false, to: connection)
        }
    }
    let streaming = DispatchSemaphore(value: 0)
    Task {
        let events = serverCore.events(channel: nil, as: JSONValue.self)
        streaming.signal()
        for await _ in events {}
    }
    streaming.wait()
    Task {
        _ = try? await serverCore.emitExpectingAck(
            eventName: "check", channel: nil, payload: JSONValue?.none, to: client, timeout: nil)
    }
    return true
}()

extension WireFraming.ParsedFrame {
    struct UnknownRoute: Error {}
    static let unknownRoute = UnknownRoute()
}

func fuzzServer(_ data: Data) {
    precondition(serverPrepared)
    serverCore.receive(.frame(IncomingFrame(data: data), from: client))
    serverCore.receive(.frame(IncomingFrame(data: data, acknowledges: data.count), from: client))
    serverCore.receive(.frame(IncomingFrame(data: data, ackID: 7), from: client))
    batchingServer.receive(.frame(IncomingFrame(data: data), from: client))
    // Frames from a connection the server never saw open are reported, not trusted.
    serverCore.receive(.frame(IncomingFrame(data: data, acknowledges: 1), from: ServerConnection(id: 2)))
}
