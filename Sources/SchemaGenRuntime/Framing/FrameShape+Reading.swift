import Foundation

/// Taking a frame apart by the contract's shapes: the first shape whose conditions hold names the event.
extension FrameShape {
    /// A frame's top level, scanned once; nested values are scanned only when a path goes into them.
    struct View {
        let bytes: UnsafeRawBufferPointer
        let isObject: Bool
        let members: [(key: String, value: Range<Int>)]
        let elements: [Range<Int>]

        init(_ bytes: UnsafeRawBufferPointer) throws(JSONSyntaxError) {
            self.bytes = bytes
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            if scanner.current == UInt8(ascii: "[") {
                isObject = false
                members = []
                elements = try scanner.arrayElements()
            } else {
                isObject = true
                members = try scanner.objectMembers()
                elements = []
            }
            try scanner.expectEnd()
        }

        /// The bytes of the value at `path`, or `nil` when the frame has nothing there. The first of repeated
        /// keys counts, as in payloads.
        func range(at path: FramePath) throws(JSONSyntaxError) -> Range<Int>? {
            var current: Range<Int>?
            for step in path.steps {
                switch step {
                case .key(let key):
                    let found: [(key: String, value: Range<Int>)]
                    if let current {
                        guard bytes[current.lowerBound] == UInt8(ascii: "{") else { return nil }
                        var scanner = JSONScanner(bytes, at: current.lowerBound)
                        found = try scanner.objectMembers()
                    } else {
                        guard isObject else { return nil }
                        found = members
                    }
                    guard let member = found.first(where: { $0.key == key }) else { return nil }
                    current = member.value
                case .index(let index):
                    let found: [Range<Int>]
                    if let current {
                        guard bytes[current.lowerBound] == UInt8(ascii: "[") else { return nil }
                        var scanner = JSONScanner(bytes, at: current.lowerBound)
                        found = try scanner.arrayElements()
                    } else {
                        guard !isObject else { return nil }
                        found = elements
                    }
                    guard index < found.count else { return nil }
                    current = found[index]
                }
            }
            return current
        }

        /// The value at `range` if it is of `kind`; `nil` for any other JSON value.
        func value(at range: Range<Int>, of kind: FrameValue.Kind) throws(JSONSyntaxError) -> FrameValue? {
            let first = bytes[range.lowerBound]
            switch kind {
            case .string:
                guard first == UInt8(ascii: "\"") else { return nil }
                var scanner = JSONScanner(bytes, at: range.lowerBound)
                return .string(try scanner.parseString())
            case .integer:
                return Self.integer(bytes[range]).map(FrameValue.integer)
            case .bool:
                if bytes[range].elementsEqual("true".utf8) { return .bool(true) }
                if bytes[range].elementsEqual("false".utf8) { return .bool(false) }
                return nil
            case .null:
                return bytes[range].elementsEqual("null".utf8) ? .null : nil
            }
        }

        /// A whole number written as JSON integers are (`-?[0-9]+`), within `Int`.
        static func integer(_ digits: Slice<UnsafeRawBufferPointer>) -> Int? {
            var index = digits.startIndex
            let negative = index < digits.endIndex && digits[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            guard index < digits.endIndex else { return nil }
            var value = 0
            while index < digits.endIndex {
                let byte = digits[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                let digit = Int(byte - UInt8(ascii: "0"))
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) =
                    negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                guard !overflow1, !overflow2 else { return nil }
                value = sum
                index += 1
            }
            return value
        }
    }

    /// What a frame holds for this shape, or why the shape does not fit it.
    enum Reading {
        case matched(name: String, channel: String?, payload: Range<Int>?, fields: [(key: String, value: Range<Int>)])
        case notThisShape(reason: String)
    }

    func read(_ view: View) throws -> Reading {
        switch container {
        case .object where !view.isObject: return .notThisShape(reason: "not an object")
        case .array where view.isObject: return .notThisShape(reason: "not an array")
        default: break
        }
        if exact {
            if view.isObject, let other = view.members.first(where: { !namedKeys.contains($0.key) }) {
                return .notThisShape(reason: "'\(other.key)' is not one of its keys")
            }
            if !view.isObject, view.elements.count > slotCount {
                return .notThisShape(reason: "\(view.elements.count) elements, not \(slotCount)")
            }
        }
        for condition in conditions {
            guard let range = try view.range(at: condition.path) else {
                return .notThisShape(reason: "no '\(describe(condition.path))'")
            }
            guard try view.value(at: range, of: condition.value.kind) == condition.value else {
                let found = String(decoding: view.bytes[range].prefix(40), as: UTF8.self)
                return .notThisShape(reason: "'\(describe(condition.path))' is \(found), not \(condition.value)")
            }
        }
        for path in required where try view.range(at: path) == nil {
            return .notThisShape(reason: "no '\(describe(path))'")
        }
        var name = ""
        if let eventName {
            guard let range = try view.range(at: eventName) else {
                return .notThisShape(reason: "no '\(describe(eventName))' naming the event")
            }
            guard let value = try view.value(at: range, of: eventNameKind) else {
                return .notThisShape(
                    reason:
                        "'\(describe(eventName))' is not \(eventNameKind == .integer ? "an integer" : "a \(eventNameKind.rawValue)")"
                )
            }
            name = value.text
        }
        var channelName: String?
        // As with envelopes: a channel that is not a string names no channel.
        if let channel, let range = try view.range(at: channel), view.bytes[range.lowerBound] == UInt8(ascii: "\"") {
            var scanner = JSONScanner(view.bytes, at: range.lowerBound)
            channelName = try scanner.parseString()
        }
        var payloadRange: Range<Int>?
        switch payload {
        case .none, .rest: break
        case .at(let path):
            // A `null` payload is there: `T | null` tells it from a missing one, and a frame's parts carry it.
            payloadRange = try view.range(at: path)
        }
        var values: [(key: String, value: Range<Int>)] = []
        for field in fields {
            if let range = try view.range(at: field.path) { values.append((field.key, range)) }
        }
        return .matched(name: name, channel: channelName, payload: payloadRange, fields: values)
    }

    /// A path as the contract writes it: slot names for an array's elements.
    public func describe(_ path: FramePath) -> String {
        guard case .array(let slots) = container, case .index(let index)? = path.steps.first, index < slots.count else {
            return path.description
        }
        let rest = FramePath(Array(path.steps.dropFirst())).description
        return rest.isEmpty ? slots[index] : rest.hasPrefix("[") ? slots[index] + rest : slots[index] + "." + rest
    }
}

extension WireFraming {
    /// The key under which the payload sits in an event's parts (see ``ParsedFrame/parts``).
    public static let payloadPartKey = "payload"

    static func parse(_ data: Data, shapes: [FrameShape]) throws(MalformedFrame) -> ParsedFrame {
        let result: Result<ParsedFrame, MalformedFrame> = data.withUnsafeBytes { raw in
            do {
                let view = try FrameShape.View(raw)
                var reasons: [String] = []
                for (index, shape) in shapes.enumerated() {
                    switch try shape.read(view) {
                    case .notThisShape(let reason):
                        reasons.append("'\(shape.name)': \(reason)")
                    case .matched(let name, let channel, let payloadRange, let fields):
                        return .success(
                            frame(
                                data, shape: shape, index: index, name: name, channel: channel,
                                payloadRange: payloadRange, fields: fields, view: view))
                    }
                }
                return .failure(
                    MalformedFrame(
                        reason: "the frame matches none of the contract's frame shapes ("
                            + reasons.joined(separator: "; ") + ")"))
            } catch let failure as JSONSyntaxError {
                return .failure(MalformedFrame(reason: "\(failure.message) at byte \(failure.offset)"))
            } catch {
                return .failure(MalformedFrame(reason: "\(error)"))
            }
        }
        return try result.get()
    }

    private static func frame(
        _ data: Data, shape: FrameShape, index: Int, name: String, channel: String?,
        payloadRange: Range<Int>?, fields: [(key: String, value: Range<Int>)],
        view: FrameShape.View
    ) -> ParsedFrame {
        func slice(_ range: Range<Int>) -> Data {
            data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
        }
        var payload: Data?
        switch shape.payload {
        case .none: break
        case .at: payload = payloadRange.map(slice)
        case .rest:
            if view.isObject {
                payload = data
            } else {
                // The elements after the slots, as one array (the event's tuple).
                var rest = Data("[".utf8)
                for (offset, element) in view.elements.dropFirst(shape.slotCount).enumerated() {
                    if offset > 0 { rest.append(UInt8(ascii: ",")) }
                    rest.append(slice(element))
                }
                rest.append(UInt8(ascii: "]"))
                payload = rest
            }
        }
        var parts: Data?
        if !shape.fields.isEmpty {
            var object = Data("{".utf8)
            for (key, range) in fields {
                appendString(key, to: &object)
                object.append(UInt8(ascii: ":"))
                object.append(slice(range))
                object.append(UInt8(ascii: ","))
            }
            if let payload {
                appendString(payloadPartKey, to: &object)
                object.append(UInt8(ascii: ":"))
                object.append(payload)
            } else if object.count > 1 {
                object.removeLast()
            }
            object.append(UInt8(ascii: "}"))
            parts = object
        }
        return ParsedFrame(
            eventName: name, channel: channel, payload: payload, frame: data,
            route: EventAddress.route(shape: index, name: name), shape: shape.name, parts: parts, parsedPayload: nil,
            unnamedEvent: shape.eventName == nil ? shape.unnamedEvent : nil)
    }
}
