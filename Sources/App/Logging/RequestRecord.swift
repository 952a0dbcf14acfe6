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
        // Gathered as bytes and decoded once: this runs for every request. The JSON
        // writer serves as the byte buffer for its digits (`writeInt`); nothing is escaped.
        var line = JSONWriter(capacity: 128)
        let space = UInt8(ascii: " ")
        line.writeUnescaped(id)
        line.writeByte(space)
        line.writeUnescaped(method)
        line.writeByte(space)
        line.writeUnescaped(RequestLog.printable(path))
        line.writeByte(space)
        line.writeUnescaped(operationName.map { RequestLog.printable($0) } ?? "-")
        line.writeByte(space)
        line.writeInt(status)
        line.writeByte(space)
        let hundredths = Int((milliseconds * 100).rounded())
        line.writeInt(hundredths / 100)
        line.writeUnescaped(hundredths % 100 < 10 ? ".0" : ".")
        line.writeInt(hundredths % 100)
        line.writeUnescaped("ms")
        for (index, code) in errorCodes.enumerated() {
            line.writeByte(index == 0 ? space : UInt8(ascii: ","))
            line.writeUnescaped(RequestLog.printable(code))
        }
        return String(decoding: line.bytes, as: UTF8.self)
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
