import Foundation

/// The lunch menu and what each app shows on start (latest version, onboarding pages).
public struct AppRepository: Sendable {
    let database: Database
    let clock: Clock

    /// A repository over `database`; `clock` says what "now" is.
    public init(database: Database, clock: @escaping Clock = { Date() }) {
        self.database = database
        self.clock = clock
    }

    static let menuUpdatedKey = "lunch_menu_updated_at"

    /// The week's menu: Monday..Friday then the weekend, each with its goods in order.
    public func lunchMenu() throws -> LunchMenu {
        try database.read { c in
            let items = grouped(
                try c.query("SELECT day, goods_id FROM lunch_menu_items ORDER BY day, position") {
                    ($0.string(0), $0.int64(1))
                })
            let updated = try c.queryFirst(
                "SELECT value FROM meta WHERE key = ?", Self.menuUpdatedKey, row: { $0.string(0) }
            ).flatMap { Int64($0) } ?? 0
            return LunchMenu(
                updatedAt: Date(milliseconds: updated),
                sections: LunchDay.allCases.map {
                    LunchSection(day: $0, goodsIDs: items[$0.rawValue] ?? [])
                })
        }
    }

    /// Replaces one day's items and records the change time for "Last updated on …".
    public func setLunchMenu(day: LunchDay, goodsIDs: [Int64]) throws {
        try database.write { c in try Self.setLunchMenu(day: day, goodsIDs: goodsIDs, now: clock(), c) }
    }

    static func setLunchMenu(day: LunchDay, goodsIDs: [Int64], now: Date, _ c: Connection) throws {
        try Bounds.check(goodsIDs.count, atMost: Bounds.lunchItemsPerDay, "dishes", of: "A day of the lunch menu")
        try c.execute("DELETE FROM lunch_menu_items WHERE day = ?", day.rawValue)
        for (position, goodsID) in goodsIDs.enumerated() {
            try c.execute(
                "INSERT INTO lunch_menu_items (day, position, goods_id) VALUES (?, ?, ?)",
                day.rawValue, position, goodsID)
        }
        try c.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            menuUpdatedKey, String(now.milliseconds))
    }

    /// What an app shows on start: onboarding when `clientVersion` is newer than
    /// `lastSeenVersion` (or none was seen), compared number by number.
    public func appConfig(app: AppName, clientVersion: String, lastSeenVersion: String?) throws
        -> AppConfig
    {
        try database.read { c in
            let latest = try c.queryFirst(
                "SELECT latest_version FROM app_releases WHERE app = ?", app.rawValue,
                row: { $0.string(0) }) ?? clientVersion
            let show = lastSeenVersion.map { AppVersion.isNewer(clientVersion, than: $0) } ?? true
            let pages = show
                ? try c.query(
                    "SELECT image_url, title FROM onboarding_pages WHERE app = ? ORDER BY position",
                    app.rawValue
                ) { OnboardingPage(imageURL: $0.string(0), title: $0.string(1)) } : []
            return AppConfig(latestVersion: latest, showOnboarding: show, onboardingPages: pages)
        }
    }

    /// Sets an app's latest version and onboarding pages.
    public func setRelease(app: AppName, latestVersion: String, pages: [OnboardingPage]) throws {
        try Bounds.check(pages.count, atMost: Bounds.onboardingPages, "onboarding pages", of: "A release")
        return try database.write { c in
            try c.execute(
                "INSERT OR REPLACE INTO app_releases (app, latest_version) VALUES (?, ?)",
                app.rawValue, latestVersion)
            try c.execute("DELETE FROM onboarding_pages WHERE app = ?", app.rawValue)
            for (position, page) in pages.enumerated() {
                try c.execute(
                    "INSERT INTO onboarding_pages (app, position, image_url, title) VALUES (?, ?, ?, ?)",
                    app.rawValue, position, page.imageURL, page.title)
            }
        }
    }
}
