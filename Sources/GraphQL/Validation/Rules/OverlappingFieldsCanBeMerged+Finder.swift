/// The search behind `OverlappingFieldsCanBeMergedRule`, with its memo tables. One finder
/// lives for one validation run.
struct ConflictFinder {
    let context: ValidationContext
    /// Stop collecting after this many conflicts: the error limit would cut them off anyway.
    var budget = Int.max {
        didSet { found = 0 }
    }
    /// How deep fragments may nest inside each other before the search stops following them,
    /// so that a long chain of fragments cannot exhaust the thread's stack.
    static let maximumNesting = 200
    /// How many comparisons (field pairs and fragment pairs) one document may cost. graphql-js
    /// has no such limit, and fragments spread together from long chains make it compare
    /// every fragment of one chain with every fragment of the others; past this, the
    /// document is refused as too complex rather than checked for minutes.
    static let maximumWork = 1_000_000

    /// Comparisons made so far in this document.
    private(set) var work = 0
    /// Set once `maximumWork` is passed: nothing more is compared.
    var isOverWorkLimit: Bool { work > Self.maximumWork }

    /// Counts one comparison.
    mutating func noteWork() {
        work += 1
        if work > Self.maximumWork { wasCut = true }
    }

    private var found = 0
    private var nesting = 0
    private var fieldMaps: [Int: FieldMap] = [:]
    /// (field map, fragment) pairs compared: whether only as mutually exclusive, and whether
    /// the result (no conflict, nothing hidden by memo tables) holds for any field map with
    /// the same signature.
    private var comparedFieldsAndFragments: [FieldsAndFragment: ComparedEntry] = [:]
    /// (field-map signature, fragment) pairs whose whole comparison found nothing.
    private var clearSignatures: Set<SignatureAndFragment> = []
    private var signatureIDs: [[SignatureEntry]: Int] = [:]
    private var signatureByMap: [Int: Int] = [:]
    /// Counts events that make a "no conflict" answer specific to one field map: a memo
    /// hit on an unfinished or non-transferable comparison, or a map compared with itself.
    private var taint = 0
    /// Unordered fragment pairs compared, and whether only as mutually exclusive.
    private var comparedFragmentPairs: [FragmentPair: Bool] = [:]
    private var shapeIDs: [ShapeKey: Int] = [:]
    /// Pairs of field shapes known not to conflict.
    var compatibleShapes: Set<ShapePair> = []

    init(context: ValidationContext) { self.context = context }

    /// Set once a search was cut short; from then on, "no conflict" is no longer certain.
    var wasCut = false

    var isExhausted: Bool { found >= budget || nesting > Self.maximumNesting || isOverWorkLimit }

    /// Whether a "no conflict" answer is complete and may be remembered.
    var canMemoize: Bool { !wasCut && !isExhausted }

    mutating func noteConflictFound() {
        found += 1
        if found >= budget { wasCut = true }
    }

    // MARK: Selection sets and fragments

    /// Conflicts among the fields a selection set selects, its fragments included.
    mutating func conflictsWithin(_ selectionSet: SelectionSet, parentType: String?) -> [Conflict] {
        var conflicts: [Conflict] = []
        let map = fieldMap(for: selectionSet, parentType: parentType)
        for name in map.responseNames where !isExhausted {
            let fields = map.fieldsByName[name]!
            if fields.count > 1 { compareWithin(name, fields, into: &conflicts) }
        }
        let fragments = map.fragmentNames
        for index in fragments.indices where !isExhausted {
            collectBetween(map, fragment: fragments[index], exclusive: false, into: &conflicts)
            for other in fragments[(index + 1)...] where !isExhausted {
                collectBetween(
                    fragment: fragments[index], fragment: other, exclusive: false,
                    into: &conflicts)
            }
        }
        return conflicts
    }

    mutating func conflictsBetweenSubSelections(
        _ selectionSet1: SelectionSet, _ parentType1: String?,
        _ selectionSet2: SelectionSet, _ parentType2: String?, exclusive: Bool
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        let map1 = fieldMap(for: selectionSet1, parentType: parentType1)
        let map2 = fieldMap(for: selectionSet2, parentType: parentType2)
        collectBetween(map1, map2, exclusive: exclusive, into: &conflicts)
        for name in map2.fragmentNames where !isExhausted {
            collectBetween(map1, fragment: name, exclusive: exclusive, into: &conflicts)
        }
        for name in map1.fragmentNames where !isExhausted {
            collectBetween(map2, fragment: name, exclusive: exclusive, into: &conflicts)
        }
        for name1 in map1.fragmentNames {
            for name2 in map2.fragmentNames where !isExhausted {
                collectBetween(
                    fragment: name1, fragment: name2, exclusive: exclusive, into: &conflicts)
            }
        }
        return conflicts
    }

    /// Fields against a fragment and, through it, the fragments it spreads (graphql-js's
    /// recursion, walked with an explicit stack). A field set whose shapes were found clear
    /// of a fragment's whole closure is not compared with it again, so a long chain of
    /// fragments costs linear, not quadratic, time.
    private mutating func collectBetween(
        _ map: FieldMap, fragment name: String, exclusive: Bool, into conflicts: inout [Conflict]
    ) {
        guard !map.responseNames.isEmpty else { return }
        let signature = signature(of: map)
        var stack: [FragmentFrame] = []
        if let frame = enter(map, signature, name, exclusive, &conflicts) { stack.append(frame) }
        while let top = stack.last {
            if isExhausted {
                wasCut = true
                return
            }
            if top.next < top.referenced.count {
                stack[stack.count - 1].next += 1
                let referenced = top.referenced[top.next]
                if let frame = enter(map, signature, referenced, exclusive, &conflicts) {
                    stack.append(frame)
                }
                continue
            }
            stack.removeLast()
            let clean = found == top.foundBefore && taint == top.taintBefore && canMemoize
            let key = FieldsAndFragment(fieldMap: map.id, fragment: top.name)
            comparedFieldsAndFragments[key]?.transferable = clean
            if clean {
                clearSignatures.insert(
                    SignatureAndFragment(signature: signature, fragment: top.name, exclusive: exclusive))
            }
        }
    }

    /// One fragment being compared with a field set, and how far through the fragments it
    /// spreads the comparison is.
    private struct FragmentFrame {
        let name: String
        let referenced: [String]
        var next = 0
        let foundBefore: Int
        let taintBefore: Int
    }

    /// Compares a field set with one fragment's own fields; the frame to continue with its
    /// spreads, or nil when there is nothing more to do.
    private mutating func enter(
        _ map: FieldMap, _ signature: Int, _ name: String, _ exclusive: Bool,
        _ conflicts: inout [Conflict]
    ) -> FragmentFrame? {
        noteWork()
        let key = FieldsAndFragment(fieldMap: map.id, fragment: name)
        if let entry = comparedFieldsAndFragments[key], exclusive || !entry.onlyExclusive {
            if !entry.transferable { taint += 1 }
            return nil
        }
        let clear = [false, exclusive].contains {
            clearSignatures.contains(
                SignatureAndFragment(signature: signature, fragment: name, exclusive: $0))
        }
        comparedFieldsAndFragments[key] = ComparedEntry(onlyExclusive: exclusive, transferable: clear)
        if clear { return nil }
        guard let fragment = context.fragments[name] else {
            comparedFieldsAndFragments[key]?.transferable = true
            return nil
        }
        let map2 = fieldMap(for: fragment)
        guard map.id != map2.id else {
            taint += 1
            return nil
        }
        let frame = FragmentFrame(
            name: name, referenced: map2.fragmentNames, foundBefore: found, taintBefore: taint)
        collectBetween(map, map2, exclusive: exclusive, into: &conflicts)
        return frame
    }

    /// An id shared by field maps with the same response names and field shapes, which
    /// compare identically with anything.
    private mutating func signature(of map: FieldMap) -> Int {
        if let known = signatureByMap[map.id] { return known }
        let key = map.responseNames.map { name in
            SignatureEntry(responseName: name, shapes: map.fieldsByName[name]!.map(\.shape))
        }
        let id = signatureIDs[key] ?? signatureIDs.count
        signatureIDs[key] = id
        signatureByMap[map.id] = id
        return id
    }

    /// Two fragments against each other, and each against the fragments the other spreads.
    private mutating func collectBetween(
        fragment name1: String, fragment name2: String, exclusive: Bool,
        into conflicts: inout [Conflict]
    ) {
        guard name1 != name2, !isOverWorkLimit else { return }
        noteWork()
        let key = FragmentPair(name1, name2)
        if let onlyExclusive = comparedFragmentPairs[key], exclusive || !onlyExclusive { return }
        comparedFragmentPairs[key] = exclusive
        guard let fragment1 = context.fragments[name1], let fragment2 = context.fragments[name2]
        else { return }
        let map1 = fieldMap(for: fragment1)
        let map2 = fieldMap(for: fragment2)
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Self.maximumNesting {
            wasCut = true
            return
        }
        collectBetween(map1, map2, exclusive: exclusive, into: &conflicts)
        for referenced in map2.fragmentNames where !isExhausted {
            collectBetween(
                fragment: name1, fragment: referenced, exclusive: exclusive, into: &conflicts)
        }
        for referenced in map1.fragmentNames where !isExhausted {
            collectBetween(
                fragment: referenced, fragment: name2, exclusive: exclusive, into: &conflicts)
        }
    }

    private mutating func collectBetween(
        _ map1: FieldMap, _ map2: FieldMap, exclusive: Bool, into conflicts: inout [Conflict]
    ) {
        for name in map1.responseNames where !isExhausted {
            if let fields2 = map2.fieldsByName[name] {
                compareBetween(
                    name, map1.fieldsByName[name]!, fields2, exclusive: exclusive,
                    into: &conflicts)
            }
        }
    }

    // MARK: Field maps

    private mutating func fieldMap(for fragment: FragmentDefinition) -> FieldMap {
        if let known = fieldMaps[fragment.selectionSet.location.start] { return known }
        let condition = fragment.typeCondition.value
        return fieldMap(
            for: fragment.selectionSet,
            parentType: context.schema[condition] == nil ? nil : condition)
    }

    private mutating func fieldMap(for selectionSet: SelectionSet, parentType: String?)
        -> FieldMap
    {
        if let known = fieldMaps[selectionSet.location.start] { return known }
        var map = FieldMap(id: selectionSet.location.start)
        var fragmentNames: Set<String> = []
        collectFields(selectionSet, parentType: parentType, into: &map, &fragmentNames)
        fieldMaps[map.id] = map
        return map
    }

    private mutating func collectFields(
        _ selectionSet: SelectionSet, parentType: String?, into map: inout FieldMap,
        _ fragmentNames: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                let definition = parentType.flatMap {
                    context.schema[$0]?.field(named: field.name.value)
                }
                let occurrence = FieldOccurrence(
                    parentType: parentType, node: field, definition: definition,
                    shape: shape(of: field, parentType: parentType))
                let key = field.responseKey
                if map.fieldsByName[key] == nil { map.responseNames.append(key) }
                map.fieldsByName[key, default: []].append(occurrence)
            case .fragmentSpread(let spread):
                if fragmentNames.insert(spread.name.value).inserted {
                    map.fragmentNames.append(spread.name.value)
                }
            case .inlineFragment(let fragment):
                var type = parentType
                if let condition = fragment.typeCondition?.value {
                    type = context.schema[condition] == nil ? nil : condition
                }
                collectFields(fragment.selectionSet, parentType: type, into: &map, &fragmentNames)
            }
        }
    }

    private mutating func shape(of field: Field, parentType: String?) -> Int {
        let key = ShapeKey(
            parentType: parentType,
            text: context.document.source.bytes[field.location.start..<field.location.end])
        if let known = shapeIDs[key] { return known }
        let id = shapeIDs.count
        shapeIDs[key] = id
        return id
    }
}

extension ConflictFinder {
    struct FieldsAndFragment: Hashable {
        let fieldMap: Int
        let fragment: String
    }

    struct ComparedEntry {
        var onlyExclusive: Bool
        var transferable: Bool
    }

    struct SignatureEntry: Hashable {
        let responseName: String
        let shapes: [Int]
    }

    struct SignatureAndFragment: Hashable {
        let signature: Int
        let fragment: String
        let exclusive: Bool
    }

    struct FragmentPair: Hashable {
        let first: String
        let second: String

        init(_ a: String, _ b: String) {
            if a < b { (first, second) = (a, b) } else { (first, second) = (b, a) }
        }
    }

    struct ShapeKey: Hashable {
        let parentType: String?
        let text: ArraySlice<UInt8>
    }

    struct ShapePair: Hashable {
        let first: Int
        let second: Int
        let exclusive: Bool
    }
}
