import Foundation
@testable import SchemaGenTransport
import Testing

/// A server that answers a join before `subscribe()` starts waiting (a fast server: the scheduler above made the
/// Pusher pairing test see it) still throws the server's refusal from `subscribe()`.
@Suite struct ChannelJoinsTests {
    @Test func aRefusalThatCameBeforeTheWaitIsTheJoinsAnswer() async throws {
        let joins = ChannelJoins()
        joins.joining(["driver-7"])
        joins.refused("driver-7", reason: "AuthError 401")
        await #expect(throws: ConnectionFailure.channelRefused(channel: "driver-7", reason: "AuthError 401")) {
            try await joins.waitUntilJoined("driver-7", within: .seconds(5), answeringJoin: true)
        }
        // A send on the refused channel later says it is not joined, and why.
        await #expect(throws: ConnectionFailure.notJoined(channel: "driver-7", refusal: "AuthError 401")) {
            try await joins.waitUntilJoined("driver-7", within: .seconds(5))
        }
        // Joining again forgets the old refusal: leaving then says only that it is not joined.
        joins.joining(["driver-7"])
        joins.left("driver-7")
        await #expect(throws: ConnectionFailure.notJoined(channel: "driver-7", refusal: nil)) {
            try await joins.waitUntilJoined("driver-7", within: .seconds(5), answeringJoin: true)
        }
    }
}
