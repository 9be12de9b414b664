import Foundation
import SchemaGenContract
import SchemaGenGenerator

/// What `schemagen verify` found: per event, how many frames were seen, matched and failed; each failing frame
/// (up to a bound) with where the capture holds it and what differs; each notice once, with how often it came.
public struct VerifyReport: Sendable {
    /// An event of the contract, or (`event == nil`) frames that are no event of it.
    public struct EventKey: Hashable, Sendable, Comparable {
        package var channel: String?
        package var event: String?

        public init(channel: String?, event: String?) {
            self.channel = channel
            self.event = event
        }

        public static func < (lhs: EventKey, rhs: EventKey) -> Bool {
            (lhs.event == nil ? 1 : 0, lhs.channel ?? "", lhs.event ?? "") < (
                rhs.event == nil ? 1 : 0, rhs.channel ?? "", rhs.event ?? ""
            )
        }

        /// `channel driver › event job-removed`, or `not in the contract`.
        package var label: String {
            guard let event else { return "frames that are no event of the contract" }
            return (channel.map { "channel \($0) › " } ?? "") + "event \(event)"
        }
    }

    /// A kind of notice: where in the frame, what it says, and the contract line it concerns.
    public struct NoticeKey: Hashable, Sendable {
        /// The JSON path the notice is about.
        public var path: String
        package var message: String
        package var contractLine: Int?
    }

    /// A failing frame: where the capture holds it, who sent it, and why it fails.
    public struct Failure: Sendable {
        package var origin: String
        package var direction: Direction
        /// The mismatches that fail it.
        public var findings: [FrameFinding]
    }

    /// What one event's frames came to.
    public struct Tally: Sendable {
        package var seen = 0
        /// Frames generated code reads as the contract says.
        public var matched = 0
        package var failed = 0
        /// The first failing frames, in capture order.
        public var failures: [Failure] = []
        /// Each kind of notice, how often it came and where first.
        public var notices: [NoticeKey: (count: Int, firstOrigin: String)] = [:]
        package var noticeOrder: [NoticeKey] = []
        /// Notices of kinds past the bound kept per event, counted only.
        package var noticesNotKept = 0
    }

    package var contract: String
    /// Every frame read, the protocol's own packets among them.
    package var frames = 0
    /// Each event's tally, by its channel and wire name.
    public var events: [EventKey: Tally] = [:]
    /// Packets of the protocol that carry no event (Socket.IO's ping, pong, connect…), by kind.
    public var controlFrames: [String: Int] = [:]
    /// Lines and messages of the captures that could not be read (damaged, too long, binary), located.
    package var unreadable = UnreadableParts()

    package init(contract: String) {
        self.contract = contract
    }

    package var failed: Int { events.values.reduce(0) { $0 + $1.failed } }
    package var matched: Int { events.values.reduce(0) { $0 + $1.matched } }
    /// How many kinds of notice the events have, all told.
    public var noticeCount: Int { events.values.reduce(0) { $0 + $1.notices.count } }
    /// Every frame matched, and every part of the captures was read: a capture verify could not read whole is not
    /// verified.
    public var passes: Bool { failed == 0 && unreadable.isEmpty }

    /// One line: the verdict and the counts.
    package var headline: String {
        let checked = matched + failed
        let verdict = passes ? "Verified" : "Mismatch"
        return
            "\(verdict): \(checked) frame\(checked == 1 ? "" : "s") of \(contract) checked, \(matched) matched, \(failed) failed"
            + (noticeCount > 0 ? ", \(noticeCount) notice\(noticeCount == 1 ? "" : "s")" : "")
            + (controlFrames.isEmpty ? "" : "; \(controlFrames.values.reduce(0, +)) protocol packets skipped")
            + (unreadable.isEmpty
                ? "" : "; \(unreadable.count) part\(unreadable.count == 1 ? "" : "s") of the capture unreadable")
    }

    /// The parts of the captures that could not be read, one line each, and how many more.
    private var unreadableLines: [String] {
        unreadable.first.map { "\($0.origin): \($0.message)" }
            + (unreadable.count > unreadable.first.count
                ? ["… and \(unreadable.count - unreadable.first.count) more parts that could not be read"] : [])
    }

    // MARK: Terminal

    /// The report for a terminal.
    public func text() -> String {
        var out = "schemagen verify: \(headline)\n"
        if !unreadable.isEmpty {
            out += "\nunreadable parts of the capture:\n" + unreadableLines.map { "  \($0)\n" }.joined()
        }
        for key in events.keys.sorted() {
            let tally = events[key]!
            out += "\n\(key.label): \(tally.seen) seen, \(tally.matched) matched, \(tally.failed) failed\n"
            for failure in tally.failures {
                out += "  FAIL \(failure.origin) (\(failure.direction.rawValue))\n"
                for finding in failure.findings {
                    out +=
                        "       \(finding.path): \(finding.message)\(Self.contractLine(finding.contractLocation?.line))\n"
                }
            }
            if tally.failed > tally.failures.count {
                out += "  … and \(tally.failed - tally.failures.count) more failing frames\n"
            }
            for notice in tally.noticeOrder {
                let (count, first) = tally.notices[notice]!
                out +=
                    "  note \(notice.path): \(notice.message)\(Self.contractLine(notice.contractLine)) — \(count)×, first at \(first)\n"
            }
            if tally.noticesNotKept > 0 {
                out += "  … and \(tally.noticesNotKept) more notices of kinds not listed\n"
            }
        }
        return out
    }

    private static func contractLine(_ line: Int?) -> String {
        line.map { " [contract line \($0)]" } ?? ""
    }

    // MARK: Markdown

    /// A pull-request comment: the verdict, a table of events, the failures folded away.
    package func markdown() -> String {
        var out = "### schemagen verify: \(contract)\n\n\(passes ? "✅" : "❌") **\(headline)**\n\n"
        out += "| | Event | Seen | Matched | Failed | Notices |\n|---|---|---|---|---|---|\n"
        for key in events.keys.sorted() {
            let tally = events[key]!
            out +=
                "| \(tally.failed > 0 ? "❌" : "✅") | \(MarkdownSyntax.cell(key.label)) | \(tally.seen) | \(tally.matched) | \(tally.failed) | \(tally.notices.count) |\n"
        }
        let failing = events.keys.sorted().filter { !events[$0]!.failures.isEmpty }
        if !failing.isEmpty {
            out += "\n<details><summary>Failing frames</summary>\n\n"
            for key in failing {
                for failure in events[key]!.failures {
                    let what = failure.findings.map { "\(MarkdownSyntax.codeOutsideTable($0.path)) \($0.message)" }
                        .joined(separator: "; ")
                    out += "- \(MarkdownSyntax.codeOutsideTable(failure.origin)): \(what)\n"
                }
            }
            out += "\n</details>\n"
        }
        if !unreadable.isEmpty {
            out += "\n<details><summary>Unreadable parts of the capture</summary>\n\n"
            out += unreadableLines.map { "- \(MarkdownSyntax.codeOutsideTable($0))\n" }.joined()
            out += "\n</details>\n"
        }
        return out
    }

    // MARK: JSON

    /// A stable shape for tools: `format` `schemagen-verify`, version 1.
    package func json() -> String {
        struct Finding: Encodable {
            package var severity: String
            package var path: String
            package var message: String
            package var contractLine: Int?
        }
        struct FailureDocument: Encodable {
            package var origin: String
            package var direction: String
            package var findings: [Finding]
        }
        struct Notice: Encodable {
            package var path: String
            package var message: String
            package var contractLine: Int?
            package var count: Int
            package var firstOrigin: String
        }
        struct Event: Encodable {
            package var channel: String?
            package var event: String?
            package var seen: Int
            package var matched: Int
            package var failed: Int
            package var failures: [FailureDocument]
            package var notices: [Notice]
            package var noticesNotKept: Int
        }
        struct Unreadable: Encodable {
            package var origin: String
            package var message: String
        }
        struct Document: Encodable {
            package var format = "schemagen-verify"
            package var version = 1
            package var contract: String
            package var verdict: String
            package var frames: Int
            package var matched: Int
            package var failed: Int
            package var protocolPackets: [String: Int]
            package var unreadable: Int
            package var unreadableKept: [Unreadable]
            package var events: [Event]
        }
        let document = Document(
            contract: contract, verdict: passes ? "verified" : "mismatch", frames: frames, matched: matched,
            failed: failed,
            protocolPackets: controlFrames, unreadable: unreadable.count,
            unreadableKept: unreadable.first.map { Unreadable(origin: $0.origin, message: $0.message) },
            events: events.keys.sorted().map { key in
                let tally = events[key]!
                return Event(
                    channel: key.channel, event: key.event, seen: tally.seen, matched: tally.matched,
                    failed: tally.failed,
                    failures: tally.failures.map { failure in
                        FailureDocument(
                            origin: failure.origin, direction: failure.direction.rawValue,
                            findings: failure.findings.map {
                                Finding(
                                    severity: $0.severity.rawValue, path: $0.path, message: $0.message,
                                    contractLine: $0.contractLocation?.line)
                            })
                    },
                    notices: tally.noticeOrder.map { key in
                        let (count, first) = tally.notices[key]!
                        return Notice(
                            path: key.path, message: key.message, contractLine: key.contractLine, count: count,
                            firstOrigin: first)
                    }, noticesNotKept: tally.noticesNotKept)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }
}
