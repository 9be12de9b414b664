import Foundation
@testable import GoldenClients
import SchemaGenRuntime
import TestSupport
import Testing

/// Generated structs are `Equatable` through the runtime's `MemberwiseEquatable` (their `membersEqual(_:_:)`),
/// not the compiler's synthesized `==`, which cost a fifth of compiling a client (docs/performance.md): the
/// answers must be the synthesized ones, member by member, and agree with the synthesized `hash(into:)`.
@Suite struct EqualityTests {
    /// Every member is compared: values that differ in any one member alone are unequal.
    @Test func valuesDifferingInAnyOneMemberAreUnequal() {
        let at = Date(timeIntervalSince1970: 1_700_000_000)
        let base = NullableFields.SessionEnded(id: "s1", endedAt: at, reason: "done", scores: [1, nil], rating: 4)
        let variants = [
            NullableFields.SessionEnded(id: "s2", endedAt: at, reason: "done", scores: [1, nil], rating: 4),
            NullableFields.SessionEnded(
                id: "s1", endedAt: at.addingTimeInterval(0.001), reason: "done", scores: [1, nil], rating: 4),
            NullableFields.SessionEnded(id: "s1", endedAt: nil, reason: "done", scores: [1, nil], rating: 4),
            NullableFields.SessionEnded(id: "s1", endedAt: at, reason: nil, scores: [1, nil], rating: 4),
            NullableFields.SessionEnded(id: "s1", endedAt: at, reason: "done", scores: [1], rating: 4),
            NullableFields.SessionEnded(id: "s1", endedAt: at, reason: "done", scores: [nil, nil], rating: 4),
            NullableFields.SessionEnded(id: "s1", endedAt: at, reason: "done", scores: [1, nil], rating: nil),
        ]
        #expect(
            base == NullableFields.SessionEnded(id: "s1", endedAt: at, reason: "done", scores: [1, nil], rating: 4))
        for variant in variants {
            #expect(base != variant, "\(variant)")
            #expect(variant != base, "\(variant)")
        }
        // Nullable members: absent, null and a value are three different values.
        let absent = NullableFields.UpdateProfile(id: "u", nickname: nil)
        let null = NullableFields.UpdateProfile(id: "u", nickname: .null)
        let value = NullableFields.UpdateProfile(id: "u", nickname: .value("kit"))
        #expect(absent != null && null != value && absent != value)
        #expect(null == NullableFields.UpdateProfile(id: "u", nickname: .null))
    }

    /// A deprecated field is stored as `_name`: it is compared like any other member.
    @Test func deprecatedMembersAreCompared() {
        let profile = Deprecations.Profile(name: "kit", nick: "k", level: .low)
        #expect(profile == Deprecations.Profile(name: "kit", nick: "k", level: .low))
        #expect(profile != Deprecations.Profile(name: "kit", nick: "kk", level: .low))
        #expect(profile != Deprecations.Profile(name: "kit", nick: nil, level: .low))
    }

    /// Members stored out of line (`@Indirect`, the fields that close a cycle) are compared by value, however deep.
    @Test func indirectMembersAreComparedByValue() {
        func chain(_ depth: Int, leaf: String) -> Recursion.Comment {
            var comment = Recursion.Comment(id: leaf, replies: [], meta: .init())
            // One branch per level: a value that holds the chain three times per level would take 3^depth comparisons.
            for level in 0..<depth {
                comment = Recursion.Comment(id: "c\(level)", parent: comment, replies: [], meta: .init())
            }
            return comment
        }
        #expect(chain(20, leaf: "root") == chain(20, leaf: "root"))
        let leaf = Recursion.Comment(id: "leaf", replies: [], meta: .init())
        let inMeta = Recursion.Comment(id: "c", replies: [leaf], meta: .init(root: leaf))
        #expect(inMeta == Recursion.Comment(id: "c", replies: [leaf], meta: .init(root: leaf)))
        #expect(inMeta != Recursion.Comment(id: "c", replies: [leaf], meta: .init(root: nil)))
        #expect(inMeta != Recursion.Comment(id: "c", replies: [], meta: .init(root: leaf)))
        #expect(chain(20, leaf: "root") != chain(20, leaf: "other"))
        #expect(chain(20, leaf: "root") != chain(19, leaf: "root"))
    }

    /// Tuples and maps of pattern keys are structs too.
    @Test func tuplesAndPatternKeysCompareTheirMembers() {
        #expect(Tuples.Level(price: "1.5", quantity: "2") == Tuples.Level(price: "1.5", quantity: "2"))
        #expect(Tuples.Level(price: "1.5", quantity: "2") != Tuples.Level(price: "1.5", quantity: "2", orders: 3))
        #expect(KeyPatterns.Filter(tags: ["#e": ["a"]]) == KeyPatterns.Filter(tags: ["#e": ["a"]]))
        #expect(KeyPatterns.Filter(tags: ["#e": ["a"]]) != KeyPatterns.Filter(tags: ["#p": ["a"]]))
    }

    /// Equal values hash alike (the synthesized `hash(into:)` beside `membersEqual`), so sets and dictionary keys
    /// work; decoding the same bytes twice gives equal values, and different bytes unequal ones.
    @Test func equalValuesHashAlikeAndDecodedValuesCompareByContent() throws {
        let decoder = WireDecoder(dates: .iso8601)
        let json = #"{"id":"s1","ended_at":"2026-11-26T09:00:00.250Z","reason":"done","scores":[3,null],"rating":"5"}"#
        let first = try decoder.decode(NullableFields.SessionEnded.self, from: Data(json.utf8))
        let second = try decoder.decode(NullableFields.SessionEnded.self, from: Data(json.utf8))
        let other = try decoder.decode(
            NullableFields.SessionEnded.self, from: Data(json.replacingOccurrences(of: "[3,null]", with: "[3,4]").utf8))
        #expect(first == second && first.hashValue == second.hashValue)
        #expect(first != other)
        #expect(Set([first, second, other]).count == 2)
        let comments = (0..<50).map { Recursion.Comment(id: "c\($0 % 10)", replies: [], meta: .init()) }
        #expect(Set(comments).count == 10)
    }

    /// The event enums compare the same way: the same case with equal values, payload-less cases, and the
    /// `unknown` case by all it carries; different cases are never equal.
    @Test func eventEnumsCompareCaseAndValue() {
        typealias Event = Hostile.ServerEvent
        let removed = Event.jobRemoved(.init(reason: "done"))
        #expect(removed == .jobRemoved(.init(reason: "done")))
        #expect(removed != .jobRemoved(.init(reason: "late")))
        #expect(Event._2faEnabled == ._2faEnabled)
        #expect(Event._2faEnabled != removed && removed != ._2faEnabled)
        #expect(Event.members(.init(lhs: "a", rhs: 1)) == .members(.init(lhs: "a", rhs: 1)))
        #expect(Event.members(.init(lhs: "a", rhs: 1)) != .members(.init(lhs: "a", rhs: 2)))
        let unknown = Event.unknown(name: "x", payload: Data("{}".utf8))
        #expect(unknown == .unknown(name: "x", payload: Data("{}".utf8)))
        #expect(unknown != .unknown(name: "y", payload: Data("{}".utf8)))
        #expect(unknown != .unknown(name: "x", payload: nil))
        #expect(unknown != removed)
        #expect(Set([unknown, removed, .jobRemoved(.init(reason: "done")), ._2faEnabled]).count == 3)
        let shaped = FrameShapes.ServerEvent.unknown(
            UnknownEvent(shape: "dispatch", name: "X", payload: nil, fields: ["s": .string("1")]))
        #expect(
            shaped == .unknown(UnknownEvent(shape: "dispatch", name: "X", payload: nil, fields: ["s": .string("1")])))
        #expect(
            shaped != .unknown(UnknownEvent(shape: "dispatch", name: "X", payload: nil, fields: ["s": .string("2")])))
        let join = Hostile.ClientEvent.roomJoin(.init(roomId: "r1"))
        #expect(join == .roomJoin(.init(roomId: "r1")))
        #expect(join != .roomJoin(.init(roomId: "r2")))
        #expect(join != .default(.init(self: "s", protocol: "p", orderId: "o", orderIdentifier: "i")))
    }
}
