/// A list of template contexts translated one at a time, as rendering reaches each: for the long lists of a
/// large contract, whose contexts would otherwise all exist at once, several times the size of their output.
/// Rendering translates an item in the chunk that renders it, on all cores, and drops it once rendered; a
/// template that reads the list twice translates it twice.
public struct TranslatedList<Element: Sendable>: RandomAccessCollection, Sendable {
    public var startIndex: Int { 0 }
    public let endIndex: Int
    private let translate: @Sendable (Int) -> Element

    /// The elements of `sources`, each translated by `translate` when read.
    public init<Source: Sendable>(_ sources: [Source], translate: @escaping @Sendable (Source) -> Element) {
        endIndex = sources.count
        self.translate = { translate(sources[$0]) }
    }

    public subscript(position: Int) -> Element { translate(position) }
}

extension TranslatedList: TemplateValueConvertible where Element: TemplateValueConvertible {
    var templateValue: TemplateValue? {
        .list(TemplateList(count: count) { [self] in self[$0].stackLevel })
    }
}

extension TranslatedList: CustomReflectable {
    /// The translated elements, as an array shows them.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}

extension TranslatedList: CustomStringConvertible {
    /// The translated elements, as an array describes them.
    public var description: String { Array(self).description }
}
