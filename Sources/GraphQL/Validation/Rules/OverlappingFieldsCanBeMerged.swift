/// Field Selection Merging (section 5.3.2): "For each selection set set in the document,
/// FieldsInSetCanMerge(set) must be true" — fields with the same response name must ask
/// for the same field with the same arguments (unless their parents can never be the same
/// object) and must have shapes that can be merged.
///
/// graphql-js's algorithm: each selection set compares the fields "within" it once, and
/// "between" itself and every fragment it spreads; fragment pairs and field-set/fragment
/// pairs are memoized. On top of that, fields are grouped by their text (plus parent type):
/// once two such groups are known not to conflict, their members are never compared again,
/// so a thousand copies of one field cost one comparison, not half a million.
///
/// An inline fragment's selection set is not checked on its own: its fields belong to the
/// enclosing selection set, which collects them and finds their conflicts. Checking it
/// as well reported each conflict inside an inline fragment twice, where graphql-js and
/// graphql-core 3.2.14 report it once.
struct OverlappingFieldsCanBeMergedRule: ValidationRule {
    static let name = "OverlappingFieldsCanBeMergedRule"
    static let visitedNodes: VisitedNodes = [.selectionSet, .inlineFragment]
    var finder: ConflictFinder
    /// Whether the next selection set entered is an inline fragment's (the walk enters it
    /// right after the fragment's directives), which its enclosing one has checked.
    private var entersInlineFragment = false

    init(context: ValidationContext) { self.finder = ConflictFinder(context: context) }

    mutating func enterInlineFragment(_ fragment: InlineFragment) -> VisitAction {
        entersInlineFragment = true
        return .visitChildren
    }

    mutating func enterSelectionSet(_ selectionSet: SelectionSet) -> VisitAction {
        let context = finder.context
        if entersInlineFragment {
            entersInlineFragment = false
            return .visitChildren
        }
        guard !finder.isOverWorkLimit else { return .visitChildren }
        finder.budget = max(context.options.maxErrors - context.errors.count + 1, 1)
        let conflicts = finder.conflictsWithin(
            selectionSet, parentType: context.typeInfo.parentTypeEntry?.id ?? -1)
        for conflict in conflicts {
            context.report(
                Self.conflict(conflict.reason.responseName, conflict.reason.detail.message),
                at: (conflict.fields1 + conflict.fields2).map(\.location))
        }
        if finder.isOverWorkLimit {
            context.report(Self.tooComplex(), at: [])
        }
        return .visitChildren
    }

    static func conflict(_ responseName: String, _ reason: String) -> String {
        "Fields \"\(responseName)\" conflict because \(reason)."
            + " Use different aliases on the fields to fetch both if this was intentional."
    }

    /// Kitchen's own message (graphql-js has no work limit, see DEVIATIONS.md).
    static func tooComplex() -> String {
        "Validation aborted: the document's selections are too complex to check for"
            + " conflicting fields."
    }

    static func differentFields(_ name1: String, _ name2: String) -> String {
        "\"\(name1)\" and \"\(name2)\" are different fields"
    }

    static func differingArguments() -> String { "they have differing arguments" }

    static func conflictingTypes(_ type1: String, _ type2: String) -> String {
        "they return conflicting types \"\(type1)\" and \"\(type2)\""
    }
}

/// Why two fields conflict: a message, or conflicts among their sub-fields.
struct ConflictReason {
    indirect enum Detail {
        case message(String)
        case subfields([ConflictReason])

        var message: String {
            switch self {
            case .message(let text): text
            case .subfields(let reasons):
                reasons.map {
                    "subfields \"\($0.responseName)\" conflict because \($0.detail.message)"
                }.joined(separator: " and ")
            }
        }
    }

    let responseName: String
    let detail: Detail
}

/// Two sets of fields that cannot be merged, and why.
struct Conflict {
    let reason: ConflictReason
    let fields1: [Field]
    let fields2: [Field]
}

/// One field in a collected field map: where it was selected and what the schema says.
struct FieldOccurrence {
    /// The id of the parent type in the schema's type index; -1 when it is unknown.
    let parentType: Int
    let node: Field
    let definition: FieldEntry?
    /// Equal for fields with the same text and parent type, which behave identically.
    let shape: Int
}

/// The fields of a selection set (inline fragments included) by response name, in order,
/// and the fragments it spreads.
struct FieldMap {
    /// The selection set's offset: identifies the map for memoization.
    let id: Int
    private(set) var responseNames: [String] = []
    /// Each response name's id (`ConflictFinder.responseNameID`), in the same order.
    private(set) var nameIDs: [Int] = []
    /// The fields of each response name, in the order of `responseNames`.
    private(set) var groups: [[FieldOccurrence]] = []
    /// Index in `groups` by name id, for a map too large to search.
    private var groupByNameID: [Int: Int] = [:]
    /// The fragments spread (by `ConflictFinder.fragmentID`), each once, in order.
    private(set) var fragments: [Int] = []

    /// Up to this many response names, a name is found by a scan of `nameIDs`.
    private static let scannedNames = 16

    init(id: Int) { self.id = id }

    /// The index in `groups` of a response name's fields, if the map has that name.
    func group(of nameID: Int) -> Int? {
        nameIDs.count <= Self.scannedNames
            ? nameIDs.firstIndex(of: nameID) : groupByNameID[nameID]
    }

    /// Adds a fragment spread, unless the map has it already.
    mutating func add(fragment: Int) {
        if !fragments.contains(fragment) { fragments.append(fragment) }
    }

    /// Adds a field under its response name.
    mutating func add(_ occurrence: FieldOccurrence, name: String, nameID: Int) {
        if let group = group(of: nameID) {
            groups[group].append(occurrence)
            return
        }
        responseNames.append(name)
        nameIDs.append(nameID)
        groups.append([occurrence])
        if nameIDs.count > Self.scannedNames {
            if groupByNameID.isEmpty {
                for (group, id) in nameIDs.enumerated() { groupByNameID[id] = group }
            } else {
                groupByNameID[nameID] = groups.count - 1
            }
        }
    }
}
