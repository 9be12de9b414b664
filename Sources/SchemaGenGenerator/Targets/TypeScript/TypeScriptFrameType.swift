import SchemaGenRuntime
import SchemaGenContract

/// The type of a whole frame, built from what stands at each path of it (constants, the event's name, the
/// channel, envelope fields, the payload): nested objects and labelled tuples, as the runtime writes them.
package struct TypeScriptFrameType {
    private final class Node {
        /// A type the value at this path has as a whole (the payload), joined with the members below.
        var whole: String?
        var keys: [(key: String, node: Node, optional: Bool)] = []
        var slots: [Int: Node] = [:]
        var slotNames: [String]?
        /// Array frames: elements after the slots, spread from a tuple or array type.
        var rest: String?
        var isArray = false

        func child(_ step: FramePath.Step, optional: Bool) -> Node {
            switch step {
            case .key(let key):
                if let existing = keys.first(where: { $0.key == key }) { return existing.node }
                let node = Node()
                keys.append((key, node, optional))
                return node
            case .index(let index):
                isArray = true
                if let existing = slots[index] { return existing }
                let node = Node()
                slots[index] = node
                return node
            }
        }

        func render() -> String {
            if isArray {
                let count = max((slots.keys.max() ?? -1) + 1, slotNames?.count ?? 0)
                var elements = (0..<count).map { index -> String in
                    let type = slots[index]?.render() ?? "unknown"
                    guard let names = slotNames, index < names.count else { return type }
                    return "\(TypeScriptSyntax.label(Self.labelName(names[index]))): \(type)"
                }
                if let rest { elements.append(slotNames == nil ? "...\(rest)" : "...rest: \(rest)") }
                return "[" + elements.joined(separator: ", ") + "]"
            }
            var parts: [String] = []
            if let whole { parts.append(keys.isEmpty ? whole : TypeScriptSyntax.postfixable(whole)) }
            if !keys.isEmpty {
                let members = keys.map {
                    "\(TypeScriptSyntax.propertyKey($0.key))\($0.optional ? "?" : ""): \($0.node.render());"
                }
                parts.append("{\n" + members.joined(separator: "\n") + "\n}")
            }
            return parts.isEmpty ? "Record<string, never>" : parts.joined(separator: " & ")
        }

        /// A slot's name as a tuple label: letters, digits and `_` only.
        static func labelName(_ name: String) -> String {
            let cleaned = String(
                name.unicodeScalars.map {
                    TypeScriptSyntax.isIdentifier(String($0)) || ("0"..."9").contains($0) ? Character($0) : "_"
                })
            return TypeScriptSyntax.isIdentifier(cleaned) ? cleaned : "_" + cleaned
        }
    }

    private let root = Node()
    /// The guard's tests, one per constant: `valueAt(frame, ["op"]) === 0`.
    package private(set) var tests: [String] = []

    /// A frame whose top is an array with these named slots.
    package mutating func makeArray(slots: [String]) {
        root.isArray = true
        root.slotNames = slots
        tests.append("Array.isArray(frame)")
    }

    /// A member the guard tests: a constant of the shape or the event's name.
    package mutating func insert(constant value: FrameValue, at path: FramePath) {
        insert(TypeScriptSyntax.literal(value), at: path)
        tests.append("valueAt(frame, [\(Self.pathLiteral(path))]) === \(TypeScriptSyntax.literal(value))")
    }

    /// The channel's address at `path`: the guard tests that it is one of the channel's (the whole address, or
    /// `fitsAddress` with the template's literal parts and `null` for each parameter, read as the runtime's
    /// `ChannelTemplate` reads it), so two channels' events of one name are told apart.
    package mutating func insert(channel address: AddressTemplate, at path: FramePath) {
        insert("string", at: path)
        let value = "valueAt(frame, [\(Self.pathLiteral(path))])"
        let parts = address.segments.map { segment -> String in
            switch segment {
            case .literal(let text): TypeScriptSyntax.stringLiteral(text)
            case .parameter: "null"
            }
        }
        if address.parameterNames.isEmpty {
            tests.append("\(value) === \(TypeScriptSyntax.stringLiteral(address.raw))")
        } else {
            tests.append("fitsAddress(\(value), [\(parts.joined(separator: ", "))])")
        }
    }

    /// An event outside channels in a framing whose frames may name one: the guard tests that the frame names none,
    /// as the runtime routes a frame that does to the channel's events.
    package mutating func insert(noChannelAt path: FramePath) {
        tests.append("typeof valueAt(frame, [\(Self.pathLiteral(path))]) !== \"string\"")
    }

    /// An exact shape: the guard tests that the frame holds nothing but the shape's keys (an object) or slots (an
    /// array), as the runtime's reading of an exact shape does.
    package mutating func insert(exactKeys keys: [String], slots: Int?) {
        if let slots {
            tests.append("(frame as unknown[]).length <= \(slots)")
        } else {
            let list = keys.map(TypeScriptSyntax.stringLiteral).joined(separator: ", ")
            let keysHeld =
                keys.isEmpty
                ? "Object.keys(frame).length === 0" : "Object.keys(frame).every((key) => [\(list)].includes(key))"
            tests.append("typeof frame === \"object\" && frame !== null && \(keysHeld)")
        }
    }

    /// A member every frame of the shape has, whatever its value; the guard tests that it is there.
    package mutating func insert(requiredAt path: FramePath) {
        insert("unknown", at: path)
        tests.append("valueAt(frame, [\(Self.pathLiteral(path))]) !== undefined")
    }

    /// A member of `type` at `path`; the whole frame when the path is empty.
    package func insert(_ type: String, at path: FramePath, optional: Bool = false) {
        var node = root
        for (index, step) in path.steps.enumerated() {
            node = node.child(step, optional: optional && index == path.steps.count - 1)
        }
        // A path the shape only requires (`unknown`) takes the type a field or the payload gives it.
        node.whole =
            switch node.whole {
            case nil, "unknown": type
            case let whole? where whole == type || type == "unknown": whole
            case let whole?: "\(whole) & \(type)"
            }
    }

    /// The payload beside the shape's own members: joined to an object frame, spread after an array's slots.
    package func insertRest(_ type: String) {
        // A `JSON` payload spread after an array's slots is any elements: a rest element's type is an array's.
        if root.isArray { root.rest = type == "unknown" ? "unknown[]" : type } else { root.whole = type }
    }

    package var type: String { root.render() }

    package static func pathLiteral(_ path: FramePath) -> String {
        path.steps.map { step in
            switch step {
            case .key(let key): TypeScriptSyntax.stringLiteral(key)
            case .index(let index): String(index)
            }
        }.joined(separator: ", ")
    }
}
