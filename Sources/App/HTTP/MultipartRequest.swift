import GraphQL
import HTTPServer
import Storage

/// A GraphQL multipart request (the specification Apollo's and urql's upload clients
/// speak): an `operations` field with the usual JSON request, a `map` field saying which
/// file goes where in it (`{"0": ["variables.photo"]}`), then the files.
///
/// Each file must be a JPEG, PNG or WebP by its bytes; it is replaced in `variables` by a
/// placeholder that `RequestUploads.file(for:)` resolves. Batched operations (a JSON
/// array) are not supported.
struct MultipartRequest {
    /// Why a multipart request was refused.
    enum Failure: Error, Equatable {
        /// Not a well-formed multipart GraphQL request: 400.
        case malformed(String)
        /// A file over the per-file limit: 413.
        case tooLarge(String)
        /// A file that is not an accepted picture: a BAD_USER_INPUT request error.
        case notAPicture(String)
    }

    var request: GraphQLRequest
    var files: [UploadedFile]

    /// Decodes a multipart body whose boundary is `boundary`.
    init(body: [UInt8], boundary: String, limits: UploadLimits) throws(Failure) {
        let parts: [MultipartBody.Part]
        do {
            parts = try MultipartBody(body, boundary: boundary).parts
        } catch {
            throw .malformed(error.message)
        }
        guard parts.count >= 2, parts[0].name == "operations", parts[1].name == "map" else {
            throw .malformed(
                "A multipart GraphQL request starts with the \"operations\" field, then \"map\".")
        }
        var operations = try Self.json(parts[0], name: "operations")
        guard case .object(let mapObject) = try Self.json(parts[1], name: "map") else {
            throw .malformed("The \"map\" field must be a JSON object.")
        }
        let fileParts = parts.dropFirst(2)
        guard mapObject.count <= limits.maxFiles, fileParts.count <= limits.maxFiles else {
            throw .malformed("At most \(limits.maxFiles) files may be uploaded in one request.")
        }
        files = []
        for (key, value) in mapObject.entries {
            guard let part = fileParts.first(where: { $0.name == key }) else {
                throw .malformed("The map names the file \"\(key)\", which the request does not contain.")
            }
            guard case .list(let paths) = value, !paths.isEmpty else {
                throw .malformed("The map entry \"\(key)\" must be a non-empty list of paths.")
            }
            let file = try Self.inspect(part, limits: limits)
            let placeholder = Value.string(RequestUploads.placeholder(files.count))
            files.append(file)
            for path in paths {
                guard case .string(let path) = path else {
                    throw .malformed("The map entry \"\(key)\" must list paths as strings.")
                }
                try Self.place(placeholder, at: path, in: &operations)
            }
        }
        do {
            request = try GraphQLRequest(json: operations)
        } catch {
            throw .malformed(error.message)
        }
    }

    private static func json(_ part: MultipartBody.Part, name: String) throws(Failure) -> Value {
        do {
            return try JSONReader.parse(Array(part.bytes))
        } catch {
            throw .malformed("The \"\(name)\" field is not valid JSON: \(error.message)")
        }
    }

    /// Checks a file's size and bytes, and hashes it.
    private static func inspect(_ part: MultipartBody.Part, limits: UploadLimits) throws(Failure) -> UploadedFile {
        guard part.bytes.count <= limits.maxFileSize else {
            throw .tooLarge("The file \"\(part.name)\" is larger than \(limits.maxFileSize) bytes.")
        }
        let bytes = Array(part.bytes)
        guard let image = InspectedImage(bytes) else {
            throw .notAPicture(
                "The file \"\(part.name)\" is not a JPEG, PNG or WebP picture.")
        }
        return UploadedFile(partName: part.name, bytes: bytes, hash: ContentHash.sha256(bytes), image: image)
    }

    /// Puts `value` at a dotted path such as `variables.input.photos.0`; the path must
    /// start at `variables` and end at a place that exists (or a missing key of an object).
    static func place(_ value: Value, at path: String, in operations: inout Value) throws(Failure) {
        let segments = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard segments.count >= 2, segments[0] == "variables" else {
            throw .malformed("The map path \"\(path)\" must start with \"variables.\".")
        }
        guard let placed = replaced(operations, segments[...], with: value) else {
            throw .malformed("The map path \"\(path)\" does not name a place in the operations.")
        }
        operations = placed
    }

    private static func replaced(_ base: Value, _ path: ArraySlice<String>, with value: Value) -> Value? {
        guard let key = path.first else { return value }
        switch base {
        case .object(var object):
            let child = object[key] ?? .null
            if path.count > 1, object[key] == nil { return nil }
            guard let new = replaced(child, path.dropFirst(), with: value) else { return nil }
            object[key] = new
            return .object(object)
        case .list(var items):
            guard let index = Int(key), items.indices.contains(index),
                let new = replaced(items[index], path.dropFirst(), with: value)
            else { return nil }
            items[index] = new
            return .list(items)
        default:
            return nil
        }
    }
}
