extension SelectionSet {
    /// False when this selection set's source text holds no `byte`: then nothing spelled
    /// with that byte (a `$` variable) is inside it, and a walk over its tree can be
    /// skipped for a scan of bytes. The text is read only where the location
    /// looks like the parser's (from a `{` to a `}`); otherwise (a hand-built document)
    /// the answer is true and the tree must be walked.
    func mayContain(_ byte: UInt8, in bytes: [UInt8]) -> Bool {
        let start = location.start
        let end = location.end
        guard start >= 0, start < end, end <= bytes.count,
            bytes[start] == UInt8(ascii: "{"), bytes[end - 1] == UInt8(ascii: "}")
        else { return true }
        return bytes.withUnsafeBufferPointer { buffer in buffer[start..<end].contains(byte) }
    }
}
