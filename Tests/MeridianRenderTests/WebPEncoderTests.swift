import Foundation
import CWebP
import MeridianCamera
import MeridianGeometry
import MeridianMap
@testable import MeridianRender
import MeridianTestSupport
import Testing

/// WebP images (libwebp, lossy): decoded by libwebp's own decoder, they are the PNG's pixels
/// within the loss, translucent pixels keep their alpha; bad arguments are typed errors.
struct WebPEncoderTests {
    /// libwebp's decoding of `webp` as RGBA bytes.
    static func decode(_ webp: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        var width: Int32 = 0
        var height: Int32 = 0
        let pixels = try #require(WebPDecodeRGBA(webp, webp.count, &width, &height), "libwebp could not decode it")
        defer { WebPFree(pixels) }
        return (Int(width), Int(height), Array(UnsafeBufferPointer(start: pixels, count: Int(width * height * 4))))
    }

    @Test("a drawn map as WebP decodes to the PNG's pixels within the loss (PSNR over 30 dB), in fewer bytes")
    func roundTrip() throws {
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 3, bearing: 20, tilt: 30),
            size: ScreenSize(width: 320, height: 200))
        var circle = Circle(center: Coordinate(latitude: 60.17, longitude: 24.94), radius: 600_000)
        circle.strokeWidth = 4
        let image = try MapRenderer(attribution: "").draw(view, sources: MapSources([:]), overlays: [.circle(circle)])
        let webp = try image.encoded(.webp)
        let pngBytes = try image.png()
        #expect(webp.starts(with: Array("RIFF".utf8)) && webp[8..<12].elementsEqual("WEBP".utf8))
        let decoded = try Self.decode(webp)
        let png = try #require(decodePNG(pngBytes))
        #expect(decoded.width == 320 && decoded.height == 200)
        var squared = 0.0
        for (i, p) in png.pixels.enumerated() {
            for (k, shift) in [UInt32(16), 8, 0].enumerated() {
                let d = Double(Int(decoded.rgba[4 * i + k]) - Int(p >> shift & 0xFF))
                squared += d * d
            }
        }
        let psnr = 10 * log10(255 * 255 / (squared / Double(320 * 200 * 3)))
        #expect(psnr > 30, "PSNR \(psnr) dB")
        #expect(webp.count < pngBytes.count, "\(webp.count) bytes against the PNG's \(pngBytes.count)")
    }

    @Test(
        "a translucent image keeps its alpha (within 2 levels) and its colours un-premultiplied (PSNR over 25 dB where alpha ≥ 128)"
    )
    func translucent() throws {
        let canvas = try PNGEncoderTests.canvas(translucent: true)
        let decoded = try Self.decode(try canvas.encoded(.webp))
        let png = try #require(decodePNG(try canvas.png()))
        var worstAlpha = 0
        var squared = 0.0
        var counted = 0
        for (i, p) in png.pixels.enumerated() {
            let alpha = Int(p >> 24)
            worstAlpha = max(worstAlpha, abs(Int(decoded.rgba[4 * i + 3]) - alpha))
            guard alpha >= 128 else { continue }
            // Cairo's pixels are premultiplied; WebP's are not.
            for (k, shift) in [UInt32(16), 8, 0].enumerated() {
                let straight = Double(Int(p >> shift & 0xFF) * 255) / Double(alpha)
                let d = Double(decoded.rgba[4 * i + k]) - straight
                squared += d * d
            }
            counted += 3
        }
        #expect(worstAlpha <= 2)
        let psnr = 10 * log10(255 * 255 / (squared / Double(max(counted, 1))))
        #expect(counted > 1000 && psnr > 25, "PSNR \(psnr) dB over \(counted / 3) pixels")
    }

    @Test("bad sizes and qualities are typed errors, never a process exit")
    func badInput() throws {
        let pixels = [UInt8](repeating: 0xFF, count: 16)
        try pixels.withUnsafeBufferPointer { p in
            let base = p.baseAddress!
            #expect(throws: RenderError.self) {
                try WebPEncoder.encode(base: base, width: 2, height: 2, stride: 8, quality: 101)
            }
            #expect(throws: RenderError.self) {
                try WebPEncoder.encode(base: base, width: 2, height: 2, stride: 4, quality: 80)
            }
            #expect(throws: RenderError.self) {
                try WebPEncoder.encode(base: base, width: 0, height: 2, stride: 8, quality: 80)
            }
            #expect(throws: RenderError.self) {
                try WebPEncoder.encode(base: base, width: 20_000, height: 1, stride: 80_000, quality: 80)
            }
            let tiny = try Self.decode(try WebPEncoder.encode(base: base, width: 2, height: 2, stride: 8, quality: 100))
            #expect(tiny.width == 2 && tiny.height == 2 && tiny.rgba.allSatisfy { $0 >= 250 })
        }
    }
}
