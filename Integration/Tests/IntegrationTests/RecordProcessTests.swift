import Foundation
import SchemaGenContract
import SchemaGenTools
import TestSupport
import Testing

/// `schemagen-record` (issue 54): a live backend's traffic in one command, as a capture `verify` reads. The backend is
/// the built `schemagen-mock`, a real server on a socket; the recorder is the built executable, as a user runs it.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct RecordProcessTests {
    static var executable: URL {
        URL(filePath: CommandLine.arguments[0]).deletingLastPathComponent().appending(path: "schemagen-record")
    }

    static func record(_ arguments: [String]) async throws -> ChildProcessResult {
        let path = executable.path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ServerFailure("no schemagen-record at \(path): build it first (swift build --build-tests)")
        }
        return try await runChildProcess(executable, arguments)
    }

    static func captureFile() -> String {
        FileManager.default.temporaryDirectory.appending(path: "schemagen-record-\(UUID().uuidString).jsonl").path
    }

    /// The capture's frames, read by `verify`'s reader and checked by its verifier against `contract`.
    static func verified(_ capture: String, against contract: String) throws -> VerifyReport {
        let model = try #require(ContractLoader().load(path: RepositoryContracts.path(contract)).contract)
        var verifier = CaptureVerifier(contract: model)
        let unreadable = try CaptureReader.read(capture, binary: true) { verifier.verify($0) }
        #expect(unreadable.isEmpty)
        return verifier.report
    }

    /// The contract's client examples sent, the replies and a subscription's item recorded, both ways, and every frame
    /// verified; no `.partial` file left.
    @Test func aPlainWebSocketSessionIsRecordedAndVerifiesClean() async throws {
        let mock = try await MockServerProcessTests.mock("ethereum-pubsub.yaml")
        let capture = Self.captureFile()
        defer { try? FileManager.default.removeItem(atPath: capture) }
        let run = try await Self.record([
            "ws://127.0.0.1:\(mock.port)/", "--contract", RepositoryContracts.path("ethereum-pubsub.yaml"), "-o",
            capture, "--send-examples", "--duration", "1.5",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("5 messages written to \(capture); recorded for 1.5 s (--duration)"))
        #expect(!FileManager.default.fileExists(atPath: capture + ".partial"))
        let report = try Self.verified(capture, against: "ethereum-pubsub.yaml")
        #expect(report.passes && report.events.values.reduce(0) { $0 + $1.matched } == 5, "\(report.text())")
        #expect(report.events[.init(channel: nil, event: "eth_subscription")]?.matched == 1)
        #expect(mock.interrupt() == 0, "\(mock.output)")
    }

    /// Over Socket.IO the protocol's own packets are recorded too (Engine.IO's open, the namespace's CONNECT), which
    /// `verify` skips, and the scenario's events arrive.
    @Test func aSocketIOSessionIsRecordedWithItsProtocolPackets() async throws {
        let mock = try await MockServerProcessTests.mock("rooms.yaml", ["--scenario", "someone_joins"])
        let capture = Self.captureFile()
        defer { try? FileManager.default.removeItem(atPath: capture) }
        let run = try await Self.record([
            "http://127.0.0.1:\(mock.port)/", "--contract", RepositoryContracts.path("rooms.yaml"), "-o", capture,
            "--send", #"["room:join",{"roomId":"r1"}]"#, "--duration", "1.5",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        let report = try Self.verified(capture, against: "rooms.yaml")
        #expect(report.passes, "\(report.text())")
        #expect(report.events[.init(channel: nil, event: "room:join")]?.matched == 1)
        #expect(report.events[.init(channel: nil, event: "user:joined")]?.matched == 1, "\(report.text())")
        #expect(!report.controlFrames.isEmpty)
        _ = mock.interrupt()
    }

    /// A bound stops the recording and says which; the capture holds no more than it allows.
    @Test func aBoundStopsTheRecordingAndSaysWhich() async throws {
        let mock = try await MockServerProcessTests.mock("ethereum-pubsub.yaml")
        let capture = Self.captureFile()
        defer { try? FileManager.default.removeItem(atPath: capture) }
        let run = try await Self.record([
            "ws://127.0.0.1:\(mock.port)/", "--contract", RepositoryContracts.path("ethereum-pubsub.yaml"), "-o",
            capture, "--send-examples", "--max-messages", "2", "--duration", "30",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("2 messages written to \(capture); stopped at 2 messages (--max-messages)"))
        let lines = try String(contentsOfFile: capture, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2)
        _ = mock.interrupt()
    }

    /// A backend that cannot be reached: exit status 1 with why, and no capture, not even a partial one.
    @Test func anUnreachableBackendLeavesNoCapture() async throws {
        let capture = Self.captureFile()
        let port = try ServerProcess.freePort()
        let run = try await Self.record([
            "ws://127.0.0.1:\(port)/", "--contract", RepositoryContracts.path("ethereum-pubsub.yaml"), "-o", capture,
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("could not connect to ws://127.0.0.1:\(port)/"), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: capture))
        #expect(!FileManager.default.fileExists(atPath: capture + ".partial"))
    }
}
