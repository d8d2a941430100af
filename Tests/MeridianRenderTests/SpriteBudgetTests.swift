import Foundation
@testable import MeridianRender
import MeridianStyle
import MeridianTestSupport
import Testing

/// Sprite bombs that add up (issue 49, item 7): sixteen sprites, each a sheet of the largest size
/// allowed alone, used to be decoded whole (2.1 GB held by `serve`). A style's sheets together
/// are held to `StyleImages.maxPixels`; a sheet past it is refused by its header before it is
/// decoded, and named.
struct SpriteBudgetTests {
    @Test("16 sprites of 4096 × 2048: two decoded (the budget), fourteen refused by name; pixels held within the bound")
    func bombsAddUp() throws {
        let dir = try emptyFolder("sprite-budget")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (w, h) = (4096, 2048)
        let words = [UInt32](repeating: 0, count: w * h)
        let png = try words.withUnsafeBytes {
            try PNGEncoder.encode(base: $0.bindMemory(to: UInt8.self).baseAddress!, width: w, height: h, stride: w * 4)
        }
        #expect(png.count < 1 << 20, "a small file that decodes to 32 MiB: \(png.count) bytes")
        var sprites: [String] = []
        for i in 0..<16 {
            try Data(png).write(to: URL(fileURLWithPath: dir + "/s\(i).png"))
            try Data(#"{"a": {"x": 0, "y": 0, "width": 8, "height": 8}}"#.utf8)
                .write(to: URL(fileURLWithPath: dir + "/s\(i).json"))
            sprites.append(#"{"id": "s\#(i)", "url": "\#(dir)/s\#(i)"}"#)
        }
        let style = try Style(
            json: Data(
                #"{"version": 8, "sprite": [\#(sprites.joined(separator: ","))], "sources": {}, "layers": []}"#.utf8))
        let images = StyleImages(style: style)
        #expect(images.pixels == 2 * w * h && images.pixels <= StyleImages.maxPixels, "\(images.pixels)")
        #expect(images.image("s0:a", scale: 1) != nil && images.image("s1:a", scale: 1) != nil)
        #expect(images.image("s2:a", scale: 1) == nil)
        #expect(images.warnings.count == 14, "\(images.warnings)")
        #expect(
            images.warnings.allSatisfy { $0.contains("past \(StyleImages.maxPixels) pixels") },
            "\(images.warnings.first ?? "")")
        #expect(images.warnings.first?.hasPrefix("sprite s2:") == true)
    }

    @Test(
        "a sheet whose header claims more than the budget left is refused before decoding (a truncated body never read)"
    )
    func headerFirst() throws {
        let dir = try emptyFolder("sprite-header")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A PNG signature and an IHDR claiming 4096 × 4096, then nothing: Cairo could not read it.
        var header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        header += [0, 0, 0x10, 0, 0, 0, 0x10, 0, 8, 6, 0, 0, 0]
        try Data(header).write(to: URL(fileURLWithPath: dir + "/big.png"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/big.json"))
        do {
            _ = try SpriteSheet.read(dir + "/big", pixelBudget: 1 << 20)
            Issue.record("read")
        } catch {
            #expect("\(error)".contains("4096 × 4096 pixels would take the style's sprites past"), "\(error)")
        }
    }
}
