import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianStyle
@testable import MeridianServer
import MeridianTestSupport
import Testing

func items(_ query: String) -> [(name: String, value: String)] {
    query.split(separator: "&").map { part in
        let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
        return (kv[0], kv.count > 1 ? kv[1] : "")
    }
}

@Suite struct StaticMapQueryTests {
    @Test("the documented parameters read into typed values")
    func reads() throws {
        let q = try StaticMapQuery(
            items(
                "center=60.17,24.94&zoom=15&size=600x400&scale=2&maptype=hybrid&bearing=30&tilt=45&padding=10"
                    + "&markers=color:blue|label:A|60.1704,24.9522|60.1712,24.9411&markers=60.17,24.95&path=color:0xff0000cc|weight:3|60.17,24.94|60.171,24.945&key=ignored"
            ))
        #expect(
            q.center == Coordinate(latitude: 60.17, longitude: 24.94) && q.zoom == 15
                && q.size == ScreenSize(width: 600, height: 400))
        #expect(
            q.scale == 2 && q.mapType == .hybrid && q.bearing == 30 && q.tilt == 45 && q.padding == EdgeInsets(all: 10))
        #expect(q.markers.count == 3 && q.markers[0].title == "A" && q.markers[2].title == nil)
        expectClose(q.markers[0].iconColor.blue, Double(0xE8) / 255, within: 1e-12)
        guard case let .polyline(line) = try #require(q.paths.first) else {
            Issue.record("not a polyline")
            return
        }
        #expect(line.width == 3 && line.path.count == 2)
        expectClose(line.color.alpha, Double(0xcc) / 255, within: 1e-12)
        let camera = try q.camera()
        #expect(camera.zoom == 15 && camera.bearing == 30 && camera.tilt == 45)
    }

    @Test("an encoded path, a filled path and a fitted camera when center and zoom are missing")
    func fitted() throws {
        let encoded = EncodedPolyline.encode([
            Coordinate(latitude: 49.26, longitude: -123.11), Coordinate(latitude: 51.05, longitude: -114.05),
        ])
        let q = try StaticMapQuery(
            items("size=600x400&path=weight:4|enc:\(encoded)&path=fillcolor:0x00ff0040|1,1|1,2|2,2"))
        guard case .polyline = q.paths[0], case let .polygon(p) = q.paths[1] else {
            Issue.record("wrong kinds")
            return
        }
        expectClose(p.fillColor.alpha, Double(0x40) / 255, within: 1e-12)
        let camera = try q.camera()
        let view = try Viewport(camera: camera, size: q.size)
        for c in [Coordinate(latitude: 49.26, longitude: -123.11), Coordinate(latitude: 1, longitude: 1)] {
            let p = try #require(try view.point(for: c))
            #expect(p.x >= 47 && p.x <= 553 && p.y >= 47 && p.y <= 353, "\(c) inside the 48-point room: \(p)")
        }
        let visible = try StaticMapQuery(items("size=300x300&visible=60.16,24.93|60.18,24.96&zoom=12"))
        #expect(try visible.camera().zoom == 12)
    }

    @Test(
        "bad parameters are typed errors naming the parameter",
        arguments: [
            ("center=1,2&zoom=3", "size"), ("size=3000x10&center=1,2&zoom=3", "size"),
            ("size=100x100&center=91,0&zoom=3", "center"),
            ("size=100x100&center=1,2&zoom=30", "zoom"), ("size=100x100&center=1,2&zoom=nan", "zoom"),
            ("size=100x100&center=1,2&zoom=3&scale=4", "scale"),
            ("size=100x100&center=1,2&zoom=3&maptype=moon", "maptype"),
            ("size=100x100&center=1,2&zoom=3&tilt=100", "tilt"),
            ("size=100x100&center=1,2&zoom=3&padding=60", "padding"), ("size=100x100&center=1,2&zoom=3&zoom=4", "zoom"),
            ("size=100x100&center=1,2&zoom=3&frobnicate=1", "frobnicate"),
            ("size=100x100&markers=color:mauve|1,2", "markers"),
            ("size=100x100&markers=shape:star|1,2", "markers"), ("size=100x100&path=1,2", "path"),
            ("size=100x100&path=enc:%%%", "path"),
            ("size=100x100&path=weight:99|1,2|3,4", "path"), ("size=100x100", "center"),
            ("size=100x100&center=1,2&zoom=3&format=gif", "format"),
            ("size=2048x2048&scale=3&center=1,2&zoom=3", "scale"),
        ])
    func bad(query: String, parameter: String) {
        #expect {
            let q = try StaticMapQuery(items(query))
            _ = try q.camera()
        } throws: { error in
            (error as? RequestError)?.parameter == parameter && (error as? RequestError)?.status == 400
        }
    }

    @Test("limits: 100 markers and 20 paths at most")
    func limits() {
        let markers = (0..<101).map { "markers=\($0 % 80),1" }.joined(separator: "&")
        #expect(throws: RequestError.self) { try StaticMapQuery(items("size=100x100&" + markers)) }
        let paths = (0..<21).map { _ in "path=1,1|2,2" }.joined(separator: "&")
        #expect(throws: RequestError.self) { try StaticMapQuery(items("size=100x100&" + paths)) }
    }

    /// Textual extremes a URL can carry: ±0, subnormals, huge, overflowing, NaN and ∞ spelled
    /// several ways, Int.max and past it.
    static let extremes = [
        "0", "-0", "5e-324", "-5e-324", "1e300", "-1e300", "1e400", "nan", "NaN", "-nan", "inf", "-inf", "Infinity",
        "9223372036854775807", "-9223372036854775808", "18446744073709551616", "0x1p-1074", "1_000", "",
    ]

    @Test(
        "property: every static-map parameter set to each extreme value is a 400 naming it, or a finite camera and a viewport; never a 500 or a trap"
    )
    func extremeParameters() throws {
        let base: [(String, String)] = [
            ("center", "60.17,24.94"), ("zoom", "15"), ("size", "600x400"), ("scale", "1"), ("bearing", "30"),
            ("tilt", "45"), ("padding", "10"), ("markers", "color:red|60.17,24.94"),
            ("path", "weight:3|60.17,24.94|60.18,24.95"), ("visible", "60.16,24.93"),
        ]
        /// Each way of putting `x` into a parameter's value: the whole value, or one number of it.
        func variants(_ name: String, _ value: String, _ x: String) -> [String] {
            switch name {
            case "center", "visible": [x + ",24.94", "60.17," + x]
            case "size": [x + "x400", "600x" + x]
            case "padding": [x, "10,\(x),10,10"]
            case "markers": ["color:red|\(x),24.94", "color:red|60.17,\(x)"]
            case "path": ["weight:\(x)|60.17,24.94|60.18,24.95", "weight:3|60.17,\(x)|60.18,24.95"]
            default: [x]
            }
        }
        var refused = 0
        var accepted = 0
        for (index, (name, value)) in base.enumerated() {
            for x in Self.extremes {
                for variant in variants(name, value, x) {
                    var query = base
                    query[index].1 = variant
                    let text = query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
                    do {
                        let q = try StaticMapQuery(items(text))
                        let camera = try q.camera()
                        let finite = [
                            camera.target.latitude, camera.target.longitude, camera.zoom, camera.bearing, camera.tilt,
                        ].allSatisfy { $0.isFinite }
                        #expect(finite, "\(text)")
                        _ = try Viewport(camera: camera, size: q.size, padding: q.padding)
                        accepted += 1
                    } catch let error as RequestError {
                        #expect(
                            error.status == 400 && error.parameter == name,
                            "\(text): \(error.parameter) \(error.status)")
                        refused += 1
                    } catch {
                        Issue.record("\(text): untyped \(error)")
                    }
                }
            }
        }
        #expect(refused > 100 && accepted > 10)
    }
}
