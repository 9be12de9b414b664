import Foundation
import SchemaGenRuntime

/// Verifies captured traffic against a contract, frame by frame through the ``FrameInterpreter``, keeping counts per
/// event and the findings a reviewer reads: every failing frame up to a bound per event (the rest counted), and each
/// notice once with how often it came. Memory stays bounded however long the capture is.
public struct CaptureVerifier {
    public let interpreter: FrameInterpreter
    /// How many failing frames each event keeps in full.
    public var failuresKeptPerEvent = 20
    /// How many kinds of notice (a path and a message) each event keeps; later kinds are only counted, so a server
    /// that adds a new key to every frame cannot grow the report without bound.
    public var noticeKindsKeptPerEvent = 100
    public private(set) var report: VerifyReport
    /// Socket.IO events that asked for an acknowledgement, by who sent them, namespace and id, until answered.
    private var awaitingAcknowledgement: [String: (key: VerifyReport.EventKey, event: Event)] = [:]
    /// Acknowledgements awaited at once: past this, the oldest are forgotten (their answers are then counted as
    /// protocol packets, unchecked).
    public static let maximumAwaitedAcknowledgements = 10_000
    /// The protocol the capture was recorded over; when `nil`, each frame's is recognised from its WebSocket URL
    /// (``CaptureProtocol/recognised(fromURL:)``), else Socket.IO for a `framing: socket.io` contract and a plain
    /// WebSocket for any other.
    package var captureProtocol: CaptureProtocol?
    /// With Phoenix and a contract of broadcasts, what topics start with before the channel's address: Supabase's
    /// `realtime:` unless set.
    package var topicPrefix = "realtime:"
    /// Each sender's Socket.IO binary packet waiting for its attachments, and where it began.
    private var assemblies: [Direction: SocketIOBinaryAssembly] = [:]
    private var binaryHeaders: [Direction: CapturedFrame] = [:]

    public init(contract: Contract) {
        interpreter = FrameInterpreter(contract: contract)
        report = VerifyReport(contract: contract.name)
    }

    /// Counts the parts of a capture its reader could not read, which keep the capture from verifying.
    public mutating func noteUnreadable(_ parts: UnreadableParts) {
        report.unreadable.append(contentsOf: parts)
    }

    /// Reads one captured frame.
    public mutating func verify(_ frame: CapturedFrame) {
        let spoken = protocolOf(frame)
        if spoken == .socketIO, case .socketIO = interpreter.contract.framing { return verifySocketIO(frame) }
        var data = frame.data
        if frame.isBinary {
            guard spoken == .phoenix else {
                return report.unreadable.append(
                    CaptureError(
                        origin: frame.origin,
                        message:
                            "a binary message (opcode 2): \(spoken.rawValue) binary messages are not read (only Phoenix's and Socket.IO's are)"
                    ))
            }
            do {
                data = try PhoenixMessage.textForm(ofBinary: data, sentByClient: frame.direction == .clientToServer)
            } catch {
                return report.unreadable.append(CaptureError(origin: frame.origin, message: error.reason))
            }
        }
        report.frames += 1
        var namespace: String?
        if spoken == .phoenix {
            guard let inside = phoenixFrame(data) else { return }
            (data, namespace) = inside
        }
        read(data, on: namespace, ackID: nil, spoken: spoken, frame)
    }

    /// A message of a Socket.IO capture: a packet, or an attachment of the binary packet its sender is sending
    /// (put together as the transports do, each attachment its base64 string). A binary packet counts as one frame,
    /// read once its last attachment is in, under the location of its first message.
    private mutating func verifySocketIO(_ frame: CapturedFrame) {
        let sender = frame.direction
        if frame.isBinary {
            do {
                guard let whole = try assemblies[sender, default: SocketIOBinaryAssembly()].add(frame.data) else {
                    return
                }
                return readPacket(CapturedPacket.of(whole), binaryHeaders.removeValue(forKey: sender) ?? frame)
            } catch {
                return report.unreadable.append(CaptureError(origin: frame.origin, message: error.reason))
            }
        }
        report.frames += 1
        if frame.data.first == UInt8(ascii: "4") {
            // A Socket.IO packet, which also ends its sender's binary packet still waiting (pings may come between).
            let (abandoned, step) = assemblies[sender, default: SocketIOBinaryAssembly()].read(
                String(decoding: frame.data.dropFirst(), as: UTF8.self)[...])
            if let abandoned {
                let header = binaryHeaders.removeValue(forKey: sender)
                report.unreadable.append(
                    CaptureError(origin: header?.origin ?? frame.origin, message: abandoned.reason))
            }
            switch step {
            case .packet(let packet): return readPacket(CapturedPacket.of(packet), frame)
            case .waiting: return binaryHeaders[sender] = frame
            case .refused(let reason):
                return report.unreadable.append(CaptureError(origin: frame.origin, message: reason))
            case .notAPacket: break
            }
        }
        guard let packet = CapturedPacket.unwrap(frame.data) else {
            return read(frame.data, on: nil, ackID: nil, spoken: .socketIO, frame)
        }
        readPacket(packet, frame)
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
            read(event, on: packetNamespace, ackID: packetAckID, spoken: .socketIO, frame)
        }
    }

    /// One frame of the contract's framing, through the interpreter.
    private mutating func read(
        _ data: Data, on namespace: String?, ackID: Int?, spoken: CaptureProtocol, _ frame: CapturedFrame
    ) {
        let reading = interpreter.read(data, channel: namespace, sentBy: frame.direction)
        if spoken == .pusher, reading.event == nil, let name = Self.pusherEvent(data),
            name.hasPrefix("pusher:") || name.hasPrefix("pusher_internal:")
        {
            report.controlFrames[name, default: 0] += 1
            return
        }
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

    /// The protocol `frame` travelled in.
    private func protocolOf(_ frame: CapturedFrame) -> CaptureProtocol {
        if let captureProtocol { return captureProtocol }
        if let url = frame.url, let recognised = CaptureProtocol.recognised(fromURL: url) { return recognised }
        if case .socketIO = interpreter.contract.framing { return .socketIO }
        return .websocket
    }

    /// What of a Phoenix text message (a binary one read as its text form) the contract describes, and the channel it
    /// came on: the message itself for a contract in Phoenix's arrays; else a broadcast's object on the topic's
    /// channel. `nil` for the topic's other events, counted as protocol packets.
    private mutating func phoenixFrame(_ text: Data) -> (Data, channel: String?)? {
        if interpreter.contract.framing.isArrayWithChannel { return (text, nil) }
        guard let parts = PhoenixMessage.parts(ofText: text) else { return (text, nil) }
        guard let broadcast = PhoenixMessage.broadcast(inText: text) else {
            report.controlFrames[parts.event, default: 0] += 1
            return nil
        }
        let channel =
            broadcast.topic.hasPrefix(topicPrefix)
            ? String(broadcast.topic.dropFirst(topicPrefix.count)) : broadcast.topic
        return (broadcast.object, channel)
    }

    /// The `event` of a Pusher frame.
    private static func pusherEvent(_ data: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["event"] as? String
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
