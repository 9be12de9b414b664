/// Spells contract types in Swift. Built-in names are qualified (`Swift.String`) only where a generated
/// type would shadow them, so generated code reads naturally and still compiles when an API has an
/// event called `error` or `data`.
struct SwiftTypeSpeller {
    let namespace: String
    /// Every type name the generated file declares anywhere.
    let declaredNames: Set<String>

    func spell(_ type: TypeRef, inlineName: String = "Object") -> String {
        switch type {
        case .scalar(let scalar): spell(scalar)
        case .named(let name): "\(namespace).\(SwiftSyntax.identifier(name))"
        case .array(let element): "[\(spell(element, inlineName: inlineName))]"
        case .dictionary(let value): "[\(builtin("String", module: "Swift")): \(spell(value, inlineName: inlineName))]"
        case .optional(.nullable(let wrapped)): "\(runtime("Nullable"))<\(spell(wrapped, inlineName: inlineName))>?"
        case .optional(let wrapped), .nullable(let wrapped): spell(wrapped, inlineName: inlineName) + "?"
        case .object, .tuple: inlineName
        }
    }

    func spell(_ scalar: ScalarType) -> String {
        switch scalar {
        case .string: builtin("String", module: "Swift")
        case .int: builtin("Int", module: "Swift")
        case .double: builtin("Double", module: "Swift")
        case .bool: builtin("Bool", module: "Swift")
        case .date: builtin("Date", module: "Foundation")
        case .url: builtin("URL", module: "Foundation")
        case .int64: builtin("Int64", module: "Swift")
        case .decimal: builtin("Decimal", module: "Foundation")
        case .json: builtin("JSONValue", module: "SchemaGenRuntime")
        }
    }

    /// A type of `SchemaGenRuntime`, qualified where a generated type shadows it.
    func runtime(_ name: String) -> String {
        builtin(name, module: "SchemaGenRuntime")
    }

    private func builtin(_ name: String, module: String) -> String {
        declaredNames.contains(name) ? "\(module).\(name)" : name
    }
}
