import Foundation
import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// What happened on a ``ContractMockServer``: what `schemagen-mock` prints, a line each, and what tests assert on.
public enum MockLogEntry: Sendable {
    case connected(ServerConnection)
    /// A frame from the app, with the contract's verdict; `asksAck` when it asked for an acknowledgement.
    case received(ServerConnection, frame: Data, reading: FrameReading, asksAck: Int?)
    /// The app's acknowledgement `ackID` of an event the mock sent (`nil` when the mock asked for no such one), with
    /// what in it differs from the event's `ack:`.
    case acknowledged(ServerConnection, event: String?, ackID: Int, findings: [FrameFinding])
    case sent(ServerConnection, MockAnswer)
    /// Something not sent or not heard, and why.
    case dropped(ServerConnection, what: String, reason: String)
    case scenario(ServerConnection, String)
    case subscribed(ServerConnection, channel: String)
    case unsubscribed(ServerConnection, channel: String)
    case disconnected(ServerConnection, reason: String)
    /// An HTTP request the mock's server answered with an error (a WebSocket upgrade at a path it does not serve):
    /// the method, the target and its `Upgrade` header as the client sent them, the status, and why.
    case refusedRequest(method: String, target: String, upgrade: String?, status: Int, reason: String)

    /// Whether the app sent something the contract does not allow.
    public var isViolation: Bool {
        switch self {
        case .received(_, _, let reading, _): !reading.matches
        case .acknowledged(_, let event, _, let findings):
            event == nil || findings.contains { $0.severity == .mismatch }
        default: false
        }
    }

    /// One line (and, for findings, one indented line each), frames shortened to `frameLimit` characters.
    public func text(frameLimit: Int = 240) -> String {
        switch self {
        case .connected(let connection):
            return "\(Self.tag(connection)) connected"
        case .received(let connection, let frame, let reading, let asksAck):
            let name = reading.event.map { "`\($0.wireName)`" } ?? "a frame"
            let ack = asksAck.map { " (asks for acknowledgement \($0))" } ?? ""
            let verdict =
                reading.matches
                ? (reading.findings.isEmpty ? "ok" : "ok, with notices") : "REFUSED: the contract does not allow it"
            return "\(Self.tag(connection)) app → \(name)\(ack): \(verdict): \(Self.shortened(frame, frameLimit))"
                + reading.findings.map { "\n    \(Self.line($0))" }.joined()
        case .acknowledged(let connection, let event, let ackID, let findings):
            guard let event else {
                return
                    "\(Self.tag(connection)) app → acknowledgement \(ackID): REFUSED: the mock asked for no acknowledgement \(ackID)"
            }
            let verdict =
                findings.contains { $0.severity == .mismatch }
                ? "REFUSED: the contract does not allow it" : (findings.isEmpty ? "ok" : "ok, with notices")
            return "\(Self.tag(connection)) app → acknowledgement \(ackID) of `\(event)`: \(verdict)"
                + findings.map { "\n    \(Self.line($0))" }.joined()
        case .sent(let connection, let answer):
            let ack = answer.frame.ackID.map { ", asking for acknowledgement \($0)" } ?? ""
            return
                "\(Self.tag(connection)) mock → `\(answer.frame.eventName)` (\(answer.reason)\(ack)): \(Self.shortened(answer.frame.data, frameLimit))"
        case .dropped(let connection, let what, let reason):
            return "\(Self.tag(connection)) DROPPED \(what): \(Self.line(reason))"
        case .scenario(let connection, let step):
            return "\(Self.tag(connection)) scenario \(step)"
        case .subscribed(let connection, let channel):
            return "\(Self.tag(connection)) joined channel \(PeerText.loggable(channel))"
        case .unsubscribed(let connection, let channel):
            return "\(Self.tag(connection)) left channel \(PeerText.loggable(channel))"
        case .disconnected(let connection, let reason):
            return "\(Self.tag(connection)) disconnected: \(Self.line(reason))"
        case .refusedRequest(let method, let target, let upgrade, let status, let reason):
            let upgrading = upgrade.map { " (a \(PeerText.loggable($0, limit: 40)) upgrade)" } ?? ""
            return
                "REFUSED \(PeerText.loggable(method, limit: 16)) \(PeerText.loggable(target, limit: frameLimit))\(upgrading): "
                + "HTTP \(status): \(Self.line(reason))"
        }
    }

    private static func tag(_ connection: ServerConnection) -> String { "#\(connection.id)" }

    /// A frame as a log shows it: escaped and cut, so a frame with a newline cannot forge a line.
    private static func shortened(_ frame: Data, _ limit: Int) -> String {
        PeerText.loggable(frame, limit: limit)
    }

    /// A finding or a reason, which may quote what the app sent, as one line of the log.
    private static func line(_ text: some CustomStringConvertible) -> String {
        PeerText.loggable(text.description, limit: 480)
    }
}
