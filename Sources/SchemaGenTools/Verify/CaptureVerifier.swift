import Foundation
import SchemaGenRuntime
import SchemaGenContract
import SchemaGenGenerator

/// Verifies captured traffic against a contract, frame by frame through the ``FrameInterpreter``, keeping counts per
/// event and the findings a reviewer reads: every failing frame up to a bound per event (the rest counted), and each
/// notice once with how often it came. Memory stays bounded however long the capture is.
public struct CaptureVerifier {
    package let interpreter: FrameInterpreter
    /// How many failing frames each event keeps in full.
    package var failuresKeptPerEvent = 20
    /// How many kinds of notice (a path and a message) each event keeps; later kinds are only counted, so a server
    /// that adds a new key to every frame cannot grow the report without bound.
    package var noticeKindsKeptPerEvent = 100
    /// What the frames verified so far came to.
    public private(set) var report: VerifyReport
    /// Socket.IO events that asked for an acknowledgement, by who sent them, namespace and id, until answered.
    private var awaitingAcknowledgement: [String: (key: VerifyReport.EventKey, event: Event)] = [:]
    /// Acknowledgements awaited at once: past this, the oldest are forgotten (their answers are then counted as
    /// protocol packets, unchecked).
    package static let maximumAwaitedAcknowledgements = 10_000
    /// The protocol the capture was recorded over; when `nil`, each frame's is recognised from its WebSocket URL
    /// (``CaptureProtocol/recognised(fromURL:)``), else Socket.IO for a `framing: socket.io` contract and a plain
    /// WebSocket for any other.
    package var captureProtocol: CaptureProtocol? {
        get { unwrapper.captureProtocol }
        set { unwrapper.captureProtocol = newValue }
    }
    /// With Phoenix and a contract of broadcasts, what topics start with before the channel's address: Supabase's
    /// `realtime:` unless set.
    package var topicPrefix: String {
        get { unwrapper.topicPrefix }
        set { unwrapper.topicPrefix = newValue }
    }
    /// The protocol around the contract's frames, taken off as the transports take it off.
    private var unwrapper: CaptureUnwrapper

    public init(contract: Contract) {
        interpreter = FrameInterpreter(contract: contract)
        report = VerifyReport(contract: contract.name)
        // A contract written in Phoenix's arrays reads the messages; any other describes the broadcasts inside them.
        unwrapper = CaptureUnwrapper(
            captureProtocol: nil, fallback: Self.speaksSocketIO(contract) ? .socketIO : .websocket,
            phoenixBroadcasts: !contract.framing.isArrayWithChannel,
            declaredPusherEvents: Set(contract.allEvents.map(\.event.wireName)))
    }

    private static func speaksSocketIO(_ contract: Contract) -> Bool {
        if case .socketIO = contract.framing { true } else { false }
    }

    /// Counts the parts of a capture its reader could not read, which keep the capture from verifying.
    package mutating func noteUnreadable(_ parts: UnreadableParts) {
        report.unreadable.append(contentsOf: parts)
    }

    /// Reads one captured frame.
    public mutating func verify(_ frame: CapturedFrame) {
        let (counts, parts) = unwrapper.unwrap(frame)
        if counts { report.frames += 1 }
        for part in parts {
            switch part {
            case .frame(let data, let channel): read(data, on: channel, ackID: nil, frame)
            case .packet(let packet, let origin): readPacket(packet, origin)
            case .protocolPacket(let name): report.controlFrames[name, default: 0] += 1
            case .unreadable(let error): report.unreadable.append(error)
            }
        }
    }

    /// A Socket.IO packet: the protocol's own counted, an acknowledgement paired with the event that asked for it,
    /// an event read.
    private mutating func readPacket(_ packet: CapturedPacket, _ frame: CapturedFrame) {
        switch packet {
        case .control(let kind):
            report.controlFrames[kind, default: 0] += 1
        case .acknowledgement(let id, let packetNamespace, let arguments):
            let asker: Direction = frame.direction == .clientToServer ? .serverToClient : .clientToServer
            guard
                let (key, event) = awaitingAcknowledgement.removeValue(
                    forKey: "\(asker.rawValue) \(packetNamespace ?? "/") \(id)")
            else {
                report.controlFrames["acknowledgement", default: 0] += 1
                return
            }
            let findings = interpreter.readAcknowledgement(arguments, of: event)
            record(FrameReading(event: nil, findings: findings), under: key, frame)
        case .event(let event, let packetNamespace, let packetAckID):
            read(event, on: packetNamespace, ackID: packetAckID, frame)
        }
    }

    /// One frame of the contract's framing, through the interpreter.
    private mutating func read(_ data: Data, on namespace: String?, ackID: Int?, _ frame: CapturedFrame) {
        let reading = interpreter.read(data, channel: namespace, sentBy: frame.direction)
        let key =
            reading.event.map { VerifyReport.EventKey(channel: $0.channel, event: $0.wireName) }
            ?? VerifyReport.EventKey(channel: nil, event: nil)
        if let ackID, let identified = reading.event,
            let event = interpreter.contract.allEvents.first(where: {
                $0.event.wireName == identified.wireName && $0.channel?.name == identified.channel
            })?.event, event.ack != nil
        {
            if awaitingAcknowledgement.count >= Self.maximumAwaitedAcknowledgements {
                awaitingAcknowledgement.removeAll()
            }
            awaitingAcknowledgement["\(frame.direction.rawValue) \(namespace ?? "/") \(ackID)"] = (key, event)
        }
        record(reading, under: key, frame)
    }

    /// Counts one frame (or acknowledgement) of the event `key` names, keeping its failure and notices.
    private mutating func record(_ reading: FrameReading, under key: VerifyReport.EventKey, _ frame: CapturedFrame) {
        var tally = report.events[key] ?? VerifyReport.Tally()
        tally.seen += 1
        if reading.matches {
            tally.matched += 1
        } else {
            tally.failed += 1
            if tally.failures.count < failuresKeptPerEvent {
                tally.failures.append(
                    VerifyReport.Failure(
                        origin: frame.origin, direction: frame.direction,
                        findings: reading.findings.filter { $0.severity == .mismatch }))
            }
        }
        for notice in reading.findings where notice.severity == .notice {
            let noticeKey = VerifyReport.NoticeKey(
                path: notice.path, message: notice.message, contractLine: notice.contractLocation?.line)
            if tally.notices[noticeKey] == nil {
                guard tally.notices.count < noticeKindsKeptPerEvent else {
                    tally.noticesNotKept += 1
                    continue
                }
                tally.noticeOrder.append(noticeKey)
            }
            tally.notices[noticeKey, default: (count: 0, firstOrigin: frame.origin)].count += 1
        }
        report.events[key] = tally
    }
}
