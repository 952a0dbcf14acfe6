/// Comparing fields with fragments, and fragments with fragments, for
/// `OverlappingFieldsCanBeMergedRule`.
extension ConflictFinder {
    /// Fields against a fragment and, through it, the fragments it spreads (graphql-js's
    /// recursion, walked with an explicit stack). A field set whose shapes were found clear
    /// of a fragment's whole closure is not compared with it again, so a long chain of
    /// fragments costs linear, not quadratic, time.
    mutating func collectBetween(
        _ map: FieldMap, fragment name: Int, exclusive: Bool, into conflicts: inout [Conflict]
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
        let name: Int
        let referenced: [Int]
        var next = 0
        let foundBefore: Int
        let taintBefore: Int
    }

    /// Compares a field set with one fragment's own fields; the frame to continue with its
    /// spreads, or nil when there is nothing more to do.
    private mutating func enter(
        _ map: FieldMap, _ signature: Int, _ name: Int, _ exclusive: Bool,
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
        guard let fragment = fragmentDefinitions[name] else {
            comparedFieldsAndFragments[key]?.transferable = true
            return nil
        }
        let map2 = fieldMap(for: fragment)
        guard map.id != map2.id else {
            taint += 1
            return nil
        }
        let frame = FragmentFrame(
            name: name, referenced: map2.fragments, foundBefore: found, taintBefore: taint)
        collectBetween(map, map2, exclusive: exclusive, into: &conflicts)
        return frame
    }

    /// An id shared by field maps with the same response names and field shapes, which
    /// compare identically with anything.
    mutating func signature(of map: FieldMap) -> Int {
        if let known = signatureByMap[map.id] { return known }
        let key = map.responseNames.indices.map { group in
            SignatureEntry(
                responseName: map.nameIDs[group], shapes: map.groups[group].map(\.shape))
        }
        let id = signatureIDs[key] ?? signatureIDs.count
        signatureIDs[key] = id
        signatureByMap[map.id] = id
        return id
    }
}
