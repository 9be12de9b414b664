// How generated structs are `Equatable`: the `==` a compiler would synthesize, written so that it is cheap to
// compile.
//
// A synthesized `==` compares each stored property with the `==` operator, and the type checker resolves every one
// of those among all the `==` overloads in scope: about 7 ms per ten-field struct in a debug build, a fifth of
// compiling a 500-event client (docs/performance.md, "What the compiler synthesizes"). `swiftc -typecheck` never
// checks synthesized bodies (only code generation asks for them), so the cost hid from type-check measurements.
//
// A `static func ==` in each generated type is no answer: every `==` the module compiles, the app's own included,
// would have one more overload to consider (a 500-case enum's synthesized `==` took 5.7 s instead of 0.4 s). So
// `==` is declared once, here, and each struct writes `membersEqual(_:_:)` as plain calls of one generic function
// (each event enum as a switch over pairs of its cases).
// `hash(into:)` is still synthesized: its calls are cheap to check.

/// A type whose `==` compares its stored properties one by one through ``membersEqual(_:_:)``, as the synthesized
/// `==` would, at a fraction of its compile time. Generated structs and event enums conform to it (an enum's
/// `membersEqual` compares the value of the case both sides hold); it is not meant for other types.
public protocol MemberwiseEquatable: Equatable {
    /// Whether every stored property of `lhs` equals the same property of `rhs`.
    static func membersEqual(_ lhs: Self, _ rhs: Self) -> Bool
}

extension MemberwiseEquatable {
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        membersEqual(lhs, rhs)
    }
}

/// The comparison a generated ``MemberwiseEquatable/membersEqual(_:_:)`` makes for each member.
@_spi(Generated) public enum Members {
    /// `lhs == rhs`, as a function with one candidate: the type checker binds `T` from the arguments instead of
    /// choosing among every `==` overload.
    @inlinable
    public static func equal<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
        lhs == rhs
    }
}
