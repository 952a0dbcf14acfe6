/// What a schema's `@cost` and `@listSize` directives say, read once when the schema is
/// built: the GraphQL cost directives specification's
///
/// ```graphql
/// directive @cost(weight: String!) on ARGUMENT_DEFINITION | ENUM | FIELD_DEFINITION
///   | INPUT_FIELD_DEFINITION | OBJECT | SCALAR
/// directive @listSize(assumedSize: Int, slicingArguments: [String!], sizedFields: [String!],
///   requireOneSlicingArgument: Boolean = true) on FIELD_DEFINITION
/// ```
///
/// The engine knows the directives only by these names and arguments: a schema declares
/// them like any other directive (SDL validation requires it), and a schema without them
/// is measured with the defaults (`OperationLimits`).
public struct CostDirectives: Sendable {
    /// `@listSize` on a field: how many items its list holds, or where that is said.
    public struct ListSize: Sendable, Hashable {
        /// The most items the list holds, whatever is asked.
        public var assumedSize: Int?
        /// Int arguments whose value is the list's size (the largest, when several are given).
        public var slicingArguments: [String]
        /// Fields of the field's type whose lists the size is for, instead of the field's
        /// own (a connection's `edges` and `nodes`).
        public var sizedFields: [String]
        /// Whether an operation must give exactly one of the slicing arguments (a default
        /// value counts as given).
        public var requireOneSlicingArgument: Bool

        public init(
            assumedSize: Int? = nil, slicingArguments: [String] = [], sizedFields: [String] = [],
            requireOneSlicingArgument: Bool = true
        ) {
            self.assumedSize = assumedSize
            self.slicingArguments = slicingArguments
            self.sizedFields = sizedFields
            self.requireOneSlicingArgument = requireOneSlicingArgument
        }
    }

    /// A field, an argument or an input field: `owner` is the type (or `@directive`).
    struct Key: Hashable {
        let owner: String
        let name: String
        var argument: String = ""
    }

    private var typeWeights: [String: Double] = [:]
    private var weights: [Key: Double] = [:]
    private var listSizes: [Key: ListSize] = [:]

    /// Whether the schema applies neither directive anywhere.
    public var isEmpty: Bool { typeWeights.isEmpty && weights.isEmpty && listSizes.isEmpty }

    /// Reads every application of `@cost` and `@listSize` in `types` and on the arguments
    /// of `directives`. Applications that do not parse (see `SchemaValidator`) are left out.
    init(types: [String: NamedType], directives: [String: DirectiveInfo]) {
        for (name, type) in types {
            if let weight = Self.weight(type.appliedDirectives) { typeWeights[name] = weight }
            switch type {
            case .object(let object): read(object.fields, of: name)
            case .interface(let interface): read(interface.fields, of: name)
            case .inputObject(let input): read(input.fields, of: name, argumentOf: nil)
            default: break
            }
        }
        for (name, directive) in directives {
            read(directive.arguments, of: "@" + name, argumentOf: "")
        }
    }

    private mutating func read(_ fields: [FieldDefinitionInfo], of owner: String) {
        for field in fields {
            let key = Key(owner: owner, name: field.name)
            if let weight = Self.weight(field.appliedDirectives) { weights[key] = weight }
            if let listSize = Self.listSize(field.appliedDirectives) { listSizes[key] = listSize }
            read(field.arguments, of: owner, argumentOf: field.name)
        }
    }

    /// Arguments of `owner.field` (`field` is nil for an input object's fields).
    private mutating func read(_ values: [InputValueInfo], of owner: String, argumentOf field: String?) {
        for value in values {
            guard let weight = Self.weight(value.appliedDirectives) else { continue }
            let key = field.map { Key(owner: owner, name: $0, argument: value.name) }
                ?? Key(owner: owner, name: value.name)
            weights[key] = weight
        }
    }

    /// `@cost` on a named type.
    public func weight(ofType name: String) -> Double? { typeWeights[name] }

    /// `@cost` on a field of an object or interface.
    public func weight(ofField field: String, on type: String) -> Double? {
        weights[Key(owner: type, name: field)]
    }

    /// `@cost` on an argument of a field.
    public func weight(ofArgument argument: String, field: String, on type: String) -> Double? {
        weights[Key(owner: type, name: field, argument: argument)]
    }

    /// `@cost` on an argument of a directive definition.
    public func weight(ofArgument argument: String, directive: String) -> Double? {
        weights[Key(owner: "@" + directive, name: "", argument: argument)]
    }

    /// `@cost` on a field of an input object.
    public func weight(ofInputField field: String, on type: String) -> Double? {
        weights[Key(owner: type, name: field)]
    }

    /// `@listSize` on a field of an object or interface.
    public func listSize(ofField field: String, on type: String) -> ListSize? {
        listSizes[Key(owner: type, name: field)]
    }

    // MARK: Reading the applications

    /// The weight of a `@cost` among `directives`, when it has one that reads as a number.
    static func weight(_ directives: [ConstDirective]) -> Double? {
        guard let value = directives.first(named: "cost")?.argument(named: "weight"),
            case .string(let text, _) = value.kind
        else { return nil }
        return parseWeight(text)
    }

    /// A weight as the specification writes it: a decimal number in a string (`"2.0"`,
    /// `"-3"`, `"1e2"`); nil for anything else, including infinities and NaN.
    static func parseWeight(_ text: String) -> Double? {
        let allowed = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")]
                    .contains(byte)
        }
        guard allowed, let weight = Double(text), weight.isFinite else { return nil }
        return weight
    }

    /// The `@listSize` among `directives`, when there is one.
    static func listSize(_ directives: [ConstDirective]) -> ListSize? {
        guard let directive = directives.first(named: "listSize") else { return nil }
        var listSize = ListSize()
        if case .int(let text)? = directive.argument(named: "assumedSize")?.kind {
            listSize.assumedSize = Int(text).map { max(0, $0) } ?? .max
        }
        listSize.slicingArguments = strings(directive.argument(named: "slicingArguments"))
        listSize.sizedFields = strings(directive.argument(named: "sizedFields"))
        if case .boolean(let flag)? = directive.argument(named: "requireOneSlicingArgument")?.kind {
            listSize.requireOneSlicingArgument = flag
        }
        return listSize
    }

    /// A `[String!]` argument's strings (a single string counts as a list of one, as input
    /// coercion has it).
    private static func strings(_ value: ConstValueNode?) -> [String] {
        switch value?.kind {
        case .string(let text, _)?: return [text]
        case .list(let items)?:
            return items.compactMap { item in
                if case .string(let text, _) = item.kind { return text }
                return nil
            }
        default: return []
        }
    }
}
