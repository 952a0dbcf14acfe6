import Foundation

/// A day of the lunch menu; raw values are what `LunchSection.day` shows.
public enum LunchDay: String, Sendable, Hashable, CaseIterable {
    /// Monday.
    case monday = "MONDAY"
    /// Tuesday.
    case tuesday = "TUESDAY"
    /// Wednesday.
    case wednesday = "WEDNESDAY"
    /// Thursday.
    case thursday = "THURSDAY"
    /// Friday.
    case friday = "FRIDAY"
    /// Saturday and Sunday.
    case weekend = "WEEKEND"

    /// The title to show, e.g. `周一 Monday`.
    public var title: String {
        switch self {
        case .monday: "周一 Monday"
        case .tuesday: "周二 Tuesday"
        case .wednesday: "周三 Wednesday"
        case .thursday: "周四 Thursday"
        case .friday: "周五 Friday"
        case .weekend: "周末 Weekend"
        }
    }
}

/// One section of the lunch menu: a day and its goods, in order.
public struct LunchSection: Sendable, Hashable {
    /// The day of the week (or the weekend).
    public var day: LunchDay
    /// The goods on offer, in order.
    public var goodsIDs: [Int64]

    /// Makes a value from its parts.
    public init(day: LunchDay, goodsIDs: [Int64]) {
        self.day = day
        self.goodsIDs = goodsIDs
    }
}

/// The week's lunch menu.
public struct LunchMenu: Sendable, Hashable {
    /// When the menu last changed.
    public var updatedAt: Date
    /// Monday to Friday, then the weekend (a day without items has an empty section).
    public var sections: [LunchSection]

    /// Makes a value from its parts.
    public init(updatedAt: Date, sections: [LunchSection]) {
        self.updatedAt = updatedAt
        self.sections = sections
    }
}

/// Which app asks; raw values are the GraphQL enum values.
public enum AppName: String, Sendable, Hashable, CaseIterable {
    /// The recipe community with a shop.
    case kitchen = "KITCHEN"
    /// The lunch-ordering app.
    case lunch = "LUNCH"
}

/// One onboarding page.
public struct OnboardingPage: Sendable, Hashable {
    /// A picture, if any.
    public var imageURL: String
    /// The title shown.
    public var title: String

    /// Makes a value from its parts.
    public init(imageURL: String, title: String) {
        self.imageURL = imageURL
        self.title = title
    }
}

/// What an app should show on start.
public struct AppConfig: Sendable, Hashable {
    /// The newest released version.
    public var latestVersion: String
    /// Whether to show the onboarding pages.
    public var showOnboarding: Bool
    /// Empty when `showOnboarding` is false.
    public var onboardingPages: [OnboardingPage]

    /// Makes a value from its parts.
    public init(latestVersion: String, showOnboarding: Bool, onboardingPages: [OnboardingPage]) {
        self.latestVersion = latestVersion
        self.showOnboarding = showOnboarding
        self.onboardingPages = onboardingPages
    }
}

/// Version strings compared number by number, so `1.10` is newer than `1.9`.
public enum AppVersion {
    /// Whether `version` is newer than `other`; missing parts count as 0 and a part that is
    /// not a number compares as 0, so a malformed version never traps.
    public static func isNewer(_ version: String, than other: String) -> Bool {
        let left = parts(version)
        let right = parts(other)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? left[index] : 0
            let b = index < right.count ? right[index] : 0
            if a != b { return a > b }
        }
        return false
    }

    private static func parts(_ version: String) -> [Int] {
        version.trimmed.split(separator: ".").map { Int($0.trimmed) ?? 0 }
    }
}
