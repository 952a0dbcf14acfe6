/// The domain's schema, oldest step first; pass it to `Database.open(path:migrations:)`.
///
/// The steps create the tables of `DomainSchema`, one aggregate each. Once released a step
/// is never edited: a change is a new step at the end.
public enum DomainMigrations {
    /// Every step, numbered 1, 2, 3, … without gaps.
    public static let all: [Migration] = [
        Migration(version: 1, name: "people", sql: DomainSchema.people),
        Migration(version: 2, name: "recipes and drafts", sql: DomainSchema.recipes),
        Migration(version: 3, name: "dishes, comments, forums", sql: DomainSchema.community),
        Migration(version: 4, name: "search", sql: DomainSchema.search),
        Migration(version: 5, name: "market", sql: DomainSchema.market),
        Migration(version: 6, name: "cart, addresses, orders, basket", sql: DomainSchema.shopping),
        Migration(version: 7, name: "lunch menu and apps", sql: DomainSchema.apps),
        Migration(version: 8, name: "sign-in failures", sql: DomainSchema.signInFailures),
        mediaAndEvents,
        dishLikeCounts,
        plainEventIDs,
        searchTiers,
        commentCounts,
    ]
}
