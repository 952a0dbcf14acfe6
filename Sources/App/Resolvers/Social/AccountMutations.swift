import Foundation
import GraphQL
import Storage

/// Accounts and the social graph: sign-up, sign-in, sign-out, profile changes, follows.
enum AccountMutations {
    /// The one message for an unknown username and a wrong password, so neither can be probed.
    static let signInFailed = GraphQLError("The username or password is wrong.", code: .unauthenticated)
    /// Failed sign-ins per account and per client address (`RATE_LIMITED` past either).
    static let throttle = SignInThrottle()

    static func register(_ resolvers: inout Resolvers<RequestContext>) {
        resolvers.type("AuthPayload", parent: AuthPayload.self) { payload in
            payload.property("token") { $0.token }
            payload.property("user") { $0.user }
        }
        resolvers.type("Mutation") { mutation in
            mutation.field("signUp", reading: ["input"]) { arguments, context in
                let input = arguments.object("input") ?? ObjectValue()
                let password = input.text("password") ?? ""
                let (username, name): (String, String) = try storage {
                    try Validation.password(password)
                    return (try Validation.username(input.text("username") ?? ""),
                            try Validation.nonBlank(input.text("name") ?? "", field: "name"))
                }
                let hash = try context.store.passwords.hash(password)
                let user = try storage {
                    try context.store.users.createUser(username: username, name: name, passwordHash: hash, isMember: false)
                }
                return try session(for: user, context)
            }
            mutation.field("signIn", reading: ["username", "password"]) { arguments, context in
                let username = arguments.string("username") ?? ""
                let password = arguments.string("password") ?? ""
                let users = context.store.users
                let address = context.remoteAddress
                try throttle.check(username: username, address: address, users: users)
                guard let credentials = try users.credentials(username: username) else {
                    context.store.passwords.verifyNothing(password)
                    throttle.recordFailure(username: username, address: address, users: users)
                    throw signInFailed
                }
                guard context.store.passwords.verify(password, against: credentials.passwordHash),
                    let user = try users.user(id: credentials.userID)
                else {
                    throttle.recordFailure(username: username, address: address, users: users)
                    throw signInFailed
                }
                throttle.recordSuccess(username: username, users: users)
                return try session(for: user, context)
            }
            mutation.field("signOut") { _, context in
                _ = try context.requireViewer()
                if let digest = context.tokenDigest { try context.store.users.revokeToken(digest: digest) }
                return true
            }
            mutation.field("updateProfile", reading: ["input"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let input = arguments.object("input") ?? ObjectValue()
                var change = ProfileChange(
                    name: input.text("name"), avatarURL: try context.uploadedURL(input["avatar"]) ?? input.clearableText("avatarUrl"),
                    bio: input.clearableText("bio"), profession: input.clearableText("profession"),
                    birthday: input.clearableText("birthday"), hometown: input.clearableText("hometown"),
                    currentLocation: input.clearableText("currentLocation"))
                if let gender = input.clearableText("gender") { change.gender = .some(gender.flatMap(Gender.init(rawValue:))) }
                return try storage { try context.store.users.updateProfile(userID: viewerID, change) }
            }
            mutation.field("follow", reading: ["userId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let userID = try arguments.id("userId", of: "User")
                return try storage { try context.store.users.follow(followerID: viewerID, followeeID: userID) }
            }
            mutation.field("unfollow", reading: ["userId"]) { arguments, context in
                let viewerID = try context.requireViewer()
                let userID = try arguments.id("userId", of: "User")
                return try storage { try context.store.users.unfollow(followerID: viewerID, followeeID: userID) }
            }
        }
    }

    /// Makes a bearer token for `user` and stores only its digest.
    private static func session(for user: User, _ context: RequestContext) throws -> AuthPayload {
        let token = try context.store.tokens.makeToken()
        try context.store.users.storeToken(digest: context.store.tokens.digest(token), userID: user.id)
        return AuthPayload(token: token, user: user)
    }
}

/// `AuthPayload`: a new bearer token (shown only here) and who it signs in.
struct AuthPayload: OutputObject, Sendable {
    let token: String
    let user: User
}
