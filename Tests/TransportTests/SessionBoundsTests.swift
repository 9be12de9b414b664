import Foundation
@testable import SchemaGenRuntime
@testable import SchemaGenTransport
import TestSupport
import Testing

/// What a server logs and holds for clients it never sees again (issue 49): every value from a peer that reaches a
/// log is one escaped, cut line, and the sessions a transport holds are bounded in number and in rate per address.
@Suite(.timeLimit(.minutes(1))) struct SessionBoundsTests {
    static func handshake(from address: String?) -> PollingRequest {
        PollingRequest(method: "GET", query: ["EIO": "4", "transport": "polling"], remoteAddress: address)
    }

    // MARK: Values from a peer in a log

    @Test func aPeersTextCannotForgeALineHideWhatFollowsOrFillTheLog() {
        #expect(PeerText.loggable("abc\nWARN forged line") == #"abc\nWARN forged line"#)
        #expect(PeerText.loggable("a\r\0b\t\u{1B}[31m") == #"a\r\0b\t\u{1B}[31m"#)
        // Bidirectional overrides reorder what a terminal shows; the line separator breaks lines in some viewers.
        #expect(PeerText.loggable("x\u{202E}gnp.exe\u{2028}y") == #"x\u{202E}gnp.exe\u{2028}y"#)
        // Printable text stays as it is: letters of any script, and a JSON frame's backslashes and quotes.
        #expect(PeerText.loggable(#"{"name":"Zoë \"Z\" 日本"}"#) == #"{"name":"Zoë \"Z\" 日本"}"#)
        let long = String(repeating: "s", count: 64 << 10)
        #expect(PeerText.loggable(long) == String(repeating: "s", count: 80) + "… (65536 bytes)")
        #expect(PeerText.loggable(Data(long.utf8), limit: 10) == "ssssssssss… (65536 bytes)")
        // Bytes that are not UTF-8 are shown as U+FFFD, never raw.
        #expect(PeerText.loggable(Data([0x61, 0xFF, 0x0A])) == "a\u{FFFD}\\n")
        #expect(PeerText.loggable(String(repeating: "é", count: 3), limit: 3) == "ééé")
    }

    /// engine.io sessions ids from a hostile client: a newline (`%0A` once the query is decoded), a NUL, 64 KiB.
    @Test func aHostileSessionIDLeavesOneEscapedCutLine() async {
        let transport = WebSocketServerTransport(protocol: SocketIOServerProtocol())
        for sid in ["x\n2026-11-28T00:00:00 critical: forged", "a\0b", String(repeating: "A", count: 64 << 10)] {
            let answer = await transport.poll(
                PollingRequest(method: "GET", query: ["EIO": "4", "transport": "polling", "sid": sid]))
            let refusal = answer.refusal ?? ""
            #expect(answer.status == 400)
            #expect(!refusal.contains("\n") && !refusal.contains("\0"), "\(refusal)")
            #expect(refusal.utf8.count < 300, "a 64 KiB id is cut: \(refusal.utf8.count) bytes")
        }
        let upgrade = await transport.serve(
            RecordingSocket(), inbox: WebSocketInbox(limit: 1), upgrading: "s\nforged", from: nil)
        #expect(
            upgrade
                == #"a WebSocket upgrade for session s\nforged, which this server does not have (it ended, or the server restarted)"#
        )
        let version = await transport.poll(
            PollingRequest(method: "GET", query: ["EIO": "4\r\n5", "transport": "polling"]))
        #expect(version.refusal?.contains(#"4\r\n5"#) == true)
    }

    // MARK: Sessions bounded

    @Test func handshakesBeyondTheSessionLimitAreRefused503AndSaySo() async throws {
        let transport = WebSocketServerTransport(
            protocol: SocketIOServerProtocol(), limits: ServerLimits(maximumSessions: 3))
        for index in 0..<3 {
            #expect(await transport.poll(Self.handshake(from: "10.0.0.\(index)")).status == 200)
        }
        #expect(transport.openSessions == 3)
        let refused = await transport.poll(Self.handshake(from: "10.0.0.9"))
        #expect(refused.status == 503)
        #expect(
            refused.refusal
                == "the server already holds 3 sessions (ServerLimits.maximumSessions); a new one from 10.0.0.9 was refused"
        )
        // A WebSocket beyond the limit is closed at once, saying why.
        let socket = RecordingSocket()
        let closed = await transport.serve(socket, inbox: WebSocketInbox(limit: 1), from: "10.0.0.10")
        #expect(closed?.hasPrefix("the server already holds 3 sessions") == true)
        #expect(socket.closed.values.first == closed)
    }

    @Test func oneAddressOpensAtMostItsBurstThenItsRate() {
        let admission = SessionAdmission()
        let limits = ServerLimits(handshakesPerSecond: 2)
        let start = ContinuousClock.now
        // A burst of five seconds' worth, then nothing until the allowance grows back.
        for _ in 0..<10 { #expect(admission.admit(from: "a", limits: limits, at: start) == nil) }
        guard case .tooFast(let reason)? = admission.admit(from: "a", limits: limits, at: start) else {
            Issue.record("the eleventh handshake at once was taken")
            return
        }
        #expect(
            reason
                == "a opened sessions faster than 2 a second (ServerLimits.handshakesPerSecond); refused until it slows down"
        )
        // Another address is not held to a's rate.
        #expect(admission.admit(from: "b", limits: limits, at: start) == nil)
        // Half a second later, one more.
        #expect(admission.admit(from: "a", limits: limits, at: start + .milliseconds(500)) == nil)
        #expect(admission.admit(from: "a", limits: limits, at: start + .milliseconds(500)) != nil)
        #expect(admission.openSessions == 12)
        for _ in 0..<12 { admission.release() }
        #expect(admission.openSessions == 0)
    }

    @Test func theAddressTableIsBounded() {
        let admission = SessionAdmission(addressLimit: 4)
        let limits = ServerLimits(handshakesPerSecond: 1)
        let start = ContinuousClock.now
        for address in ["a", "b", "c", "d", "e", "f"] {
            for _ in 0..<5 { #expect(admission.admit(from: address, limits: limits, at: start) == nil) }
            #expect(admission.admit(from: address, limits: limits, at: start) != nil)
        }
        #expect(admission.addressCount == 4)
        // Six seconds later every allowance has grown back: the sweep forgets them all.
        #expect(admission.admit(from: "g", limits: limits, at: start + .seconds(6)) == nil)
        #expect(admission.addressCount == 1)
    }
}
