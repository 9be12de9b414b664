/// A first-in, first-out queue with O(1) amortised `popFirst`: what the inbox and a server connection's outbox keep
/// their messages in. Not thread-safe; its owners guard it with their locks.
struct FIFOQueue<Element> {
    private var elements: [Element] = []
    private var head = 0

    var count: Int { elements.count - head }
    var isEmpty: Bool { head == elements.count }

    mutating func append(_ element: Element) {
        elements.append(element)
    }

    mutating func append(contentsOf newElements: some Sequence<Element>) {
        elements.append(contentsOf: newElements)
    }

    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        // Compacts once the taken part is the larger: each element is moved at most once more.
        if head > 32, head * 2 > elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    mutating func removeAll() {
        elements = []
        head = 0
    }
}
