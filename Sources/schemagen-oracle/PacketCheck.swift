import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// `schemagen verify` reading a Socket.IO contract's drawn frames as they cross the socket: each inside the Engine.IO
/// and Socket.IO packet the oracle writes itself (`42/room-7,13["event",…]`, `43/room-7,13[…]`), with its namespace
/// and, for an acknowledged event, an ack id drawn anywhere in the range a client uses. Verify must file each frame
/// under the event the interpreter reads from the bare frame, with the same verdict, and pair each acknowledgement
/// with the event that asked for it by direction, namespace and id; an acknowledgement under another id answers
/// nothing.
extension OracleRun {
    mutating func checkPackets(_ frames: [DrawnFrame], expectations: [Expectation]) {
        var random = SplitMix64(seed: seed ^ 0xAC4)
        var verifiers: [Int: CaptureVerifier] = [:]
        var seen: Set<String> = []
        let byIndex = Dictionary(cases.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, frame) in frames.enumerated() {
            guard let item = byIndex[frame.contract], let contract = item.loaded.contract,
                case .socketIO = contract.framing,
                // The data follows the ack id directly, so data that starts with a digit (a mutant's bare number;
                // a peer sends an array) would read as more of the id.
                let first = frame.bytes.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
            else { continue }
            var verifier = verifiers[frame.contract] ?? CaptureVerifier(contract: contract)
            defer { verifiers[frame.contract] = verifier }
            let namespace = frame.deliveredOn ?? contract.namespace ?? "/"
            let expected = expectations[index]
            // Ids from 0 to the 15 digits a reader accepts, short of the largest, which is the stray answer's.
            let id = Int(random.next() % UInt64([10, 1_000, Self.strayID][Int(random.next() % 3)]))
            let sender: Direction = frame.sentByClient ? .clientToServer : .serverToClient
            var problem: String?
            if let key = frame.acknowledging {
                guard let (channel, event) = Self.acknowledged(key, in: contract) else { continue }
                // The question goes the other way, then the answer, under the same id; then an answer under another
                // id, which answers nothing.
                let question = FrameSynthesizer(contract: contract).madeUpFrame(of: event, in: channel)
                let asker: Direction = frame.sentByClient ? .serverToClient : .clientToServer
                verifier.verify(
                    CapturedFrame(data: Self.packet(2, namespace, id, question), direction: asker, origin: "q"))
                let before = verifier.report
                verifier.verify(
                    CapturedFrame(data: Self.packet(3, namespace, id, frame.bytes), direction: sender, origin: "a"))
                let outcome = Self.outcome(before, verifier.report)
                let wanted = expected.accepted.contains("ok") ? "ok" : "invalid"
                if outcome.verdict != wanted || outcome.event != event.wireName {
                    problem =
                        "verify filed the acknowledgement under \(outcome.event ?? "no event") as \(outcome.verdict)"
                }
                let stray = verifier.report
                verifier.verify(
                    CapturedFrame(
                        data: Self.packet(3, namespace, Self.strayID, frame.bytes), direction: sender, origin: "s"))
                if problem == nil, Self.outcome(stray, verifier.report).verdict != "unpaired" {
                    problem = "verify paired an acknowledgement under id \(Self.strayID), which no event asked for"
                }
            } else {
                let acknowledged =
                    expected.event.flatMap { identified in
                        contract.allEvents.first {
                            $0.event.wireName == identified.wireName && $0.channel?.name == identified.channel
                        }
                    }?.event.ack != nil
                let before = verifier.report
                verifier.verify(
                    CapturedFrame(
                        data: Self.packet(2, namespace, acknowledged ? id : nil, frame.bytes), direction: sender,
                        origin: "e"))
                let outcome = Self.outcome(before, verifier.report)
                let wanted =
                    expected.accepted.contains("ok") ? "ok" : expected.accepted.contains("invalid") ? "invalid" : nil
                if let wanted, outcome.verdict != wanted || outcome.event != expected.event?.wireName {
                    problem = "verify read it as \(outcome.event ?? "no event"), \(outcome.verdict)"
                } else if wanted == nil, outcome.verdict == "ok", outcome.event != nil {
                    problem = "verify accepted it as \(outcome.event ?? "")"
                }
            }
            packetsChecked += 1
            guard let problem, seen.insert("\(frame.contract) \(problem.prefix(40))").inserted else { continue }
            findings.append(
                Finding(
                    check: "verify reads Socket.IO packets as the interpreter reads their frames",
                    contract: item.drawn.name,
                    detail: """
                        frame (\(frame.sentByClient ? "from the app" : "from the server"), namespace \(namespace), \
                        id \(id)): \(String(decoding: frame.bytes, as: UTF8.self))
                        made as: \(frame.origin)
                        \(problem); the interpreter: \(expected.accepted.sorted().joined(separator: " or ")) \
                        (\(expected.said))
                        contract:
                        \(item.drawn.yaml)
                        """))
        }
    }

    /// The largest id a reader accepts (15 digits): never drawn, so an answer under it answers nothing.
    static let strayID = 999_999_999_999_999

    /// The Engine.IO message of a Socket.IO packet, as socket.io-protocol's "Packet encoding" writes it: `4`, the
    /// type, the namespace and a comma unless it is `/`, the ack id, the data. Written here, not by the runtime's
    /// `SocketIOPacket`, so the reader is checked against the specification rather than against itself.
    static func packet(_ type: Int, _ namespace: String, _ id: Int?, _ data: Data) -> Data {
        Data("4\(type)\(namespace == "/" ? "" : namespace + ",")\(id.map(String.init) ?? "")".utf8) + data
    }

    /// What verify did with the one frame read between two reports: the event it filed it under and its verdict
    /// (`ok`, `invalid`), or `unpaired` when it was counted as a protocol packet.
    static func outcome(_ before: VerifyReport, _ after: VerifyReport) -> (event: String?, verdict: String) {
        for (key, tally) in after.events {
            let earlier = before.events[key]
            if tally.matched > earlier?.matched ?? 0 { return (key.event, "ok") }
            if tally.failed > earlier?.failed ?? 0 { return (key.event, "invalid") }
        }
        return (nil, "unpaired")
    }
}
