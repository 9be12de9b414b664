import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The test servers' launcher: a port taken between choosing it and binding it costs a retry, not a failed test,
/// and a server that cannot start says why.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct ServerProcessTests {
    @Test func aPortTakenBeforeTheServerBindsItIsReplacedByAnother() async throws {
        let taken = try ListeningSocket()
        var offered: [Int] = []
        let server = try await ServerProcess(
            "graphql_ws_server.py",
            ports: {
                let port = offered.isEmpty ? taken.port : try ServerProcess.freePort()
                offered.append(port)
                return port
            })
        defer { server.kill() }
        #expect(offered.count == 2)
        #expect(offered.first == taken.port)
        #expect(server.port == offered.last)
    }

    @Test func aServerThatCannotStartReportsItsErrorOutput() async throws {
        do {
            _ = try await ServerProcess("no_such_server.py")
            Issue.record("a missing script started")
        } catch let failure as ServerFailure {
            #expect(failure.exitedEarly)
            #expect(failure.description.contains("no_such_server.py"))
            #expect(failure.description.contains("No such file or directory"))
        }
    }
}

/// A socket listening on a port of the kernel's choice, closed on deinit.
private final class ListeningSocket {
    let descriptor: Int32
    let port: Int

    init() throws {
        (descriptor, port) = try ServerProcess.loopbackSocket(listening: true)
    }

    deinit { close(descriptor) }
}
