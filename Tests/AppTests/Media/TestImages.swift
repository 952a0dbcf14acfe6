@testable import App

/// Tiny valid pictures made in the test, so no binary fixture is needed: a PNG written by
/// hand (stored, uncompressed deflate blocks; CRC-32 and Adler-32 computed here), and a
/// JPEG and WebP converted from it with libvips.
enum TestImages {
    /// An RGB PNG of `width` × `height` pixels in a gradient seeded by `seed`.
    static func png(width: Int, height: Int, seed: UInt8 = 0) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width {
                raw += [UInt8(truncatingIfNeeded: x &* 7 &+ Int(seed)), UInt8(truncatingIfNeeded: y &* 5), seed]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8-bit, RGB, deflate, no filter method, no interlace
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    /// A JPEG of `width` × `height` pixels, converted from a PNG by libvips.
    static func jpeg(width: Int, height: Int, seed: UInt8 = 0) -> [UInt8] {
        Vips.thumbnail(png(width: width, height: height, seed: seed), width: width, format: .jpeg) ?? []
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

/// Builds `multipart/form-data` bodies the way upload clients do.
struct MultipartBuilder {
    let boundary = "----KitchenTestBoundary7MA4YWxkTrZu0gW"
    private(set) var body: [UInt8] = []

    var contentType: String { "Content-Type: multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
    }

    mutating func file(_ name: String, filename: String, type: String, _ bytes: [UInt8]) {
        body += Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\nContent-Type: \(type)\r\n\r\n".utf8)
        body += bytes + Array("\r\n".utf8)
    }

    func finished() -> [UInt8] { body + Array("--\(boundary)--\r\n".utf8) }
}
