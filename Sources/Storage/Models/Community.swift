import Foundation

/// Which meal a dish was for; raw values are the GraphQL enum values.
public enum Meal: String, Sendable, Hashable, CaseIterable {
    /// Breakfast.
    case breakfast = "BREAKFAST"
    /// Lunch.
    case lunch = "LUNCH"
    /// Dinner.
    case dinner = "DINNER"
}

/// A dish someone made and shared (作品), with its photos (its tags load apart).
public struct Dish: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The user who wrote it.
    public var authorID: Int64
    /// The recipe it was made from, if any.
    public var recipeID: Int64?
    /// Free text under the name, if any.
    public var description: String?
    /// Which meal it was for, if said.
    public var meal: Meal?
    /// 1 to 9 photos, in order. (Its tags load apart, when asked for:
    /// `DishRepository.tags(dishIDs:)`.)
    public var photos: [Photo]
    /// When it was created.
    public var createdAt: Date

    /// Makes a value from its parts.
    public init(
        id: Int64, authorID: Int64, recipeID: Int64? = nil, description: String? = nil,
        meal: Meal? = nil, photos: [Photo], createdAt: Date
    ) {
        self.id = id
        self.authorID = authorID
        self.recipeID = recipeID
        self.description = description
        self.meal = meal
        self.photos = photos
        self.createdAt = createdAt
    }
}

/// What a new dish is made of, as the client sends it (validated by `DishRepository`).
public struct NewDish: Sendable, Hashable {
    /// Photos, in order.
    public var photos: [Photo]
    /// Free text under the name, if any.
    public var description: String?
    /// Tags, in order.
    public var tags: [String]
    /// Which meal it was for, if said.
    public var meal: Meal?
    /// The recipe it belongs to or was made from.
    public var recipeID: Int64?

    /// Makes a value from its parts.
    public init(
        photos: [Photo], description: String? = nil, tags: [String] = [], meal: Meal? = nil,
        recipeID: Int64? = nil
    ) {
        self.photos = photos
        self.description = description
        self.tags = tags
        self.meal = meal
        self.recipeID = recipeID
    }
}

/// What can be commented on: a dish, a recipe or a forum topic, by id.
public enum CommentTarget: Sendable, Hashable {
    /// A dish, by id.
    case dish(Int64)
    /// A recipe, by id.
    case recipe(Int64)
    /// A topic, by id.
    case topic(Int64)

    /// The `comments.target_kind` value.
    public var kind: String {
        switch self {
        case .dish: "dish"
        case .recipe: "recipe"
        case .topic: "topic"
        }
    }

    /// The target's row id.
    public var id: Int64 {
        switch self {
        case .dish(let id), .recipe(let id), .topic(let id): id
        }
    }

    /// The target named by a stored kind and id, or `nil` for an unknown kind.
    public init?(kind: String, id: Int64) {
        switch kind {
        case "dish": self = .dish(id)
        case "recipe": self = .recipe(id)
        case "topic": self = .topic(id)
        default: return nil
        }
    }
}

/// A comment in a thread.
public struct Comment: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// What was commented on.
    public var target: CommentTarget
    /// The user who wrote it.
    public var authorID: Int64
    /// The text as written. The users an `@name` in it mentions are a relation of their
    /// own (`CommentStore.mentions(commentIDs:)`), read only by a request that asks for them.
    public var text: String
    /// The comment this one answers, if any.
    public var replyToID: Int64?
    /// When it was created.
    public var createdAt: Date

    /// Makes a value from its parts.
    public init(
        id: Int64, target: CommentTarget, authorID: Int64, text: String,
        replyToID: Int64? = nil, createdAt: Date
    ) {
        self.id = id
        self.target = target
        self.authorID = authorID
        self.text = text
        self.replyToID = replyToID
        self.createdAt = createdAt
    }
}

/// A forum of topics.
public struct Forum: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The name shown to people.
    public var name: String
    /// Free text under the name, if any.
    public var description: String?

    /// Makes a value from its parts.
    public init(id: Int64, name: String, description: String? = nil) {
        self.id = id
        self.name = name
        self.description = description
    }
}

/// A forum topic; people comment on it.
public struct Topic: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The forum it belongs to.
    public var forumID: Int64
    /// The user who wrote it.
    public var authorID: Int64
    /// The title shown.
    public var title: String
    /// The text of the topic.
    public var body: String
    /// When it was created.
    public var createdAt: Date

    /// Makes a value from its parts.
    public init(
        id: Int64, forumID: Int64, authorID: Int64, title: String, body: String, createdAt: Date
    ) {
        self.id = id
        self.forumID = forumID
        self.authorID = authorID
        self.title = title
        self.body = body
        self.createdAt = createdAt
    }
}

/// An entry of the following feed: a dish or a recipe id.
public enum FeedEntry: Sendable, Hashable {
    /// A dish, by id.
    case dish(Int64)
    /// A recipe, by id.
    case recipe(Int64)
}
