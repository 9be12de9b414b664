import Foundation

/// A channel's address template (`room:{roomId}/seat-{seat}`) as literal text and parameter slots: what a server
/// listener across every address of a channel (a room a client made on the fly among them) matches a frame's channel
/// against. Generated servers build one per channel (`Seat.Every`).
@_spi(Generated) public struct ChannelTemplate: Hashable, Sendable {
    /// A piece of the address: text as written, or a parameter's value.
    public enum Part: Hashable, Sendable {
        case literal(String)
        case parameter
    }

    public let parts: [Part]

    public init(_ parts: [Part]) {
        self.parts = parts
    }

    /// The parameters' values in `address`, in the template's order; `nil` when `address` is not one of the template's.
    /// A parameter's value is the text up to the first occurrence of the literal that follows it (to the end for the
    /// last part), and is never empty; two parameters with no literal between them cannot be told apart, so such a
    /// template matches nothing.
    public func values(in address: String) -> [String]? {
        var rest = Substring(address)
        var values: [String] = []
        var index = parts.startIndex
        while index < parts.endIndex {
            switch parts[index] {
            case .literal(let text):
                guard rest.hasPrefix(text) else { return nil }
                rest = rest.dropFirst(text.count)
            case .parameter:
                let next = parts.index(after: index)
                let value: Substring
                if next == parts.endIndex {
                    value = rest
                } else if case .literal(let text) = parts[next], let found = rest.range(of: text) {
                    value = rest[..<found.lowerBound]
                } else {
                    return nil
                }
                guard !value.isEmpty else { return nil }
                values.append(String(value))
                rest = rest[value.endIndex...]
            }
            index = parts.index(after: index)
        }
        return rest.isEmpty ? values : nil
    }
}

/// A frame's channel matched a channel's template, but a parameter's value is not of its type (`seat-x` for an `Int`).
public struct ChannelAddressMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    /// The channel address the frame came on.
    public var address: String
    /// The template it was read against, as the contract writes it.
    public var template: String

    public init(address: String, template: String) {
        self.address = address
        self.template = template
    }

    public var description: String {
        "the channel '\(address)' is not an address of `\(template)`: a parameter is not of its type"
    }
}
