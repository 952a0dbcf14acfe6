/// Writes JSON text straight into a byte array: the hot path of every response.
///
/// Nothing is built in between — no intermediate strings or dictionaries — so a response
/// costs one growing buffer. Strings are escaped as RFC 8259 requires (quotes, backslashes,
/// control characters) and everything else, emoji included, stays as raw UTF-8. Numbers are
/// written as JavaScript writes them, so output matches graphql-js byte for byte.
///
/// The writer does not check structure: callers put commas and keys in the right places
/// (`writeValue` does all of that for a whole `Value`).
public struct JSONWriter: Sendable {
    /// The bytes, in a buffer of its own: appending to an `Array` cost about 70
    /// instructions per run of bytes (its generic `append(contentsOf:)`) where a copy into
    /// spare room costs a few. Copied on write, like an array.
    private var storage: JSONBytes

    /// The UTF-8 JSON text written so far.
    public var bytes: [UInt8] { storage.array }

    /// How many bytes have been written.
    public var count: Int { storage.count }

    /// Runs `body` on the bytes written so far, in place.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// An empty writer whose buffer has room for `capacity` bytes before it grows.
    public init(capacity: Int = 1024) {
        storage = JSONBytes(capacity: capacity)
    }

    /// The JSON text of one value, as bytes.
    public static func encode(_ value: Value) -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.writeValue(value)
        return writer.bytes
    }

    /// The JSON text of one value, as a string (for tests, logs and messages).
    public static func text(_ value: Value) -> String {
        String(decoding: encode(value), as: UTF8.self)
    }

    /// Room for `extra` more bytes, owned by this writer alone; where they go.
    @inline(__always)
    private mutating func room(for extra: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(room: extra) }
        if storage.capacity - storage.count < extra { storage.grow(toHold: storage.count + extra) }
        return storage.base + storage.count
    }

    // MARK: Punctuation

    /// Appends one byte as is.
    @inline(__always)
    public mutating func writeByte(_ byte: UInt8) {
        room(for: 1).initialize(to: byte)
        storage.count += 1
    }

    /// Appends bytes as they are (already JSON: a key with its quotes and colon, say).
    @inline(__always)
    public mutating func writeBytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard !source.isEmpty else { return }
        JSONBytes.copy(source, to: room(for: source.count))
        storage.count += source.count
    }

    /// Appends two runs of bytes as they are, making room once: an object member's key and
    /// its value's text, the commonest pair of a response.
    @inline(__always)
    mutating func writeBytes(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) {
        let target = room(for: first.count + second.count)
        JSONBytes.copy(first, to: target)
        JSONBytes.copy(second, to: target + first.count)
        storage.count += first.count + second.count
    }

    /// Appends text's UTF-8 as is, without quotes or escaping (for text that is not JSON,
    /// such as a log line, or already is).
    public mutating func writeUnescaped(_ text: String) {
        var text = text
        text.withUTF8 { writeBytes($0) }
    }

    /// Appends ASCII text as is, e.g. `writeRaw("{\"data\":")`; no escaping is done.
    @inline(__always)
    public mutating func writeRaw(_ text: StaticString) {
        text.withUTF8Buffer { writeBytes($0) }
    }

    /// `{`
    @inline(__always)
    public mutating func beginObject() { writeByte(UInt8(ascii: "{")) }
    /// `}`
    @inline(__always)
    public mutating func endObject() { writeByte(UInt8(ascii: "}")) }
    /// `[`
    @inline(__always)
    public mutating func beginArray() { writeByte(UInt8(ascii: "[")) }
    /// `]`
    @inline(__always)
    public mutating func endArray() { writeByte(UInt8(ascii: "]")) }
    /// `,`
    @inline(__always)
    public mutating func comma() { writeByte(UInt8(ascii: ",")) }

    /// A member name and its colon: `"key":`.
    public mutating func writeKey(_ key: String) {
        writeString(key)
        writeByte(UInt8(ascii: ":"))
    }

    // MARK: Scalars

    /// `null`
    @inline(__always)
    public mutating func writeNull() { writeRaw("null") }

    /// `true` or `false`.
    public mutating func writeBool(_ value: Bool) {
        if value { writeRaw("true") } else { writeRaw("false") }
    }

    /// An integer in decimal, without building a `String`.
    public mutating func writeInt(_ value: Int) {
        if value < 0 { writeByte(UInt8(ascii: "-")) }
        // The magnitude is unsigned so that Int.min does not overflow.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let first = Self.writeDigits(of: value.magnitude, endingAt: digits)
            writeBytes(UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    /// Writes the decimal digits of `magnitude` at the end of `buffer`, which must have room
    /// for them (20 bytes hold any `UInt`), and returns the index of the first digit. For
    /// text built in place, such as IDs and amounts, without building a `String` first.
    @inlinable
    public static func writeDigits(of magnitude: UInt, endingAt buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var rest = magnitude
        var first = buffer.count
        repeat {
            first -= 1
            buffer[first] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        return first
    }

    /// A number as JavaScript prints it: `3.0` → `3`, `0.1` → `0.1`, `1e21` → `1e+21`,
    /// `-0.0` → `0`.
    ///
    /// JSON has no NaN or infinities, so callers must not pass them (Float's output
    /// coercion rejects them first); should one arrive anyway, `null` is written rather
    /// than invalid JSON.
    public mutating func writeDouble(_ value: Double) {
        guard value.isFinite else {
            writeNull()
            return
        }
        let isWhole = value.isWholeNumber
        if isWhole, value.magnitude < 9_007_199_254_740_992 {
            writeInt(Int(value))  // integral and exact: the common case, no String built
            return
        }
        // For a fraction without an exponent, Swift's shortest text is already JavaScript's;
        // whole numbers (Swift adds ".0") and exponents need the JavaScript layout.
        let text = value.description
        var written = isWhole || text.utf8.contains(UInt8(ascii: "e"))
            ? JSONNumberFormatting.javaScriptText(value) : text
        written.withUTF8 { writeBytes($0) }
    }

    /// A string in quotes, escaping `"`, `\` and control characters (below U+0020) and
    /// leaving all other UTF-8 as is.
    public mutating func writeString(_ string: String) {
        // A native string's bytes are read in place; `withUTF8` on a copy retained it.
        if string.utf8.withContiguousStorageIfAvailable({ writeQuoted($0) }) == nil {
            var string = string
            string.withUTF8 { writeQuoted($0) }
        }
    }

    /// UTF-8 bytes in quotes, escaped where needed. Most strings (names, IDs, amounts) need
    /// no escape: they are copied with their quotes in one go.
    private mutating func writeQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        let firstEscape = JSONStringScan.plainRunEnd(utf8, from: 0, stopAtNonASCII: false)
        guard firstEscape < utf8.count else {
            let room = room(for: utf8.count + 2)
            room.initialize(to: UInt8(ascii: "\""))
            JSONBytes.copy(utf8, to: room + 1)
            (room + 1 + utf8.count).initialize(to: UInt8(ascii: "\""))
            storage.count += utf8.count + 2
            return
        }
        writeByte(UInt8(ascii: "\""))
        appendEscaped(utf8, from: firstEscape)
        writeByte(UInt8(ascii: "\""))
    }

    /// Appends the escaped form of UTF-8 bytes, copying runs that need no escaping at once;
    /// the bytes before `firstEscape` are known to need none.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, from firstEscape: Int) {
        var runStart = 0
        var index = firstEscape
        let count = utf8.count
        while index < count {
            index = JSONStringScan.plainRunEnd(utf8, from: index, stopAtNonASCII: false)
            guard index < count else { break }
            let byte = utf8[index]
            if runStart < index {
                writeBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            }
            appendEscape(for: byte)
            index += 1
            runStart = index
        }
        if runStart < count {
            writeBytes(UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
    }

    /// The escape sequence for one byte that needs it, as `JSON.stringify` writes it.
    private mutating func appendEscape(for byte: UInt8) {
        writeByte(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): writeByte(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): writeByte(UInt8(ascii: "\\"))
        case 0x08: writeByte(UInt8(ascii: "b"))
        case 0x0C: writeByte(UInt8(ascii: "f"))
        case 0x0A: writeByte(UInt8(ascii: "n"))
        case 0x0D: writeByte(UInt8(ascii: "r"))
        case 0x09: writeByte(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            writeRaw("u00")
            writeByte(hex.utf8Start[Int(byte >> 4)])
            writeByte(hex.utf8Start[Int(byte & 0x0F)])
        }
    }

    // MARK: Values

    /// A whole value: objects keep their key order, lists their item order.
    public mutating func writeValue(_ value: Value) {
        switch value {
        case .null: writeNull()
        case .bool(let flag): writeBool(flag)
        case .int(let number): writeInt(number)
        case .float(let number): writeDouble(number)
        case .string(let text): writeString(text)
        case .list(let items):
            beginArray()
            for (index, item) in items.enumerated() {
                if index > 0 { comma() }
                writeValue(item)
            }
            endArray()
        case .object(let object):
            beginObject()
            for index in object.keys.indices {
                if index > 0 { comma() }
                writeKey(object.keys[index])
                writeValue(object.values[index])
            }
            endObject()
        }
    }
}

/// A growable byte buffer for `JSONWriter`, which copies it before writing when shared.
final class JSONBytes: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written, as an array.
    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Copies `source` to `target`: a short run (most keys and leaves) eight bytes at a time
    /// in place, where a call of `memcpy` cost more than the copy; a long one by `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafeBufferPointer<UInt8>, to target: UnsafeMutablePointer<UInt8>) {
        guard let start = source.baseAddress else { return }
        let count = source.count
        guard count <= 32 else {
            target.initialize(from: start, count: count)
            return
        }
        let from = UnsafeRawPointer(start)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            // The last eight bytes, overlapping what was copied, instead of a byte loop.
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
        } else {
            for offset in 0..<count { target[offset] = start[offset] }
        }
    }

    /// A copy with room for `extra` more bytes.
    func copy(room extra: Int) -> JSONBytes {
        let copy = JSONBytes(capacity: max(capacity, count + extra))
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    /// Makes room for at least `needed` bytes, doubling.
    func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
