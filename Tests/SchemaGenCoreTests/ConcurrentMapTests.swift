@testable import SchemaGenContract
@testable import SchemaGenGenerator
@testable import SchemaGenTools
import Testing

@Suite struct ConcurrentMapTests {
    @Test func keepsTheOrderOfTheElements() {
        let numbers = Array(0..<10_000)
        #expect(numbers.concurrentMap(minimumChunk: 7) { $0 * 2 } == numbers.map { $0 * 2 })
        #expect(numbers[100..<1_100].concurrentMap(minimumChunk: 1) { "\($0)" } == numbers[100..<1_100].map { "\($0)" })
    }

    @Test func shortCollectionsAreMappedInPlace() {
        #expect([Int]().concurrentMap { $0 + 1 } == [])
        #expect([1, 2, 3].concurrentMap(minimumChunk: 64) { $0 + 1 } == [2, 3, 4])
    }

    /// Generation nests them (files, then a file's types, then long template lists): each level must still
    /// finish, with every element mapped once, however many threads the outer levels hold.
    @Test func nestedCallsFinishWithEveryElementMappedOnce() {
        let outer = Array(0..<16).concurrentMap { row in
            Array(0..<500).concurrentMap(minimumChunk: 10) { column in
                Array(0..<20).concurrentMap(minimumChunk: 2) { row * 10_000 + column * 20 + $0 }.reduce(0, +)
            }.reduce(0, +)
        }
        let expected = (0..<16).map { row in
            (0..<500).map { column in (0..<20).map { row * 10_000 + column * 20 + $0 }.reduce(0, +) }.reduce(0, +)
        }
        #expect(outer == expected)
    }
}
