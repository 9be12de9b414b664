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
        let server = try await ServerProcess("graphql_ws_server.py", ports: {
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
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = descriptor
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard listening else { throw ServerFailure("could not listen on a port") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
