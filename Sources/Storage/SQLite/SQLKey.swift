import Synchronization

/// A prepared-statement cache key: SQL text, hashed by its length and its first and last
/// 64 bytes only, and compared whole.
///
/// The texts are the program's own, never a client's (so nobody can make them collide on
/// purpose), and long: hashing all of the cart's kilobyte-long join on every lookup cost
/// more than a thousand instructions. Texts that share both ends and a length still work;
/// they only share a bucket.
struct SQLKey: Hashable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    static func == (left: SQLKey, right: SQLKey) -> Bool { left.text == right.text }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { bytes in
            let ends = 64
            hasher.combine(bytes.count)
            if bytes.count <= 2 * ends {
                hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            } else {
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<ends])))
                hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[(bytes.count - ends)...])))
            }
        }
    }
}

/// A number for one SQL text of the program's own, taken once with the text (a static
/// constant: `IDJoinQuery`, `PagesQuery`), so a connection keeps the text's prepared
/// statement at that index of an array and finds it without hashing the text: the
/// hashing and comparing of `SQLKey`s cost about 1,000 instructions a statement.
@usableFromInline
struct StatementSlot: Sendable {
    let index: Int
    private static let taken = Atomic<Int>(0)

    /// The next number not taken.
    init() {
        index = Self.taken.wrappingAdd(1, ordering: .relaxed).oldValue
    }
}
