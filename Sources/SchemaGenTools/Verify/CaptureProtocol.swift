import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// The realtime protocol a capture was recorded over: what `verify` unwraps around the contract's frames, and which of
/// the protocol's own packets it counts and skips.
package enum CaptureProtocol: String, Sendable, CaseIterable {
    /// Plain WebSocket: every message is one of the contract's frames.
    case websocket
    /// Socket.IO v5 over Engine.IO v4: `42[...]` events and acknowledgements; open, ping, connect skipped.
    case socketIO = "socket.io"
    /// Phoenix Channels with serializer 2.0.0 (Supabase Realtime): text arrays and binary messages. A contract written in
    /// Phoenix's arrays reads them as they are; any other contract describes the broadcasts inside them, and the
    /// topic's other events (joins, replies, heartbeats, presence) are skipped.
    case phoenix
    /// Pusher Channels: the contract's frames, with the protocol's `pusher:` and `pusher_internal:` events skipped
    /// unless the contract declares them.
    case pusher

    /// The protocol a WebSocket URL names: `EIO=` in its query (Engine.IO), `vsn=` (Phoenix's serializer), a path
    /// `/app/<key>` (Pusher); `nil` for any other URL.
    package static func recognised(fromURL url: String) -> CaptureProtocol? {
        guard let components = URLComponents(string: url) else { return nil }
        let query = Set((components.queryItems ?? []).map(\.name))
        if query.contains("EIO") { return .socketIO }
        if query.contains("vsn") { return .phoenix }
        let path = components.path.split(separator: "/")
        if path.count >= 2, path[path.count - 2] == "app" { return .pusher }
        return nil
    }
}
