/// Lone schema definition (section 3.3): a document describes one schema, so it holds at
/// most one `schema` definition — and none when it extends a schema that already has its
/// root types.
struct LoneSchemaDefinition: SDLRuleVisitor {
    private let alreadyDefined: Bool
    private var count = 0

    init(context: SDLContext) {
        let schema = context.schema
        alreadyDefined = schema?.queryType != nil || schema?.mutationType != nil
            || schema?.subscriptionType != nil
    }

    mutating func enter(_ node: SDLNode, _ context: inout SDLContext) {
        guard case .schemaDefinition(let definition) = node else { return }
        if alreadyDefined {
            context.report(Self.cannotDefineInExtension, [definition.location])
            return
        }
        if count > 0 {
            context.report(Self.onlyOne, [definition.location])
        }
        count += 1
    }

    static let cannotDefineInExtension = "Cannot define a new schema within a schema extension."
    static let onlyOne = "Must provide only one schema definition."
}
