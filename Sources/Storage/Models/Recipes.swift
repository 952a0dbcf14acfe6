import Foundation

/// A published recipe (without its ingredients and steps, which are loaded in batches).
///
/// Its fields are kept behind one reference (`SharedFields`), so copying a recipe, as a
/// search or feed page does on its way to the response, is one retain rather than one for
/// each of its strings.
public struct Recipe: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64 {
        get { shared.fields.id }
        set { shared.fields.id = newValue }
    }
    /// The user who wrote it.
    public var authorID: Int64 {
        get { shared.fields.authorID }
        set { shared.fields.authorID = newValue }
    }
    /// The name shown to people.
    public var name: String {
        get { shared.fields.name }
        set { shared.fields.name = newValue }
    }
    /// Free text under the name, if any.
    public var description: String? {
        get { shared.fields.description }
        set { shared.fields.description = newValue }
    }
    /// The cover picture, if any.
    public var coverURL: String? {
        get { shared.fields.coverURL }
        set { shared.fields.coverURL = newValue }
    }
    /// Cooking tips, if any.
    public var tips: String? {
        get { shared.fields.tips }
        set { shared.fields.tips = newValue }
    }
    /// When it was created.
    public var createdAt: Date {
        get { shared.fields.createdAt }
        set { shared.fields.createdAt = newValue }
    }

    @usableFromInline var shared: SharedFields<Fields>

    /// Makes a value from its parts.
    public init(
        id: Int64, authorID: Int64, name: String, description: String? = nil,
        coverURL: String? = nil, tips: String? = nil, createdAt: Date
    ) {
        shared = SharedFields(
            Fields(
                id: id, authorID: authorID, name: name, description: description,
                coverURL: coverURL, tips: tips, createdAt: createdAt))
    }

    /// The stored fields, documented on the properties above.
    @usableFromInline
    struct Fields: Sendable, Hashable {
        var id: Int64
        var authorID: Int64
        var name: String
        var description: String?
        var coverURL: String?
        var tips: String?
        var createdAt: Date
    }
}

/// One ingredient line: a name and a free-text amount such as `半斤`.
public struct Ingredient: Sendable, Hashable {
    /// The name shown to people.
    public var name: String
    /// Free text such as `半斤` or `2 tbsp`.
    public var amount: String

    /// Makes a value from its parts.
    public init(name: String, amount: String) {
        self.name = name
        self.amount = amount
    }

    /// Whether both the name and the amount are blank (such rows are dropped on save).
    public var isBlank: Bool { name.isBlank && amount.isBlank }
}

/// One step of a recipe or draft.
public struct Step: Sendable, Hashable {
    /// The 1-based number the app shows; always 1..n in order.
    public var number: Int
    /// The text as written.
    public var text: String
    /// A picture, if any.
    public var imageURL: String?

    /// Makes a value from its parts.
    public init(number: Int, text: String, imageURL: String? = nil) {
        self.number = number
        self.text = text
        self.imageURL = imageURL
    }

    /// Whether the step has neither text nor an image (dropped when publishing).
    public var isEmpty: Bool { text.isBlank && (imageURL ?? "").isBlank }
}

/// One of the counts a recipe shows.
public enum RecipeCount: Sendable, CaseIterable {
    /// Dishes made from it.
    case cooked
    /// Users who collected it.
    case collects
    /// Comments on it.
    case comments
}

/// A recipe's counts: dishes made from it, collections and comments.
public struct RecipeStats: Sendable, Hashable {
    /// How many dishes were made from the recipe.
    public var cookedCount: Int
    /// How many users collected it.
    public var collectsCount: Int
    /// How many comments it has.
    public var commentsCount: Int

    /// Counts of zero.
    public static let zero = RecipeStats(cookedCount: 0, collectsCount: 0, commentsCount: 0)

    /// Makes a value from its parts.
    public init(cookedCount: Int, collectsCount: Int, commentsCount: Int) {
        self.cookedCount = cookedCount
        self.collectsCount = collectsCount
        self.commentsCount = commentsCount
    }
}

/// A recipe being written, saved after every single change; only its author sees it.
public struct Draft: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64
    /// The user who wrote it.
    public var authorID: Int64
    /// The name shown to people.
    public var name: String
    /// Free text under the name, if any.
    public var description: String?
    /// The cover picture, if any.
    public var coverURL: String?
    /// Cooking tips, if any.
    public var tips: String?
    /// Ingredient lines, in order.
    public var ingredients: [Ingredient]
    /// Steps in order, numbered 1..n.
    public var steps: [Step]
    /// When it was created.
    public var createdAt: Date
    /// When it last changed.
    public var updatedAt: Date

    /// Makes a value from its parts.
    public init(
        id: Int64, authorID: Int64, name: String, description: String? = nil,
        coverURL: String? = nil, tips: String? = nil, ingredients: [Ingredient] = [],
        steps: [Step] = [], createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.authorID = authorID
        self.name = name
        self.description = description
        self.coverURL = coverURL
        self.tips = tips
        self.ingredients = ingredients
        self.steps = steps
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A change of a draft's fields: `nil` leaves a field; `.some(nil)` clears a clearable one.
public struct DraftChange: Sendable, Hashable {
    /// Not blank when given.
    public var name: String?
    /// Free text under the name, if any.
    public var description: String??
    /// The cover picture, if any.
    public var coverURL: String??
    /// Cooking tips, if any.
    public var tips: String??

    /// Makes a value from its parts.
    public init(
        name: String? = nil, description: String?? = nil, coverURL: String?? = nil,
        tips: String?? = nil
    ) {
        self.name = name
        self.description = description
        self.coverURL = coverURL
        self.tips = tips
    }
}

/// A change of one step: `nil` leaves a field; `imageURL: .some(nil)` removes the picture.
public struct StepChange: Sendable, Hashable {
    /// The text as written.
    public var text: String?
    /// A picture, if any.
    public var imageURL: String??

    /// Makes a value from its parts.
    public init(text: String? = nil, imageURL: String?? = nil) {
        self.text = text
        self.imageURL = imageURL
    }
}

extension StringProtocol {
    /// Whether the text is empty or only whitespace.
    public var isBlank: Bool { allSatisfy(\.isWhitespace) }

    /// The text without leading and trailing whitespace and newlines.
    public var trimmed: String {
        String(self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
