import Foundation
import SchemaGenCore

/// Calls every request and subscription method a contract's generated client has against the contract's generated
/// `Mock`, which answers each with the reply's value: the request's frame, the `Mock`'s reading of it, its answer
/// carrying the request's correlation value, and the client's matching of that answer all have to work for the call
/// to return. The arguments are the event's own `example1`'s values, so the call compiles whatever the method's
/// parameters are; the method's signature is read from the generated file, as a user reads it.
enum RequestCalls {
    static func function(of contract: Contract, client: String) -> String {
        let name = contract.name
        var calls: [String] = []
        for event in contract.events where event.reply != nil || event.subscription != nil {
            guard let call = call(of: event, in: contract, client: client) else {
                calls.append("        lines.append(\"\(name) \(event.wireName): no method found in the generated client\")")
                continue
            }
            let label = SwiftDriverText.literal("\(name) \(event.wireName)")
            calls.append(
                """
                        do {
                            let mock = \(name).Mock()
                            let client = mock.makeClient()
                            _ = try await \(call)
                            lines.append(\(label) + ": ok")
                        } catch {
                            lines.append(\(label) + ": \\(error)".replacingOccurrences(of: "\\n", with: " "))
                        }
                """)
        }
        guard !calls.isEmpty else { return "@Sendable func requests\(name)() async -> [String] { [] }" }
        return """
            @Sendable func requests\(name)() async -> [String] {
                var lines: [String] = []
            \(calls.joined(separator: "\n"))
                return lines
            }
            """
    }

    /// `client.method(label: value, ..., timeout: .seconds(5))`, each argument taken from the event's `example1`.
    static func call(of event: Event, in contract: Contract, client: String) -> String? {
        let method = NSRegularExpression.escapedPattern(for: event.swiftName)
        guard
            let signature = firstMatch(#"\n        public func \#(method)\((.*)\) async throws -> "#, in: client),
            let valueType = firstMatch(
                #"\nextension (\S+) \{\n    /// Values of `\#(NSRegularExpression.escapedPattern(for: event.wireName))`"#,
                in: client)
        else { return nil }
        var arguments: [String] = []
        for parameter in parameters(signature) {
            guard let colon = parameter.range(of: ": ") else { return nil }
            let label = String(parameter[..<colon.lowerBound])
            let type = String(parameter[colon.upperBound...])
            if label == "timeout", type.hasPrefix("Duration?") {
                arguments.append("timeout: .seconds(5)")
                continue
            }
            guard !parameter.contains(" = ") else { continue }
            if label == "_ payload" {
                arguments.append("\(valueType).example1")
            } else {
                arguments.append("\(label): oracleValue(\(valueType).example1.\(label))")
            }
        }
        return "client.\(event.swiftName)(\(arguments.joined(separator: ", ")))"
    }

    /// A signature's parameters, split at the commas outside brackets.
    static func parameters(_ signature: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in signature {
            switch character {
            case "[", "(", "<": depth += 1
            case "]", ")", ">": depth -= 1
            default: break
            }
            if character == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty {
            parts.append(current.trimmingCharacters(in: .whitespaces))
        }
        return parts
    }

    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// Helpers the driver's calls use: an example's optional correlation value (nil in an example made from types)
    /// becomes a value, anything else passes as it is.
    static let helpers = """
        // Written by schemagen-oracle.
        func oracleValue<T>(_ value: T) -> T { value }
        func oracleValue(_ value: Int?) -> Int { value ?? 7 }
        func oracleValue(_ value: String?) -> String { value ?? "id-7" }

        """
}

/// Swift spelled in the driver's text.
enum SwiftDriverText {
    static func literal(_ text: String) -> String { OracleRun.swiftString(text) }
}
