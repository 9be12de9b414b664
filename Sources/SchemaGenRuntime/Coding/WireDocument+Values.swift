import Foundation

/// Values of any type (`JSONValue`, nested containers) read from the document's tape.
extension WireDocument {
    // MARK: Values of any type

    /// Decodes the value at `token` as `T`. Dates follow the contract's encoding; URLs, `Data` (base 64) and
    /// `Decimal` read as `JSONDecoder` reads them; every other type through its `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, at token: Int, path: WireCodingPath) throws -> T {
        do throws(WireValueFailure) {
            if T.self == Date.self { return unsafeBitCast(try date(at: token), to: T.self) }
            if T.self == URL.self { return unsafeBitCast(try url(at: token), to: T.self) }
            if T.self == Data.self { return unsafeBitCast(try base64(at: token), to: T.self) }
            if T.self == Decimal.self { return unsafeBitCast(try decimal(at: token), to: T.self) }
        } catch {
            throw error.decodingError(at: path)
        }
        if T.self == JSONValue.self { return unsafeBitCast(try jsonValue(at: token, path: path), to: T.self) }
        nestedDecodes += 1
        defer { nestedDecodes -= 1 }
        guard nestedDecodes <= Self.levelsAlwaysAllowed || Self.stackUsed(since: stackBase) < Self.stackBudget else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: path.keys,
                    debugDescription: "The value is nested too deeply to decode safely on this thread's stack."))
        }
        return try T(from: WireValueDecoder(document: self, token: token, path: path))
    }

    /// How far the stack has grown since `base`. Zero when `base` is not on this stack (a decoder kept by
    /// a value and used later, on another thread).
    static func stackUsed(since base: UInt) -> Int {
        let used = base &- currentStackAddress()
        return used < 64 * 1024 * 1024 ? Int(used) : 0
    }

    /// Any JSON value, built from the tape with a loop and a stack of open containers rather than recursion,
    /// so a document nested as deeply as the tape allows never runs out of stack.
    func jsonValue(at root: Int, path: WireCodingPath) throws -> JSONValue {
        /// A container being filled: its token, what it holds so far, and the key of the member being read.
        struct Open {
            var token: Int
            var remaining: Int
            var elements: [JSONValue] = []
            var members: [String: JSONValue] = [:]
            var key: String?
        }
        var open: [Open] = []
        var token = root
        while true {
            var value = JSONValue.null
            // The value of a repeated key is skipped unread: the first value stands, as with `JSONDecoder`.
            let isRepeat =
                open.last.flatMap { container in container.key.map { container.members[$0] != nil } } ?? false
            if !isRepeat {
                do throws(WireValueFailure) {
                    switch kind(token) {
                    case .null: value = .null
                    case .true: value = .bool(true)
                    case .false: value = .bool(false)
                    case .string, .escapedString: value = .string(string(token))
                    case .integer, .number:
                        // Kept as written; a number no `Double` can hold is refused, as `JSONDecoder` refuses it.
                        _ = try double(at: token)
                        value = .number(JSONNumber(validated: numberText(token)))
                    case .object, .array:
                        if count(token) > 0 {
                            open.append(Open(token: token, remaining: count(token)))
                            token += 1
                            if kind(open[open.count - 1].token) == .object {
                                open[open.count - 1].key = string(token)
                                token += 1
                            }
                            continue
                        }
                        value = kind(token) == .object ? .object([:]) : .array([])
                    }
                } catch {
                    throw error.decodingError(at: path)
                }
            }
            token = next(token)
            // Hand the value to its container; a container that is complete becomes the value for the next one.
            while let last = open.indices.last {
                if let key = open[last].key {
                    if open[last].members[key] == nil { open[last].members[key] = value }
                } else {
                    open[last].elements.append(value)
                }
                open[last].remaining -= 1
                if open[last].remaining > 0 {
                    if kind(open[last].token) == .object {
                        open[last].key = string(token)
                        token += 1
                    }
                    break
                }
                let done = open.removeLast()
                value = kind(done.token) == .object ? .object(done.members) : .array(done.elements)
                token = next(done.token)
            }
            if open.isEmpty { return value }
        }
    }

    func date(at token: Int) throws(WireValueFailure) -> Date {
        switch dates {
        case .iso8601, .iso8601Fractional:
            let item = tape.tokens[token]
            if item.kind == .string,
                let date = ISO8601Parser.parse(bytes: UnsafeBufferPointer(rebasing: bytes[item.start..<item.end]))
            {
                return date
            }
            let text = try string(at: token)
            // The fast parser already failed on these bytes: only Foundation's parser is left to try.
            guard let date = WireDateEncoding.parseISO8601WithFoundation(text) else {
                throw .dataCorrupted("'\(text)' is not an ISO 8601 date")
            }
            return date
        case .unixSeconds, .unixMilliseconds, .unixMicroseconds:
            return dates.date(fromUnixNumber: try double(at: token))
        }
    }

    func url(at token: Int) throws(WireValueFailure) -> URL {
        let text = try string(at: token)
        guard let url = URL(string: text) else { throw .dataCorrupted("Invalid URL string.") }
        return url
    }

    func base64(at token: Int) throws(WireValueFailure) -> Data {
        guard let data = Data(base64Encoded: try string(at: token)) else {
            throw .dataCorrupted("Encountered Data is not valid Base64.")
        }
        return data
    }

    func decimal(at token: Int) throws(WireValueFailure) -> Decimal {
        switch kind(token) {
        case .integer, .number:
            guard let value = Decimal(string: numberText(token), locale: Locale(identifier: "en_US_POSIX")) else {
                throw doesNotFit(Decimal.self, token)
            }
            return value
        default:
            throw mismatch(Decimal.self, token)
        }
    }
}
