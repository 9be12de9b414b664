import SchemaGenContract
// Every template context's table of keys: templates read these, and nothing else, so rendering needs no
// reflection. `TemplateKeysTests` checks every table against the stored properties it must cover.

extension TypeScriptFileContext: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "sourceFile": .property(\.sourceFile),
        "documentation": .property(\.documentation),
        "framing": .property(\.framing),
        "declarations": .property(\.declarations),
        "hasDeclarations": .property(\.hasDeclarations),
        "eventMaps": .property(\.eventMaps),
        "hasEventMaps": .property(\.hasEventMaps),
        "frames": .property(\.frames),
        "frameUnions": .property(\.frameUnions),
        "hasFrames": .property(\.hasFrames),
        "guardsReadValues": .property(\.guardsReadValues),
        "guardsReadAddresses": .property(\.guardsReadAddresses),
        "examples": .property(\.examples),
        "hasExamples": .property(\.hasExamples),
        "servers": .property(\.servers),
        "hasServers": .property(\.hasServers),
    ]
}

extension TypeScriptDeclaration: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "documentation": .property(\.documentation),
        "isInterface": .property(\.isInterface),
        "members": .property(\.members),
        "type": .property(\.type),
    ]
}

extension TypeScriptMember: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "documentation": .property(\.documentation),
        "declaration": .property(\.declaration),
    ]
}

extension TypeScriptEventMap: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "documentation": .property(\.documentation),
        "entries": .property(\.entries),
    ]
}

extension TypeScriptFrame: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "documentation": .property(\.documentation),
        "type": .property(\.type),
        "guardName": .property(\.guardName),
        "condition": .property(\.condition),
    ]
}

extension TypeScriptFrameUnion: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "documentation": .property(\.documentation),
        "type": .property(\.type),
    ]
}

extension TypeScriptExamples: KeyedTemplateContext {
    package static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "type": .property(\.type),
        "array": .property(\.array),
    ]
}
