import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianMap
@testable import MeridianRender
import MeridianTestSupport
import Testing

/// JPEG frames (libjpeg-turbo): decoded by libjpeg's own `djpeg`, they are the PNG frame's
/// pixels within JPEG's loss; bad arguments are typed errors, never a process exit.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/djpeg")
            || ProcessInfo.processInfo.environment["MERIDIAN_REQUIRE_DATA"] == "1",
        "needs djpeg (libjpeg-turbo-progs, in scripts/apt-packages.txt)"))
struct JPEGEncoderTests {
    /// The pixels of a binary PPM (P6, maxval 255), as 0xRRGGBB words.
    static func ppm(_ data: Data) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let bytes = [UInt8](data)
        var fields: [Int] = []
        var i = 2
        var current = ""
        try #require(bytes.starts(with: Array("P6".utf8)))
        while fields.count < 3 {
            let c = Character(UnicodeScalar(bytes[i]))
            if c.isNumber {
                current.append(c)
            } else if !current.isEmpty {
                fields.append(Int(current)!)
                current = ""
            }
            i += 1
        }
        let (w, h) = (fields[0], fields[1])
        try #require(fields[2] == 255 && bytes.count - i == w * h * 3)
        return (
            w, h,
            (0..<w * h).map {
                UInt32(bytes[i + 3 * $0]) << 16 | UInt32(bytes[i + 3 * $0 + 1]) << 8 | UInt32(bytes[i + 3 * $0 + 2])
            }
        )
    }

    @Test("a drawn frame as JPEG decodes (djpeg) to the PNG's pixels within JPEG's loss: PSNR over 30 dB")
    func roundTrip() throws {
        let view = try Viewport(
            camera: try CameraPosition(
                target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 3, bearing: 20, tilt: 30),
            size: ScreenSize(width: 320, height: 200))
        var circle = Circle(center: Coordinate(latitude: 60.17, longitude: 24.94), radius: 600_000)
        circle.strokeWidth = 4
        let image = try MapRenderer(attribution: "").draw(view, sources: MapSources([:]), overlays: [.circle(circle)])
        let jpeg = try image.jpeg()
        #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2) == [0xFF, 0xD9], "SOI and EOI markers")
        let png = try #require(decodePNG(try image.png()))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(jpeg).write(to: file)
        let djpeg = Process()
        let pipe = Pipe()
        djpeg.executableURL = URL(fileURLWithPath: "/usr/bin/djpeg")
        djpeg.arguments = ["-pnm", file.path]
        djpeg.standardOutput = pipe
        try djpeg.run()
        let out = pipe.fileHandleForReading.readDataToEndOfFile()
        djpeg.waitUntilExit()
        #expect(djpeg.terminationStatus == 0)
        let decoded = try Self.ppm(out)
        #expect(decoded.width == 320 && decoded.height == 200)
        var squared = 0.0
        for (a, b) in zip(decoded.pixels, png.pixels) {
            for shift: UInt32 in [16, 8, 0] {
                let d = Double(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF))
                squared += d * d
            }
        }
        let psnr = 10 * log10(255 * 255 / (squared / Double(320 * 200 * 3)))
        #expect(psnr > 30, "PSNR \(psnr) dB")
    }

    @Test("bad sizes and qualities are typed errors, never a process exit")
    func badInput() throws {
        let pixels = [UInt8](repeating: 0xFF, count: 16)
        try pixels.withUnsafeBufferPointer { p in
            let base = p.baseAddress!
            #expect(throws: RenderError.self) {
                try JPEGEncoder.encode(base: base, width: 2, height: 2, stride: 8, quality: 0)
            }
            #expect(throws: RenderError.self) {
                try JPEGEncoder.encode(base: base, width: 2, height: 2, stride: 4, quality: 80)
            }
            #expect(throws: RenderError.self) {
                try JPEGEncoder.encode(base: base, width: 0, height: 2, stride: 8, quality: 80)
            }
            #expect(throws: RenderError.self) {
                try JPEGEncoder.encode(base: base, width: 70_000, height: 1, stride: 280_000, quality: 80)
            }
            let tiny = try JPEGEncoder.encode(base: base, width: 2, height: 2, stride: 8, quality: 100)
            #expect(tiny.starts(with: [0xFF, 0xD8]))
        }
    }
}
