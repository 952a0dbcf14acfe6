/// Field shapes for `OverlappingFieldsCanBeMergedRule`: fields with the same shape have the
/// same text (sub-selections included) and the same parent type, so they behave identically
/// in every comparison and one comparison stands for all of them.
extension ConflictFinder {
    /// A field's parent type and source text (its subtree included).
    ///
    /// Hashes and compares the text as one block of memory: the synthesized conformance
    /// went through `ArraySlice<UInt8>` one byte at a time.
    struct ShapeKey: Hashable {
        let parentType: Int
        let text: ArraySlice<UInt8>

        func hash(into hasher: inout Hasher) {
            hasher.combine(parentType)
            hasher.combine(text.count)
            text.withUnsafeBytes { hasher.combine(bytes: $0) }
        }

        static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
            guard lhs.parentType == rhs.parentType, lhs.text.count == rhs.text.count else {
                return false
            }
            return lhs.text.withUnsafeBytes { left in
                rhs.text.withUnsafeBytes { right in left.elementsEqual(right) }
            }
        }
    }

    /// The field's shape. (The AST's locations come from the parser; a hand-built document's
    /// offsets are clamped to its source, never trusted.)
    mutating func shape(of field: Field, parentType: Int) -> Int {
        let bytes = context.document.source.bytes
        let start = min(max(field.location.start, 0), bytes.count)
        let end = min(max(field.location.end, start), bytes.count)
        guard start < end else {
            // No text to compare by: a shape of its own.
            unsharedShapes -= 1
            return unsharedShapes
        }
        let key = ShapeKey(parentType: parentType, text: bytes[start..<end])
        if let known = shapeIDs[key] { return known }
        let id = shapeIDs.count
        shapeIDs[key] = id
        return id
    }
}
