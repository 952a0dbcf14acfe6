/// A request target (`/path?query`) split into its decoded path and query parameters.
///
/// Decoding is done here rather than by libmicrohttpd so that the raw query string
/// is kept and `+` means a space in the query (HTML form encoding) but not in the path.
struct RequestTarget {
    var path: String
    var rawQuery: String
    var queryParameters: [(name: String, value: String)]

    init(_ target: String) {
        let bytes = Array(target.utf8)
        let mark = bytes.firstIndex(of: UInt8(ascii: "?"))
        let pathBytes = bytes[..<(mark ?? bytes.endIndex)]
        path = Self.decode(pathBytes, plusIsSpace: false)
        if let mark {
            let queryBytes = bytes[(mark + 1)...]
            rawQuery = String(decoding: queryBytes, as: UTF8.self)
            queryParameters = Self.parameters(queryBytes)
        } else {
            rawQuery = ""
            queryParameters = []
        }
    }

    /// Splits `a=1&b=2` into pairs; a pair without `=` has an empty value, empty pairs are skipped.
    static func parameters(_ query: ArraySlice<UInt8>) -> [(name: String, value: String)] {
        query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { pair in
            if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                return (
                    name: decode(pair[..<equals], plusIsSpace: true),
                    value: decode(pair[(equals + 1)...], plusIsSpace: true))
            }
            return (name: decode(pair, plusIsSpace: true), value: "")
        }
    }

    /// Percent-decodes bytes; a `%` not followed by two hex digits is kept as is, and
    /// invalid UTF-8 becomes U+FFFD rather than an error.
    static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
