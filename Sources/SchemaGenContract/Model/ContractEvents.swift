/// Every event of a contract with the channel that scopes it (`nil` for events outside channels), root events
/// first, then each channel's, in declaration order.
///
/// Read in place from the contract's own arrays: the checks and targets walk it a dozen times per run, and an
/// array of the pairs was made at each walk (12 MB for 10,000 events, while the syntax tree was still held).
public struct ContractEvents: Collection, Sendable {
    /// A position: the scope (0 for the root, `n` for the `n`th channel) and the event's index in it.
    public struct Index: Comparable, Sendable {
        fileprivate let scope: Int
        fileprivate let position: Int

        public static func < (lhs: Index, rhs: Index) -> Bool {
            (lhs.scope, lhs.position) < (rhs.scope, rhs.position)
        }
    }

    private let root: [Event]
    private let channels: [Channel]

    package init(root: [Event], channels: [Channel]) {
        self.root = root
        self.channels = channels
    }

    /// The first event: the contract's own, then each channel's in order.
    public var startIndex: Index { firstEvent(from: Index(scope: 0, position: 0)) }
    /// Past the last channel's last event.
    public var endIndex: Index { Index(scope: channels.count + 1, position: 0) }

    /// How many events the contract has, its channels' included.
    public var count: Int { channels.reduce(root.count) { $0 + $1.events.count } }

    /// The next event, across channels.
    public func index(after index: Index) -> Index {
        firstEvent(from: Index(scope: index.scope, position: index.position + 1))
    }

    /// The event at `index`, with its channel (`nil` for the contract's own events).
    public subscript(index: Index) -> (channel: Channel?, event: Event) {
        index.scope == 0
            ? (nil, root[index.position])
            : (channels[index.scope - 1], channels[index.scope - 1].events[index.position])
    }

    private func events(inScope scope: Int) -> [Event] {
        scope == 0 ? root : channels[scope - 1].events
    }

    /// `index` when an event stands there, else the first event of a later scope, else the end.
    private func firstEvent(from index: Index) -> Index {
        var index = index
        while index.scope <= channels.count, index.position >= events(inScope: index.scope).count {
            index = Index(scope: index.scope + 1, position: 0)
        }
        return index
    }
}
