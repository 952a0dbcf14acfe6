/// The search behind `OverlappingFieldsCanBeMergedRule`, with its memo tables. One finder
/// lives for one validation run.
struct ConflictFinder {
    let context: ValidationContext
    /// Stop collecting after this many conflicts: the error limit would cut them off anyway.
    var budget = Int.max {
        didSet { found = 0 }
    }
    /// How deep two fields' sub-selections are compared (through fragments they can nest
    /// without bound) before the search stops, so that it cannot exhaust the thread's stack.
    static let maximumNesting = 200
    /// How many comparisons (field pairs and fragment pairs) one document may cost. graphql-js
    /// has no such limit, and fragments spread together from long chains make it compare
    /// every fragment of one chain with every fragment of the others; past this, the
    /// document is refused as too complex rather than checked for minutes.
    static let maximumWork = 250_000

    /// Comparisons made so far in this document.
    private(set) var work = 0
    /// Set once `maximumWork` is passed: nothing more is compared.
    var isOverWorkLimit: Bool { work > Self.maximumWork }

    /// Stops the search for the rest of the document, which is refused as too complex.
    mutating func giveUp() {
        work = Self.maximumWork + 1
        wasCut = true
    }

    /// Counts one comparison.
    mutating func noteWork() {
        work += 1
        if work > Self.maximumWork { wasCut = true }
    }

    var found = 0
    var nesting = 0
    var fieldMaps: [Int: FieldMap] = [:]
    /// (field map, fragment) pairs compared: whether only as mutually exclusive, and whether
    /// the result (no conflict, nothing hidden by memo tables) holds for any field map with
    /// the same signature.
    var comparedFieldsAndFragments: [FieldsAndFragment: ComparedEntry] = [:]
    /// (field-map signature, fragment) pairs whose whole comparison found nothing.
    var clearSignatures: Set<SignatureAndFragment> = []
    var signatureIDs: [[SignatureEntry]: Int] = [:]
    var signatureByMap: [Int: Int] = [:]
    /// Counts events that make a "no conflict" answer specific to one field map: a memo
    /// hit on an unfinished or non-transferable comparison, or a map compared with itself.
    var taint = 0
    /// Unordered fragment pairs compared, and whether only as mutually exclusive.
    var comparedFragmentPairs: [FragmentPair: ComparedEntry] = [:]
    /// (closure, closure) pairs of fragments whose whole comparison found nothing.
    var clearClosurePairs: Set<ClosurePair> = []
    var closureIDs: [ClosureKey: Int] = [:]
    var closureByFragment: [Int: Int] = [:]
    var responseNameIDs: [String: Int] = [:]
    /// Ids of the fragment names spread (defined or not), and each id's definition.
    var fragmentIDs: [String: Int] = [:]
    var fragmentDefinitions: [FragmentDefinition?] = []
    var shapeIDs: [ShapeKey: Int] = [:]
    /// Shapes given to fields without source text, each its own (negative ids).
    var unsharedShapes = 0
    /// Pairs of field shapes known not to conflict.
    var compatibleShapes: Set<ShapePair> = []

    init(context: ValidationContext) {
        self.context = context
        // Growing the table rehashes every field's text again; a field takes at least a
        // few bytes of source, so this bound avoids most of the regrowth without
        // reserving much for small documents.
        shapeIDs.reserveCapacity(min(context.document.source.bytes.count / 16, 4096))
    }

    /// Set once a search was cut short; from then on, "no conflict" is no longer certain.
    var wasCut = false

    var isExhausted: Bool { found >= budget || isOverWorkLimit }

    /// Whether a "no conflict" answer is complete and may be remembered.
    var canMemoize: Bool { !wasCut && !isExhausted }

    mutating func noteConflictFound() {
        found += 1
        if found >= budget { wasCut = true }
    }

    // MARK: Selection sets and fragments

    /// Conflicts among the fields a selection set selects, its fragments included.
    mutating func conflictsWithin(_ selectionSet: SelectionSet, parentType: Int) -> [Conflict] {
        guard fieldMaps[selectionSet.location.start] != nil || Self.needsComparison(selectionSet)
        else { return [] }
        var conflicts: [Conflict] = []
        let map = fieldMap(for: selectionSet, parentType: parentType)
        for (group, name) in map.responseNames.enumerated() where !isExhausted {
            let fields = map.groups[group]
            if fields.count > 1 { compareWithin(name, fields, into: &conflicts) }
        }
        let fragments = map.fragments
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
        _ selectionSet1: SelectionSet, _ parentType1: Int,
        _ selectionSet2: SelectionSet, _ parentType2: Int, exclusive: Bool
    ) -> [Conflict] {
        var conflicts: [Conflict] = []
        let map1 = fieldMap(for: selectionSet1, parentType: parentType1)
        let map2 = fieldMap(for: selectionSet2, parentType: parentType2)
        collectBetween(map1, map2, exclusive: exclusive, into: &conflicts)
        for name in map2.fragments where !isExhausted {
            collectBetween(map1, fragment: name, exclusive: exclusive, into: &conflicts)
        }
        for name in map1.fragments where !isExhausted {
            collectBetween(map2, fragment: name, exclusive: exclusive, into: &conflicts)
        }
        for name1 in map1.fragments {
            for name2 in map2.fragments where !isExhausted {
                collectBetween(
                    fragment: name1, fragment: name2, exclusive: exclusive, into: &conflicts)
            }
        }
        return conflicts
    }

    mutating func collectBetween(
        _ map1: FieldMap, _ map2: FieldMap, exclusive: Bool, into conflicts: inout [Conflict]
    ) {
        for (group, name) in map1.responseNames.enumerated() where !isExhausted {
            if let group2 = map2.group(of: map1.nameIDs[group]) {
                compareBetween(
                    name, map1.groups[group], map2.groups[group2], exclusive: exclusive,
                    into: &conflicts)
            }
        }
    }

    // MARK: Field maps

    mutating func fieldMap(for fragment: FragmentDefinition) -> FieldMap {
        if let known = fieldMaps[fragment.selectionSet.location.start] { return known }
        return fieldMap(
            for: fragment.selectionSet, parentType: typeID(fragment.typeCondition.value))
    }

    /// The id of a response name, given on first sight, so that field maps compare names
    /// as integers.
    mutating func responseNameID(_ name: String) -> Int {
        if let known = responseNameIDs[name] { return known }
        let id = responseNameIDs.count
        responseNameIDs[name] = id
        return id
    }

    /// The id of a fragment name, given on first sight.
    mutating func fragmentID(_ name: String) -> Int {
        if let known = fragmentIDs[name] { return known }
        let id = fragmentDefinitions.count
        fragmentIDs[name] = id
        fragmentDefinitions.append(context.fragments[name])
        return id
    }

    /// The id of a named type in the schema's type index; -1 when the schema lacks it.
    func typeID(_ name: String) -> Int { context.schema.typeIndex.ids[name] ?? -1 }

    private mutating func fieldMap(for selectionSet: SelectionSet, parentType: Int) -> FieldMap {
        if let known = fieldMaps[selectionSet.location.start] { return known }
        var map = FieldMap(id: selectionSet.location.start)
        collectFields(selectionSet, parentType: parentType, into: &map)
        fieldMaps[map.id] = map
        return map
    }

    private mutating func collectFields(
        _ selectionSet: SelectionSet, parentType: Int, into map: inout FieldMap
    ) {
        let parent = parentType >= 0 ? context.schema.typeIndex.entries[parentType] : nil
        // Read in place: a `for … in` loop copies each selection.
        selectionSet.selections.withUnsafeBufferPointer { selections in
            for index in selections.indices {
                switch selections[index] {
                case .field(let field):
                    let occurrence = FieldOccurrence(
                        parentType: parentType, node: field,
                        definition: parent?.declaredField(field.name.value),
                        shape: shape(of: field, parentType: parentType))
                    let key = field.responseKey
                    map.add(occurrence, name: key, nameID: responseNameID(key))
                case .fragmentSpread(let spread):
                    let id = fragmentID(spread.name.value)
                    map.add(fragment: id)
                case .inlineFragment(let fragment):
                    var type = parentType
                    if let condition = fragment.typeCondition?.value { type = typeID(condition) }
                    collectFields(fragment.selectionSet, parentType: type, into: &map)
                }
            }
        }
    }
}

extension ConflictFinder {
    struct FieldsAndFragment: Hashable {
        let fieldMap: Int
        let fragment: Int
    }

    struct ComparedEntry {
        var onlyExclusive: Bool
        var transferable: Bool
    }

    struct SignatureEntry: Hashable {
        let responseName: Int
        let shapes: [Int]
    }

    struct SignatureAndFragment: Hashable {
        let signature: Int
        let fragment: Int
        let exclusive: Bool
    }

    /// A fragment's own fields (their signature) and the closures of the fragments it
    /// spreads: fragments with equal keys compare identically with anything.
    struct ClosureKey: Hashable {
        let signature: Int
        let referenced: [Int]
    }

    struct ClosurePair: Hashable {
        let first: Int
        let second: Int
        let exclusive: Bool
    }

    struct FragmentPair: Hashable {
        let first: Int
        let second: Int

        init(_ a: Int, _ b: Int) {
            (first, second) = (min(a, b), max(a, b))
        }
    }

    struct ShapePair: Hashable {
        let first: Int
        let second: Int
        let exclusive: Bool
    }
}
