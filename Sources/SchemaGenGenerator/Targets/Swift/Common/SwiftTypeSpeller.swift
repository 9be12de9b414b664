import SchemaGenContract
/// Spells contract types in Swift. Built-in names are qualified (`Swift.String`) only where a generated
/// type would shadow them, so generated code reads naturally and still compiles when an API has an
/// event called `error` or `data`. The runtime's names are always qualified (``RuntimeNames``).
package struct SwiftTypeSpeller {
    package let namespace: String
    /// Every type name the generated file declares anywhere.
    package let declaredNames: Set<String>
    /// What every runtime name the file's code uses starts with, `SchemaGenRuntime.` (templates write
    /// `{{runtime}}ListenerToken`).
    package let runtimePrefix = RuntimeNames.prefix

    /// Each scalar type's spelling, at ``position(of:)``: worked out once, as every field of every struct is
    /// spelled (looking the name up in `declaredNames` each time was a set lookup a field).
    private let scalarSpellings: [String]

    package init(namespace: String, declaredNames: Set<String>) {
        self.namespace = namespace
        self.declaredNames = declaredNames
        func builtin(_ name: String, module: String) -> String {
            Self.builtin(name, module: module, declaredNames: declaredNames)
        }
        scalarSpellings = [
            builtin("String", module: "Swift"), builtin("Int", module: "Swift"), builtin("Double", module: "Swift"),
            builtin("Bool", module: "Swift"), builtin("Date", module: "Foundation"),
            builtin("URL", module: "Foundation"),
            builtin("Int64", module: "Swift"), builtin("Decimal", module: "Foundation"), runtimePrefix + "JSONValue",
            builtin("Data", module: "Foundation"), builtin("UInt64", module: "Swift"),
        ]
    }

    private static func position(of scalar: ScalarType) -> Int {
        switch scalar {
        case .string: 0
        case .int: 1
        case .double: 2
        case .bool: 3
        case .date: 4
        case .url: 5
        case .int64: 6
        case .decimal: 7
        case .json: 8
        case .bytes: 9
        case .uint64: 10
        }
    }

    package func spell(_ type: TypeRef, inlineName: String = "Object") -> String {
        switch type {
        case .scalar(let scalar): spell(scalar)
        case .named(let name): "\(namespace).\(SwiftSyntax.identifier(name))"
        case .array(let element): "[\(spell(element, inlineName: inlineName))]"
        case .dictionary(let value): "[\(spell(.string)): \(spell(value, inlineName: inlineName))]"
        case .optional(.nullable(let wrapped)): "\(runtime("Nullable"))<\(spell(wrapped, inlineName: inlineName))>?"
        case .optional(let wrapped), .nullable(let wrapped): spell(wrapped, inlineName: inlineName) + "?"
        case .object, .tuple: inlineName
        }
    }

    package func spell(_ scalar: ScalarType) -> String {
        scalarSpellings[Self.position(of: scalar)]
    }

    /// A type of `SchemaGenRuntime`, qualified in a file that declares any of the runtime's names.
    package func runtime(_ name: String) -> String {
        runtimePrefix + name
    }

    /// `name`, qualified by its module where a generated type shadows it.
    private static func builtin(_ name: String, module: String, declaredNames: Set<String>) -> String {
        declaredNames.contains(name) ? "\(module).\(name)" : name
    }
}

extension SwiftTypeSpeller {
    /// `to connection: ServerConnection`: the connection a generated server's method sends to.
    package var connectionParameter: SwiftParameter {
        SwiftParameter("to", "connection", type: runtime("ServerConnection"))
    }
}
