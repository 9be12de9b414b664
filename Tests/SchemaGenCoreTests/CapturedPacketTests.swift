import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Captures hold Socket.IO's packets (socket.io-protocol v5 inside Engine.IO v4 messages); generated code sees only
/// the event array, so `verify` unwraps them the same way.
@Suite struct CapturedPacketTests {
    func event(_ text: String) -> (String, String?)? {
        guard case .event(let data, let namespace, _)? = CapturedPacket.unwrap(Data(text.utf8)) else { return nil }
        return (String(decoding: data, as: UTF8.self), namespace)
    }

    @Test func eventsWithTheirNamespaceAndAcknowledgementId() {
        #expect(event(#"42["say",{"text":"hi"}]"#)! == (#"["say",{"text":"hi"}]"#, nil))
        #expect(event(#"42/room:r1,["say"]"#)! == (#"["say"]"#, "/room:r1"))
        #expect(event(#"4217["ask",1]"#)! == (#"["ask",1]"#, nil))
        #expect(event(#"42/admin,3["ask"]"#)! == (#"["ask"]"#, "/admin"))
        #expect(event(#"42/,["root"]"#)! == (#"["root"]"#, nil))
    }

    @Test func packetsWithoutAnEventAreNamed() {
        for (text, kind) in [
            ("0{\"sid\":\"x\"}", "open"), ("2", "ping"), ("3", "pong"), ("40", "connect"), ("41", "disconnect"),
            ("44{\"message\":\"no\"}", "connect error"),
        ] {
            guard case .control(let found)? = CapturedPacket.unwrap(Data(text.utf8)) else {
                Issue.record("\(text) read as an event")
                continue
            }
            #expect(found == kind, "\(text)")
        }
        #expect(CapturedPacket.unwrap(Data(#"["say"]"#.utf8)) == nil)
    }

    @Test func acknowledgementsCarryTheirIdAndArguments() {
        guard
            case .acknowledgement(let id, let namespace, let arguments)? = CapturedPacket.unwrap(
                Data(#"43/rooms,7[{"id":"e1"},2]"#.utf8))
        else {
            Issue.record("not read as an acknowledgement")
            return
        }
        #expect(id == 7 && namespace == "/rooms" && arguments == Data(#"[{"id":"e1"},2]"#.utf8))
        guard case .event(_, nil, let ackID)? = CapturedPacket.unwrap(Data(#"4212["say",{}]"#.utf8)) else {
            Issue.record("not read as an event")
            return
        }
        #expect(ackID == 12)
    }
}
