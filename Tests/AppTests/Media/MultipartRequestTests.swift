import GraphQL
import Testing

@testable import App

@Suite("GraphQL multipart requests")
struct MultipartRequestTests {
    let limits = UploadLimits(maxFileSize: 64 * 1024, maxRequestSize: 256 * 1024, maxFiles: 9)

    func decode(_ build: (inout MultipartBuilder) -> Void) throws(MultipartRequest.Failure) -> MultipartRequest {
        var builder = MultipartBuilder()
        build(&builder)
        return try MultipartRequest(body: builder.finished(), boundary: builder.boundary, limits: limits)
    }

    @Test("files replace the nulls the map names, in variables and inside lists")
    func substitution() throws {
        let png = TestImages.png(width: 4, height: 3)
        let decoded = try decode { form in
            form.field("operations", #"{"query":"mutation($a: Upload, $i: In) { x }","variables":{"a":null,"i":{"photos":[null,null]}}}"#)
            form.field("map", #"{"0":["variables.a"],"1":["variables.i.photos.0","variables.i.photos.1"]}"#)
            form.file("0", filename: "a.png", type: "image/png", png)
            form.file("1", filename: "b.jpg", type: "image/jpeg", TestImages.jpeg(width: 5, height: 5))
        }
        #expect(decoded.files.count == 2)
        #expect(decoded.files[0].image.width == 4 && decoded.files[0].image.height == 3)
        #expect(decoded.request.variables["a"] == .string(RequestUploads.placeholder(0)))
        let second = Value.string(RequestUploads.placeholder(1))
        #expect(decoded.request.variables["i"] == .object(["photos": .list([second, second])]))
    }

    @Test("a text file named .jpg is not a picture")
    func renamedText() {
        #expect(throws: MultipartRequest.Failure.notAPicture("The file \"0\" is not a JPEG, PNG or WebP picture.")) {
            try decode { form in
                form.field("operations", #"{"query":"{ x }","variables":{"a":null}}"#)
                form.field("map", #"{"0":["variables.a"]}"#)
                form.file("0", filename: "cat.jpg", type: "image/jpeg", Array("not really a cat".utf8))
            }
        }
    }

    @Test("a file over the per-file limit is too large")
    func oversized() {
        #expect(throws: MultipartRequest.Failure.tooLarge("The file \"0\" is larger than 65536 bytes.")) {
            try decode { form in
                form.field("operations", #"{"query":"{ x }","variables":{"a":null}}"#)
                form.field("map", #"{"0":["variables.a"]}"#)
                form.file("0", filename: "big.png", type: "image/png", Array(repeating: 0, count: 70_000))
            }
        }
    }

    @Test("malformed requests: fields out of order, a map naming a missing file, a path outside variables, ten files")
    func malformed() {
        let png = TestImages.png(width: 2, height: 2)
        let cases: [(inout MultipartBuilder) -> Void] = [
            { form in form.field("map", "{}"); form.field("operations", #"{"query":"{ x }"}"#) },
            { form in form.field("operations", #"{"query":"{ x }"}"#); form.field("map", #"{"0":["variables.a"]}"#) },
            { form in
                form.field("operations", #"{"query":"{ x }","variables":{}}"#)
                form.field("map", #"{"0":["query"]}"#)
                form.file("0", filename: "a.png", type: "image/png", png)
            },
            { form in
                form.field("operations", #"{"query":"{ x }","variables":{"a":{}}}"#)
                form.field("map", #"{"0":["variables.a.b.c"]}"#)
                form.file("0", filename: "a.png", type: "image/png", png)
            },
            { form in
                form.field("operations", #"{"query":"{ x }","variables":{}}"#)
                form.field("map", "{" + (0..<10).map { #""\#($0)":["variables.f\#($0)"]"# }.joined(separator: ",") + "}")
                for index in 0..<10 { form.file("\(index)", filename: "a.png", type: "image/png", png) }
            },
        ]
        for build in cases {
            #expect {
                try decode(build)
            } throws: { error in
                if case .malformed = error as? MultipartRequest.Failure { return true }
                return false
            }
        }
    }

    @Test("a body cut off before its closing boundary is malformed, not a crash")
    func truncated() {
        var form = MultipartBuilder()
        form.field("operations", #"{"query":"{ x }"}"#)
        let body = Array(form.finished().dropLast(30))
        #expect(throws: MultipartBody.Malformed.self) { try MultipartBody(body, boundary: form.boundary) }
        for cut in stride(from: 0, to: body.count, by: 7) {
            _ = try? MultipartBody(Array(body.prefix(cut)), boundary: form.boundary)
        }
    }

    @Test("the boundary is read from the content type with its case kept")
    func boundary() {
        #expect(MultipartBody.boundary(contentType: "multipart/form-data; boundary=AbC") == "AbC")
        #expect(MultipartBody.boundary(contentType: #"Multipart/Form-Data; charset=utf-8; boundary="q r""#) == "q r")
        #expect(MultipartBody.boundary(contentType: "application/json") == nil)
        #expect(MultipartBody.boundary(contentType: "multipart/form-data") == nil)
    }
}
