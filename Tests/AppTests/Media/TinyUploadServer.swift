import Foundation
import GraphQL
import HTTPServer
import Storage

@testable import App

/// A real server whose tiny schema stores an uploaded avatar in the real `users` table,
/// with the real upload path (multipart decoding, staging, settling, `/media`), over a
/// fresh database file and media folder.
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
        let database: Database
        var uploads = RequestUploads.none
    }

    let port: UInt16
    let database: Database
    let folder: MediaFolder
    let media: MediaRepository
    private let directory: URL
    private let http: HTTPServer

    init(limits: UploadLimits = UploadLimits(maxFileSize: 200_000, maxRequestSize: 500_000, maxFiles: 9)) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kitchen-upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("kitchen.sqlite").path
        let database = try Database.open(path: path, migrations: DomainMigrations.all)
        try database.write { c in
            try c.execute(
                "INSERT INTO users (username, name, password_hash, is_member, joined_at) VALUES ('ann', 'Ann', 'x', 0, 0)")
        }
        self.database = database
        folder = try MediaFolder(databasePath: path)
        media = MediaRepository(database: database)
        var resolvers = Resolvers<Context>()
        resolvers.scalar("Upload", UploadScalar.coercion)
        resolvers.type("Query") { query in query.field("ok") { _, _ in true } }
        resolvers.type("Mutation") { mutation in
            mutation.field("setAvatar", reading: ["file"]) { arguments, context in
                let file = try context.uploads.file(for: arguments["file"] ?? .null)
                try context.database.write { c in
                    try c.execute("UPDATE users SET avatar_url = ? WHERE id = 1", file.url)
                }
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
            makeContext: { _ in Context(database: database) },
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
        try database.read { try $0.query("SELECT hash FROM media ORDER BY hash") { $0.string(0) } }
    }

    func stop() {
        http.stop()
        database.close()
        try? FileManager.default.removeItem(at: directory)
    }

    static func with<T>(_ body: (TinyUploadServer) throws -> T) throws -> T {
        let server = try TinyUploadServer()
        defer { server.stop() }
        return try body(server)
    }
}
