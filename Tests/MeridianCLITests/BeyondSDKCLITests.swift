import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianTestSupport
import Testing

/// The camera capabilities beyond the SDK, as a user runs them from the command line.
@Suite struct BeyondSDKCLITests {
    @Test("tiles cover: counts per zoom match the list; a circle, a path and a polygon; one geometry at a time")
    func tilesCover() throws {
        let r = try runMeridian(["tiles", "cover", "--bounds", "60.15,24.90,60.19,24.98", "--zooms", "10-14"])
        #expect(r.status == 0, "\(r.err)")
        let out = try json(r.out)
        let zooms = try #require(out["zooms"] as? [[String: Int]])
        let tiles = try #require(out["tiles"] as? [String])
        #expect(zooms.map { $0["zoom"] } == [10, 11, 12, 13, 14] && out["total"] as? Int == tiles.count)
        for z in zooms { #expect(tiles.filter { $0.hasPrefix("\(z["zoom"]!)/") }.count == z["count"]) }
        // Each zoom's cover is the rectangle of tiles the bounds reach.
        let n = Double(1 << 14)
        let cols = Int(WebMercator.x(longitude: 24.98) * n) - Int(WebMercator.x(longitude: 24.90) * n) + 1
        let rows = Int(WebMercator.y(latitude: 60.15) * n) - Int(WebMercator.y(latitude: 60.19) * n) + 1
        #expect(zooms.last?["count"] == cols * rows)
        let circle = try json(
            try runMeridian([
                "tiles", "cover", "--around", "60.17,24.94", "--radius", "2000", "--zooms", "12-14", "--counts-only",
            ]).out)
        #expect(circle["tiles"] == nil && (circle["total"] as? Int ?? 0) > 10)
        // Bounds around a point: 2 km around Helsinki, 0.017986° of latitude either side; and the box of a turned view.
        let around = try json(
            try runMeridian([
                "camera", "bounds", "--around", "60.17,24.94", "--radius", "2000", "--size", "800x600", "--bearing",
                "90",
            ]).out)
        let b = try #require(around["bounds"] as? [String: Double])
        #expect(
            abs((b["north"] ?? 0) - 60.17 - 0.017986) < 1e-5 && abs((b["south"] ?? 0) - 60.17 + 0.017986) < 1e-5, "\(b)"
        )
        #expect(
            (around["rotatedViewBox"] as? [String: Double]).map {
                abs($0["width"]! - 600) < 1e-9 && abs($0["height"]! - 800) < 1e-9
            } == true)
        // A fit of one point with a minimum extent of 500 m: about zoom 16.9 in 1024 × 768 at 60° N (500 m on 768 points).
        let cafe = try json(
            try runMeridian([
                "camera", "fit", "--bounds", "60.1699,24.9384,60.1699,24.9384", "--min-extent", "500", "--size",
                "1024x768",
            ]).out)
        #expect(((cafe["zoom"] as? Double) ?? 0) > 16.6 && ((cafe["zoom"] as? Double) ?? 99) < 17.1, "\(cafe)")
        let badRadius = try runMeridian(["camera", "bounds", "--around", "60.17,24.94", "--radius", "-5"])
        #expect(badRadius.status != 0 && badRadius.err.contains("radius"), "\(badRadius.err)")
        // Counts only: counted, not listed, so 2^40 tiles take no memory.
        let world = try json(
            try runMeridian([
                "tiles", "cover", "--bounds=-85.06,-180,85.06,180", "--zooms", "20", "--counts-only", "--limit",
                "2000000000000",
            ]).out)
        #expect(world["total"] as? Int == 1 << 40 && world["tiles"] == nil)
        let path = try json(
            try runMeridian(["tiles", "cover", "--path", "60.1699,24.9384;60.1920,24.9458", "--zooms", "15"]).out)
        #expect((path["total"] as? Int ?? 0) >= 4)
        let polygon = try json(
            try runMeridian(["tiles", "cover", "--polygon", "60.16,24.92;60.18,24.92;60.17,24.96", "--zooms", "14"]).out
        )
        #expect((polygon["total"] as? Int ?? 0) >= 2)
        for (arguments, mentions) in [
            (["--zooms", "3"], "exactly one"),
            (["--bounds", "1,2,3,4", "--path", "1,2", "--zooms", "3"], "exactly one"),
            (["--bounds", "1,2,3,4", "--zooms", "3-40"], "zooms"), (["--around", "60,24", "--zooms", "3"], "radius"),
            (["--path", "60,24;95,1", "--zooms", "3"], "path point 2"),
            (["--bounds=-80,-170,80,170", "--zooms", "20", "--limit", "1000"], "more than 1000 tiles"),
        ] {
            let bad = try runMeridian(["tiles", "cover"] + arguments)
            #expect(bad.status != 0 && bad.err.contains(mentions), "\(arguments): \(bad.err)")
        }
    }

    @Test(
        "camera eye and camera look are inverses; fit-points holds every point; rotate and place updates; tilt limits")
    func cameraCommands() throws {
        let eye = try json(
            try runMeridian(["camera", "eye", "--camera", "60.17,24.94,15,30,45", "--size", "1024x768"]).out)
        let at = try #require(eye["eye"] as? [String: Double])
        let altitude = try #require(eye["altitude"] as? Double)
        #expect(altitude > 100 && altitude < 10_000)
        let look = try json(
            try runMeridian([
                "camera", "look", "--from", "\(at["latitude"]!),\(at["longitude"]!),\(altitude)", "--at", "60.17,24.94",
                "--size", "1024x768",
            ]).out)
        let back = try camera(try #require(look["camera"] as? [String: Any]))
        expectClose(back.zoom, 15, within: 1e-6, "zoom")
        expectClose(back.bearing, 30, within: 1e-6, "bearing")
        expectClose(back.tilt, 45, within: 1e-6, "tilt")
        let points = [
            Coordinate(latitude: 60.15, longitude: 24.90), Coordinate(latitude: 60.17, longitude: 24.95),
            Coordinate(latitude: 60.19, longitude: 25.00),
        ]
        let fitted = try camera(
            try json(
                try runMeridian([
                    "camera", "fit-points", "--points", "60.15,24.90;60.17,24.95;60.19,25.00", "--bearing", "322",
                    "--tilt", "30",
                ]).out))
        let view = try Viewport(camera: fitted, size: ScreenSize(width: 1024, height: 768))
        #expect(points.allSatisfy(view.contains))
        let placed = try camera(
            try json(
                try runMeridian([
                    "camera", "apply", "--camera", "60.17,24.94,15,0,40", "--update", "place:60.171,24.945@100,600",
                ]).out))
        let p = try #require(
            try Viewport(camera: placed, size: ScreenSize(width: 1024, height: 768)).point(
                for: Coordinate(latitude: 60.171, longitude: 24.945)))
        expectClose(p, ScreenPoint(x: 100, y: 600), within: 1e-6, "placed")
        let turned = try camera(
            try json(
                try runMeridian(["camera", "apply", "--camera", "60.17,24.94,15", "--update", "rotate:45@200,200"]).out)
        )
        #expect(abs(turned.bearing - 45) < 1e-9 && turned.target != Coordinate(latitude: 60.17, longitude: 24.94))
        let limited = try camera(
            try json(
                try runMeridian([
                    "camera", "apply", "--camera", "60.17,24.94,17,0,60", "--update", "zoom-by:0", "--max-tilt", "20",
                ]).out))
        #expect(limited.tilt == 20)
        let bad = try runMeridian([
            "camera", "apply", "--camera", "60.17,24.94,17", "--update", "zoom-in", "--min-tilt", "50", "--max-tilt",
            "20",
        ])
        #expect(bad.status != 0 && bad.err.contains("minTilt"), "\(bad.err)")
    }

    @Test("camera animate prints the fly's duration; --speed scales it; --max-duration makes a long fly snap")
    func flyOptions() throws {
        func lines(_ extra: [String]) throws -> [[String: Any]] {
            let r = try runMeridian(
                ["camera", "animate", "--camera", "49.26,-123.11,10", "--to=-33.8683,151.2086,12", "--fly"] + extra)
            #expect(r.status == 0, "\(r.err)")
            return try r.out.split(separator: "\n").map { try json(String($0)) }
        }
        let standard = try lines([])
        let fast = try lines(["--speed", "2.4"])
        let d1 = try #require(standard.first?["duration"] as? Double)
        let d2 = try #require(fast.first?["duration"] as? Double)
        expectClose(d2, d1 / 2, within: 1e-9, "twice the speed, half the time")
        let snapped = try lines(["--max-duration", "1"])
        #expect(snapped.count == 1 && snapped.first?["duration"] as? Double == 0)
        let screen = try lines(["--screen-speed", "1.42"])
        expectClose(
            try #require(screen.first?["duration"] as? Double), d1 * 1.2, within: 1e-9,
            "screen speed / curve = 1 view width a second")
    }
}

/// An offline region as a user makes and uses it.
@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct ExtractCLITests {
    @Test("data extract writes a region that render --data draws on its own, as the full data draws it")
    func extractAndRender() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-region-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let region = dir + "/centre.pmtiles"
        let r = try runMeridian([
            "data", "extract", "--bounds", "60.160,24.925,60.180,24.965", "--zooms", "12-16", "-o", region, "--data",
            TestData.directory,
        ])
        #expect(r.status == 0, "\(r.err)")
        let out = try json(r.out)
        #expect((out["tiles"] as? Int ?? 0) > 10 && (out["bytes"] as? Int ?? 0) > 1000)
        let camera = ["--lat", "60.170", "--lng", "24.945", "--zoom", "16", "--size", "256x256"]
        let offline = try runMeridian(["render"] + camera + ["--data", region, "-o", dir + "/offline.png"])
        let online = try runMeridian(["render"] + camera + ["--data", TestData.directory, "-o", dir + "/online.png"])
        #expect(offline.status == 0 && online.status == 0 && offline.err.isEmpty, "\(offline.err)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: dir + "/offline.png"))
                == Data(contentsOf: URL(fileURLWithPath: dir + "/online.png")))
        let plain = try runMeridian(
            ["render"] + camera + ["--data", TestData.path("world.mbtiles"), "-o", dir + "/x.png"])
        #expect(plain.status != 0 && plain.err.contains("not an offline region"), "\(plain.err)")
    }

    @Test(
        "GDAL reads an extracted MBTiles region: every source's layers under SOURCE/LAYER, each credit once",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ogrinfo"), "needs GDAL (gdal-bin)"))
    func gdalReadsRegion() throws {
        let region = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-region-\(ProcessInfo.processInfo.processIdentifier).mbtiles"
        ).path
        defer { try? FileManager.default.removeItem(atPath: region) }
        let r = try runMeridian([
            "data", "extract", "--bounds", "60.160,24.925,60.180,24.965", "--zooms", "12-14", "-o", region, "--data",
            TestData.directory,
        ])
        #expect(r.status == 0, "\(r.err)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ogrinfo")
        process.arguments = ["-ro", "-so", region]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && text.contains("using driver `MBTiles' successful"), "\(text)")
        for layer in ["openmaptiles/transportation", "openmaptiles/building", "world/land", "coast/land"] {
            #expect(text.contains(": \(layer)"), "\(layer) missing:\n\(text)")
        }
        let credit = try #require(text.split(separator: "\n").first { $0.contains("attribution=") })
        #expect(credit.components(separatedBy: "GSHHG").count == 2, "each credit once: \(credit)")
    }
}
