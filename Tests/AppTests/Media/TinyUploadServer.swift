import Foundation
import GraphQL
import HTTPServer

@testable import App
@testable import Storage

/// A real server whose tiny schema stores an uploaded avatar in the real `users` table,
/// with the real upload path (multipart decoding, staging, settling, `/media`), over a
/// fresh database (`ScratchDatabase`: a file, or a PostgreSQL schema in that pass) and
/// media folder.
final class TinyUploadServer: Sendable {
    static let sdl = """
        scalar Upload
        type Query { ok: Boolean! }
        type Mutation {
          "Stores the file as user 1's avatar and returns its address."
          setAvatar(file: Upload!): String!
          "Looks at the file, then refuses the change."
          refuse(file: Upload!): String!
        }
        """

    struct Context: Sendable {
        let users: any UserStore
        var uploads = RequestUploads.none
    }

    let port: UInt16
    let scratch: ScratchDatabase
    /// The one user, whose avatar `setAvatar` sets.
    let annID: Int64
    let folder: MediaFolder
    let media: any MediaStore
    private let http: HTTPServer

    init(limits: UploadLimits = UploadLimits(maxFileSize: 200_000, maxRequestSize: 500_000, maxFiles: 9)) throws {
        let scratch = try ScratchDatabase()
        self.scratch = scratch
        let users = scratch.repositories.users
        let annID = try users.createUser(username: "ann", name: "Ann", passwordHash: "x", isMember: false).id
        self.annID = annID
        folder = try MediaFolder(path: scratch.database.mediaFolderPath)
        media = scratch.repositories.media
        var resolvers = Resolvers<Context>()
        resolvers.scalar("Upload", UploadScalar.coercion)
        resolvers.type("Query") { query in query.field("ok") { _, _ in true } }
        resolvers.type("Mutation") { mutation in
            mutation.field("setAvatar", reading: ["file"]) { arguments, context in
                let file = try context.uploads.file(for: arguments["file"] ?? .null)
                _ = try context.users.updateProfile(userID: annID, ProfileChange(avatarURL: .some(file.url)))
                return file.url
            }
            mutation.field("refuse", reading: ["file"]) { arguments, context -> String in
                _ = try context.uploads.file(for: arguments["file"] ?? .null)
                throw GraphQLError("No, thank you.", code: .badUserInput)
            }
        }
        let bound = try resolvers.bind(to: try SchemaBuilder.build(sdl: Self.sdl))
        let endpoint = GraphQLEndpoint<Context>(
            service: GraphQLService(bound: bound),
            makeContext: { _ in Context(users: users) },
            uploads: UploadSupport(
                limits: limits, folder: folder, media: media,
                attach: { context, uploads in
                    var context = context
                    context.uploads = uploads
                    return context
                }))
        let router = Router(
            graphQL: endpoint, schemaSDL: [], isHealthy: { true }, log: RequestLog { _ in },
            media: MediaEndpoint(folder: folder))
        var configuration = ServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.maxMultipartBodySize = limits.maxRequestSize
        http = HTTPServer(handler: router, configuration: configuration)
        port = try http.start()
    }

    /// The rows of the `media` table, as hashes.
    func mediaRows() throws -> [String] {
        try scratch.strings("SELECT hash FROM media ORDER BY hash").compactMap { $0 }
    }

    /// Ann's avatar address (nil: none).
    func annAvatarURL() throws -> String? {
        try scratch.repositories.users.user(id: annID)?.avatarURL
    }

    func stop() {
        http.stop()
        scratch.close()
    }

    static func with<T>(_ body: (TinyUploadServer) throws -> T) throws -> T {
        let server = try TinyUploadServer()
        defer { server.stop() }
        return try body(server)
    }
}
