/// What the schema says about the node being visited: the type of the enclosing selection
/// set, the field's definition, the input type a value must have, and so on.
///
/// The walker updates it before a rule's `enter` and after its `leave`, as graphql-js's
/// `TypeInfo` does, so a rule reads the schema facts for the node it is given. Any of them
/// is nil where the document refers to something the schema does not have.
public struct TypeInfo {
    let schema: Schema
    /// Each output type with, when it is composite, its name, found when pushed so the
    /// selection set below does not look the type up again.
    private var typeStack: [(type: TypeReference?, compositeName: String?)] = []
    private var parentTypeStack: [String?] = []
    private var inputTypeStack: [TypeReference?] = []
    private var fieldDefinitionStack: [FieldDefinitionInfo?] = []
    private var defaultValueStack: [ConstValueNode?] = []
    /// The directive being visited, while inside one.
    public private(set) var directive: DirectiveInfo?
    /// The argument definition being visited, while inside an argument.
    public private(set) var argument: InputValueInfo?

    init(schema: Schema) {
        self.schema = schema
    }

    /// The output type of the current field, operation or fragment.
    public var type: TypeReference? { typeStack.last?.type }
    /// The composite type whose selection set is being visited.
    public var parentType: String? { parentTypeStack.last ?? nil }
    /// The definition of the field being visited.
    public var fieldDefinition: FieldDefinitionInfo? { fieldDefinitionStack.last ?? nil }
    /// The type the value being visited must have.
    public var inputType: TypeReference? { inputTypeStack.last ?? nil }
    /// The type of the list or input object around the value being visited.
    public var parentInputType: TypeReference? {
        inputTypeStack.count >= 2 ? inputTypeStack[inputTypeStack.count - 2] : nil
    }
    /// The default of the argument or input field being visited, if it has one.
    public var defaultValue: ConstValueNode? { defaultValueStack.last ?? nil }

    // MARK: Entering and leaving nodes

    mutating func enterOperation(_ operation: OperationDefinition) {
        let rootName = schema.rootType(for: operation.operation)?.name
        typeStack.append((rootName.map { .named($0) }, rootName))
    }

    mutating func leaveOperation() { typeStack.removeLast() }

    mutating func enterSelectionSet() {
        parentTypeStack.append(typeStack.last?.compositeName)
    }

    mutating func leaveSelectionSet() { parentTypeStack.removeLast() }

    mutating func enterField(_ field: Field) {
        let definition = parentType.flatMap { schema.fieldDefinition(field.name.value, on: $0) }
        fieldDefinitionStack.append(definition)
        pushOutputType(definition?.type)
    }

    mutating func leaveField() {
        fieldDefinitionStack.removeLast()
        typeStack.removeLast()
    }

    /// An inline fragment or fragment definition: its type condition, or else the type
    /// around it.
    mutating func enterFragment(typeCondition: Name?) {
        let outputType: TypeReference? =
            if let typeCondition {
                schema[typeCondition.value] != nil ? .named(typeCondition.value) : nil
            } else {
                type.map { .named($0.namedType) }
            }
        pushOutputType(outputType)
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
                fieldDefinition?.argument(named: argument.name.value)
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

    /// Pushes `type` when it is an output type of the schema (nil otherwise), with its name
    /// when it is composite.
    private mutating func pushOutputType(_ type: TypeReference?) {
        guard let type, let named = schema.outputType(of: type) else {
            typeStack.append((nil, nil))
            return
        }
        typeStack.append((type, named.isComposite ? named.name : nil))
    }

    /// The schema type a document's type node spells, or nil when its name is unknown.
    func typeReference(_ node: TypeNode) -> TypeReference? {
        schema[node.namedType.value] == nil ? nil : TypeReference(node)
    }

    func isInputType(_ reference: TypeReference) -> Bool { schema.isInputType(reference) }

    func isOutputType(_ reference: TypeReference) -> Bool { schema.isOutputType(reference) }
}
