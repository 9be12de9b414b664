import Foundation
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

/// A context's keys are its stored properties, read through `Encodable` in one walk whose layout is read once per
/// type: every stored property must read back by its name with the value reflection gives, which fails if a
/// property's encoding skipped its place or a type's encoding were written by hand out of order.
@Suite struct TemplateKeysTests {
    private func check(_ value: Any) {
        guard let context = value as? any TemplateContext else { return }
        for child in Mirror(reflecting: value).children {
            guard let label = child.label else { continue }
            let viaKeys = context.templateValue(forKey: label).map(plain)
            let reflected: Any? =
                Mirror(reflecting: child.value).displayStyle == .optional
                ? Mirror(reflecting: child.value).children.first?.value : child.value
            #expect((viaKeys == nil) == (reflected == nil), "\(type(of: value)).\(label)")
            if let viaKeys, let reflected {
                #expect(String(describing: viaKeys) == String(describing: reflected), "\(type(of: value)).\(label)")
            }
        }
        #expect(context.templateValue(forKey: "noSuchKey") == nil)
    }

    /// A template value as the plain Swift value it was read from, to compare with reflection.
    private func plain(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): text
        case .flag(let flag): flag
        case .list(let items): items.map(plain)
        case .contextLevel(let level): level.context!
        }
    }

    @Test(arguments: [
        "hostile-names", "channels", "envelope", "deprecations", "recursion", "enums", "constants", "markdown-escaping",
    ])
    func everyStoredPropertyIsAKey(feature: String) throws {
        let path = Golden.fixtures.appendingPathComponent("Golden/\(feature).yaml").path
        let contract = try #require(ContractLoader().load(path: path).contract)
        let swift = SwiftTranslator().translate(contract, sourceFile: "x.yaml")
        let markdown = MarkdownTranslator().translate(contract, sourceFile: "x.yaml")
        let typescript = TypeScriptTranslator().translate(contract, sourceFile: "x.yaml")
        let all =
            TemplateContexts.all(in: swift) + TemplateContexts.all(in: markdown) + TemplateContexts.all(in: typescript)
        #expect(all.count > 10)
        all.forEach(check)
    }
}
