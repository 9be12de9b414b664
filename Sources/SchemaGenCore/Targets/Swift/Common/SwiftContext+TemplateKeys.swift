// Every template context's table of keys: templates read these, and nothing else, so rendering needs no
// reflection. `TemplateKeysTests` checks every table against the stored properties it must cover.

extension SwiftFileContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "sourceFile": .property(\.sourceFile),
        "access": .property(\.access),
        "namespace": .property(\.namespace),
        "runtime": .property(\.runtime),
        "coreAccess": .property(\.coreAccess),
        "documentation": .property(\.documentation),
        "framing": .property(\.framing),
        "dateEncoding": .property(\.dateEncoding),
        "separator": .property(\.separator),
        "socketIONamespace": .property(\.socketIONamespace),
        "types": .property(\.types),
        "root": .property(\.root),
        "channels": .property(\.channels),
        "hasTypes": .property(\.hasTypes),
        "hasChannels": .property(\.hasChannels),
        "includesTypes": .property(\.includesTypes),
        "includesClient": .property(\.includesClient),
        "includesServer": .property(\.includesServer),
    ]
}

extension TypeContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "documentation": .property(\.documentation),
        "structure": .property(\.structure),
        "enumeration": .property(\.enumeration),
        "union": .property(\.union),
        "flags": .property(\.flags),
        "isStruct": .property(\.isStruct),
        "isEnum": .property(\.isEnum),
        "isUnion": .property(\.isUnion),
        "isFlags": .property(\.isFlags),
    ]
}

extension UnionContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "cases": .property(\.cases),
        "isByKind": .property(\.isByKind),
        "isByField": .property(\.isByField),
        "tagKey": .property(\.tagKey),
        "tagType": .property(\.tagType),
        "kindsText": .property(\.kindsText),
        "fallback": .property(\.fallback),
    ]
}

extension UnionCaseContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "type": .property(\.type),
        "documentation": .property(\.documentation),
        "selector": .property(\.selector),
    ]
}

extension FlagsContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "flags": .property(\.flags),
    ]
}

extension FlagContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "value": .property(\.value),
        "documentation": .property(\.documentation),
        "deprecation": .property(\.deprecation),
    ]
}

extension StructContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "conformances": .property(\.conformances),
        "memberwiseEquatable": .property(\.memberwiseEquatable),
        "memberComparison": .property(\.memberComparison),
        "eventName": .property(\.eventName),
        "properties": .property(\.properties),
        "constants": .property(\.constants),
        "hasFieldCoding": .property(\.hasFieldCoding),
        "fieldsDeclaration": .property(\.fieldsDeclaration),
        "writerDeclaration": .property(\.writerDeclaration),
        "constantChecks": .property(\.constantChecks),
        "fieldArguments": .property(\.fieldArguments),
        "fieldEncodings": .property(\.fieldEncodings),
        "patternEncodings": .property(\.patternEncodings),
        "initializerParameters": .property(\.initializerParameters),
        "nestedTypes": .property(\.nestedTypes),
        "isTuple": .property(\.isTuple),
        "tupleDecoding": .property(\.tupleDecoding),
        "tupleEncoding": .property(\.tupleEncoding),
    ]
}

// The classes' keys are closures, not key path literals: a key path's read of a class's stored property is
// checked for exclusive access at run time, even of a constant (a tenth of the lookups' cost).
extension PropertyContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<PropertyContext> = [
        "name": .property { $0.name },
        "storageName": .property { $0.storageName },
        "argumentName": .property { $0.argumentName },
        "type": .property { $0.type },
        "unwrappedType": .property { $0.unwrappedType },
        "isOptional": .property { $0.isOptional },
        "documentation": .property { $0.documentation },
        "deprecation": .property { $0.deprecation },
        "isIndirect": .property { $0.isIndirect },
        "constantValue": .property { $0.constantValue },
        "decoding": .property { $0.decoding },
    ]
}

extension EnumContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "rawType": .property(\.rawType),
        "cases": .property(\.cases),
    ]
}

extension EnumCaseContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "name": .property(\.name),
        "rawValue": .property(\.rawValue),
        "documentation": .property(\.documentation),
    ]
}

extension ScopeContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "channelExpression": .property(\.channelExpression),
        "events": .property(\.events),
        "clientEvents": .property(\.clientEvents),
        "serverEvents": .property(\.serverEvents),
        "hasClientEvents": .property(\.hasClientEvents),
        "hasServerEvents": .property(\.hasServerEvents),
        "usesShapes": .property(\.usesShapes),
        "isChannel": .property(\.isChannel),
        "hasSeveralClientEvents": .property(\.hasSeveralClientEvents),
        "memberwiseEquatable": .property(\.memberwiseEquatable),
        "memberComparison": .property(\.memberComparison),
    ]
}

extension EventContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<EventContext> = [
        "wireName": .property { $0.wireName },
        "wireNameText": .property { $0.wireNameText },
        "directionText": .property { $0.directionText },
        "typeName": .property { $0.typeName },
        "memberName": .property { $0.memberName },
        "listenerName": .property { $0.listenerName },
        "documentation": .property { $0.documentation },
        "deprecation": .property { $0.deprecation },
        "declaration": .property { $0.declaration },
        "valueType": .property { $0.valueType },
        "hasValue": .property { $0.hasValue },
        "decodesWholeFrame": .property { $0.decodesWholeFrame },
        "payloadDecoding": .property { $0.payloadDecoding },
        "payloadSource": .property { $0.payloadSource },
        "emitParameters": .property { $0.emitParameters },
        "emitInitializer": .property { $0.emitInitializer },
        "hasEmitParameters": .property { $0.hasEmitParameters },
        "route": .property { $0.route },
        "emitTarget": .property { $0.emitTarget },
        "emitValue": .property { $0.emitValue },
        "request": .property { $0.request },
        "subscription": .property { $0.subscription },
        "ack": .property { $0.ack },
        "responder": .property { $0.responder },
        "serverResponder": .property { $0.serverResponder },
        "serverRequest": .property { $0.serverRequest },
        "isRequest": .property { $0.isRequest },
    ]
}

extension ServerRequestContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "parameters": .property(\.parameters),
        "answerType": .property(\.answerType),
        "lines": .property(\.lines),
        "answerEventText": .property(\.answerEventText),
        "matchText": .property(\.matchText),
    ]
}

extension ServerResponderContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "answerType": .property(\.answerType),
        "correlationRead": .property(\.correlationRead),
        "answerLines": .property(\.answerLines),
        "answerEventText": .property(\.answerEventText),
        "matchText": .property(\.matchText),
    ]
}

extension ResponderContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "answerType": .property(\.answerType),
        "answerLines": .property(\.answerLines),
        "emitTarget": .property(\.emitTarget),
        "emitValue": .property(\.emitValue),
        "answerEventText": .property(\.answerEventText),
        "matchText": .property(\.matchText),
    ]
}

extension AckContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "type": .property(\.type),
        "spread": .property(\.spread),
        "parameters": .property(\.parameters),
        "value": .property(\.value),
        "isAwaited": .property(\.isAwaited),
        "isAnswered": .property(\.isAnswered),
        "serverParameters": .property(\.serverParameters),
    ]
}

extension SubscriptionContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "parameters": .property(\.parameters),
        "correlationSetup": .property(\.correlationSetup),
        "matchArguments": .property(\.matchArguments),
        "itemType": .property(\.itemType),
        "itemDecoding": .property(\.itemDecoding),
        "failure": .property(\.failure),
        "rejection": .property(\.rejection),
        "cancel": .property(\.cancel),
        "hasCancel": .property(\.hasCancel),
        "value": .property(\.value),
        "summary": .property(\.summary),
    ]
}

extension RequestContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "parameters": .property(\.parameters),
        "correlationSetup": .property(\.correlationSetup),
        "correlationValue": .property(\.correlationValue),
        "value": .property(\.value),
        "replyMatch": .property(\.replyMatch),
        "replyType": .property(\.replyType),
        "replyDecoding": .property(\.replyDecoding),
        "rejection": .property(\.rejection),
        "replyEventText": .property(\.replyEventText),
        "matchText": .property(\.matchText),
        "correlationOrigin": .property(\.correlationOrigin),
        "cancel": .property(\.cancel),
        "hasCancel": .property(\.hasCancel),
        "cancelEventText": .property(\.cancelEventText),
    ]
}

extension ChannelContext: KeyedTemplateContext {
    static let templateKeys: TemplateKeyTable<Self> = [
        "typeName": .property(\.typeName),
        "memberName": .property(\.memberName),
        "documentation": .property(\.documentation),
        "deprecation": .property(\.deprecation),
        "addressTemplate": .property(\.addressTemplate),
        "addressExpression": .property(\.addressExpression),
        "parameters": .property(\.parameters),
        "accessorParameters": .property(\.accessorParameters),
        "accessorArguments": .property(\.accessorArguments),
        "hasParameters": .property(\.hasParameters),
        "scope": .property(\.scope),
        "templateParts": .property(\.templateParts),
        "channelType": .property(\.channelType),
        "channelFromValues": .property(\.channelFromValues),
    ]
}
