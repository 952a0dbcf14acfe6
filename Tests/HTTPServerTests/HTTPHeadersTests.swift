import Testing
import KitchenTestSupport
@testable import HTTPServer

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("lookup ignores the case of the name")
    func caseInsensitiveLookup() {
        let headers = HTTPHeaders([(name: "Content-Type", value: "application/json")])
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        #expect(headers["Content-Length"] == nil)
    }

    @Test("repeated fields keep their order and the first wins a single lookup")
    func repeatedFields() {
        var headers = HTTPHeaders()
        headers.add(name: "Accept", value: "a")
        headers.add(name: "accept", value: "b")
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values(for: "Accept") == ["a", "b"])
    }

    @Test("replacing a field removes every spelling of it")
    func replaceOrAdd() {
        var headers: HTTPHeaders = ["X-One": "1", "x-one": "2"]
        headers.replaceOrAdd(name: "X-ONE", value: "3")
        #expect(headers.values(for: "x-one") == ["3"])
        #expect(headers.count == 1)
    }

    @Test("names that differ only outside ASCII letters do not match")
    func nonLetters() {
        let headers = HTTPHeaders([(name: "X-A", value: "1")])
        #expect(headers["X_A"] == nil)
        #expect(headers["X-A "] == nil)
    }

    @Test("multipart/form-data is told apart in any case, with or without parameters")
    func multipartContentType() {
        #expect(HTTPHeaders.isMultipartFormData("multipart/form-data; boundary=x"))
        #expect(HTTPHeaders.isMultipartFormData("  Multipart/Form-Data"))
        #expect(HTTPHeaders.isMultipartFormData("MULTIPART/FORM-DATA ;boundary=x"))
        #expect(!HTTPHeaders.isMultipartFormData("application/json"))
        #expect(!HTTPHeaders.isMultipartFormData("multipart/form-datax"))
        #expect(!HTTPHeaders.isMultipartFormData("multipart/mixed; boundary=x"))
        #expect(!HTTPHeaders.isMultipartFormData(""))
    }
}
