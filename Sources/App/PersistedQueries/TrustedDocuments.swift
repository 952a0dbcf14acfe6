import Foundation
import GraphQL
import Storage

/// The documents a server in trusted-documents mode runs, by SHA-256 hash: a JSON object
/// mapping hash to document text, as `kitchen persist` prints it.
///
/// Keys are 64 lowercase hex digits, optionally prefixed `sha256:` as the
/// GraphQL-over-HTTP draft's persisted-documents appendix writes document ids. Every key
/// is checked against its text when the file is read, so a stale manifest fails at start.
public struct TrustedDocuments: Sendable {
    /// Text by bare hex hash.
    public let documents: [String: String]

    /// Documents from a hash → text map, checking every hash.
    public init(documents: [String: String]) throws(StartupError) {
        var checked: [String: String] = [:]
        for (key, text) in documents {
            guard let hash = Self.hash(fromDocumentID: key) else {
                throw StartupError("trusted documents: '\(key)' is not a SHA-256 hash (64 lowercase hex digits, optionally after 'sha256:')")
            }
            guard ContentHash.sha256(Array(text.utf8)) == hash else {
                throw StartupError("trusted documents: the text under '\(key)' does not hash to it; run 'kitchen persist' again")
            }
            checked[hash] = text
        }
        self.documents = checked
    }

    /// Reads the JSON file at `path`.
    public static func read(path: String) throws(StartupError) -> TrustedDocuments {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StartupError(
                "cannot read the trusted documents file \(path); write one with 'kitchen persist DOCUMENT… > \(path)'")
        }
        let value: Value
        do {
            value = try JSONReader.parse(Array(data))
        } catch {
            throw StartupError("the trusted documents file \(path) is not JSON: \(error.message)")
        }
        guard case .object(let object) = value else {
            throw StartupError("the trusted documents file \(path) must hold one JSON object of hash → document")
        }
        var documents: [String: String] = [:]
        for (key, entry) in object.entries {
            guard case .string(let text) = entry else {
                throw StartupError("the trusted documents file \(path): the value of '\(key)' must be the document text")
            }
            documents[key] = text
        }
        return try TrustedDocuments(documents: documents)
    }

    /// The bare hex hash of a document id (`sha256:<hex>` or `<hex>`), or nil.
    static func hash(fromDocumentID id: String) -> String? {
        let hex = id.hasPrefix("sha256:") ? String(id.dropFirst(7)) : id
        return ContentHash.isWellFormed(hex) ? hex : nil
    }

    /// The file `kitchen persist` prints for `texts`: hash → text, keys sorted.
    static func manifest(_ texts: [String]) -> String {
        var object = ObjectValue()
        for text in texts.sorted(by: { ContentHash.sha256(Array($0.utf8)) < ContentHash.sha256(Array($1.utf8)) }) {
            object[ContentHash.sha256(Array(text.utf8))] = .string(text)
        }
        return JSONWriter.text(.object(object))
    }
}
