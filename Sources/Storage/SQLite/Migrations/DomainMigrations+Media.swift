extension DomainMigrations {
    /// Step 9: uploaded pictures and subscription events (issue 7).
    static let mediaAndEvents = Migration(
        version: 9, name: "media and events", sql: DomainSchema.mediaAndEvents)
}
