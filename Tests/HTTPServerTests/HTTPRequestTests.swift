import Testing
import KitchenTestSupport
@testable import HTTPServer

@Suite("HTTPRequest target decoding")
struct HTTPRequestTests {
    @Test("the path is percent-decoded and keeps a plus sign")
    func pathDecoding() {
        let request = HTTPRequest(method: "GET", target: "/a%20b/c+d")
        #expect(request.path == "/a b/c+d")
        #expect(request.rawQuery == "")
        #expect(request.queryParameters.isEmpty)
    }

    @Test("query parameters decode percent escapes and plus as space, in order")
    func queryDecoding() {
        let request = HTTPRequest(method: "GET", target: "/graphql?query=%7B%20me%20%7D&x=a+b&x=c&flag&&e=")
        #expect(request.path == "/graphql")
        #expect(request.rawQuery == "query=%7B%20me%20%7D&x=a+b&x=c&flag&&e=")
        #expect(request.queryParameters.map(\.name) == ["query", "x", "x", "flag", "e"])
        #expect(request.queryParameters.map(\.value) == ["{ me }", "a b", "c", "", ""])
        #expect(request.queryParameter("x") == "a b")
        #expect(request.queryParameter("missing") == nil)
    }

    @Test("a value may contain an equals sign")
    func equalsInValue() {
        let request = HTTPRequest(method: "GET", target: "/?a=b=c")
        #expect(request.queryParameter("a") == "b=c")
    }

    @Test("malformed escapes are kept as sent, bad UTF-8 becomes a replacement character")
    func malformedEscapes() {
        let request = HTTPRequest(method: "GET", target: "/?a=%zz&b=%4&c=%&d=%FF")
        #expect(request.queryParameters.map(\.value) == ["%zz", "%4", "%", "\u{FFFD}"])
    }

    @Test("multi-byte UTF-8 escapes decode to one character")
    func utf8() {
        let request = HTTPRequest(method: "GET", target: "/?q=%E5%8D%88%E9%A4%90")
        #expect(request.queryParameter("q") == "午餐")
    }
}
