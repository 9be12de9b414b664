import Mustache

/// Template contexts answer mustache lookups from a table of key paths: no reflection while rendering.
/// (swift-mustache otherwise reads every key through `Mirror`, which was most of generation time.)
/// `TemplateKeysTests` checks every table against the stored properties it must cover.
protocol TemplateContext: MustacheParent {
    static var templateKeys: [String: PartialKeyPath<Self> & Sendable] { get }
}

extension TemplateContext {
    /// The value for `name`; `nil` for an unknown key or an empty optional, so mustache looks further up
    /// the context stack, as it does for values read through `Mirror`.
    public func child(named name: String) -> Any? {
        guard let keyPath = Self.templateKeys[name] else { return nil }
        let value = self[keyPath: keyPath]
        if let optional = value as? any OptionalTemplateValue { return optional.templateValue }
        return value
    }
}

/// Lets an optional read through a key path report emptiness as `nil`.
protocol OptionalTemplateValue {
    var templateValue: Any? { get }
}

extension Optional: OptionalTemplateValue {
    var templateValue: Any? { self.map { $0 as Any } }
}

extension SwiftFileContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "sourceFile": \.sourceFile,
        "access": \.access,
        "namespace": \.namespace,
        "documentation": \.documentation,
        "framing": \.framing,
        "dateEncoding": \.dateEncoding,
        "types": \.types,
        "root": \.root,
        "channels": \.channels,
        "hasTypes": \.hasTypes,
        "hasChannels": \.hasChannels,
    ]
}

extension TypeContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "documentation": \.documentation,
        "structure": \.structure,
        "enumeration": \.enumeration,
        "isStruct": \.isStruct,
        "isEnum": \.isEnum,
    ]
}

extension StructContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "conformances": \.conformances,
        "eventName": \.eventName,
        "properties": \.properties,
        "constants": \.constants,
        "hasCodingKeys": \.hasCodingKeys,
        "codingKeys": \.codingKeys,
        "hasCustomCoding": \.hasCustomCoding,
        "hasInitializer": \.hasInitializer,
        "initializerParameters": \.initializerParameters,
        "nestedTypes": \.nestedTypes,
    ]
}

extension PropertyContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "storageName": \.storageName,
        "codingKey": \.codingKey,
        "argumentName": \.argumentName,
        "type": \.type,
        "unwrappedType": \.unwrappedType,
        "isOptional": \.isOptional,
        "documentation": \.documentation,
        "deprecation": \.deprecation,
        "isIndirect": \.isIndirect,
        "constantValue": \.constantValue,
    ]
}

extension CodingKeyContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "rawValue": \.rawValue,
    ]
}

extension EnumContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "cases": \.cases,
    ]
}

extension EnumCaseContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "rawValue": \.rawValue,
        "documentation": \.documentation,
    ]
}

extension ScopeContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "channelExpression": \.channelExpression,
        "events": \.events,
        "clientEvents": \.clientEvents,
        "serverEvents": \.serverEvents,
        "hasClientEvents": \.hasClientEvents,
        "hasServerEvents": \.hasServerEvents,
    ]
}

extension EventContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "wireName": \.wireName,
        "wireNameText": \.wireNameText,
        "directionText": \.directionText,
        "typeName": \.typeName,
        "memberName": \.memberName,
        "listenerName": \.listenerName,
        "documentation": \.documentation,
        "deprecation": \.deprecation,
        "declaration": \.declaration,
        "valueType": \.valueType,
        "hasValue": \.hasValue,
        "decodesWholeFrame": \.decodesWholeFrame,
        "emitParameters": \.emitParameters,
        "emitInitializer": \.emitInitializer,
        "hasEmitParameters": \.hasEmitParameters,
    ]
}

extension ChannelContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "typeName": \.typeName,
        "memberName": \.memberName,
        "documentation": \.documentation,
        "deprecation": \.deprecation,
        "addressTemplate": \.addressTemplate,
        "addressExpression": \.addressExpression,
        "parameters": \.parameters,
        "accessorParameters": \.accessorParameters,
        "accessorArguments": \.accessorArguments,
        "hasParameters": \.hasParameters,
        "scope": \.scope,
    ]
}

extension MarkdownFileContext: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "sourceFile": \.sourceFile,
        "title": \.title,
        "description": \.description,
        "hasDescription": \.hasDescription,
        "contents": \.contents,
        "root": \.root,
        "channels": \.channels,
        "hasChannels": \.hasChannels,
        "types": \.types,
        "hasTypes": \.hasTypes,
        "wireFormat": \.wireFormat,
    ]
}

extension MarkdownLink: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "title": \.title,
        "anchor": \.anchor,
    ]
}

extension MarkdownScope: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "clientEvents": \.clientEvents,
        "serverEvents": \.serverEvents,
        "hasClientEvents": \.hasClientEvents,
        "hasServerEvents": \.hasServerEvents,
    ]
}

extension MarkdownEventRow: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "payload": \.payload,
        "description": \.description,
    ]
}

extension MarkdownChannel: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "heading": \.heading,
        "anchor": \.anchor,
        "address": \.address,
        "description": \.description,
        "hasDescription": \.hasDescription,
        "parameters": \.parameters,
        "hasParameters": \.hasParameters,
        "scope": \.scope,
    ]
}

extension MarkdownType: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "anchor": \.anchor,
        "description": \.description,
        "hasDescription": \.hasDescription,
        "isStruct": \.isStruct,
        "fields": \.fields,
        "isEnum": \.isEnum,
        "values": \.values,
    ]
}

extension MarkdownFieldRow: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "name": \.name,
        "type": \.type,
        "description": \.description,
    ]
}

extension MarkdownWireFormat: TemplateContext {
    static let templateKeys: [String: PartialKeyPath<Self> & Sendable] = [
        "explanation": \.explanation,
        "exampleEvent": \.exampleEvent,
        "exampleFrame": \.exampleFrame,
        "hasExample": \.hasExample,
    ]
}
