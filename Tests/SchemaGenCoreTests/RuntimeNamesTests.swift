import Foundation
@testable import SchemaGenCore
import Testing

/// Generated code qualifies the runtime's names where a contract takes one (issue 34, bug 5); the list it
/// checks against must hold every runtime type the generated code names.
@Suite struct RuntimeNamesTests {
    /// The public top-level types `SchemaGenRuntime` declares (unindented), read from its sources; nested ones are
    /// named through them.
    static func runtimeTypes() throws -> Set<String> {
        let folder = Golden.repositoryRoot.appendingPathComponent("Sources/SchemaGenRuntime")
        let pattern = try Regex(#"public (?:final )?(?:struct|class|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where line.hasPrefix("public ") {
                if let match = try pattern.prefixMatch(in: line), let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    @Test func everyRuntimeTypeTheGoldensNameIsQualifiedWhereShadowed() throws {
        let runtime = try Self.runtimeTypes()
        #expect(runtime.count > 50)
        let folder = Golden.repositoryRoot.appendingPathComponent("Tests/GoldenClients")
        var used: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // The first name of each dotted reference: `WireFraming.ParsedFrame` counts as `WireFraming`, and
                // `SchemaGenRuntime.WireFraming` as qualified already.
                for match in line.matches(of: /[A-Za-z_][A-Za-z0-9_.]*/) {
                    let head = String(match.output.prefix { $0 != "." })
                    if runtime.contains(head) { used.insert(head) }
                }
            }
        }
        let missing = used.subtracting(SwiftTypeSpeller.runtimeTypeNames).subtracting(["Int", "String"])
        #expect(missing.isEmpty, "runtime types the generated code names but does not qualify: \(missing.sorted())")
    }

    @Test func aFileQualifiesTheRuntimeOnlyWhenItDeclaresOneOfItsNames() {
        #expect(SwiftTypeSpeller(namespace: "A", declaredNames: ["Order"]).runtime("ListenerToken") == "ListenerToken")
        #expect(SwiftTypeSpeller(namespace: "A", declaredNames: ["Order", "ServerConnection"]).runtime("ListenerToken")
                == "SchemaGenRuntime.ListenerToken")
    }
}
