import Testing
@testable import App

@Suite("choosing an event stream from Accept")
struct EventStreamAcceptTests {
    @Test("text/event-stream is asked for in any case and among other types")
    func asked() {
        #expect(EventStream.isRequested(accept: "text/event-stream"))
        #expect(EventStream.isRequested(accept: "TEXT/Event-Stream"))
        #expect(EventStream.isRequested(accept: "application/json;q=0.5, text/event-stream"))
    }

    @Test("JSON, nothing, or an event stream refused with q=0 is not a stream")
    func notAsked() {
        #expect(!EventStream.isRequested(accept: nil))
        #expect(!EventStream.isRequested(accept: "application/json"))
        #expect(!EventStream.isRequested(accept: "*/*"))
        #expect(!EventStream.isRequested(accept: "text/event-stream;q=0"))
        #expect(!EventStream.isRequested(accept: "text/event"))
    }
}
