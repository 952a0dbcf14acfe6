/// Nodes parsed but not yet placed in their parent, handed out as arrays of exactly their
/// count.
///
/// A selection set does not know how many selections it has until its `}`. Appending to an
/// array that grows would allocate several times, and reserving a guess allocates too much
/// (eight selections are over a kilobyte). Instead every selection set pushes its
/// selections on this one stack, which nested sets share: a nested set pops its own before
/// its parent pushes the next, so a set's selections are always the top of the stack, and
/// `popArray(from:)` moves them (no reference counting) into one exact allocation.
///
/// The stack owns raw memory: the parser that holds it calls `deallocate()` once it is done,
/// whether parsing succeeded or failed.
struct NodeStack<Element> {
    private var base: UnsafeMutablePointer<Element>? = nil
    /// How many elements are on the stack; a list's first element's index is its start.
    private(set) var count = 0
    private var capacity = 0

    /// Puts a finished node on top.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Moves the elements from index `start` to the top into an array of exactly that
    /// many, leaving `start` elements on the stack.
    ///
    /// Inlined, and built with `reserveCapacity` and `append`, so that the array is made for
    /// a known element type: `Array(unsafeUninitializedCapacity:)` goes through a generic
    /// standard-library entry that looks the array's type up at run time on every call.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let popped = count - start
        guard popped > 0 else { return [] }
        let source = base.unsafelyUnwrapped + start
        count = start
        var array: [Element] = []
        array.reserveCapacity(popped)
        for offset in 0..<popped { array.append((source + offset).move()) }
        return array
    }

    /// Destroys whatever is left (after a syntax error) and frees the memory.
    mutating func deallocate() {
        if let base {
            base.deinitialize(count: count)
            base.deallocate()
        }
        base = nil
        count = 0
        capacity = 0
    }

    private mutating func grow() {
        let newCapacity = max(32, capacity * 2)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
