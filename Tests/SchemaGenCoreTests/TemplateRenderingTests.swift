import Mustache
@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import TestSupport
import Testing

/// A context made of named values, for templates outside the generator's own contexts.
private struct Values: TemplateContext {
    var values: [String: TemplateValue]

    func templateValue(forKey key: String) -> TemplateValue? { values[key] }
}

private func context(_ values: [String: TemplateValue]) -> TemplateValue { .context(Values(values: values)) }

extension Values: TemplateValueConvertible {
    var templateValue: TemplateValue? { .context(self) }
}

/// The same data as swift-mustache reads it.
private func reference(_ value: TemplateValue) -> Any {
    switch value {
    case .text(let text): text
    case .flag(let flag): flag
    case .list(let items): items.map(reference)
    case .contextLevel(let level): (level.context as! Values).values.mapValues(reference)
    }
}

private func render(
    _ template: String, _ data: [String: TemplateValue], partials: [String: String] = [:]
) throws -> String {
    var library = TemplateLibrary()
    try library.register(text: template, named: "main", path: "main.mustache")
    for (name, text) in partials { try library.register(text: text, named: name, path: "\(name).mustache") }
    return try #require(library.render("main", context: Values(values: data)))
}

private func renderWithSwiftMustache(
    _ template: String, _ data: [String: TemplateValue], partials: [String: String] = [:]
) throws -> String {
    var library = MustacheLibrary()
    library.register(try MustacheTemplate(string: template), named: "main")
    for (name, text) in partials { library.register(try MustacheTemplate(string: text), named: name) }
    return try #require(library.render(data.mapValues(reference), withTemplate: "main"))
}

private func syntaxError(_ template: String) -> Diagnostic? {
    var library = TemplateLibrary()
    do {
        try library.register(text: template, named: "main", path: "t.mustache")
        return nil
    } catch {
        return error
    }
}

/// schemagen's Mustache renderer: the specification's behaviour, checked against expected text and against
/// swift-mustache (the reference implementation the default templates were first written for).
@Suite struct TemplateRenderingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var template: String
        var data: [String: TemplateValue]
        var partials: [String: String] = [:]
        var expected: String
        var testDescription: String { name }
    }

    static let people: TemplateValue = .list([
        context(["name": .text("Ada"), "admin": .flag(true)]),
        context(["name": .text("Linus"), "admin": .flag(false)]),
    ])

    static let cases: [Case] = [
        Case(
            name: "interpolation", template: "Hello, {{name}}!", data: ["name": .text("world")],
            expected: "Hello, world!"),
        Case(
            name: "HTML escaping by default", template: "{{v}}|{{{v}}}|{{&v}}", data: ["v": .text("<a & 'b' \"c\">")],
            expected: "&lt;a &amp; &#39;b&#39; &quot;c&quot;&gt;|<a & 'b' \"c\">|<a & 'b' \"c\">"),
        Case(
            name: "text content type", template: "{{%CONTENT_TYPE:TEXT}}{{v}}", data: ["v": .text("a < b")],
            expected: "a < b"),
        Case(
            name: "flags interpolate", template: "{{yes}} {{no}}", data: ["yes": .flag(true), "no": .flag(false)],
            expected: "true false"),
        Case(name: "missing keys are empty", template: "[{{nothing}}]", data: [:], expected: "[]"),
        Case(
            name: "white space inside tags", template: "{{ name }}{{# on }}+{{/ on }}",
            data: ["name": .text("x"), "on": .flag(true)], expected: "x+"),
        Case(
            name: "dotted names", template: "{{a.b.c}}", data: ["a": context(["b": context(["c": .text("deep")])])],
            expected: "deep"),
        Case(
            name: "a broken chain is empty", template: "[{{a.x.c}}]", data: ["a": context(["b": .text("1")])],
            expected: "[]"),
        Case(
            name: "list section", template: "{{#people}}{{name}};{{/people}}", data: ["people": people],
            expected: "Ada;Linus;"),
        Case(
            name: "implicit iterator", template: "{{#list}}({{.}}){{/list}}",
            data: ["list": .list([.text("a"), .text("b")])], expected: "(a)(b)"),
        Case(
            name: "true and false sections", template: "{{#t}}T{{/t}}{{#f}}F{{/f}}",
            data: ["t": .flag(true), "f": .flag(false)], expected: "T"),
        Case(
            name: "context section", template: "{{#user}}{{name}}{{/user}}",
            data: ["user": context(["name": .text("Ada")])], expected: "Ada"),
        Case(
            name: "text section pushes the text", template: "{{#v}}<{{.}}>{{/v}}", data: ["v": .text("x")],
            expected: "<x>"),
        Case(
            name: "inverted sections",
            template: "{{^f}}1{{/f}}{{^empty}}2{{/empty}}{{^missing}}3{{/missing}}{{^t}}4{{/t}}{{^people}}5{{/people}}",
            data: ["f": .flag(false), "t": .flag(true), "empty": .list([]), "people": people], expected: "123"),
        Case(
            name: "lookups climb enclosing contexts", template: "{{#people}}{{name}}@{{site}} {{/people}}",
            data: ["people": people, "site": .text("home")], expected: "Ada@home Linus@home "),
        Case(
            name: "a leading dot does not climb", template: "{{#people}}[{{.site}}]{{/people}}",
            data: ["people": people, "site": .text("home")], expected: "[][]"),
        Case(
            name: "a leading dot section", template: "{{#people}}{{#.admin}}*{{/.admin}}{{name}} {{/people}}",
            data: ["people": people, "admin": .flag(true)],
            expected: "*Ada Linus "),
        Case(
            name: "nested sections", template: "{{#people}}{{#admin}}{{name}} is admin{{/admin}}{{/people}}",
            data: ["people": people], expected: "Ada is admin"),
        Case(name: "comments", template: "a{{! a comment }}b{{!\nmulti\nline\n}}c", data: [:], expected: "abc"),
        Case(
            name: "standalone section lines disappear", template: "begin\n  {{#t}}\n  inside\n  {{/t}}\nend\n",
            data: ["t": .flag(true)],
            expected: "begin\n  inside\nend\n"),
        Case(
            name: "standalone lines with CRLF", template: "a\r\n{{#t}}\r\nb\r\n{{/t}}\r\nc", data: ["t": .flag(true)],
            expected: "a\r\nb\r\nc"),
        Case(
            name: "standalone comment and pragma lines", template: "{{%CONTENT_TYPE:TEXT}}\n  {{! note }}\nx\n",
            data: [:], expected: "x\n"),
        Case(
            name: "a standalone tag at the end without a newline", template: "a\n{{#t}}\nb\n{{/t}}",
            data: ["t": .flag(true)], expected: "a\nb\n"),
        Case(
            name: "tags sharing a line are not standalone", template: "{{#t}}{{/t}}\n x {{#t}}\n{{/t}}",
            data: ["t": .flag(true)], expected: "\n x \n"),
        Case(
            name: "inline sections keep their line", template: " {{#t}}yes{{/t}} \n", data: ["t": .flag(true)],
            expected: " yes \n"),
        Case(
            name: "partials", template: "[{{>item}}]", data: ["v": .text("x")], partials: ["item": "<{{v}}>"],
            expected: "[<x>]"),
        Case(
            name: "partials see the current context", template: "{{#people}}{{>person}},{{/people}}",
            data: ["people": people],
            partials: ["person": "{{name}}"], expected: "Ada,Linus,"),
        Case(
            name: "recursive partials", template: "{{>node}}",
            data: ["name": .text("1"), "kids": .list([context(["name": .text("2"), "kids": .list([])])])],
            partials: ["node": "{{name}}({{#kids}}{{>node}}{{/kids}})"], expected: "1(2())"),
        Case(
            name: "set delimiters", template: "{{=<% %>=}}<% v %>{{v}}<%={{ }}=%>{{v}}", data: ["v": .text("x")],
            expected: "x{{v}}x"),
        Case(
            name: "set delimiters on a standalone line", template: "a\n  {{=| |=}}\n|v|\n", data: ["v": .text("x")],
            expected: "a\nx\n"),
        Case(
            name: "sections with new delimiters", template: "{{=[ ]=}}[#t][v][/t]",
            data: ["t": .flag(true), "v": .text("x")], expected: "x"),
        Case(
            name: "a pragma holds until the end of its section",
            template: "{{#t}}{{%CONTENT_TYPE:TEXT}}{{v}}{{/t}}{{v}}",
            data: ["t": .flag(true), "v": .text("<")], expected: "<&lt;"),
        Case(name: "unicode text", template: "ü {{v}} ✓\n", data: ["v": .text("日本")], expected: "ü 日本 ✓\n"),
    ]

    @Test(arguments: cases)
    func rendersAsSpecified(_ test: Case) throws {
        #expect(try render(test.template, test.data, partials: test.partials) == test.expected)
    }

    @Test(arguments: cases)
    func rendersAsSwiftMustacheDoes(_ test: Case) throws {
        #expect(
            try render(test.template, test.data, partials: test.partials)
                == renderWithSwiftMustache(test.template, test.data, partials: test.partials))
    }

    /// Every line of an indented standalone partial is indented, but not the lines inside interpolated values
    /// (the specification's rule; swift-mustache indents only at tag boundaries, so it is not compared here).
    @Test func standalonePartialsIndentEveryLineOfTheirText() throws {
        let partial = "|\n{{{content}}}\n|\n{{#items}}\n- {{.}}\n{{/items}}\n"
        let output = try render(
            "\\\n  {{>partial}}\n/\n", ["content": .text("<\n->"), "items": .list([.text("a"), .text("b")])],
            partials: ["partial": partial])
        #expect(output == "\\\n  |\n  <\n->\n  |\n  - a\n  - b\n/\n")
    }

    @Test func nestedIndentedPartialsAddTheirIndentation() throws {
        let output = try render(
            "{{#kids}}\n  {{>node}}\n{{/kids}}\n",
            [
                "kids": .list([
                    context(["name": .text("a"), "kids": .list([context(["name": .text("b"), "kids": .list([])])])])
                ])
            ],
            partials: ["node": "{{name}}:\n{{#kids}}\n  {{>node}}\n{{/kids}}\n"])
        #expect(output == "  a:\n    b:\n")
    }

    /// A long list in an indented partial: an item may end mid-line or at a line start, which decides whether the
    /// next item is indented.
    @Test(arguments: ["every item ends a line", "no item ends a line", "some items end a line"])
    func longListsInAnIndentedPartialIndentEachLineStart(_ name: String) throws {
        func endsLine(_ index: Int) -> Bool {
            name.hasPrefix("every") || (name.hasPrefix("some") && index % 7 != 3)
        }
        let count = 1_285
        let items = (0..<count).map { context(["name": .text("item\($0)"), "newline": .flag(endsLine($0))]) }
        let output = try render(
            "{{#groups}}\n  {{>group}}\n{{/groups}}\n",
            ["groups": .list([context(["items": .list(TemplateList(items))])])],
            partials: ["group": "{{#items}}{{name}}{{#newline}}\n{{/newline}}{{/items}}"])
        var expected = "", atLineStart = true
        for index in 0..<count {
            if atLineStart { expected += "  " }
            expected += "item\(index)"
            atLineStart = endsLine(index)
            if atLineStart { expected += "\n" }
        }
        #expect(output == expected)
    }

    @Test(arguments: [
        ("{{#a}}\nx\n", "t.mustache:1:1: section 'a' is never closed; add {{/a}}"),
        (
            "x\n{{#a}}{{/b}}",
            "t.mustache:2:7: {{/b}} does not close the open section 'a' (2:1); close it first with {{/a}}"
        ),
        ("{{/a}}", "t.mustache:1:1: {{/a}} closes no open section"),
        ("ab {{name", "t.mustache:1:4: the tag is not closed; add }}"),
        ("{{{name}}", "t.mustache:1:1: the tag is not closed; add }}}"),
        (
            "{{%MAGIC}}",
            "t.mustache:1:1: unknown pragma 'MAGIC'; the known ones are CONTENT_TYPE:TEXT and CONTENT_TYPE:HTML"
        ),
        (
            "{{<parent}}{{/parent}}",
            "t.mustache:1:1: template inheritance ({{< … }} and {{$ … }}) is not supported; use partials ({{> name}})"
        ),
        (
            "{{ uppercased(name) }}",
            "t.mustache:1:1: 'uppercased(name)' is not a name: names are keys of the context, separated by dots, without spaces or transforms (see docs/templates.md)"
        ),
        ("{{>*dynamic}}", "t.mustache:1:1: dynamic partials ({{>*name}}) are not supported; name the partial"),
        ("{{=<%>=}}", "t.mustache:1:1: set delimiters with two markers separated by a space, e.g. {{=<% %>=}}"),
        ("é{{ }}", "t.mustache:1:2: the tag has no name"),
        ("{{a..b}}", "t.mustache:1:1: 'a..b' has an empty part between dots"),
        ("{{.a.}}", "t.mustache:1:1: '.a.' has an empty part between dots"),
        (
            "{{#a\tb}}{{/a\tb}}",
            "t.mustache:1:1: 'a\tb' is not a name: names are keys of the context, separated by dots, without spaces or transforms (see docs/templates.md)"
        ),
        (
            "{{é\u{2003}b}}",
            "t.mustache:1:1: 'é\u{2003}b' is not a name: names are keys of the context, separated by dots, without spaces or transforms (see docs/templates.md)"
        ),
    ])
    func syntaxErrorsAreLocated(template: String, expected: String) throws {
        let diagnostic = try #require(syntaxError(template))
        let location = try #require(diagnostic.location)
        #expect(
            "\(location.path):\(location.line):\(location.column): \(diagnostic.message.replacingOccurrences(of: "template syntax error: ", with: ""))"
                == expected)
    }

    /// Output a layout pass re-indents (Swift, TypeScript) is rendered without indenting an indented partial's
    /// lines; other output gets the partial tag's indentation on every line, as the specification says.
    @Test func indentedPartialsAreIndentedUnlessALayoutPassDoesIt() throws {
        var library = TemplateLibrary()
        try library.register(text: "{\n    {{> body}}\n}\n", named: "main", path: "main.mustache")
        try library.register(text: "a\nb\n", named: "body", path: "body.mustache")
        let context = Values(values: [:])
        #expect(
            library.renderUTF8("main", context: context).map { String(decoding: $0, as: UTF8.self) }
                == "{\n    a\n    b\n}\n")
        #expect(
            library.renderUTF8("main", context: context, indentsPartials: false).map {
                String(decoding: $0, as: UTF8.self)
            } == "{\na\nb\n}\n")
    }

    @Test func aPartialThatDoesNotExistIsReported() throws {
        var library = TemplateLibrary()
        try library.register(text: "a\n  {{> itme}}\n", named: "main", path: "main.mustache")
        try library.register(text: "x", named: "item", path: "item.mustache")
        let missing = library.missingPartials()
        #expect(missing.map(\.message) == ["the partial 'itme' does not exist; the templates are item, main"])
        #expect(missing.first?.location == SchemaGenContract.SourceLocation(path: "main.mustache", line: 2, column: 3))
    }

    /// Partials are located counting on from the one before: lines, and columns in Unicode scalars.
    @Test func laterPartialsAreLocatedToo() throws {
        var library = TemplateLibrary()
        try library.register(
            text: "{{> one}}\né {{> two}}\n\n  ü {{> three}}{{> four}}\n", named: "main", path: "main.mustache")
        let locations = library.missingPartials().compactMap(\.location).map { "\($0.line):\($0.column)" }
        #expect(Set(locations) == ["1:1", "2:3", "4:5", "4:16"])
    }

    /// Templates are compiled with partials numbered by name: a partial registered after the template that
    /// includes it, and one put in from another library (an override), are the ones rendered.
    @Test func partialsRegisteredLaterOrReplacedFromAnotherLibraryAreRendered() throws {
        var library = TemplateLibrary()
        try library.register(text: "<{{> item}}|{{> later}}>", named: "main", path: "main.mustache")
        try library.register(text: "old {{v}}", named: "item", path: "item.mustache")
        try library.register(text: "later", named: "later", path: "later.mustache")
        let context = Values(values: ["v": .text("1")])
        #expect(library.render("main", context: context) == "<old 1|later>")

        var overrides = TemplateLibrary()
        try overrides.register(text: "new {{v}} {{> extra}}", named: "item", path: "item.mustache")
        try overrides.register(text: "and extra", named: "extra", path: "extra.mustache")
        library.replace("item", from: overrides)
        #expect(
            library.missingPartials().map(\.message) == [
                "the partial 'extra' does not exist; the templates are item, later, main"
            ])
        #expect(library.render("main", context: context) == "<new 1 |later>")
        library.replace("extra", from: overrides)
        #expect(library.missingPartials().isEmpty)
        #expect(library.render("main", context: context) == "<new 1 and extra|later>")
    }

    /// A key's name is a number given once per distinct name: a context's layout finds keys by it, and asking a
    /// context for a name no template or context uses neither finds anything nor numbers the name.
    @Test func keyNamesAreNumberedOnceAndUnknownNamesAreNotNumbered() {
        #expect(TemplateKeyName("sameName") == TemplateKeyName("sameName"))
        #expect(TemplateKeyName("sameName") != TemplateKeyName("otherName"))
        #expect(TemplateKeyName("sameName").text == "sameName")
        let context = KeyedSample(count: "3", text: "abc", missing: nil, items: ["x", "y"])
        #expect(context.templateValue(forKey: TemplateKeyName("count"))?.interpolated == "3")
        #expect(context.templateValue(forKey: "text")?.interpolated == "abc")
        #expect(context.templateValue(forKey: "missing") == nil)
        #expect(context.templateValue(forKey: TemplateKeyName("sameName")) == nil)
        let unknown = "a name no template uses \(UInt64.random(in: 0...UInt64.max))"
        #expect(context.templateValue(forKey: unknown) == nil)
        #expect(KeyNumbers.shared.existingNumber(for: unknown) == nil)
        // A nil optional keeps its place: the keys after it read their own values.
        let second = KeyedSample(count: "1", text: "t", missing: "here", items: [])
        #expect(second.templateValue(forKey: "missing")?.interpolated == "here")
        #expect(
            context.templateValue(forKey: "items").map { if case .list(let items) = $0 { items.count } else { -1 } }
                == 2)
        var library = TemplateLibrary()
        #expect(throws: Never.self) {
            try library.register(text: "{{count}}:{{#items}}{{.}}{{/items}}:{{text}}", named: "t", path: "t.mustache")
        }
        #expect(library.render("t", context: context) == "3:xy:abc")
    }
}

/// A context whose keys are its stored properties, as every generator context's are.
private struct KeyedSample: KeyedTemplateContext {
    var count: String
    var text: String
    var missing: String?
    var items: [String]
}
