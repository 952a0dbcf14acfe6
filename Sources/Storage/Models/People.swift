import Foundation

/// A person with an account.
///
/// Its fields are kept behind one reference (`SharedFields`), so copying a user, as a page of
/// comments does for each author, is one retain rather than one for each of its strings.
public struct User: Sendable, Hashable, Identifiable {
    /// The row id (the App wraps it in a global ID).
    public var id: Int64 {
        get { shared.fields.id }
        set { shared.fields.id = newValue }
    }
    /// The unique sign-in name (compared case-insensitively), also what `@mentions` match.
    public var username: String {
        get { shared.fields.username }
        set { shared.fields.username = newValue }
    }
    /// The display name.
    public var name: String {
        get { shared.fields.name }
        set { shared.fields.name = newValue }
    }
    /// Where the profile picture is, if there is one.
    public var avatarURL: String? {
        get { shared.fields.avatarURL }
        set { shared.fields.avatarURL = newValue }
    }
    /// A short self-description.
    public var bio: String? {
        get { shared.fields.bio }
        set { shared.fields.bio = newValue }
    }
    /// As the person chose to tell it, if at all.
    public var gender: Gender? {
        get { shared.fields.gender }
        set { shared.fields.gender = newValue }
    }
    /// What the person does.
    public var profession: String? {
        get { shared.fields.profession }
        set { shared.fields.profession = newValue }
    }
    /// A calendar date, `YYYY-MM-DD`.
    public var birthday: String? {
        get { shared.fields.birthday }
        set { shared.fields.birthday = newValue }
    }
    /// Where the person comes from.
    public var hometown: String? {
        get { shared.fields.hometown }
        set { shared.fields.hometown = newValue }
    }
    /// Where the person lives now.
    public var currentLocation: String? {
        get { shared.fields.currentLocation }
        set { shared.fields.currentLocation = newValue }
    }
    /// Whether the user is a lunch member and pays member prices.
    public var isMember: Bool {
        get { shared.fields.isMember }
        set { shared.fields.isMember = newValue }
    }
    /// When the account was created.
    public var joinedAt: Date {
        get { shared.fields.joinedAt }
        set { shared.fields.joinedAt = newValue }
    }

    @usableFromInline var shared: SharedFields<Fields>

    /// Makes a value from its parts.
    public init(
        id: Int64, username: String, name: String, avatarURL: String? = nil, bio: String? = nil,
        gender: Gender? = nil, profession: String? = nil, birthday: String? = nil,
        hometown: String? = nil, currentLocation: String? = nil, isMember: Bool = false,
        joinedAt: Date
    ) {
        shared = SharedFields(
            Fields(
                id: id, username: username, name: name, avatarURL: avatarURL, bio: bio,
                gender: gender, profession: profession, birthday: birthday, hometown: hometown,
                currentLocation: currentLocation, isMember: isMember, joinedAt: joinedAt))
    }

    /// The stored fields, documented on the properties above.
    @usableFromInline
    struct Fields: Sendable, Hashable {
        var id: Int64
        var username: String
        var name: String
        var avatarURL: String?
        var bio: String?
        var gender: Gender?
        var profession: String?
        var birthday: String?
        var hometown: String?
        var currentLocation: String?
        var isMember: Bool
        var joinedAt: Date
    }
}

/// A person's gender, as they chose to tell it; raw values are the GraphQL enum values.
public enum Gender: String, Sendable, Hashable, CaseIterable {
    /// Female.
    case female = "FEMALE"
    /// Male.
    case male = "MALE"
    /// Another gender.
    case other = "OTHER"
}

/// The counts shown on a profile, loaded for many users in one statement each.
public struct UserStats: Sendable, Hashable {
    /// How many users this one follows.
    public var followingCount: Int
    /// How many users follow this one.
    public var followersCount: Int
    /// How many recipes the user published.
    public var recipesCount: Int
    /// How many dishes the user shared.
    public var dishesCount: Int

    /// Counts of zero, for users with no rows anywhere.
    public static let zero = UserStats(
        followingCount: 0, followersCount: 0, recipesCount: 0, dishesCount: 0)

    /// Makes a value from its parts.
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
    /// Where the profile picture is, if there is one.
    public var avatarURL: String??
    /// A short self-description.
    public var bio: String??
    /// As the person chose to tell it, if at all.
    public var gender: Gender??
    /// What the person does.
    public var profession: String??
    /// `YYYY-MM-DD`, not in the future.
    public var birthday: String??
    /// Where the person comes from.
    public var hometown: String??
    /// Where the person lives now.
    public var currentLocation: String??

    /// Makes a value from its parts.
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
    /// Whether the lunch reminder is on.
    public var lunchReminderEnabled: Bool
    /// `HH:MM`, 24-hour, local time.
    public var lunchReminderTime: String
    /// Whether push notifications are on.
    public var pushEnabled: Bool

    /// What a user who never changed anything has.
    public static let defaults = Settings(
        lunchReminderEnabled: false, lunchReminderTime: "11:30", pushEnabled: true)

    /// Makes a value from its parts.
    public init(lunchReminderEnabled: Bool, lunchReminderTime: String, pushEnabled: Bool) {
        self.lunchReminderEnabled = lunchReminderEnabled
        self.lunchReminderTime = lunchReminderTime
        self.pushEnabled = pushEnabled
    }
}

/// A change of settings: `nil` leaves a field as it is.
public struct SettingsChange: Sendable, Hashable {
    /// Whether the lunch reminder is on.
    public var lunchReminderEnabled: Bool?
    /// `HH:MM`, 24-hour.
    public var lunchReminderTime: String?
    /// Whether push notifications are on.
    public var pushEnabled: Bool?

    /// Makes a value from its parts.
    public init(
        lunchReminderEnabled: Bool? = nil, lunchReminderTime: String? = nil,
        pushEnabled: Bool? = nil
    ) {
        self.lunchReminderEnabled = lunchReminderEnabled
        self.lunchReminderTime = lunchReminderTime
        self.pushEnabled = pushEnabled
    }
}
