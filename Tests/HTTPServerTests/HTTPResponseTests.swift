import Testing
import KitchenTestSupport
import HTTPServer

@Suite("HTTPResponse")
struct HTTPResponseTests {
    @Test("a text response is UTF-8 plain text")
    func text() {
        let response = HTTPResponse(status: 404, text: "não")
        #expect(response.status == 404)
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
        #expect(response.body == Array("não".utf8))
    }

    @Test("a JSON response carries the media type it is given")
    func json() {
        let response = HTTPResponse(json: Array("{}".utf8), contentType: "application/graphql-response+json")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/graphql-response+json")
    }
}
