import SchemaGenContract
// Every template context's table of keys: templates read these, and nothing else, so rendering needs no
// reflection. `TemplateKeysTests` checks every table against the stored properties it must cover.

extension MarkdownFileContext: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "sourceFile": .property(\.sourceFile),
        "title": .property(\.title),
        "version": .property(\.version),
        "description": .property(\.description),
        "hasDescription": .property(\.hasDescription),
        "contents": .property(\.contents),
        "servers": .property(\.servers),
        "hasServers": .property(\.hasServers),
        "root": .property(\.root),
        "channels": .property(\.channels),
        "hasChannels": .property(\.hasChannels),
        "types": .property(\.types),
        "hasTypes": .property(\.hasTypes),
        "examples": .property(\.examples),
        "hasExamples": .property(\.hasExamples),
        "sequences": .property(\.sequences),
        "hasSequences": .property(\.hasSequences),
        "wireFormat": .property(\.wireFormat),
    ]
}

extension MarkdownEventExamples: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "heading": .property(\.heading),
        "anchor": .property(\.anchor),
        "items": .property(\.items),
    ]
}

extension MarkdownSequence: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "heading": .property(\.heading),
        "anchor": .property(\.anchor),
        "diagram": .property(\.diagram),
    ]
}

extension MarkdownExample: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "summary": .property(\.summary),
        "isFrame": .property(\.isFrame),
        "fence": .property(\.fence),
        "language": .property(\.language),
        "code": .property(\.code),
    ]
}

extension MarkdownLink: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "title": .property(\.title),
        "anchor": .property(\.anchor),
    ]
}

extension MarkdownScope: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "clientEvents": .property(\.clientEvents),
        "serverEvents": .property(\.serverEvents),
        "hasClientEvents": .property(\.hasClientEvents),
        "hasServerEvents": .property(\.hasServerEvents),
    ]
}

extension MarkdownEventRow: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "payload": .property(\.payload),
        "description": .property(\.description),
    ]
}

extension MarkdownChannel: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "heading": .property(\.heading),
        "anchor": .property(\.anchor),
        "address": .property(\.address),
        "description": .property(\.description),
        "hasDescription": .property(\.hasDescription),
        "parameters": .property(\.parameters),
        "hasParameters": .property(\.hasParameters),
        "scope": .property(\.scope),
    ]
}

extension MarkdownType: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "anchor": .property(\.anchor),
        "description": .property(\.description),
        "hasDescription": .property(\.hasDescription),
        "isStruct": .property(\.isStruct),
        "fields": .property(\.fields),
        "isEnum": .property(\.isEnum),
        "valueKind": .property(\.valueKind),
        "values": .property(\.values),
    ]
}

extension MarkdownFieldRow: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "type": .property(\.type),
        "description": .property(\.description),
    ]
}

extension MarkdownWireFormat: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "explanation": .property(\.explanation),
        "exampleEvent": .property(\.exampleEvent),
        "exampleFrame": .property(\.exampleFrame),
        "hasExample": .property(\.hasExample),
        "moreExamples": .property(\.moreExamples),
    ]
}

extension MarkdownFrameExample: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "event": .property(\.event),
        "frame": .property(\.frame),
    ]
}

extension MarkdownServerRow: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "url": .property(\.url),
        "description": .property(\.description),
    ]
}
