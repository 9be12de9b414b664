/// What the contract says about one frame: which event it is, and what in it the contract does not describe.
public struct FrameReading: Hashable, Sendable {
    /// The event the frame is, when the contract describes it.
    package var event: IdentifiedEvent?
    /// What differs from the contract, in the order found; empty for a frame that matches exactly.
    package var findings: [FrameFinding]

    package init(event: IdentifiedEvent?, findings: [FrameFinding]) {
        self.event = event
        self.findings = findings
    }

    /// Whether generated code reads the frame as its event: no finding is a mismatch (notices may remain).
    package var matches: Bool { !findings.contains { $0.severity == .mismatch } }
}

/// An event of the contract a frame was identified as.
package struct IdentifiedEvent: Hashable, Sendable {
    /// The event's wire name, and its channel's name in the contract when it belongs to one.
    package var wireName: String
    package var channel: String?
    /// The channel address the frame named (`room:r1`), when it named one.
    package var address: String?
    /// The frame shape it matched, for contracts with `frames:`.
    package var shape: String?
    /// Where the contract declares the event.
    package var location: SourceLocation
}

/// One difference between a frame and the contract.
public struct FrameFinding: Hashable, Sendable, CustomStringConvertible {
    /// How much a finding matters to generated code.
    public enum Severity: String, Hashable, Sendable {
        /// Generated code refuses the frame (reports it to the failure handler), or the contract says it cannot
        /// happen: a wrong type, a missing field, an event nobody described, one sent the wrong way.
        case mismatch
        /// Generated code reads the frame, but a reviewer wants to know: a key the contract does not have (the
        /// server is ahead of it), an enum value it does not list, a union tag it does not know.
        case notice
    }

    /// Whether generated code refuses the frame or only a reviewer would want to know.
    public var severity: Severity
    /// Where in the frame: a JSON path from the frame's root or its payload (`$.payload.items[2].id`).
    public var path: String
    /// What differs, in a sentence.
    public var message: String
    /// The contract's line for the event, field or type concerned.
    package var contractLocation: SourceLocation?

    public var description: String {
        "\(severity.rawValue) at \(path): \(message)" + (contractLocation.map { " (contract: \($0))" } ?? "")
    }
}
