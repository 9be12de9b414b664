import Foundation
import SchemaGenContract
import SchemaGenGenerator
import SchemaGenTools

/// What the contract interpreter says of one frame, as the verdicts the generated readers may give.
struct Expectation {
    /// The generated reader's verdicts that agree: `ok` (decoded as a described event), `invalid` (a described
    /// event whose value does not decode), `unknown` (an event the scope does not describe), `malformed`.
    var accepted: Set<String>
    var said: String
    /// The event the interpreter took the frame for, with its channel's key.
    var event: (wireName: String, channel: String?)?
}

extension OracleRun {
    /// Generates every target for the contracts that linted, compiles them (Swift with warnings as errors, TypeScript
    /// strict, AsyncAPI through the third-party validator), and has the generated readers and the interpreter read
    /// the same frames.
    mutating func checkTargets(framesInAll: Int) throws {
        guard !cases.isEmpty else { return }
        let root = FileManager.default.currentDirectoryPath
        let work = work.hasPrefix("/") ? work : "\(root)/\(work)"
        var started = Date()

        let schemas = "\(work)/schemas"
        try? FileManager.default.removeItem(atPath: schemas)
        for item in cases { try Shell.write(item.drawn.yaml, to: "\(schemas)/\(item.drawn.name).yaml") }
        let configuration = Configuration(
            inputs: [schemas], output: "\(work)/unused", targets: [.swiftClient, .swiftServer, .typescript, .asyncapi])
        let generated = Generator(configuration: configuration).generate()
        guard !generated.hasErrors else {
            findings.append(
                Finding(
                    check: "every contract that lints generates", contract: "all",
                    detail: Self.render(generated.contracts.flatMap(\.diagnostics) + generated.diagnostics)))
            return
        }
        var files: [String: [GeneratedFile]] = [:]
        for file in generated.files {
            let base = (file.relativePath as NSString).lastPathComponent.split(separator: ".")[0]
            files[String(base), default: []].append(file)
        }
        stageSeconds.append(("generate every target", Date().timeIntervalSince(started)))

        started = Date()
        var random = SplitMix64(seed: seed ^ 0x5eed)
        let perContract = max(1, framesInAll / cases.count)
        var frames: [DrawnFrame] = []
        var expectations: [Expectation] = []
        for item in cases {
            guard let contract = item.loaded.contract else { continue }
            let interpreter = FrameInterpreter(contract: contract)
            for frame in FrameDraw.frames(of: contract, index: item.index, budget: perContract, random: &random) {
                frames.append(frame)
                expectations.append(Self.expectation(of: frame, in: contract, interpreter: interpreter))
            }
        }
        stageSeconds.append(("draw frames, read by the interpreter", Date().timeIntervalSince(started)))

        started = Date()
        checkPackets(frames, expectations: expectations)
        stageSeconds.append(("verify: Socket.IO frames inside their packets", Date().timeIntervalSince(started)))

        started = Date()
        let swiftVerdicts = try compileAndRunSwift(files: files, frames: frames, expectations: expectations, work: work)
        stageSeconds.append(("Swift: compile (warnings as errors) and read", Date().timeIntervalSince(started)))
        if let swiftVerdicts {
            compare(swiftVerdicts, frames: frames, expectations: expectations, reader: "the generated Swift")
            framesChecked = frames.count
        }

        started = Date()
        try checkTypeScript(files: files, frames: frames, expectations: expectations, work: work, root: root)
        stageSeconds.append(("TypeScript: tsc --strict and the guards", Date().timeIntervalSince(started)))

        started = Date()
        try checkAsyncAPI(files: files, work: work, root: root)
        stageSeconds.append(("AsyncAPI: the third-party validator", Date().timeIntervalSince(started)))
    }

    static func expectation(of frame: DrawnFrame, in contract: Contract, interpreter: FrameInterpreter) -> Expectation {
        if let key = frame.acknowledging, let (channel, event) = acknowledged(key, in: contract) {
            let mismatches = interpreter.readAcknowledgement(frame.bytes, of: event).filter { $0.severity == .mismatch }
            return Expectation(
                accepted: [mismatches.isEmpty ? "ok" : "invalid"],
                said: "the acknowledgement of '\(event.wireName)'"
                    + (mismatches.isEmpty ? "" : ": " + mismatches.map(\.description).joined(separator: "; ")),
                event: (event.wireName, channel?.name))
        }
        let sender: Direction = frame.sentByClient ? .clientToServer : .serverToClient
        let reading = interpreter.read(frame.bytes, channel: frame.deliveredOn, sentBy: sender)
        let said = reading.findings.map(\.description).joined(separator: "; ")
        guard let identified = reading.event else {
            return Expectation(
                accepted: ["unknown", "malformed"], said: "no event: \(said)", event: nil)
        }
        let event = contract.allEvents.first {
            $0.event.wireName == identified.wireName && $0.channel?.name == identified.channel
        }?.event
        let wrongWay = event.map {
            frame.sentByClient ? !$0.direction.isEmittedByClient : !$0.direction.isReceivedByClient
        }
        let accepted: Set<String> = wrongWay == true ? ["unknown"] : reading.matches ? ["ok"] : ["invalid"]
        return Expectation(
            accepted: accepted, said: "'\(identified.wireName)'\(reading.matches ? "" : ": \(said)")",
            event: (identified.wireName, identified.channel))
    }

    /// The event an acknowledgement's frame answers, by `DrawnFrame.acknowledging`'s key (`channel/wireName`).
    static func acknowledged(_ key: String, in contract: Contract) -> (channel: Channel?, event: Event)? {
        contract.allEvents.first { "\($0.channel?.name ?? "")/\($0.event.wireName)" == key }
    }

    /// Records a finding per contract and kind of disagreement, with its first frame.
    mutating func compare(_ verdicts: [String], frames: [DrawnFrame], expectations: [Expectation], reader: String) {
        var seen: Set<String> = []
        for (index, verdict) in verdicts.enumerated() where index < frames.count {
            let expected = expectations[index]
            guard !expected.accepted.contains(verdict) else { continue }
            let frame = frames[index]
            let key = "\(frame.contract) \(verdict.prefix(30)) \(expected.accepted.sorted())"
            guard seen.insert(key).inserted else { continue }
            findings.append(
                Finding(
                    check: "\(reader) and the interpreter agree", contract: Self.contractName(frame.contract),
                    detail: """
                        frame (\(frame.sentByClient ? "from the app" : "from the server")\
                        \(frame.channel.map { ", channel \($0)" } ?? "")): \(String(decoding: frame.bytes, as: UTF8.self))
                        made as: \(frame.origin)
                        \(reader): \(verdict); the interpreter: \(expected.accepted.sorted().joined(separator: " or ")) \
                        (\(expected.said))
                        contract:
                        \(cases.first { $0.index == frame.contract }?.drawn.yaml ?? "")
                        """))
        }
    }
}
