/// Comparing two fragments (and, through them, the fragments each spreads) for
/// `OverlappingFieldsCanBeMergedRule`: graphql-js's recursion, walked with an explicit
/// stack. Fragments are identified by their closure (own fields plus what they spread), and a
/// pair of closures found clear once is not compared again, so that chains of identical
/// fragments spread side by side cost a pass over each pair of depths, not of fragments.
extension ConflictFinder {
    /// One pair of fragments being compared, with the pairs still to follow from it: the
    /// first against each fragment the second spreads, then each the first spreads against
    /// the second.
    private struct PairFrame {
        let key: FragmentPair
        let next: [(Int, Int)]
        var index = 0
        let foundBefore: Int
        let taintBefore: Int
    }

    /// Two fragments against each other, and each against the fragments the other spreads.
    mutating func collectBetween(
        fragment name1: Int, fragment name2: Int, exclusive: Bool,
        into conflicts: inout [Conflict]
    ) {
        var stack: [PairFrame] = []
        if let frame = enterPair(name1, name2, exclusive, &conflicts) { stack.append(frame) }
        while let top = stack.last {
            if isExhausted {
                wasCut = true
                return
            }
            if top.index < top.next.count {
                stack[stack.count - 1].index += 1
                let (first, second) = top.next[top.index]
                if let frame = enterPair(first, second, exclusive, &conflicts) {
                    stack.append(frame)
                }
                continue
            }
            stack.removeLast()
            let clean = found == top.foundBefore && taint == top.taintBefore && canMemoize
            comparedFragmentPairs[top.key]?.transferable = clean
            if clean, let pair = closurePair(top.key.first, top.key.second, exclusive) {
                clearClosurePairs.insert(pair)
            }
        }
    }

    /// Compares two fragments' own fields; the frame to continue with what they spread, or
    /// nil when there is nothing more to do.
    private mutating func enterPair(
        _ name1: Int, _ name2: Int, _ exclusive: Bool, _ conflicts: inout [Conflict]
    ) -> PairFrame? {
        guard name1 != name2 else {
            taint += 1
            return nil
        }
        noteWork()
        let key = FragmentPair(name1, name2)
        if let entry = comparedFragmentPairs[key], exclusive || !entry.onlyExclusive {
            if !entry.transferable { taint += 1 }
            return nil
        }
        var clear = false
        if let pair = closurePair(name1, name2, false) {
            clear =
                clearClosurePairs.contains(pair)
                || (exclusive
                    && clearClosurePairs.contains(
                        ClosurePair(first: pair.first, second: pair.second, exclusive: true)))
        }
        comparedFragmentPairs[key] = ComparedEntry(onlyExclusive: exclusive, transferable: clear)
        if clear { return nil }
        guard let fragment1 = fragmentDefinitions[name1], let fragment2 = fragmentDefinitions[name2]
        else {
            comparedFragmentPairs[key]?.transferable = true
            return nil
        }
        let map1 = fieldMap(for: fragment1)
        let map2 = fieldMap(for: fragment2)
        let frame = PairFrame(
            key: key,
            next: map2.fragments.map { (name1, $0) } + map1.fragments.map { ($0, name2) },
            foundBefore: found, taintBefore: taint)
        collectBetween(map1, map2, exclusive: exclusive, into: &conflicts)
        return frame
    }

    /// The closure ids of two fragments as an unordered pair; nil when either is on a cycle
    /// (such a fragment is never shared).
    private mutating func closurePair(_ name1: Int, _ name2: Int, _ exclusive: Bool)
        -> ClosurePair?
    {
        guard let first = closure(of: name1), let second = closure(of: name2) else { return nil }
        return ClosurePair(
            first: min(first, second), second: max(first, second), exclusive: exclusive)
    }

    /// An id shared by fragments with the same own fields that spread fragments with the
    /// same closures; nil for a fragment that reaches a cycle. Computed depth first with an
    /// explicit stack.
    private mutating func closure(of name: Int) -> Int? {
        if let known = closureByFragment[name] { return known >= 0 ? known : nil }
        var stack: [(name: Int, referenced: [Int], index: Int)] = []
        var onStack: Set<Int> = []
        func push(_ name: Int, _ finder: inout ConflictFinder) {
            let referenced = finder.fragmentDefinitions[name].map {
                finder.fieldMap(for: $0).fragments
            } ?? []
            stack.append((name, referenced, 0))
            onStack.insert(name)
        }
        push(name, &self)
        while let top = stack.last {
            if top.index < top.referenced.count {
                stack[stack.count - 1].index += 1
                let next = top.referenced[top.index]
                if onStack.contains(next) {
                    closureByFragment[next] = -1
                    for frame in stack { closureByFragment[frame.name] = -1 }
                } else if closureByFragment[next] == nil {
                    push(next, &self)
                }
                continue
            }
            stack.removeLast()
            onStack.remove(top.name)
            if closureByFragment[top.name] == -1 { continue }
            let referenced = top.referenced.map { closureByFragment[$0] ?? -1 }
            if referenced.contains(where: { $0 < 0 }) {
                closureByFragment[top.name] = -1
                continue
            }
            var ownFields = -1
            if let fragment = fragmentDefinitions[top.name] {
                ownFields = signature(of: fieldMap(for: fragment))
            }
            let key = ClosureKey(signature: ownFields, referenced: referenced)
            let id = closureIDs[key] ?? closureIDs.count
            closureIDs[key] = id
            closureByFragment[top.name] = id
        }
        let id = closureByFragment[name] ?? -1
        return id >= 0 ? id : nil
    }
}
