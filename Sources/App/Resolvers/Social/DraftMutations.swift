import GraphQL
import Storage

/// The draft editor: every change is its own mutation, saved at once, in one write
/// transaction, so two devices editing the same draft never lose or duplicate a step.
enum DraftMutations {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Mutation") { mutation in
            mutation.field("createDraft", reading: ["name"]) { arguments, context in
                let viewerID = try context.requireViewer()
                return try storage { try context.store.drafts.createDraft(authorID: viewerID, name: arguments.string("name") ?? "") }
            }
            mutation.field("updateDraft", reading: ["id", "input"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "id", context)
                let input = arguments.object("input") ?? ObjectValue()
                let change = DraftChange(
                    name: input.text("name"), description: input.clearableText("description"),
                    coverURL: try context.uploadedURL(input["coverImage"]) ?? input.clearableText("coverImageUrl"), tips: input.clearableText("tips"))
                return try storage { try context.store.drafts.updateDraft(id: id, authorID: viewerID, change) }
            }
            mutation.field("addStep", reading: ["draftId", "at"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "draftId", context)
                return try storage { try context.store.drafts.addStep(draftID: id, authorID: viewerID, at: arguments.int("at")) }
            }
            mutation.field("updateStep", reading: ["draftId", "index", "input"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "draftId", context)
                let input = arguments.object("input") ?? ObjectValue()
                let change = StepChange(
                    text: input.text("text"),
                    imageURL: try context.uploadedURL(input["image"]) ?? input.clearableText("imageUrl"))
                return try storage {
                    try context.store.drafts.updateStep(
                        draftID: id, authorID: viewerID, index: arguments.int("index") ?? -1, change)
                }
            }
            mutation.field("removeStep", reading: ["draftId", "index"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "draftId", context)
                return try storage {
                    try context.store.drafts.removeStep(draftID: id, authorID: viewerID, index: arguments.int("index") ?? -1)
                }
            }
            mutation.field("moveStep", reading: ["draftId", "from", "to"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "draftId", context)
                return try storage {
                    try context.store.drafts.moveStep(
                        draftID: id, authorID: viewerID, from: arguments.int("from") ?? -1, to: arguments.int("to") ?? 0)
                }
            }
            mutation.field("setIngredients", reading: ["draftId", "ingredients"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "draftId", context)
                let ingredients = (arguments.list("ingredients") ?? []).map { row in
                    guard case .object(let fields) = row else { return Ingredient(name: "", amount: "") }
                    return Ingredient(name: fields.text("name") ?? "", amount: fields.text("amount") ?? "")
                }
                return try storage { try context.store.drafts.setIngredients(draftID: id, authorID: viewerID, ingredients) }
            }
            mutation.field("publishDraft", reading: ["id"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "id", context)
                return try storage { try context.store.drafts.publishDraft(id: id, authorID: viewerID) }
            }
            mutation.field("deleteDraft", reading: ["id"]) { arguments, context in
                let (id, viewerID) = try draft(arguments, "id", context)
                try storage { try context.store.drafts.deleteDraft(id: id, authorID: viewerID) }
                return GlobalID.encode("Draft", id)
            }
        }
    }

    /// The draft's row id and the viewer's: `UNAUTHENTICATED` without a viewer, then
    /// `BAD_USER_INPUT` for an ID that is not a draft's.
    private static func draft(
        _ arguments: Arguments, _ name: String, _ context: RequestContext
    ) throws(GraphQLError) -> (draftID: Int64, viewerID: Int64) {
        let viewerID = try context.requireViewer()
        return (try arguments.id(name, of: "Draft"), viewerID)
    }
}
