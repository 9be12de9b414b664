import SchemaGenContract
// The contexts of the contract's types: structs and their properties, enums, unions and flags. A context's template keys are its stored properties (`KeyedTemplateContext`).

/// A struct or enum declaration. Deprecated types say so in their documentation: an attribute would make
/// the generated code's own uses of them warn.
package struct TypeContext: KeyedTemplateContext {
    /// The type's name as written in a declaration (escaped with backticks when needed).
    package var name: String
    /// Doc comment lines, each as it follows `///` (with its leading space; empty for a blank line).
    package var documentation: [String]
    /// Set for structs.
    package var structure: StructContext?
    /// Set for string enums.
    package var enumeration: EnumContext?
    /// Set for unions.
    package var union: UnionContext?
    /// Set for bit flags.
    package var flags: FlagsContext?
    /// Which of `structure`, `enumeration`, `union` and `flags` is set, as flags templates can test.
    package private(set) var isStruct: Bool
    package private(set) var isEnum: Bool
    package private(set) var isUnion: Bool
    package private(set) var isFlags: Bool

    package init(
        name: String, documentation: [String], structure: StructContext?, enumeration: EnumContext?,
        union: UnionContext? = nil, flags: FlagsContext? = nil
    ) {
        self.name = name
        self.documentation = documentation
        self.structure = structure
        self.enumeration = enumeration
        self.union = union
        self.flags = flags
        self.isStruct = structure != nil
        self.isEnum = enumeration != nil
        self.isUnion = union != nil
        self.isFlags = flags != nil
    }
}

/// A union: an enum with a case per member, coded by the member's JSON kind or by a field's value.
package struct UnionContext: KeyedTemplateContext {
    package var cases: [UnionCaseContext]
    /// Whether members are told apart by their JSON kind (`String | [String]`).
    package var isByKind: Bool
    /// Whether members are objects told apart by the value of one field; unknown values decode as `unknown`.
    package var isByField: Bool
    /// For `isByField`: a Swift string literal of the field's key (`"status"`).
    package var tagKey: String
    /// For `isByField`: the Swift type of the field's values, `Swift.String` or `Swift.Int`.
    package var tagType: String
    /// For `isByKind`: the member kinds in words, for the error on any other kind (`a string or an array`).
    package var kindsText: String
    /// For `isByKind`: the members chosen by their kind alone (all of them unless several are arrays).
    package var kindCases: [UnionCaseContext] = []
    /// For `isByKind` with several array members: those members, told apart by their first element's kind.
    package var arrayCases: [UnionCaseContext] = []
    /// Whether `arrayCases` has members.
    package var hasArrayCases = false
    /// For `arrayCases`: their values in words, for the error on any other array (`an array of numbers or an array
    /// of arrays (or empty)`).
    package var arraysText: String = ""
    /// For `isByField` with `fallback:`: the case values of any other tag decode as, instead of `unknown`.
    package var fallback: UnionCaseContext? = nil
}

package struct UnionCaseContext: KeyedTemplateContext {
    /// The case name as written (backticked when a keyword).
    package var name: String
    /// The associated value's type spelling.
    package var type: String
    /// Doc comment lines.
    package var documentation: [String]
    /// For unions by field: the field's value as a Swift literal; for unions by kind: the `JSONKind` case (`string`).
    package var selector: String
    /// For one of `arrayCases`: the patterns its first element's kind matches, `JSONKind?` cases (`.number?`, or
    /// `.array?, nil` for the member that takes the empty array).
    package var elementSelector: String = ""
}

/// Bit flags: an `OptionSet` over `UInt64` with a static member per named bit.
package struct FlagsContext: KeyedTemplateContext {
    package var flags: [FlagContext]
}

package struct FlagContext: KeyedTemplateContext {
    /// The static member's name as written (backticked when a keyword).
    package var name: String
    /// The raw value as a Swift expression: `1 << 3`.
    package var value: String
    package var documentation: [String]
    /// The `@available(*, deprecated…)` attribute of a deprecated flag, or `nil`.
    package var deprecation: String?
}

package struct StructContext: KeyedTemplateContext {
    /// The protocols the struct conforms to, comma separated.
    package var conformances: String
    /// The runtime's `MemberwiseEquatable`, which the struct conforms to after `conformances` by writing
    /// `membersEqual(_:_:)`: its `==` then costs a fifth of the synthesized one to compile. A template that leaves
    /// it out gets the synthesized `==`.
    package var memberwiseEquatable: String
    /// The function `membersEqual(_:_:)` compares each stored property with: `Members.equal`.
    package var memberComparison: String
    /// For an event's own type: a Swift string literal of its wire name, for `static let eventName`.
    package var eventName: String?
    /// Stored properties, in wire order; constants are not stored.
    package var properties: [PropertyContext]
    /// Fields with a fixed value: exposed as computed properties, checked on decode, written on encode.
    package var constants: [PropertyContext]
    /// Whether `init(from:)` and `encode(to:)` read and write the members of a JSON object with the runtime's
    /// `WireFields` and `WireFieldWriter` (every struct but a tuple's: `Codable` is never synthesized).
    package var hasFieldCoding: Bool
    /// The first statement of `init(from:)`: `let fields = try WireFields(decoder)` (`_ =` when no field is read).
    package var fieldsDeclaration: SwiftStatement
    /// The first statement of `encode(to:)`: `try WireFieldWriter(encoder)`, which `fieldEncodings` continue
    /// (`_ = WireFieldWriter(encoder)` when there are none: an empty object).
    package var writerDeclaration: SwiftStatement
    /// The statements of `init(from:)` that check the constants, e.g. `try fields.expect("status", equals: "uploading" as Swift.String)`.
    package var constantChecks: [SwiftStatement]
    /// The arguments `init(from:)` passes to the memberwise initializer, each property's `decoding`: one call
    /// rather than a statement per field, which type-checks in half the time.
    package var fieldArguments: SwiftArgumentList
    /// The links of `encode(to:)`'s chain of writes, constants first, e.g. `.optionalString("name", name)`.
    package var fieldEncodings: [SwiftExpression]
    /// The statements of `encode(to:)` after the chain: fields of pattern keys.
    package var patternEncodings: [SwiftStatement]
    /// The initializer's parameter list, e.g. `groupId: String, error: String? = nil`.
    package var initializerParameters: SwiftParameterList
    /// Inline objects of this struct's fields, declared inside it.
    package var nestedTypes: [TypeContext]
    /// Whether the struct is a tuple: it codes as a JSON array, with `tupleDecoding` and `tupleEncoding`.
    package var isTuple: Bool = false
    /// For a tuple: the lines of `init(from:)` after `var container = try decoder.unkeyedContainer()`.
    package var tupleDecoding: [SwiftStatement] = []
    /// For a tuple: the lines of `encode(to:)` after `var container = encoder.unkeyedContainer()`.
    package var tupleEncoding: [SwiftStatement] = []
}

/// One stored property of a generated struct.
///
/// A class, not a struct: the templates push each property several times (its declaration, the initializer,
/// the comparison), and every push of a struct copied its dozen strings; a class is one reference.
package final class PropertyContext: KeyedTemplateContext {
    /// The property name as written (backticked when a keyword).
    package let name: String
    /// The stored property's name: `name`, or `_name` for a deprecated field, whose public `name` is then a
    /// deprecated accessor (so the generated code itself never uses a deprecated declaration).
    package let storageName: String
    /// The initializer's internal parameter name: `name`, except for a field called `self`, whose parameter
    /// would hide `self` (`` init(`self` _self: String) ``).
    package let argumentName: String
    /// The property's type spelling, e.g. `[Zikr.Notification]?`.
    package let type: String
    /// The type without its optional, for `decodeIfPresent`.
    package let unwrappedType: String
    /// Whether the Swift type is optional (the field may be absent or `null`); the initializer defaults it to `nil`.
    package let isOptional: Bool
    /// Doc comment lines, each as it follows `///` (with its leading space; empty for a blank line).
    package let documentation: [String]
    /// The `@available(*, deprecated…)` attribute of a deprecated field, or `nil`.
    package let deprecation: String?
    /// Whether the field closes a cycle of optional references (`parent: Comment?` in `Comment`), and so is
    /// stored out of line with `@Indirect`.
    package let isIndirect: Bool
    /// For constants: the value as a Swift literal, e.g. `"uploading"`.
    package let constantValue: String?
    /// The expression `init(from:)` assigns to the property, reading `fields` (a `WireFields`): e.g.
    /// `try fields.optionalValue("price", as: NumberString<Decimal>.self).map { $0.value }`.
    package let decoding: SwiftExpression?

    package init(
        name: String, storageName: String, argumentName: String, type: String, unwrappedType: String, isOptional: Bool,
        documentation: [String], deprecation: String?, isIndirect: Bool = false, constantValue: String?,
        decoding: SwiftExpression? = nil
    ) {
        self.name = name
        self.storageName = storageName
        self.argumentName = argumentName
        self.type = type
        self.unwrappedType = unwrappedType
        self.isOptional = isOptional
        self.documentation = documentation
        self.deprecation = deprecation
        self.isIndirect = isIndirect
        self.constantValue = constantValue
        self.decoding = decoding
    }

    /// The same property, read from the wire by `decoding`.
    package func decoded(by decoding: SwiftExpression) -> PropertyContext {
        PropertyContext(
            name: name, storageName: storageName, argumentName: argumentName, type: type, unwrappedType: unwrappedType,
            isOptional: isOptional, documentation: documentation, deprecation: deprecation, isIndirect: isIndirect,
            constantValue: constantValue, decoding: decoding)
    }
}

package struct EnumContext: KeyedTemplateContext {
    /// The Swift type of the wire values: `Swift.String`, or `Swift.Int` for an enum of whole numbers.
    package var rawType: String
    package var cases: [EnumCaseContext]
}

package struct EnumCaseContext: KeyedTemplateContext {
    /// The case name as written (backticked when a keyword).
    package var name: String
    /// The wire value as a Swift literal: a string literal, or an integer literal for an enum of whole numbers.
    package var rawValue: String
    /// Doc comment lines; a deprecated value says so here.
    package var documentation: [String]
}
