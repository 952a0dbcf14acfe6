import Foundation
import GraphQL

/// What the log keeps of one request: never its variables, body or headers, so tokens and
/// passwords cannot reach a log file.
struct RequestRecord: Sendable {
    /// The id returned to the client in `X-Request-Id`.
    var id: String
    var method: String
    var path: String
    /// The operation name the client gave, if any.
    var operationName: String?
    var status: Int
    var duration: Duration
    /// The distinct `extensions.code` values of the response's errors, in order.
    var errorCodes: [String]

    /// The duration in milliseconds.
    var milliseconds: Double {
        Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
    }

    /// The line in `format`, without its newline.
    func line(_ format: LogFormat) -> String {
        switch format {
        case .text: textLine
        case .json: jsonLine
        }
    }

    /// `a1b2c3-000001 POST /graphql RecipePage 200 1.24ms BAD_USER_INPUT,NOT_FOUND`
    var textLine: String {
        // Gathered as bytes and decoded once: this runs for every request.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        let space = UInt8(ascii: " ")
        bytes.append(contentsOf: id.utf8)
        bytes.append(space)
        bytes.append(contentsOf: method.utf8)
        bytes.append(space)
        bytes.append(contentsOf: RequestLog.printable(path).utf8)
        bytes.append(space)
        bytes.append(contentsOf: (operationName.map { RequestLog.printable($0) } ?? "-").utf8)
        bytes.append(space)
        Self.appendDecimal(status, to: &bytes)
        bytes.append(space)
        let hundredths = Int((milliseconds * 100).rounded())
        Self.appendDecimal(hundredths / 100, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        if hundredths % 100 < 10 { bytes.append(UInt8(ascii: "0")) }
        Self.appendDecimal(hundredths % 100, to: &bytes)
        bytes.append(contentsOf: "ms".utf8)
        for (index, code) in errorCodes.enumerated() {
            bytes.append(index == 0 ? space : UInt8(ascii: ","))
            bytes.append(contentsOf: RequestLog.printable(code).utf8)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the decimal digits of `value` (not negative) to `bytes`.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 10 else {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(value, 0)))
            return
        }
        appendDecimal(value / 10, to: &bytes)
        bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
    }

    /// One JSON object; client-chosen text is escaped by the JSON writer, so it cannot
    /// break the line.
    var jsonLine: String {
        var object = ObjectValue()
        object["time"] = .string(Date().formatted(.iso8601))
        object["id"] = .string(id)
        object["method"] = .string(method)
        object["path"] = .string(String(path.prefix(200)))
        object["operation"] = operationName.map { .string(String($0.prefix(200))) } ?? .null
        object["status"] = .int(status)
        object["ms"] = .float((milliseconds * 100).rounded() / 100)
        object["errors"] = .list(errorCodes.map { .string($0) })
        return JSONWriter.text(.object(object))
    }

    /// A message that is not a request, as one JSON object.
    static func jsonMessage(_ text: String) -> String {
        var object = ObjectValue()
        object["time"] = .string(Date().formatted(.iso8601))
        object["message"] = .string(text)
        return JSONWriter.text(.object(object))
    }
}
