/// The outcome of executing a request: `data` (absent, null, or an object) and `errors`.
///
/// The data stays in the executor's flat response tree until it is written, so the fast
/// path (`jsonBytes()`) never builds an intermediate `Value`; `data` builds one for tests
/// and callers that want a tree.
public struct ExecutionResult: Sendable {
    /// The response tree; nil when the request failed before execution (no `data` entry).
    let tree: ResponseTree?
    /// Every error, request errors first, then field errors in response order.
    public let errors: [GraphQLError]

    init(tree: ResponseTree?, errors: [GraphQLError]) {
        self.tree = tree
        self.errors = errors
    }

    /// A result of request errors only: no `data` entry (a parse, validation or variable
    /// error, section 7.1).
    public init(errors: [GraphQLError]) {
        self.init(tree: nil, errors: errors)
    }

    /// Whether the response has a `data` entry at all.
    public var hasData: Bool { tree != nil }

    /// `data` as a value: nil when absent, `.null` when a null reached the root.
    public var data: Value? {
        guard let tree else { return nil }
        if tree.dataIsNull || tree.containers.isEmpty { return .null }
        return tree.value(ofContainer: 0)
    }

    /// The response as JSON bytes: `{"data":…,"errors":[…]}`, fields in query order.
    public func jsonBytes() -> [UInt8] {
        // Room for a typical position's share of the text, so the buffer rarely grows.
        var writer = JSONWriter(capacity: max(256, (tree?.leafText.count ?? 0) + (tree?.slots.count ?? 0) * 12))
        write(to: &writer)
        return writer.bytes
    }

    /// Writes the response object into `writer`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        var needsComma = false
        if !errors.isEmpty {
            writer.writeRaw("\"errors\":")
            writer.beginArray()
            for (index, error) in errors.enumerated() {
                if index > 0 { writer.comma() }
                error.write(to: &writer)
            }
            writer.endArray()
            needsComma = true
        }
        if let tree {
            if needsComma { writer.comma() }
            writer.writeRaw("\"data\":")
            if tree.dataIsNull || tree.containers.isEmpty {
                writer.writeNull()
            } else {
                tree.write(container: 0, to: &writer)
            }
        }
        writer.endObject()
    }
}

extension GraphQLError {
    /// Writes the error as the response's `errors` list holds it (section 7.1.2):
    /// `message`, then `locations`, `path` and `extensions` when not empty.
    public func write(to writer: inout JSONWriter) {
        writer.writeRaw("{\"message\":")
        writer.writeString(message)
        if !locations.isEmpty {
            writer.writeRaw(",\"locations\":[")
            for (index, location) in locations.enumerated() {
                if index > 0 { writer.comma() }
                writer.writeRaw("{\"line\":")
                writer.writeInt(location.line)
                writer.writeRaw(",\"column\":")
                writer.writeInt(location.column)
                writer.endObject()
            }
            writer.endArray()
        }
        if !path.isEmpty {
            writer.writeRaw(",\"path\":[")
            for (index, component) in path.enumerated() {
                if index > 0 { writer.comma() }
                switch component {
                case .key(let key): writer.writeString(key)
                case .index(let position): writer.writeInt(position)
                }
            }
            writer.endArray()
        }
        if !extensions.isEmpty {
            writer.writeRaw(",\"extensions\":")
            writer.writeValue(.object(extensions))
        }
        writer.endObject()
    }
}

extension ResponseTree {
    /// Writes one object or list, and everything under it, in response order.
    func write(container index: Int, to writer: inout JSONWriter) {
        leafText.withBytes { text in
            slots.withUnsafeBufferPointer { slots in
                write(container: index, slots: slots, text: text, to: &writer)
            }
        }
    }

    /// Positions and leaf text are read through pointers: an array read of each position
    /// checked its bounds and copied it out.
    private func write(
        container index: Int, slots: UnsafeBufferPointer<ResultValue>, text: UnsafeBufferPointer<UInt8>,
        to writer: inout JSONWriter
    ) {
        let container = containers[index]
        if !container.isList {
            // The keys' bytes are read in place: copying the `ResponseKeys` out of the array
            // retained and released its three arrays for every object of the response.
            keySets[container.keySet].encoded.withUnsafeBufferPointer { encoded in
                keySets[container.keySet].offsets.withUnsafeBufferPointer { offsets in
                    writer.beginObject()
                    for offset in 0..<container.count {
                        // The first member's key without the comma in front of it.
                        let start = offset == 0 ? offsets[0] + 1 : offsets[offset]
                        let key = UnsafeBufferPointer(rebasing: encoded[start..<offsets[offset + 1]])
                        let position = slots[container.firstSlot + offset]
                        if case .text(let textStart, let textEnd) = position {
                            // Key and value in one copy.
                            writer.writeBytes(key, UnsafeBufferPointer(rebasing: text[textStart..<textEnd]))
                        } else {
                            writer.writeBytes(key)
                            write(position, slots: slots, text: text, to: &writer)
                        }
                    }
                    writer.endObject()
                }
            }
        } else {
            writer.beginArray()
            for slot in container.firstSlot..<(container.firstSlot + container.count) {
                if slot > container.firstSlot { writer.comma() }
                write(slots[slot], slots: slots, text: text, to: &writer)
            }
            writer.endArray()
        }
    }

    private func write(
        _ position: ResultValue, slots: UnsafeBufferPointer<ResultValue>, text: UnsafeBufferPointer<UInt8>,
        to writer: inout JSONWriter
    ) {
        switch position {
        case .null: writer.writeNull()
        case .text(let start, let end): writer.writeBytes(UnsafeBufferPointer(rebasing: text[start..<end]))
        case .value(let index): writer.writeValue(leafValues[index])
        case .container(let child): write(container: child, slots: slots, text: text, to: &writer)
        }
    }

    /// One object or list as a `Value` tree.
    func value(ofContainer index: Int) -> Value {
        let container = containers[index]
        let range = container.firstSlot..<(container.firstSlot + container.count)
        let values = range.map { slot -> Value in
            switch slots[slot] {
            case .null: .null
            case .text(let start, let end): leafValue(start..<end)
            case .value(let index): leafValues[index]
            case .container(let child): value(ofContainer: child)
            }
        }
        if container.isList { return .list(values) }
        return .object(ObjectValue(Array(zip(keySets[container.keySet].names, values))))
    }

    /// A leaf written as text, read back: a string, integer or boolean reads as itself.
    private func leafValue(_ range: Range<Int>) -> Value {
        let bytes = leafText.withBytes { Array(UnsafeBufferPointer(rebasing: $0[range])) }
        return (try? JSONReader.parse(bytes)) ?? .null
    }
}
