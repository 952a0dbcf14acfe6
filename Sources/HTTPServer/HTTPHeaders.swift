/// The header fields of a request or response, in arrival order, looked up by name
/// without regard to case.
///
/// Field names are case-insensitive in HTTP (RFC 9110 §5.1), so lookups lowercase
/// ASCII on both sides; the original spelling is kept for logging and forwarding.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field as it arrived.
    public typealias Field = (name: String, value: String)

    /// The fields in arrival order; a name may repeat.
    public private(set) var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Creates headers from a literal such as `["Content-Type": "text/plain"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of the field called `name` (any case), or nil.
    public subscript(name: String) -> String? {
        // By index, on the fields in place: `first(where:)` copied each field it passed
        // (two strings retained and released), and every request asks a dozen times.
        // The spelling asked for is usually the one that came (`==` on two short strings
        // compares their bits); other names of the same length are compared folding case.
        let length = name.utf8.count
        for index in fields.indices {
            let candidate = fields[index].name
            guard candidate.utf8.count == length else { continue }
            if candidate == name || Self.namesMatch(candidate, name) { return fields[index].value }
        }
        return nil
    }

    /// Every value of the field called `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any earlier ones with the same name.
    public mutating func add(name: String, value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field called `name` (any case) with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
        fields.append((name: name, value: value))
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// Compares two field names byte by byte, folding ASCII case only.
    static func namesMatch(_ left: String, _ right: String) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        // Native strings are read in place; `withUTF8` would need copies to mutate.
        let inPlace = left.utf8.withContiguousStorageIfAvailable { a in
            right.utf8.withContiguousStorageIfAvailable { b in
                for i in 0..<a.count where lowercased(a[i]) != lowercased(b[i]) { return false }
                return true
            }
        }
        if let matched = inPlace ?? nil { return matched }
        for (a, b) in zip(left.utf8, right.utf8) where lowercased(a) != lowercased(b) { return false }
        return true
    }

    /// Makes room for `count` fields, so that collecting a request's fields grows the
    /// storage once.
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Whether a `Content-Type` value names `multipart/form-data` (any case, spaces
    /// before it allowed), decided on bytes: every request asks, nearly all say JSON.
    public static func isMultipartFormData(_ contentType: String) -> Bool {
        let expected = "multipart/form-data".utf8
        var bytes = contentType.utf8.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }[...]
        for byte in expected {
            guard let first = bytes.first, lowercased(first) == byte else { return false }
            bytes = bytes.dropFirst()
        }
        guard let next = bytes.first else { return true }
        return next == UInt8(ascii: ";") || next == UInt8(ascii: " ") || next == UInt8(ascii: "\t")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte | 0x20 : byte
    }
}
