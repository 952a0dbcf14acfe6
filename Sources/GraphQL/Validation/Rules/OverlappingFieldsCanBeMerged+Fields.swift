extension ConflictFinder {
    // MARK: Comparing groups of fields with one response name

    /// Every pair of fields in one group. When no two shapes in the group conflict, which is
    /// the usual case, only one pair per pair of shapes is compared.
    mutating func compareWithin(
        _ responseName: String, _ fields: [FieldOccurrence], into conflicts: inout [Conflict]
    ) {
        if fields.count == 2 {
            if let conflict = compare(responseName, fields[0], fields[1], exclusive: false) {
                record(conflict, into: &conflicts)
            }
            return
        }
        // Up to two indices per shape, shapes in order of first appearance.
        var representatives: [Int: [Int]] = [:]
        var shapes: [Int] = []
        for (index, field) in fields.enumerated()
        where (representatives[field.shape]?.count ?? 0) < 2 {
            if representatives[field.shape] == nil { shapes.append(field.shape) }
            representatives[field.shape, default: []].append(index)
        }
        var pairs: [(Int, Int)] = []
        for (position, shape) in shapes.enumerated() {
            let group = representatives[shape]!
            if group.count > 1 { pairs.append((group[0], group[1])) }
            for other in shapes[(position + 1)...] {
                pairs.append((group[0], representatives[other]![0]))
            }
        }
        guard let known = firstConflict(responseName, fields, fields, pairs, exclusive: false)
        else { return }
        for first in fields.indices {
            if isExhausted { return }
            for second in (first + 1)..<fields.count {
                if isExhausted { return }
                let conflict =
                    (first, second) == (known.0, known.1)
                    ? known.2 : compare(responseName, fields[first], fields[second], exclusive: false)
                if let conflict { record(conflict, into: &conflicts) }
            }
        }
    }

    /// Every field of one group against every field of another.
    mutating func compareBetween(
        _ responseName: String, _ fields1: [FieldOccurrence], _ fields2: [FieldOccurrence],
        exclusive: Bool, into conflicts: inout [Conflict]
    ) {
        if fields1.count == 1, fields2.count == 1 {
            if let conflict = compare(responseName, fields1[0], fields2[0], exclusive: exclusive) {
                record(conflict, into: &conflicts)
            }
            return
        }
        var pairs: [(Int, Int)] = []
        for first in Self.firstOfEachShape(fields1) {
            for second in Self.firstOfEachShape(fields2) { pairs.append((first, second)) }
        }
        guard let known = firstConflict(responseName, fields1, fields2, pairs, exclusive: exclusive)
        else { return }
        for first in fields1.indices {
            for second in fields2.indices {
                if isExhausted { return }
                let conflict =
                    (first, second) == (known.0, known.1)
                    ? known.2 : compare(responseName, fields1[first], fields2[second], exclusive: exclusive)
                if let conflict { record(conflict, into: &conflicts) }
            }
        }
    }

    /// The first of the given index pairs whose fields conflict, with the conflict, so that
    /// the full comparison can reuse it instead of searching again (when memo tables would
    /// hide part of it).
    private mutating func firstConflict(
        _ responseName: String, _ fields1: [FieldOccurrence], _ fields2: [FieldOccurrence],
        _ pairs: [(Int, Int)], exclusive: Bool
    ) -> (Int, Int, Conflict)? {
        for (first, second) in pairs {
            if let conflict = compare(
                responseName, fields1[first], fields2[second], exclusive: exclusive)
            {
                return (first, second, conflict)
            }
        }
        return nil
    }

    /// The index of the first field of each shape.
    private static func firstOfEachShape(_ fields: [FieldOccurrence]) -> [Int] {
        var seen: Set<Int> = []
        return fields.indices.filter { seen.insert(fields[$0].shape).inserted }
    }

    private mutating func record(_ conflict: Conflict, into conflicts: inout [Conflict]) {
        conflicts.append(conflict)
        noteConflictFound()
    }

    /// `findConflict`, remembering shape pairs that do not conflict.
    private mutating func compare(
        _ responseName: String, _ field1: FieldOccurrence, _ field2: FieldOccurrence,
        exclusive: Bool
    ) -> Conflict? {
        noteWork()
        let key = ShapePair(first: field1.shape, second: field2.shape, exclusive: exclusive)
        if compatibleShapes.contains(key) || isOverWorkLimit { return nil }
        let conflict = findConflict(responseName, field1, field2, exclusive: exclusive)
        if conflict == nil, canMemoize { compatibleShapes.insert(key) }
        return conflict
    }

    // MARK: Two fields

    /// Whether two fields with one response name conflict, sub-fields included.
    private mutating func findConflict(
        _ responseName: String, _ field1: FieldOccurrence, _ field2: FieldOccurrence,
        exclusive parentsExclusive: Bool
    ) -> Conflict? {
        // Different object types can never both apply, so their fields may differ freely.
        let exclusive =
            parentsExclusive
            || (field1.parentType != field2.parentType && isObject(field1.parentType)
                && isObject(field2.parentType))
        let node1 = field1.node
        let node2 = field2.node
        if !exclusive {
            if node1.name.value != node2.name.value {
                return Conflict(
                    reason: ConflictReason(
                        responseName: responseName,
                        detail: .message(
                            OverlappingFieldsCanBeMergedRule.differentFields(
                                node1.name.value, node2.name.value))),
                    fields1: [node1], fields2: [node2])
            }
            if !Self.sameArguments(node1.arguments, node2.arguments) {
                return Conflict(
                    reason: ConflictReason(
                        responseName: responseName,
                        detail: .message(OverlappingFieldsCanBeMergedRule.differingArguments())),
                    fields1: [node1], fields2: [node2])
            }
        }
        let type1 = field1.definition?.definition.type
        let type2 = field2.definition?.definition.type
        let leaves = (field1.definition?.isLeaf == true, field2.definition?.isLeaf == true)
        if let type1, let type2, typesConflict(type1, type2, leaves: leaves) {
            return Conflict(
                reason: ConflictReason(
                    responseName: responseName,
                    detail: .message(
                        OverlappingFieldsCanBeMergedRule.conflictingTypes(
                            type1.description, type2.description))),
                fields1: [node1], fields2: [node2])
        }
        guard let selectionSet1 = node1.selectionSet, let selectionSet2 = node2.selectionSet else {
            return nil
        }
        // Sub-selections reached through fragments can nest without bound; past the limit
        // the document is refused as too complex rather than exhaust the stack.
        guard nesting < Self.maximumNesting else {
            giveUp()
            return nil
        }
        nesting += 1
        let subConflicts = conflictsBetweenSubSelections(
            selectionSet1, subselectionParent(field1), selectionSet2, subselectionParent(field2),
            exclusive: exclusive)
        nesting -= 1
        guard !subConflicts.isEmpty else { return nil }
        return Conflict(
            reason: ConflictReason(
                responseName: responseName, detail: .subfields(subConflicts.map(\.reason))),
            fields1: [node1] + subConflicts.flatMap(\.fields1),
            fields2: [node2] + subConflicts.flatMap(\.fields2))
    }

    private func isObject(_ typeID: Int) -> Bool {
        typeID >= 0 && context.schema.typeIndex.entries[typeID].isObject
    }

    /// The type id of a field's sub-selections: its type's named type.
    private func subselectionParent(_ field: FieldOccurrence) -> Int {
        guard let definition = field.definition else { return -1 }
        return definition.namedTypeID >= 0
            ? definition.namedTypeID : typeID(definition.definition.type.namedType)
    }

    /// List and non-null wrappers must match, and leaf types must be the same type;
    /// composite types are compared through their sub-fields instead. `leaves` says
    /// whether each named type at the bottom is a scalar or enum.
    private func typesConflict(
        _ type1: TypeReference, _ type2: TypeReference, leaves: (Bool, Bool)
    ) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1), .list(let inner2)):
            return typesConflict(inner1, inner2, leaves: leaves)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)):
            return typesConflict(inner1, inner2, leaves: leaves)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)):
            return (leaves.0 || leaves.1) && name1 != name2
        }
    }

    /// The same arguments, by name, with the same values (object fields in any order).
    static func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        guard !arguments1.isEmpty else { return arguments2.isEmpty }
        guard arguments1.count == arguments2.count else { return false }
        var values2: [String: ValueNode] = [:]
        for argument in arguments2 { values2[argument.name.value] = argument.value }
        return arguments1.allSatisfy { argument in
            guard let value2 = values2[argument.name.value] else { return false }
            return argument.value.canonicalText == value2.canonicalText
        }
    }
}
