import Foundation
import GeneratedClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Slack's Socket Mode envelopes (Fixtures/slack-socket-mode/README.md): each decodes, and the app's responder
/// acknowledges it with its `envelope_id`, the handler's value as the response payload.
@Suite struct SlackSocketModeExampleTests {
    static func example(_ name: String) throws -> Data {
        try VendorExampleTests.example("slack-socket-mode/\(name).json")
    }

    static func sent(_ transport: LoopbackTransport, count: Int) async throws -> [String] {
        _ = try await transport.sentFrames(atLeast: count)
        return transport.sentFrames.map { String(decoding: $0.data, as: UTF8.self) }
    }

    @Test func envelopesDecode() async throws {
        let transport = LoopbackTransport()
        let client = SlackSocketMode.Client(transport: transport)
        let events = Recorder<SlackSocketMode.EventsApi>()
        let commands = Recorder<SlackSocketMode.SlashCommands>()
        let interactions = Recorder<SlackSocketMode.Interactive>()
        let hellos = Recorder<SlackSocketMode.Hello>()
        let failures = Recorder<String>()
        client.onEventsApi { events.append($0) }
        client.onSlashCommands { commands.append($0) }
        client.onInteractive { interactions.append($0) }
        client.onHello { hellos.append($0) }
        client.onIncomingFailure { failures.append($0.description) }
        await transport.deliver(json: #"{"type":"hello","num_connections":1,"connection_info":{"app_id":"A111"}}"#)
        for name in ["slash-commands", "events-api-app-mention", "interactive-shortcut", "events-api-message"] {
            await transport.deliver(try Self.example(name))
        }
        #expect(failures.values.isEmpty, "\(failures.values)")
        #expect(hellos.values.map(\.connectionInfo?.appId) == ["A111"])
        let command = try #require(commands.values.first)
        #expect(command.envelopeId == "1d3c79ab-0ffb-41f3-a080-d19e85f53649" && command.acceptsResponsePayload == true)
        #expect(command.payload.command == "/hello-socket-mode" && command.payload.triggerId == "111.222.xxx")
        #expect(events.values.map(\.payload.event["type"]) == ["app_mention", "message"])
        #expect(
            events.values.first?.retryAttempt == 0
                && events.values.first?.payload.authorizations?.first?.enterpriseId == nil)
        #expect(interactions.values.first?.payload["callback_id"] == "do-something")
    }

    @Test func everyEnvelopeIsAcknowledgedWithItsID() async throws {
        let transport = LoopbackTransport()
        let client = SlackSocketMode.Client(transport: transport)
        client.respondToSlashCommands { command in
            ["text": .string("Hello, \(command.payload.userName)!")]
        }
        client.respondToEventsApi { _ in nil }
        await transport.deliver(try Self.example("slash-commands"))
        await transport.deliver(try Self.example("events-api-app-mention"))
        // No responder for interactions: it is heard by listeners only, and nothing is sent.
        await transport.deliver(try Self.example("interactive-shortcut"))
        let sent = try await Self.sent(transport, count: 2)
        #expect(
            Set(sent) == [
                #"{"envelope_id":"1d3c79ab-0ffb-41f3-a080-d19e85f53649","payload":{"text":"Hello, testxyz!"}}"#,
                // No response payload: the bare acknowledgement Slack's guide shows.
                #"{"envelope_id":"cda4159a-72a5-4744-aba3-4d66eb52682b"}"#,
            ])
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.sentFrames.count == 2)
    }

    @Test func anEnvelopeThatDoesNotDecodeIsReportedAndNotAcknowledged() async throws {
        let transport = LoopbackTransport()
        let client = SlackSocketMode.Client(transport: transport)
        let failures = Recorder<String>()
        client.onIncomingFailure { failures.append($0.description) }
        client.respondToSlashCommands { _ in nil }
        client.onSlashCommands { _ in }
        await transport.deliver(json: #"{"envelope_id":"e1","type":"slash_commands","payload":{"command":"/x"}}"#)
        #expect(failures.values.count == 1, "\(failures.values)")
        try await Task.sleep(for: .milliseconds(20))
        #expect(transport.sentFrames.isEmpty)
    }

    /// Slack resends an envelope it never saw acknowledged: an acknowledgement that cannot leave (the connection went
    /// away) is the app's to hear of, never dropped unseen.
    @Test func anAcknowledgementThatCannotBeSentIsReportedWithWhy() async throws {
        struct ConnectionGone: Error, CustomStringConvertible {
            var description: String { "the WebSocket is closed" }
        }
        let transport = LoopbackTransport()
        let client = SlackSocketMode.Client(transport: transport)
        let failures = Recorder<IncomingFailure>()
        client.onIncomingFailure { failures.append($0) }
        client.respondToSlashCommands { _ in nil }
        transport.failSends(with: ConnectionGone())
        await transport.deliver(try Self.example("slash-commands"))
        try await eventually("the failed acknowledgement is reported") { !failures.values.isEmpty }
        let failure = try #require(failures.values.first)
        guard case .answerNotSent(let why) = failure.reason else {
            Issue.record("expected answerNotSent, got \(failure)")
            return
        }
        #expect(why == "the WebSocket is closed")
        #expect(failure.eventName == "slash_commands")
        #expect(
            failure.description
                == "event 'slash_commands' was answered, but the answer could not be sent: the WebSocket is closed")
        #expect(transport.sentFrames.isEmpty)

        // Once frames leave again, the next envelope is acknowledged and nothing more is reported.
        transport.failSends(with: nil)
        await transport.deliver(try Self.example("slash-commands"))
        _ = try await transport.sentFrames(atLeast: 1)
        #expect(failures.values.count == 1)
    }
}
