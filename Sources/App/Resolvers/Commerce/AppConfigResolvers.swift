import GraphQL
import Storage

/// `AppConfig` and `OnboardingPage`: what an app shows on start, and `Settings`, the
/// viewer's reminder and push switches (reached through `User.settings`).
enum AppConfigResolvers {
    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("AppConfig", parent: AppConfig.self) { config in
            config.property("latestVersion") { $0.latestVersion }
            config.property("showOnboarding") { $0.showOnboarding }
            config.property("onboardingPages") { $0.onboardingPages }
        }
        resolvers.type("OnboardingPage", parent: OnboardingPage.self) { page in
            page.property("image") { Photo(url: $0.imageURL) }
            page.property("title") { $0.title }
        }
    }
}
