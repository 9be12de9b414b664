import Foundation

/// Writing an event in its shape: the shape's constants, the event's name, the channel, envelope fields and the
/// payload, each at its path, in that order (objects keep the order in which their keys were first written).
extension FrameShape {
    /// A frame being assembled: values at paths, nested as the paths say.
    private indirect enum Node {
        case value(Data)
        case object([(key: String, node: Node)])
        case array([Int: Node])

        mutating func insert(_ value: Data, at steps: ArraySlice<FramePath.Step>) {
            guard let step = steps.first else {
                self = .value(value)
                return
            }
            switch (step, self) {
            case (.key(let key), .object(var members)):
                if let index = members.firstIndex(where: { $0.key == key }) {
                    members[index].node.insert(value, at: steps.dropFirst())
                } else {
                    var child = Node.empty(for: steps.dropFirst().first)
                    child.insert(value, at: steps.dropFirst())
                    members.append((key, child))
                }
                self = .object(members)
            case (.index(let index), .array(var elements)):
                var child = elements[index] ?? Node.empty(for: steps.dropFirst().first)
                child.insert(value, at: steps.dropFirst())
                elements[index] = child
                self = .array(elements)
            default:
                // A path through a value of another kind: the checker keeps shapes from asking for this.
                self = Node.empty(for: step)
                insert(value, at: steps)
            }
        }

        static func empty(for step: FramePath.Step?) -> Node {
            if case .index? = step { return .array([:]) }
            return .object([])
        }

        /// Writes the node; `rest` is spliced into the top level (members of an object, or elements after an
        /// array's slots).
        func write(to out: inout Data, rest: Data? = nil) {
            switch self {
            case .value(let bytes):
                out.append(bytes)
            case .object(let members):
                out.append(UInt8(ascii: "{"))
                for (offset, member) in members.enumerated() {
                    if offset > 0 { out.append(UInt8(ascii: ",")) }
                    WireFraming.appendString(member.key, to: &out)
                    out.append(UInt8(ascii: ":"))
                    member.node.write(to: &out)
                }
                if let rest, !rest.isEmpty {
                    if !members.isEmpty { out.append(UInt8(ascii: ",")) }
                    out.append(rest)
                }
                out.append(UInt8(ascii: "}"))
            case .array(let elements):
                out.append(UInt8(ascii: "["))
                // Slots before the last one written hold `null` when the event gives them no value.
                let count = (elements.keys.max() ?? -1) + 1
                for index in 0..<count {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    if let element = elements[index] {
                        element.write(to: &out)
                    } else {
                        out.append(contentsOf: "null".utf8)
                    }
                }
                if let rest, !rest.isEmpty {
                    if count > 0 { out.append(UInt8(ascii: ",")) }
                    out.append(rest)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
    }

    /// The frame of one event. `parts` is the event's value when the shape or the event has envelope fields (a
    /// JSON object: the fields by key, the payload under ``WireFraming/payloadPartKey``); otherwise `payload` is
    /// the payload alone.
    func frame(name: FrameValue?, channel: String?, payload: Data?, parts: Data?) -> Data {
        var root = Node.empty(for: container == .object ? .key("") : .index(0))
        for condition in conditions {
            root.insert(Data(condition.value.description.utf8), at: condition.path.steps[...])
        }
        if let eventName, let name {
            root.insert(Data(name.description.utf8), at: eventName.steps[...])
        }
        if let channelPath = self.channel, let channel {
            var quoted = Data()
            WireFraming.appendString(channel, to: &quoted)
            root.insert(quoted, at: channelPath.steps[...])
        }
        var payload = payload
        if let parts {
            let members = Self.members(of: parts)
            for field in fields {
                if let member = members.first(where: { $0.key == field.key }) {
                    root.insert(member.value, at: field.path.steps[...])
                }
            }
            // Fields an event adds to its shape's sit at the top, under their own keys.
            for member in members
            where member.key != WireFraming.payloadPartKey && !fields.contains(where: { $0.key == member.key }) {
                root.insert(member.value, at: FramePath(keys: member.key).steps[...])
            }
            payload = members.first(where: { $0.key == WireFraming.payloadPartKey })?.value
        }
        var rest: Data?
        switch self.payload {
        case .none: break
        case .at(let path): if let payload { root.insert(payload, at: path.steps[...]) }
        case .rest: rest = payload.map(Self.inner)
        }
        var out = Data()
        root.write(to: &out, rest: rest)
        return out
    }

    /// The members of a JSON object the encoder wrote, each with its value's bytes.
    private static func members(of object: Data) -> [(key: String, value: Data)] {
        object.withUnsafeBytes { raw in
            var scanner = JSONScanner(raw)
            guard let members = try? scanner.objectMembers() else { return [] }
            return members.map { ($0.key, Data(raw[$0.value])) }
        }
    }

    /// What is between a container's brackets, without surrounding white space.
    private static func inner(_ container: Data) -> Data {
        guard let open = container.firstIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[") }),
            let close = container.lastIndex(where: { $0 == UInt8(ascii: "}") || $0 == UInt8(ascii: "]") }), open < close
        else {
            return Data()
        }
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        var slice = container[container.index(after: open)..<close]
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return Data(slice)
    }
}
