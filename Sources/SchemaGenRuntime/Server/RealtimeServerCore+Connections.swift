import Foundation

/// The server core's its connections, groups and channel subscribers, and the handlers of connections coming and going.
extension RealtimeServerCore {
    /// The connections open now, oldest first.
    public var openConnections: [ServerConnection] {
        lock.withLock { connections.keys.sorted() }
    }

    /// Adds `connection` to `group` (a Socket.IO room); it leaves every group when it disconnects.
    public func join(_ connection: ServerConnection, to group: String) {
        lock.withLock {
            guard connections[connection] != nil else { return }
            connections[connection]?.groups.insert(group)
            groups[group, default: []].insert(connection)
        }
    }

    /// Removes `connection` from `group`.
    public func leave(_ connection: ServerConnection, from group: String) {
        lock.withLock {
            connections[connection]?.groups.remove(group)
            groups[group]?.remove(connection)
            if groups[group]?.isEmpty == true { groups[group] = nil }
        }
    }

    /// The connections in `group` now.
    public func members(of group: String) -> [ServerConnection] {
        lock.withLock { (groups[group] ?? []).sorted() }
    }

    /// Subscribes `connection` to the channel at `address`, for protocols that carry no subscriptions of their own
    /// (a plain WebSocket): the channel's ``Recipients/subscribers(of:)`` include it from now on.
    public func subscribe(_ connection: ServerConnection, to address: String) {
        let waiting: [CheckedContinuation<Void, any Error>] = lock.withLock {
            guard connections[connection] != nil else { return [] }
            connections[connection]?.channels.insert(address)
            subscribers[address, default: []].insert(connection)
            return subscriptionWaiters.removeValue(forKey: address).map { Array($0.values) } ?? []
        }
        waiting.forEach { $0.resume() }
    }

    /// Returns once a connection is subscribed to the channel at `address`: at once when one is now, else when one
    /// subscribes (what a `Mock` scenario's `subscribed:` step waits for before it sends on the channel). Throws
    /// `CancellationError` when the waiting task is cancelled first.
    public func waitUntilSubscribed(to address: String) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if subscribers[address]?.isEmpty == false { return .success(()) }
                    subscriptionWaiters[address, default: [:]][id] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiting = lock.withLock {
                let found = subscriptionWaiters[address]?.removeValue(forKey: id)
                if subscriptionWaiters[address]?.isEmpty == true { subscriptionWaiters[address] = nil }
                return found
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Unsubscribes `connection` from the channel at `address`.
    public func unsubscribe(_ connection: ServerConnection, from address: String) {
        lock.withLock {
            connections[connection]?.channels.remove(address)
            subscribers[address]?.remove(connection)
            if subscribers[address]?.isEmpty == true { subscribers[address] = nil }
        }
    }

    /// The connections subscribed to the channel at `address` now.
    public func subscribers(of address: String) -> [ServerConnection] {
        lock.withLock { (subscribers[address] ?? []).sorted() }
    }

    /// Closes `connection` from the server's side.
    public func close(_ connection: ServerConnection) async {
        await transport.close(connection)
    }

    /// Calls `handler` with every connection that opens.
    public func onConnect(_ handler: @escaping @Sendable (ServerConnection) -> Void) -> ListenerToken {
        let id = UUID()
        lock.withLock { connectHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            self?.lock.withLock { self?.connectHandlers.removeAll { $0.id == id } }
        }
    }

    /// Calls `handler` with every connection that ends, and why, after it left its groups and channels.
    public func onDisconnect(_ handler: @escaping @Sendable (ServerConnection, String) -> Void) -> ListenerToken {
        let id = UUID()
        lock.withLock { disconnectHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            self?.lock.withLock { self?.disconnectHandlers.removeAll { $0.id == id } }
        }
    }

    /// Calls `handler` for every frame from a connection that cannot be delivered (malformed, an event the contract
    /// does not have for clients, a payload that does not decode). The connection's other frames keep flowing.
    public func addErrorHandler(
        _ handler: @escaping @Sendable (ServerConnection, IncomingFailure) -> Void
    ) -> ListenerToken {
        let id = UUID()
        lock.withLock { errorHandlers.append((id, handler)) }
        return ListenerToken(id: id) { [weak self] in
            self?.lock.withLock { self?.errorHandlers.removeAll { $0.id == id } }
        }
    }
}
