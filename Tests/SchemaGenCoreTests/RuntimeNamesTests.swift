import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// Generated code always writes the runtime's names with their module (issue 37), so a contract may take any of
/// them (issue 34, bug 5); `RuntimeNames` must hold every runtime type the generated code names.
@Suite struct RuntimeNamesTests {
    /// The public top-level types `SchemaGenRuntime` declares (unindented), read from its sources; nested ones are
    /// named through them.
    static func runtimeTypes() throws -> Set<String> {
        let folder = Golden.repositoryRoot.appendingPathComponent("Sources/SchemaGenRuntime")
        let pattern = try Regex(
            #"public (?:final )?(?:struct|class|enum|protocol|typealias|actor) ([A-Za-z_][A-Za-z0-9_]*)"#)
        var names: Set<String> = []
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            where line.hasPrefix("public ") {
                if let match = try pattern.prefixMatch(in: line), let name = match.output[1].substring {
                    names.insert(String(name))
                }
            }
        }
        return names
    }

    @Test func everyRuntimeTypeTheGoldensNameIsListedAndWrittenWithItsModule() throws {
        let runtime = try Self.runtimeTypes()
        #expect(runtime.count > 50)
        let folder = Golden.repositoryRoot.appendingPathComponent("Tests/GoldenClients")
        var qualified: Set<String> = [], bare: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            // A contract may take a runtime type's name for a type of its own (`hostile-names`, `unions`): written
            // bare, that name is the file's own type. The `runtime-names` golden takes every one of them, for types,
            // events and fields, so only its qualified names are read.
            let declared = Set(
                text.matches(of: /(?:struct|enum|class|typealias|protocol) ([A-Za-z_][A-Za-z0-9_]*)/).map {
                    String($0.output.1)
                })
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                // The first name of each dotted reference not after a dot: `WireFraming.ParsedFrame` counts as
                // `WireFraming`; `SchemaGenRuntime.WireFraming` is qualified; a member `.Every` is nobody's.
                for match in line.matches(of: /\.?[A-Za-z_][A-Za-z0-9_.]*/) where !match.output.hasPrefix(".") {
                    let parts = match.output.split(separator: ".").map(String.init)
                    if parts.first == RuntimeNames.module, parts.count > 1, runtime.contains(parts[1]) {
                        qualified.insert(parts[1])
                    }
                    if !name.hasPrefix("runtime-names"), let head = parts.first, runtime.contains(head),
                        !declared.contains(head)
                    {
                        bare[head] = bare[head] ?? "\(name): \(line)"
                    }
                }
            }
        }
        let unlisted = qualified.subtracting(RuntimeNames.all)
        #expect(
            unlisted.isEmpty,
            "runtime types the generated code names that RuntimeNames does not list: \(unlisted.sorted())")
        let unqualified = bare.filter { !["Int", "String"].contains($0.key) }
        #expect(
            unqualified.isEmpty,
            "runtime types written without their module: \(unqualified.sorted { $0.key < $1.key }.map(\.value))")
    }

    @Test func theRuntimesNamesAreAlwaysQualified() {
        #expect(
            SwiftTypeSpeller(namespace: "A", declaredNames: ["Order"]).runtime("ListenerToken")
                == "SchemaGenRuntime.ListenerToken")
    }
}
