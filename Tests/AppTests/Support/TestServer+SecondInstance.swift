import HTTPServer

@testable import App

extension TestServer {
    /// What a second Kitchen on this server's database starts with: the same database (the
    /// same file, or the same PostgreSQL schema) and media folder, no demo, listening where
    /// `configuration` says — another instance behind the same load balancer.
    func secondInstanceOptions(_ configuration: ServerConfiguration) -> ServeOptions {
        var options = ServeOptions(
            server: configuration, databasePath: location, loadDemo: false, schemaPath: TestServer.schemaPath)
        options.mediaFolder = directory.appendingPathComponent("media").path
        return options
    }
}
