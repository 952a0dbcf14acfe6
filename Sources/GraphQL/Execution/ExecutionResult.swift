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
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// Writes the response object into `writer`.
    public func write(to writer: inout JSONWriter) {
        writer.bytes.append(UInt8(ascii: "{"))
        var needsComma = false
        if !errors.isEmpty {
            writer.bytes.append(contentsOf: Array(#""errors":"#.utf8))
            writer.bytes.append(UInt8(ascii: "["))
            for (index, error) in errors.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                error.write(to: &writer)
            }
            writer.bytes.append(UInt8(ascii: "]"))
            needsComma = true
        }
        if let tree {
            if needsComma { writer.bytes.append(UInt8(ascii: ",")) }
            writer.bytes.append(contentsOf: Array(#""data":"#.utf8))
            if tree.dataIsNull || tree.containers.isEmpty {
                writer.writeNull()
            } else {
                tree.write(container: 0, to: &writer)
            }
        }
        writer.bytes.append(UInt8(ascii: "}"))
    }
}

extension GraphQLError {
    /// Writes the error as the response's `errors` list holds it (section 7.1.2):
    /// `message`, then `locations`, `path` and `extensions` when not empty.
    public func write(to writer: inout JSONWriter) {
        writer.bytes.append(contentsOf: Array(#"{"message":"#.utf8))
        writer.writeString(message)
        if !locations.isEmpty {
            writer.bytes.append(contentsOf: Array(#","locations":["#.utf8))
            for (index, location) in locations.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                writer.bytes.append(contentsOf: Array(#"{"line":"#.utf8))
                writer.writeInt(location.line)
                writer.bytes.append(contentsOf: Array(#","column":"#.utf8))
                writer.writeInt(location.column)
                writer.bytes.append(UInt8(ascii: "}"))
            }
            writer.bytes.append(UInt8(ascii: "]"))
        }
        if !path.isEmpty {
            writer.bytes.append(contentsOf: Array(#","path":["#.utf8))
            for (index, component) in path.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                switch component {
                case .key(let key): writer.writeString(key)
                case .index(let position): writer.writeInt(position)
                }
            }
            writer.bytes.append(UInt8(ascii: "]"))
        }
        if !extensions.isEmpty {
            writer.bytes.append(contentsOf: Array(#","extensions":"#.utf8))
            writer.writeValue(.object(extensions))
        }
        writer.bytes.append(UInt8(ascii: "}"))
    }
}

extension ResponseTree {
    /// Writes one object or list, and everything under it, in response order.
    func write(container index: Int, to writer: inout JSONWriter) {
        let container = containers[index]
        let end = container.firstSlot + container.count
        if let keys = container.keys {
            writer.bytes.append(UInt8(ascii: "{"))
            for slot in container.firstSlot..<end {
                if slot > container.firstSlot { writer.bytes.append(UInt8(ascii: ",")) }
                writer.writeString(keys[slot - container.firstSlot])
                writer.bytes.append(UInt8(ascii: ":"))
                write(slot: slot, to: &writer)
            }
            writer.bytes.append(UInt8(ascii: "}"))
        } else {
            writer.bytes.append(UInt8(ascii: "["))
            for slot in container.firstSlot..<end {
                if slot > container.firstSlot { writer.bytes.append(UInt8(ascii: ",")) }
                write(slot: slot, to: &writer)
            }
            writer.bytes.append(UInt8(ascii: "]"))
        }
    }

    private func write(slot: Int, to writer: inout JSONWriter) {
        switch slots[slot] {
        case .null: writer.writeNull()
        case .leaf(let value): writer.writeValue(value)
        case .container(let child): write(container: child, to: &writer)
        }
    }

    /// One object or list as a `Value` tree.
    func value(ofContainer index: Int) -> Value {
        let container = containers[index]
        let range = container.firstSlot..<(container.firstSlot + container.count)
        let values = range.map { slot -> Value in
            switch slots[slot] {
            case .null: .null
            case .leaf(let value): value
            case .container(let child): value(ofContainer: child)
            }
        }
        guard let keys = container.keys else { return .list(values) }
        return .object(ObjectValue(Array(zip(keys, values))))
    }
}
