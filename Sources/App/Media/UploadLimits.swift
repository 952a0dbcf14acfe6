/// How much a client may upload: per file, per request, and how many files.
public struct UploadLimits: Sendable {
    /// Largest file, in bytes; a larger one answers 413.
    public var maxFileSize: Int
    /// Largest multipart request body, in bytes (the HTTP server enforces it: 413).
    public var maxRequestSize: Int
    /// Most files in one request (a dish takes 9 photos).
    public var maxFiles: Int

    /// Defaults: 10 MiB a file, 32 MiB a request, 9 files.
    public init(maxFileSize: Int = 10 << 20, maxRequestSize: Int = 32 << 20, maxFiles: Int = 9) {
        self.maxFileSize = maxFileSize
        self.maxRequestSize = maxRequestSize
        self.maxFiles = maxFiles
    }
}
