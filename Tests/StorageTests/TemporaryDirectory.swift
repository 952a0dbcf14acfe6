import Foundation

/// A fresh directory under the system's temporary directory, removed when dropped.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("kitchen-storage-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of a file inside the directory.
    func path(_ name: String = "test.sqlite") -> String {
        url.appendingPathComponent(name).path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
