import Testing

@testable import GraphQL

@Suite("Node stack")
struct NodeStackTests {
    @Test("pops the elements from a start index as an array of exactly those, in order")
    func popsInOrder() {
        var stack = NodeStack<String>()
        defer { stack.deallocate() }
        stack.push("outer")
        let start = stack.count
        for word in ["a", "b", "c"] { stack.push(word) }
        let popped = stack.popArray(from: start)
        #expect(popped == ["a", "b", "c"])
        // Sized for the three, not the stack's 32 (malloc may round a block up by one).
        #expect(popped.capacity < 8)
        #expect(stack.count == 1)
        #expect(stack.popArray(from: 0) == ["outer"])
    }

    @Test("a nested list popped first leaves the enclosing list whole")
    func nestedLists() {
        var stack = NodeStack<Int>()
        defer { stack.deallocate() }
        let outer = stack.count
        stack.push(1)
        let inner = stack.count
        stack.push(10)
        stack.push(11)
        #expect(stack.popArray(from: inner) == [10, 11])
        stack.push(2)
        #expect(stack.popArray(from: outer) == [1, 2])
        #expect(stack.popArray(from: 0) == [])
    }

    @Test("keeps every element when it grows past its first capacity")
    func grows() {
        var stack = NodeStack<String>()
        defer { stack.deallocate() }
        for number in 0..<1000 { stack.push("\(number)") }
        #expect(stack.popArray(from: 0) == (0..<1000).map { "\($0)" })
    }

    @Test("deallocating destroys the elements still on the stack")
    func deallocateDestroys() {
        final class Tracked {}
        weak var first: Tracked?
        weak var second: Tracked?
        var stack = NodeStack<Tracked>()
        do {
            let one = Tracked()
            let two = Tracked()
            first = one
            second = two
            stack.push(one)
            stack.push(two)
        }
        #expect(first != nil && second != nil)
        stack.deallocate()
        #expect(first == nil && second == nil)
    }

    @Test("a selection set of many selections, with nested sets between them, keeps its order")
    func manySelections() throws {
        let fields = (0..<40).map { $0 % 5 == 0 ? "f\($0) { g\($0) h\($0) }" : "f\($0)" }
        let document = try parsed("{ \(fields.joined(separator: " ")) }")
        guard case .executable(.operation(let operation)) = document.definitions.first else {
            Issue.record("expected an operation")
            return
        }
        let names = operation.selectionSet.selections.map { selection -> String in
            if case .field(let field) = selection { return field.name.value }
            return "?"
        }
        #expect(names == (0..<40).map { "f\($0)" })
        guard case .field(let tenth) = operation.selectionSet.selections[10] else { return }
        #expect(tenth.selectionSet?.selections.count == 2)
    }
}
