import Foundation
import MeridianTestSupport
import Testing

/// `render --style` without a camera shows the style's own camera (the SDK's initial camera via
/// options), on the real Helsinki data.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct StyleCameraCLITests {
    @Test("a style's center, zoom, bearing and pitch are render's camera when none is given; --bearing overrides")
    func styleCamera() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-style-camera-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let style = folder.appendingPathComponent("style.json")
        try Data(
            ##"""
            {"version": 8, "center": [24.9526, 60.1702], "zoom": 15, "bearing": 20, "pitch": 30,
             "sources": {"openmaptiles": {"type": "vector", "url": "mbtiles://openmaptiles"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#f0ece0"}},
                        {"id": "roads", "type": "line", "source": "openmaptiles", "source-layer": "transportation",
                         "paint": {"line-color": "#c03030", "line-width": 2}}]}
            """##.utf8
        ).write(to: style)
        func render(_ camera: [String], _ name: String) throws -> Data {
            let out = folder.appendingPathComponent(name)
            let r = try runMeridian(
                ["render", "--style", style.path, "--size", "200x150", "--data", TestData.directory, "-o", out.path]
                    + camera)
            #expect(r.status == 0, "\(r.err)")
            return try Data(contentsOf: out)
        }
        let own = try render([], "own.png")
        // The style's zoom 15 is the camera's 16.
        let explicit = try render(
            ["--lat", "60.1702", "--lng", "24.9526", "--zoom", "16", "--bearing", "20", "--tilt", "30"], "explicit.png")
        #expect(own == explicit)
        let turned = try render(["--bearing", "0"], "turned.png")
        let explicitNorth = try render(
            ["--lat", "60.1702", "--lng", "24.9526", "--zoom", "16", "--tilt", "30"], "north.png")
        #expect(turned == explicitNorth && turned != own)
    }
}
