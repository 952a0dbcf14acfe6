/// What the schema says about the node being visited: the type of the enclosing selection
/// set, the field's definition, the input type a value must have, and so on.
///
/// The walker updates it before a rule's `enter` and after its `leave`, as graphql-js's
/// `TypeInfo` does, so a rule reads the schema facts for the node it is given. Any of them
/// is nil where the document refers to something the schema does not have.
public struct TypeInfo {
    let schema: Schema
    /// Each output type with, when it is composite, the schema's type it names, looked up
    /// once when pushed so the selection set below reuses it.
    private var typeStack: [(type: TypeReference?, composite: NamedType?)] = []
    /// The composite types of the selection sets being visited, as the schema has them, so a
    /// field's definition is found without looking its parent type up again by name.
    private var parentTypeStack: [NamedType?] = []
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
    public var parentType: String? { (parentTypeStack.last ?? nil)?.name }
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
        let root = schema.rootType(for: operation.operation)
        pushType(root.map { .named($0.name) }, named: root.map { .object($0) })
    }

    mutating func leaveOperation() { typeStack.removeLast() }

    mutating func enterSelectionSet() {
        parentTypeStack.append(typeStack.last?.composite)
    }

    mutating func leaveSelectionSet() { parentTypeStack.removeLast() }

    mutating func enterField(_ field: Field) {
        let definition = (parentTypeStack.last ?? nil).flatMap {
            fieldDefinition(field.name.value, on: $0)
        }
        fieldDefinitionStack.append(definition)
        let named = definition.flatMap { schema.outputType(of: $0.type) }
        pushType(named == nil ? nil : definition?.type, named: named)
    }

    mutating func leaveField() {
        fieldDefinitionStack.removeLast()
        typeStack.removeLast()
    }

    /// An inline fragment or fragment definition: its type condition, or else the type
    /// around it.
    mutating func enterFragment(typeCondition: Name?) {
        if let typeCondition {
            let named = schema[typeCondition.value]
            let isOutput = named?.isOutputType == true
            pushType(isOutput ? .named(typeCondition.value) : nil, named: isOutput ? named : nil)
        } else if let type {
            // The type around was already checked to be an output type when pushed.
            pushType(.named(type.namedType), named: typeStack.last?.composite)
        } else {
            pushType(nil, named: nil)
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

    /// Pushes an output type (nil when unknown) with the schema's named type under it, which
    /// is kept only when composite.
    private mutating func pushType(_ type: TypeReference?, named: NamedType?) {
        typeStack.append((type, named?.isComposite == true ? named : nil))
    }

    /// The definition of a field as selected on `parent`, meta-fields included, as
    /// `Schema.fieldDefinition(_:on:)` finds it, without looking `parent` up by name.
    private func fieldDefinition(_ fieldName: String, on parent: NamedType) -> FieldDefinitionInfo? {
        if fieldName == "__typename" { return MetaFields.typename }
        if fieldName == "__schema" || fieldName == "__type", parent.name == schema.queryType {
            return fieldName == "__schema" ? MetaFields.schema : MetaFields.type
        }
        return parent.field(named: fieldName)
    }

    /// The schema type a document's type node spells, or nil when its name is unknown.
    func typeReference(_ node: TypeNode) -> TypeReference? {
        schema[node.namedType.value] == nil ? nil : TypeReference(node)
    }

    func isInputType(_ reference: TypeReference) -> Bool { schema.isInputType(reference) }

    func isOutputType(_ reference: TypeReference) -> Bool { schema.isOutputType(reference) }
}
