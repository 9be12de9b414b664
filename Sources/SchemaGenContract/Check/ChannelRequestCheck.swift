/// Requests that subscribe channels by their addresses (`subscribes:`, `unsubscribes:`): one of each at most, outside
/// channels, sent by the client with no value from the app but the addresses, which its field holds.
package struct ChannelRequestCheck {
    package let contract: Contract

    package func run(into diagnostics: inout DiagnosticBag) {
        for channel in contract.channels {
            for event in channel.events {
                guard let request = event.channelRequest else { continue }
                diagnostics.error(
                    "event '\(event.wireName)' of channel '\(channel.name)' \(request.role.rawValue) channels; a request that "
                        + "names channels by their addresses goes outside them: declare it under the contract's `events:`",
                    at: request.location)
            }
        }
        var first: [ChannelRequest.Role: Event] = [:]
        for event in contract.events {
            guard let request = event.channelRequest else { continue }
            if let earlier = first[request.role] {
                diagnostics.error(
                    "event '\(event.wireName)' \(request.role.rawValue) channels, and so does '\(earlier.wireName)'; a contract has "
                        + "one request that \(request.role.rawValue) channels, which every channel's "
                        + "`\(request.role == .subscribes ? "subscribe" : "unsubscribe")()` sends",
                    at: request.location, notes: [.note("'\(earlier.wireName)' is declared here", at: earlier.location)]
                )
                continue
            }
            first[request.role] = event
            check(request, of: event, into: &diagnostics)
        }
        if let leaving = first[.unsubscribes], first[.subscribes] == nil, let request = leaving.channelRequest {
            diagnostics.error(
                "event '\(leaving.wireName)' unsubscribes channels, but no request subscribes them: put `subscribes:` on the "
                    + "request that does", at: request.location)
        }
        if let joining = first[.subscribes], let request = joining.channelRequest {
            if contract.channels.isEmpty {
                diagnostics.warning(
                    "event '\(joining.wireName)' subscribes channels, but the contract declares none: declare them under "
                        + "`channels:`, with the addresses the request names, so their events are typed",
                    at: request.location)
            }
            if first[.unsubscribes] == nil {
                diagnostics.warning(
                    "event '\(joining.wireName)' subscribes channels, but no request unsubscribes them: a channel's "
                        + "`unsubscribe()` then only stops subscribing it again after a reconnection, and the server goes on "
                        + "sending its events; put `unsubscribes:` on the request that unsubscribes, if there is one",
                    at: request.location)
            }
        }
    }

    private func check(_ request: ChannelRequest, of event: Event, into diagnostics: inout DiagnosticBag) {
        let owner = "event '\(event.wireName)'"
        let role = request.role.rawValue
        guard event.direction.isEmittedByClient else {
            diagnostics.error(
                "\(owner) \(role) channels, but the client never sends it; put `\(role):` on a client-to-server request",
                at: request.location)
            return
        }
        if case .socketIO = contract.framing {
            diagnostics.error(
                "\(owner) \(role) channels, but under Socket.IO framing a channel is a namespace, which the connection joins "
                    + "itself when the channel is subscribed; remove `\(role):`", at: request.location)
            return
        }
        guard event.reply != nil else {
            diagnostics.error(
                "\(owner) \(role) channels but has no `reply:`; a channel's `\(request.role == .subscribes ? "subscribe" : "unsubscribe")()` "
                    + "waits for the server's answer before it returns: declare the event that answers it, `reply: {event: "
                    + "..., match: id}`", at: request.location)
            return
        }
        let others: [(String, Bool)] = [
            ("subscription", event.subscription != nil), ("ack", event.ack != nil),
            ("reply: {each: ...}", event.reply?.each != nil),
        ]
        if let (key, _) = others.first(where: \.1) {
            diagnostics.error(
                "\(owner) \(role) channels and has `\(key)`; a request that names channels is answered at most by one reply: "
                    + "remove one of them", at: request.location)
            return
        }
        let fields = contract.objectFields(of: event.payload?.valueType ?? .scalar(.json)) ?? []
        guard let field = fields.first(where: { $0.wireName == request.field }) else {
            diagnostics.error(
                "\(owner) \(role) the channels its field '\(request.field)' names, but its payload has no such field"
                    + Suggestions.hint(for: request.field, in: fields.map(\.wireName))
                    + "; the payload is an object with a `[String]` field of the channels' addresses",
                at: request.location)
            return
        }
        guard field.type == .array(.scalar(.string)) || field.type == .scalar(.string) else {
            diagnostics.error(
                "\(owner) \(role) the channels its field '\(request.field)' names, but the field is `\(field.type.spelling)`; "
                    + "make it `[String]` (or `String`, for one channel a request): it holds the channels' addresses",
                at: request.location)
            return
        }
        if let missing = contract.valueOnlyTheAppGives(event, besides: request.field) {
            diagnostics.error(
                "\(owner) \(role) channels, but \(missing), which only the app can give; a channel's "
                    + "`\(request.role == .subscribes ? "subscribe" : "unsubscribe")()` sends it with its address alone, so "
                    + "every other value of it must be optional (or the id it counts)",
                at: request.location)
        }
    }
}
