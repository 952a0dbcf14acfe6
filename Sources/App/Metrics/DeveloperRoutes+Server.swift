import Foundation

extension DeveloperRoutes {
    /// The routes of a server on the database at `databasePath`, with its size as a gauge
    /// when it is a SQLite file (nil: a database server, whose size is its own to report).
    static func serving(databasePath: String?) -> DeveloperRoutes {
        let routes = DeveloperRoutes()
        guard let databasePath else { return routes }
        routes.metrics.registerGauge(
            "kitchen_database_size_bytes", help: "Size of the SQLite database file with its write-ahead log."
        ) {
            Double(fileSize(databasePath) + fileSize(databasePath + "-wal"))
        }
        return routes
    }

    private static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
