import Foundation

/// A channel the server did not take: the reply to the request that subscribes channels (`subscribes:`) lists the
/// channels it took, and this one is not among them.
public struct ChannelNotTaken: Error, Hashable, Sendable, CustomStringConvertible {
    /// The channel's address.
    public var channel: String

    public init(channel: String) {
        self.channel = channel
    }

    public var description: String {
        "the server did not take channel '\(channel)': the reply to the subscribe request does not list it"
    }
}

/// Channels subscribed by a request of the contract (`subscribes:` on a client-to-server event: Deribit's
/// `public/subscribe`, Bybit's `subscribe` op) rather than by the transport, and the channels subscribed so, to
/// subscribe again after a reconnection.
///
/// Bounded by the app: it holds the channels the app subscribed and not unsubscribed, each once.
final class ChannelRequests: @unchecked Sendable {
    typealias Send = @Sendable ([String]) async throws -> Void

    private let lock = NSLock()
    private var subscribe: Send?
    private var unsubscribe: Send?
    /// In the order first subscribed, each once: subscribed again in that order.
    private var subscribed: [String] = []

    /// The request methods, set by the generated client once.
    func set(subscribe: @escaping Send, unsubscribe: Send?) {
        lock.withLock {
            self.subscribe = subscribe
            self.unsubscribe = unsubscribe
        }
    }

    var subscriber: Send? { lock.withLock { subscribe } }
    var unsubscriber: Send? { lock.withLock { unsubscribe } }

    func contains(_ channel: String) -> Bool { lock.withLock { subscribed.contains(channel) } }

    var all: [String] { lock.withLock { subscribed } }

    func add(_ channels: [String]) {
        lock.withLock {
            for channel in channels where !subscribed.contains(channel) { subscribed.append(channel) }
        }
    }

    func remove(_ channels: [String]) {
        lock.withLock { subscribed.removeAll { channels.contains($0) } }
    }
}

extension RealtimeClientCore {
    /// Sets the methods of the contract's requests that subscribe and unsubscribe channels (`subscribes:`,
    /// `unsubscribes:`): a channel's `subscribe()` then sends the first with its address, rather than asking the
    /// transport, and the channels it subscribed are subscribed again, in one request, after each reconnection.
    public func setChannelRequests(
        subscribe: @escaping @Sendable ([String]) async throws -> Void,
        unsubscribe: (@Sendable ([String]) async throws -> Void)?
    ) {
        channelRequests.set(subscribe: subscribe, unsubscribe: unsubscribe)
    }

    /// Subscribes one channel: through the contract's request when it has one (throwing ``ChannelNotTaken`` when
    /// the reply lists the channels taken and not this one), else through the transport.
    public func subscribe(channel: String) async throws {
        guard let subscribe = channelRequests.subscriber else {
            return try await transport.subscribe(to: channel)
        }
        try await subscribe([channel])
        guard channelRequests.contains(channel) else { throw ChannelNotTaken(channel: channel) }
    }

    /// Unsubscribes one channel: through the contract's request when it has one; with a subscribing request but no
    /// unsubscribing one, the channel is only no longer subscribed again after a reconnection.
    public func unsubscribe(channel: String) async throws {
        guard channelRequests.subscriber != nil else {
            return try await transport.unsubscribe(from: channel)
        }
        guard let unsubscribe = channelRequests.unsubscriber else {
            return channelRequests.remove([channel])
        }
        try await unsubscribe([channel])
    }

    /// What the subscribing request's method reports once its reply came: the channels it asked for, and those the
    /// reply lists as taken when it lists them (`nil` when it does not).
    public func channelsSubscribed(_ requested: [String], taken: [String]?) {
        channelRequests.add(taken.map { taken in requested.filter(taken.contains) } ?? requested)
    }

    /// What the unsubscribing request's method reports once it is answered (or sent, without a reply).
    public func channelsUnsubscribed(_ channels: [String]) {
        channelRequests.remove(channels)
    }

    /// The transport connected again: subscribe every channel subscribed by request again, in one request. A
    /// failure reaches the error handlers, naming the channels: when the request fails they stay listed, for the next
    /// reconnection; a channel the reply no longer lists as taken is dropped from the list.
    func resubscribeChannels() {
        let channels = channelRequests.all
        guard !channels.isEmpty, let subscribe = channelRequests.subscriber else { return }
        Task { [weak self] in
            guard let self else { return }
            // Listed again as the reply takes them: one it leaves out is no longer subscribed.
            channelRequests.remove(channels)
            do {
                try await subscribe(channels)
                let dropped = channels.filter { !channelRequests.contains($0) }
                if !dropped.isEmpty {
                    await reportResubscription(of: dropped, failed: "the server's reply does not list them as taken")
                }
            } catch {
                channelRequests.add(channels)
                await reportResubscription(of: channels, failed: "\(error)")
            }
        }
    }

    private func reportResubscription(of channels: [String], failed why: String) async {
        await report(
            IncomingFailure(
                eventName: nil, channel: nil, rawFrame: Data(), rawPayload: nil,
                reason: .resubscriptionFailed(channels: channels, why: why)))
    }
}
