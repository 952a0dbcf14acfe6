/// What the schema says about the node being visited: the type of the enclosing selection
/// set, the field's definition, the input type a value must have, and so on.
///
/// The walker updates it before a rule's `enter` and after its `leave`, as graphql-js's
/// `TypeInfo` does, so a rule reads the schema facts for the node it is given. Any of them
/// is nil where the document refers to something the schema does not have.
public struct TypeInfo {
    let schema: Schema
    /// The schema's type ids and field tables: the stacks hold ids and field entries, so
    /// entering a field costs one hash of its name.
    private let index: SchemaTypeIndex
    private var typeStack: [OutputSlot] = []
    /// Ids of the composite types whose selection sets enclose the node (-1: unknown).
    private var parentTypeStack: [Int] = []
    private var inputTypeStack: [TypeReference?] = []
    private var fieldStack: [FieldEntry?] = []
    private var defaultValueStack: [ConstValueNode?] = []
    /// The directive being visited, while inside one.
    public private(set) var directive: DirectiveInfo?
    /// The argument definition being visited, while inside an argument.
    public private(set) var argument: InputValueInfo?

    /// An output type on the stack, with its named type's id (-1 when the reference does not
    /// name an output type of the schema, and then `type` is nil too).
    private struct OutputSlot {
        let type: TypeReference?
        let namedID: Int
        let isComposite: Bool

        static let unknown = OutputSlot(type: nil, namedID: -1, isComposite: false)
    }

    init(schema: Schema) {
        self.schema = schema
        self.index = schema.typeIndex
    }

    /// The output type of the current field, operation or fragment.
    public var type: TypeReference? { typeStack.last?.type }
    /// The composite type whose selection set is being visited.
    public var parentType: String? { parentTypeEntry?.name }
    /// The definition of the field being visited.
    public var fieldDefinition: FieldDefinitionInfo? { fieldEntry?.definition }
    /// The type the value being visited must have.
    public var inputType: TypeReference? { inputTypeStack.last ?? nil }
    /// The type of the list or input object around the value being visited.
    public var parentInputType: TypeReference? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    /// The default of the argument or input field being visited, if it has one.
    public var defaultValue: ConstValueNode? { defaultValueStack.last ?? nil }

    /// `parentType`'s entry in the schema's type index.
    var parentTypeEntry: TypeEntry? {
        guard let id = parentTypeStack.last, id >= 0 else { return nil }
        return index.entries[id]
    }

    /// `fieldDefinition`'s entry, with its resolved output type.
    var fieldEntry: FieldEntry? { fieldStack.last ?? nil }

    /// The entry of `type`'s named type (nil exactly when `type` is).
    var namedTypeEntry: TypeEntry? {
        guard let slot = typeStack.last, slot.namedID >= 0 else { return nil }
        return index.entries[slot.namedID]
    }

    // MARK: Entering and leaving nodes

    mutating func enterOperation(_ operation: OperationDefinition) {
        guard let rootName = schema.rootType(for: operation.operation)?.name,
            let id = index.ids[rootName]
        else {
            typeStack.append(.unknown)
            return
        }
        typeStack.append(OutputSlot(type: .named(rootName), namedID: id, isComposite: true))
    }

    mutating func leaveOperation() { typeStack.removeLast() }

    mutating func enterSelectionSet() {
        let slot = typeStack.last
        parentTypeStack.append(slot?.isComposite == true ? slot!.namedID : -1)
    }

    mutating func leaveSelectionSet() { parentTypeStack.removeLast() }

    mutating func enterField(_ field: Field) {
        let entry = parentTypeEntry?.fieldTable[field.name.value]
        fieldStack.append(entry)
        if let entry, let type = entry.outputType {
            typeStack.append(
                OutputSlot(type: type, namedID: entry.namedTypeID, isComposite: entry.isComposite))
        } else {
            typeStack.append(.unknown)
        }
    }

    mutating func leaveField() {
        fieldStack.removeLast()
        typeStack.removeLast()
    }

    /// An inline fragment or fragment definition: its type condition, or else the type
    /// around it.
    mutating func enterFragment(typeCondition: Name?) {
        if let typeCondition {
            if let entry = index[typeCondition.value], entry.isOutputType {
                typeStack.append(
                    OutputSlot(
                        type: .named(typeCondition.value), namedID: entry.id,
                        isComposite: entry.isComposite))
            } else {
                typeStack.append(.unknown)
            }
        } else if let slot = typeStack.last, let type = slot.type {
            let named: TypeReference =
                if case .named = type { type } else { .named(type.namedType) }
            typeStack.append(
                OutputSlot(type: named, namedID: slot.namedID, isComposite: slot.isComposite))
        } else {
            typeStack.append(.unknown)
        }
    }

    mutating func leaveFragment() { typeStack.removeLast() }

    mutating func enterVariableDefinition(_ definition: VariableDefinition) {
        let reference = typeReference(definition.type)
        inputTypeStack.append(reference.flatMap { isInputType($0) ? $0 : nil })
    }

    mutating func leaveVariableDefinition() { inputTypeStack.removeLast() }

    mutating func enterDirective(_ directive: Directive) {
        self.directive = schema.directives[directive.name.value]
    }

    mutating func leaveDirective() { directive = nil }

    mutating func enterArgument(_ argument: Argument) {
        let definition =
            if let directive {
                directive.argument(named: argument.name.value)
            } else {
                fieldEntry?.definition.argument(named: argument.name.value)
            }
        self.argument = definition
        defaultValueStack.append(definition?.defaultValue)
        inputTypeStack.append(definition.flatMap { isInputType($0.type) ? $0.type : nil })
    }

    mutating func leaveArgument() {
        argument = nil
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    /// A list literal: its items have the list's item type.
    mutating func enterList() {
        let listType = inputType?.nullable
        let itemType: TypeReference? =
            if case .list(let item)? = listType { item } else { listType }
        defaultValueStack.append(nil)
        inputTypeStack.append(itemType.flatMap { isInputType($0) ? $0 : nil })
    }

    mutating func leaveList() {
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    mutating func enterObjectField(_ field: ObjectFieldNode) {
        var definition: InputValueInfo?
        if let name = inputType?.namedType, case .inputObject(let object)? = schema[name] {
            definition = object.field(named: field.name.value)
        }
        defaultValueStack.append(definition?.defaultValue)
        inputTypeStack.append(definition.flatMap { isInputType($0.type) ? $0.type : nil })
    }

    mutating func leaveObjectField() {
        defaultValueStack.removeLast()
        inputTypeStack.removeLast()
    }

    // MARK: Type helpers

    /// The schema type a document's type node spells, or nil when its name is unknown.
    func typeReference(_ node: TypeNode) -> TypeReference? {
        schema[node.namedType.value] == nil ? nil : TypeReference(node)
    }

    func isInputType(_ reference: TypeReference) -> Bool { schema.isInputType(reference) }

    func isOutputType(_ reference: TypeReference) -> Bool { schema.isOutputType(reference) }
}
