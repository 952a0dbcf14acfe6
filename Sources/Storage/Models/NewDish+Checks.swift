extension NewDish {
    /// Checks what a dish upload must have — 1 to `maximumPhotos` photos, none with a blank
    /// URL, at most `Bounds.dishTags` tags — and returns its tags trimmed, blank ones
    /// dropped and repeats removed.
    func checkedTags(maximumPhotos: Int) throws(DomainError) -> [String] {
        guard (1...maximumPhotos).contains(photos.count) else {
            throw .badInput("A dish needs 1 to \(maximumPhotos) photos; \(photos.count) were given.")
        }
        guard photos.allSatisfy({ !$0.url.isBlank }) else { throw .badInput("A photo URL must not be blank.") }
        let tags = distinct(tags.map(\.trimmed).filter { !$0.isEmpty })
        try Bounds.check(tags.count, atMost: Bounds.dishTags, "tags", of: "A dish")
        return tags
    }
}
