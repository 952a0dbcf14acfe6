import Testing

@testable import App

@Suite("Image inspection")
struct ImageInspectionTests {
    @Test("a hand-made PNG and a libvips JPEG are recognised with their sizes")
    func recognised() throws {
        let png = try #require(InspectedImage(TestImages.png(width: 30, height: 20)))
        #expect(png.format == .png && png.width == 30 && png.height == 20)
        let jpeg = try #require(InspectedImage(TestImages.jpeg(width: 12, height: 34)))
        #expect(jpeg.format == .jpeg && jpeg.width == 12 && jpeg.height == 34)
    }

    @Test("text named like a picture, a truncated PNG and a GIF are not pictures")
    func refused() {
        #expect(InspectedImage(Array("hello, this is not a picture".utf8)) == nil)
        #expect(InspectedImage(Array(TestImages.png(width: 30, height: 20).prefix(20))) == nil)
        #expect(InspectedImage(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)) == nil)
        #expect(InspectedImage([]) == nil)
    }

    @Test("the signature decides the format, whatever libvips could also read")
    func signatureDecides() {
        #expect(ImageFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(ImageFormat(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)) == nil)
    }
}
