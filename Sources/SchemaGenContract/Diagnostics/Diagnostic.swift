/// One problem found in a contract, located like a compiler diagnostic.
public struct Diagnostic: Hashable, Sendable {
    /// How bad a problem is. Only errors stop generation.
    package enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int {
            switch self {
            case .error: 0
            case .warning: 1
            case .note: 2
            }
        }

        package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    package var severity: Severity
    /// What is wrong and, where it helps, what to do about it.
    public var message: String
    /// Where the problem is; `nil` only for problems with no file position (an unreadable file).
    package var location: SourceLocation?
    /// Further positions that explain this one (e.g. where a duplicate was first defined).
    package var notes: [Diagnostic]

    package init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    package static func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic {
        Diagnostic(.error, message, at: location, notes: notes)
    }

    package static func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) -> Diagnostic
    {
        Diagnostic(.warning, message, at: location, notes: notes)
    }

    package static func note(_ message: String, at location: SourceLocation?) -> Diagnostic {
        Diagnostic(.note, message, at: location)
    }
}

/// Collects diagnostics while a stage runs, so one run reports every problem rather than the first.
package struct DiagnosticBag: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init() {}

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    package mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    package mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    package mutating func error(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        append(.error(message, at: location, notes: notes))
    }

    package mutating func warning(_ message: String, at location: SourceLocation?, notes: [Diagnostic] = []) {
        append(.warning(message, at: location, notes: notes))
    }

    /// The diagnostics in file order, so output reads top to bottom like a compiler's.
    /// The sort is stable: diagnostics at one position keep the order they were found in.
    package var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            switch (lhs.element.location, rhs.element.location) {
            case let (l?, r?) where l != r: return l < r
            case (nil, _?): return true
            case (_?, nil): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }
}

/// A diagnostic can be thrown where one problem stops one step (a marker in a guide, a template).
extension Diagnostic: Error {}
