import Foundation

/// The media types of GraphQL over HTTP, and how Kitchen picks one for a response.
enum GraphQLMediaType: String, Sendable {
    /// The GraphQL-over-HTTP draft's own type: request errors answer 400 under it.
    case graphQLResponse = "application/graphql-response+json"
    /// Plain JSON, the legacy type every client understands: request errors answer 200.
    case json = "application/json"

    /// The `Content-Type` header value.
    var contentType: String { rawValue + "; charset=utf-8" }

    /// The type to answer with for an `Accept` header, or nil when it names none Kitchen
    /// serves (406). No header, or `*/*`, means `application/json`, as the draft advises
    /// for clients that predate the new type.
    static func negotiate(accept: String?) -> GraphQLMediaType? {
        guard let accept, !accept.allSatisfy({ $0 == " " }) else { return .json }
        // The headers nearly every client sends, answered without parsing a list.
        switch accept {
        case "*/*", "application/json": return .json
        case "application/graphql-response+json": return .graphQLResponse
        default: break
        }
        var best: (type: GraphQLMediaType, quality: Double, order: Int)?
        for (order, range) in MediaRange.parseList(accept).enumerated() where range.quality > 0 {
            let candidate: GraphQLMediaType?
            switch (range.type, range.subtype) {
            case ("application", "graphql-response+json"): candidate = .graphQLResponse
            case ("application", "json"): candidate = .json
            case ("application", "*"), ("*", "*"): candidate = .json
            default: candidate = nil
            }
            guard let candidate else { continue }
            if best == nil || range.quality > best!.quality {
                best = (candidate, range.quality, order)
            }
        }
        return best?.type
    }
}

/// One entry of an `Accept` header (RFC 9110 section 12.5.1), or a `Content-Type`.
struct MediaRange: Sendable, Equatable {
    var type: String
    var subtype: String
    var parameters: [String: String]
    var quality: Double

    /// Parses `type/subtype; a=b; q=0.5`, lower-casing names; nil when there is no `/`.
    init?(_ text: Substring) {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard let full = parts.first else { return nil }
        let names = full.spaceTrimmed.lowercased().split(separator: "/", maxSplits: 1)
        guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else { return nil }
        type = String(names[0])
        subtype = String(names[1])
        parameters = [:]
        quality = 1
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            let key = pair[0].spaceTrimmed.lowercased()
            var value = pair[1].spaceTrimmed
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            if key == "q" {
                quality = Double(value) ?? 0
            } else {
                parameters[key] = value.lowercased()
            }
        }
    }

    /// Every well-formed entry of a comma-separated list.
    static func parseList(_ header: String) -> [MediaRange] {
        header.split(separator: ",").compactMap { MediaRange($0) }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs: the characters of
    /// `CharacterSet.whitespaces` (tab and the Unicode space separators).
    ///
    /// Written on scalars rather than with `trimmingCharacters(in:)`, which goes through
    /// `NSString`: it ran for every request's headers and cost more than executing
    /// `{ __typename }` (Benchmarks/RESULTS.md).
    var spaceTrimmed: String {
        let text = Substring(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isHorizontalSpace }),
            let last = scalars.lastIndex(where: { !$0.isHorizontalSpace })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// Tab, or a Unicode space separator (category Zs): what `CharacterSet.whitespaces` holds.
    fileprivate var isHorizontalSpace: Bool {
        switch value {
        case 0x09, 0x20: true
        case 0x21..<0x80: false
        default: properties.generalCategory == .spaceSeparator
        }
    }
}
