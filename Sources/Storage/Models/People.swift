import Foundation

/// A person with an account.
public struct User: Sendable, Hashable, Identifiable {
    public var id: Int64
    /// The unique sign-in name (compared case-insensitively), also what `@mentions` match.
    public var username: String
    /// The display name.
    public var name: String
    public var avatarURL: String?
    public var bio: String?
    public var gender: Gender?
    public var profession: String?
    /// A calendar date, `YYYY-MM-DD`.
    public var birthday: String?
    public var hometown: String?
    public var currentLocation: String?
    /// Whether the user is a lunch member and pays member prices.
    public var isMember: Bool
    public var joinedAt: Date

    public init(
        id: Int64, username: String, name: String, avatarURL: String? = nil, bio: String? = nil,
        gender: Gender? = nil, profession: String? = nil, birthday: String? = nil,
        hometown: String? = nil, currentLocation: String? = nil, isMember: Bool = false,
        joinedAt: Date
    ) {
        self.id = id
        self.username = username
        self.name = name
        self.avatarURL = avatarURL
        self.bio = bio
        self.gender = gender
        self.profession = profession
        self.birthday = birthday
        self.hometown = hometown
        self.currentLocation = currentLocation
        self.isMember = isMember
        self.joinedAt = joinedAt
    }
}

/// A person's gender, as they chose to tell it; raw values are the GraphQL enum values.
public enum Gender: String, Sendable, Hashable, CaseIterable {
    case female = "FEMALE"
    case male = "MALE"
    case other = "OTHER"
}

/// The counts shown on a profile, loaded for many users in one statement each.
public struct UserStats: Sendable, Hashable {
    public var followingCount: Int
    public var followersCount: Int
    public var recipesCount: Int
    public var dishesCount: Int

    /// Counts of zero, for users with no rows anywhere.
    public static let zero = UserStats(
        followingCount: 0, followersCount: 0, recipesCount: 0, dishesCount: 0)

    public init(followingCount: Int, followersCount: Int, recipesCount: Int, dishesCount: Int) {
        self.followingCount = followingCount
        self.followersCount = followersCount
        self.recipesCount = recipesCount
        self.dishesCount = dishesCount
    }
}

/// A change of profile: `nil` leaves a field as it is; `.some(nil)` clears a clearable one.
public struct ProfileChange: Sendable, Hashable {
    /// Not blank when given.
    public var name: String?
    public var avatarURL: String??
    public var bio: String??
    public var gender: Gender??
    public var profession: String??
    /// `YYYY-MM-DD`, not in the future.
    public var birthday: String??
    public var hometown: String??
    public var currentLocation: String??

    public init(
        name: String? = nil, avatarURL: String?? = nil, bio: String?? = nil,
        gender: Gender?? = nil, profession: String?? = nil, birthday: String?? = nil,
        hometown: String?? = nil, currentLocation: String?? = nil
    ) {
        self.name = name
        self.avatarURL = avatarURL
        self.bio = bio
        self.gender = gender
        self.profession = profession
        self.birthday = birthday
        self.hometown = hometown
        self.currentLocation = currentLocation
    }
}

/// The viewer's reminder and push settings.
public struct Settings: Sendable, Hashable {
    public var lunchReminderEnabled: Bool
    /// `HH:MM`, 24-hour, local time.
    public var lunchReminderTime: String
    public var pushEnabled: Bool

    /// What a user who never changed anything has.
    public static let defaults = Settings(
        lunchReminderEnabled: false, lunchReminderTime: "11:30", pushEnabled: true)

    public init(lunchReminderEnabled: Bool, lunchReminderTime: String, pushEnabled: Bool) {
        self.lunchReminderEnabled = lunchReminderEnabled
        self.lunchReminderTime = lunchReminderTime
        self.pushEnabled = pushEnabled
    }
}

/// A change of settings: `nil` leaves a field as it is.
public struct SettingsChange: Sendable, Hashable {
    public var lunchReminderEnabled: Bool?
    /// `HH:MM`, 24-hour.
    public var lunchReminderTime: String?
    public var pushEnabled: Bool?

    public init(
        lunchReminderEnabled: Bool? = nil, lunchReminderTime: String? = nil,
        pushEnabled: Bool? = nil
    ) {
        self.lunchReminderEnabled = lunchReminderEnabled
        self.lunchReminderTime = lunchReminderTime
        self.pushEnabled = pushEnabled
    }
}
