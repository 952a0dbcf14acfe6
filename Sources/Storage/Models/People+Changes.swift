import Foundation

extension ProfileChange {
    /// Checks the given fields (a name must not be blank, a birthday must be a real date
    /// not after `today`) and returns the change with them normalized.
    func validated(today: Date) throws(DomainError) -> ProfileChange {
        var change = self
        change.name = try name.map { text throws(DomainError) in try Validation.nonBlank(text, field: "name") }
        change.birthday = try birthday.map { value throws(DomainError) in
            try value.map { text throws(DomainError) in try Validation.birthday(text, today: today) }
        }
        return change
    }

    /// `user` with the given fields changed; fields not given keep their values.
    func applied(to user: User) -> User {
        var user = user
        if let name { user.name = name }
        if let value = avatarURL { user.avatarURL = value }
        if let value = bio { user.bio = value }
        if let value = gender { user.gender = value }
        if let value = profession { user.profession = value }
        if let value = birthday { user.birthday = value }
        if let value = hometown { user.hometown = value }
        if let value = currentLocation { user.currentLocation = value }
        return user
    }
}

extension SettingsChange {
    /// `settings` with the given fields changed, the time checked to be `HH:MM`.
    func applied(to settings: Settings) throws(DomainError) -> Settings {
        var settings = settings
        if let value = lunchReminderEnabled { settings.lunchReminderEnabled = value }
        if let time = lunchReminderTime { settings.lunchReminderTime = try Validation.time(time) }
        if let value = pushEnabled { settings.pushEnabled = value }
        return settings
    }
}

extension String {
    /// How failed sign-ins are keyed: the username trimmed and lowercased, known or not.
    var signInKey: String { trimmed.lowercased() }
}
