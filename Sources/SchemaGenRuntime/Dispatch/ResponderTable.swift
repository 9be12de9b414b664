import Foundation

/// The answers to requests, one per route key (a request has one answer): the client's to the server's requests, the
/// server's to the clients'. Kept under its owner's lock, so a frame looks its answer up under the lock it already
/// takes.
struct ResponderTable<Respond> {
    private var entries: [String: (id: UUID, respond: Respond)] = [:]

    var isEmpty: Bool { entries.isEmpty }

    subscript(key: String) -> Respond? { entries[key]?.respond }

    /// Sets the answer for `key`, replacing any before; returns its id, for ``remove(_:id:)``.
    mutating func set(_ respond: Respond, for key: String) -> UUID {
        let id = UUID()
        entries[key] = (id, respond)
        return id
    }

    /// Removes the answer for `key` if it is still the one with `id`.
    mutating func remove(_ key: String, id: UUID) {
        if entries[key]?.id == id { entries[key] = nil }
    }
}
