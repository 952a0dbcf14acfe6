/// One response position: filled by value completion, read when the response is written.
///
/// Plain numbers only, like `ResultContainer`: a leaf is written as JSON when it is
/// completed, so the positions hold no strings, and making, reading and freeing them
/// counts no references.
enum ResultValue: Sendable {
    case null
    /// A leaf already written as JSON: its bytes in `ResponseTree.leafText`.
    case text(start: Int, end: Int)
    /// A leaf whose `Value` is kept (a float, or a custom scalar's list or object), so that
    /// `ExecutionResult.data` gives it back exactly: its index in `ResponseTree.leafValues`.
    case value(Int)
    /// An object or list: the index of its container.
    case container(Int)
}

/// The positions of one object (in response-key order) or one list (in index order).
///
/// Plain numbers only, so that making, copying and freeing containers counts no
/// references: whether an object's keys are non-null is read from its key set.
struct ResultContainer: Sendable {
    let firstSlot: Int
    let count: Int
    /// The position holding this container; -1 for the root object (`data`).
    let parentSlot: Int
    /// The index of an object's response keys in `ResponseTree.keySets`; -1 for a list.
    let keySet: Int
    /// Whether the item type is non-null (a list's).
    let itemIsNonNull: Bool

    var isList: Bool { keySet < 0 }
}

/// The response keys of one plan: as strings (for paths and values) and pre-encoded as JSON
/// member names, so writing an object copies bytes instead of escaping strings.
///
/// A class, shared by the plan and every response tree that uses it: a struct of four
/// arrays was retained four times when a request registered it, and released four times
/// when the response was freed.
final class ResponseKeys: Sendable {
    let names: [String]
    /// Whether each key's field type is non-null.
    let isNonNull: [Bool]
    /// Each name as `,"key":` — the comma that goes before every member but the first
    /// included, so that a member costs one copy.
    let encoded: [UInt8]
    /// Where each name's bytes (its comma) start in `encoded`, plus the end.
    let offsets: [Int]

    init(_ names: [String], isNonNull: [Bool]) {
        self.names = names
        self.isNonNull = isNonNull
        var writer = JSONWriter(capacity: names.count * 16)
        var offsets = [0]
        for name in names {
            writer.comma()
            writer.writeKey(name)
            offsets.append(writer.count)
        }
        self.encoded = writer.bytes
        self.offsets = offsets
    }
}

/// The response being built, breadth-first, as flat arrays: positions (`slots`) grouped
/// into objects and lists (`containers`). A position's container, and whether its type is
/// non-null, are found from the containers when a null must propagate upward (section
/// 6.4.4) or an error needs a path; nothing per position is kept for those rare cases.
struct ResponseTree: Sendable {
    private(set) var slots: [ResultValue] = []
    /// In the order they were added, so their first positions only grow.
    private(set) var containers: [ResultContainer] = []
    private(set) var keySets: [ResponseKeys] = []
    /// The JSON text of the leaves written so far, one after another.
    private(set) var leafText = JSONWriter(capacity: 0)
    /// The leaves kept as values (`ResultValue.value`).
    private(set) var leafValues: [Value] = []
    /// Set when a null reached `data` itself.
    private(set) var dataIsNull = false
    /// How many containers a null has replaced; while zero, every position is alive.
    private(set) var nulledContainers = 0

    /// A response whose `data` is null before anything was executed.
    static var nullData: ResponseTree {
        var tree = ResponseTree()
        tree.dataIsNull = true
        return tree
    }

    /// Room for `slots` positions, `containers` containers and `leafBytes` bytes of leaf
    /// text before the buffers grow.
    mutating func reserve(slots: Int, containers: Int, leafBytes: Int) {
        self.slots.reserveCapacity(slots)
        self.containers.reserveCapacity(containers)
        if leafBytes > 16 { leafText = JSONWriter(capacity: leafBytes) }
    }

    /// Room for `count` key sets before the array grows.
    mutating func reserveKeySets(_ count: Int) {
        keySets.reserveCapacity(count)
    }

    /// Registers the response keys of a plan; returns their index for `addObject`.
    mutating func addKeySet(_ keys: ResponseKeys) -> Int {
        keySets.append(keys)
        return keySets.count - 1
    }

    /// Adds an object with one position for each of its `count` response keys; returns its
    /// container index.
    mutating func addObject(keySet: Int, count: Int, parentSlot: Int) -> Int {
        let index = containers.count
        containers.append(
            ResultContainer(
                firstSlot: slots.count, count: count, parentSlot: parentSlot, keySet: keySet,
                itemIsNonNull: false))
        appendNullSlots(count)
        if parentSlot >= 0 { slots[parentSlot] = .container(index) }
        return index
    }

    /// Adds a list of `count` positions under `parentSlot`; returns its container index.
    mutating func addList(count: Int, itemIsNonNull: Bool, parentSlot: Int) -> Int {
        let index = containers.count
        containers.append(
            ResultContainer(
                firstSlot: slots.count, count: count, parentSlot: parentSlot, keySet: -1,
                itemIsNonNull: itemIsNonNull))
        appendNullSlots(count)
        slots[parentSlot] = .container(index)
        return index
    }

    /// One append per position: `append(contentsOf: repeatElement(…))` went through the
    /// generic sequence path, about 200 instructions for an object of five keys.
    private mutating func appendNullSlots(_ count: Int) {
        for _ in 0..<count { slots.append(.null) }
    }

    /// The container a position belongs to: the last one whose positions start at or
    /// before it (a container's positions are added with it, after all earlier ones').
    func owner(of slot: Int) -> Int {
        var low = 0
        var high = containers.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if containers[middle].firstSlot <= slot { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Whether `slot` still holds the container put there (no null has replaced it).
    func holdsContainer(_ slot: Int) -> Bool {
        if case .container = slots[slot] { return true }
        return false
    }

    /// Puts a serialized leaf at `slot`: strings, integers and booleans as their JSON text
    /// (which reads back as the same value), anything else as the value itself.
    mutating func setLeaf(_ value: Value, at slot: Int) {
        let start = leafText.count
        switch value {
        case .null:
            slots[slot] = .null
            return
        case .string(let text): leafText.writeString(text)
        case .int(let number): leafText.writeInt(number)
        case .bool(let flag): leafText.writeBool(flag)
        case .float, .list, .object:
            leafValues.append(value)
            slots[slot] = .value(leafValues.count - 1)
            return
        }
        slots[slot] = .text(start: start, end: leafText.count)
    }

    /// Makes `slot` null; when its type is non-null, the null moves up to the nearest
    /// nullable position, or to `data` itself (section 6.4.4).
    mutating func setNull(at slot: Int) {
        var slot = slot
        while true {
            if case .container = slots[slot] { nulledContainers += 1 }
            slots[slot] = .null
            let owner = containers[owner(of: slot)]
            guard isNonNull(at: slot - owner.firstSlot, of: owner) else { return }
            let parent = owner.parentSlot
            guard parent >= 0 else {
                dataIsNull = true
                return
            }
            if case .null = slots[parent] { return }
            slot = parent
        }
    }

    /// Whether the type of the position at `offset` of `container` is non-null.
    func isNonNull(at offset: Int, of container: ResultContainer) -> Bool {
        container.isList ? container.itemIsNonNull : keySets[container.keySet].isNonNull[offset]
    }

    /// Whether a container is still part of the response (no null has replaced it or any
    /// of its ancestors).
    func isAlive(_ container: Int) -> Bool {
        if dataIsNull { return false }
        if nulledContainers == 0 { return true }
        var current = container
        while true {
            let parent = containers[current].parentSlot
            if parent < 0 { return true }
            guard case .container(let held) = slots[parent], held == current else { return false }
            current = owner(of: parent)
        }
    }

    /// The response path of a position: keys and list indices from `data` down.
    func path(of slot: Int) -> [PathComponent] {
        var reversed: [PathComponent] = []
        var slot = slot
        while slot >= 0 {
            let container = containers[owner(of: slot)]
            let offset = slot - container.firstSlot
            if container.isList {
                reversed.append(.index(offset))
            } else {
                reversed.append(.key(keySets[container.keySet].names[offset]))
            }
            slot = container.parentSlot
        }
        return reversed.reversed()
    }

    /// Offsets within each container from `data` down to `slot`: sorting by it puts
    /// positions in response order.
    func order(of slot: Int) -> [Int] {
        var reversed: [Int] = []
        var slot = slot
        while slot >= 0 {
            let container = containers[owner(of: slot)]
            reversed.append(slot - container.firstSlot)
            slot = container.parentSlot
        }
        return reversed.reversed()
    }
}
