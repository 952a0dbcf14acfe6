import GraphQL
import Storage

/// `Settings`: the viewer's lunch reminder and push switches. The parent is the storage
/// model `Settings`, which `User.settings` and `updateSettings` both return.
enum SettingsResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("Settings", parent: Settings.self) { settings in
            settings.property("lunchReminderEnabled") { $0.lunchReminderEnabled }
            settings.property("lunchReminderTime") { $0.lunchReminderTime }
            settings.property("pushEnabled") { $0.pushEnabled }
        }
    }

    /// A `SettingsInput` as a change: absent or null fields stay as they are.
    static func change(_ arguments: Arguments) -> SettingsChange {
        let input = Arguments(arguments.object("input") ?? ObjectValue())
        return SettingsChange(
            lunchReminderEnabled: input.bool("lunchReminderEnabled"),
            lunchReminderTime: input.string("lunchReminderTime"),
            pushEnabled: input.bool("pushEnabled"))
    }
}
