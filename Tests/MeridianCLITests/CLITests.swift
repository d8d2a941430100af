import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTestSupport
import Testing

/// Runs the built `meridian` binary (beside the test bundle, or $MERIDIAN_BIN) and returns
/// its exit status, standard output and standard error.
/// The path of the `meridian` binary the tests run: `$MERIDIAN_BIN`, else the one built beside
/// the test bundle.
var meridianBinary: String {
    ProcessInfo.processInfo.environment["MERIDIAN_BIN"]
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("meridian")
        .path
}

/// Runs the meridian binary; `environment` replaces the process environment and `directory` the
/// working directory when given.
func runMeridian(
    _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil
) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: meridianBinary)
    process.arguments = arguments
    if let environment { process.environment = environment }
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self)
    )
}

func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

func camera(_ object: [String: Any]) throws -> CameraPosition {
    func number(_ key: String) throws -> Double {
        try #require(object[key] as? Double ?? (object[key] as? Int).map(Double.init))
    }
    return try CameraPosition(
        target: Coordinate(latitude: try number("latitude"), longitude: try number("longitude")),
        zoom: try number("zoom"), bearing: try number("bearing"), tilt: try number("tilt"))
}

@Suite struct CLITests {
    @Test("camera fit: Vancouver and Calgary in 1024×768 at the greatest zoom that shows both")
    func fitVancouverCalgary() throws {
        let r = try runMeridian(["camera", "fit", "--bounds=49.26,-123.11,51.05,-114.05", "--size", "1024x768"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.hasPrefix(#"{"latitude":"#) && r.out.contains(#""zoom":"#) && r.out.contains(#""tilt":0}"#))
        let c = try camera(try json(r.out))
        #expect(c.bearing == 0 && c.tilt == 0)
        let size = ScreenSize(width: 1024, height: 768)
        let cities = [Coordinate(latitude: 49.26, longitude: -123.11), Coordinate(latitude: 51.05, longitude: -114.05)]
        let view = try Viewport(camera: c, size: size)
        for city in cities { #expect(view.visibleRegion.bounds.contains(city) && view.contains(city)) }
        let closer = try Viewport(camera: try CameraPosition(target: c.target, zoom: c.zoom + 0.001), size: size)
        #expect(!cities.allSatisfy(closer.contains))
    }

    @Test func projectAndUnprojectAgree() throws {
        let p = try runMeridian([
            "camera", "project", "--camera", "60.17,24.94,15,30,45", "--size", "1024x768", "60.1699,24.9384",
        ])
        #expect(p.status == 0, "\(p.err)")
        let points = try #require(try json(p.out)["points"] as? [[String: Any]])
        let point = try #require(points.first?["point"] as? [String: Double])
        let x = try #require(point["x"])
        let y = try #require(point["y"])
        let u = try runMeridian([
            "camera", "unproject", "--camera", "60.17,24.94,15,30,45", "--size", "1024x768", "\(x),\(y)",
        ])
        let coords = try #require(try json(u.out)["coordinates"] as? [[String: Any]])
        let c = try #require(coords.first?["coordinate"] as? [String: Double])
        // Decimal text round trip: 1e-9 degrees is ~0.1 mm.
        expectClose(
            Coordinate(latitude: c["latitude"] ?? .nan, longitude: c["longitude"] ?? .nan),
            Coordinate(latitude: 60.1699, longitude: 24.9384), within: 1e-9, "round trip through the CLI")
    }

    @Test func applyVisibleRegionAndTiles() throws {
        let zoomed = try camera(
            try json(try runMeridian(["camera", "apply", "--camera", "60.17,24.94,12", "--update", "zoom-in"]).out))
        #expect(zoomed.zoom == 13 && zoomed.target == Coordinate(latitude: 60.17, longitude: 24.94))
        let limited = try camera(
            try json(
                try runMeridian([
                    "camera", "apply", "--camera", "60.17,24.94,12", "--update", "zoom-to=4", "--min-zoom", "10",
                    "--max-zoom", "15",
                ]).out))
        #expect(limited.zoom == 10)
        let region = try json(try runMeridian(["camera", "visible-region", "--camera", "60.17,24.94,15,30,45"]).out)
        #expect(region["nearLeft"] != nil && region["farRight"] != nil && region["bounds"] != nil)
        let tiles = try #require(
            try json(try runMeridian(["camera", "tiles", "--camera", "60.17,24.94,15,30,45"]).out)["tiles"]
                as? [[String: Int]])
        #expect(tiles.count > 4 && tiles.allSatisfy { $0["z"] == 15 })
    }

    @Test("--viewport-bounds zooms in until the whole view is inside; the clamp latitude projects to y = 0 exactly")
    func viewportBoundsAndClampLatitude() throws {
        let kept = try camera(
            try json(
                try runMeridian([
                    "camera", "apply", "--camera", "60.17,24.94,9", "--size", "800x600", "--update", "zoom-by:0",
                    "--viewport-bounds", "60.10,24.80,60.25,25.10",
                ]).out))
        let corners = try Viewport(camera: kept, size: ScreenSize(width: 800, height: 600)).frameGroundCorners
        #expect(
            kept.zoom > 11
                && corners.allSatisfy {
                    $0.latitude >= 60.10 - 1e-7 && $0.latitude <= 60.25 + 1e-7 && $0.longitude >= 24.80 - 1e-7
                        && $0.longitude <= 25.10 + 1e-7
                })
        let top = try json(
            try runMeridian(["camera", "project", "--camera", "0,0,0", "--size", "256x256", "--", "90,0"]).out)
        let point = try #require((top["points"] as? [[String: Any]])?.first?["point"] as? [String: Double])
        #expect(point["y"] == 0 && point["x"] == 128)
    }

    @Test(
        "bad input to every subcommand gives a message naming it and a non-zero exit",
        arguments: [
            (["camera", "fit", "--bounds", "1,2,3"], "bounds"),
            (["camera", "fit", "--bounds", "10,0,0,1"], "south"),
            (["camera", "fit", "--bounds=49.26,-123.11,51.05,-114.05", "--size", "0x768"], "size"),
            (["camera", "fit", "--bounds=49.26,-123.11,51.05,-114.05", "--tilt", "nan"], "tilt"),
            (
                ["camera", "fit", "--bounds=49.26,-123.11,51.05,-114.05", "--min-zoom", "15", "--max-zoom", "10"],
                "minZoom"
            ),
            (["camera", "project", "--camera", "60.17,24.94", "60,24"], "camera"),
            (["camera", "project", "--camera", "60.17,24.94,nan", "60,24"], "finite"),
            (["camera", "project", "--camera", "60.17,24.94,15", "95,24"], "latitude"),
            (["camera", "project", "--camera", "60.17,24.94,15"], "coordinate"),
            (["camera", "unproject", "--camera", "60.17,24.94,15", "inf,3"], "finite"),
            (["camera", "visible-region", "--camera", "60.17,24.94,15", "--padding", "1,2"], "padding"),
            (["camera", "visible-region"], "camera"),
            (["camera", "apply", "--camera", "60.17,24.94,15", "--update", "spin"], "unknown update"),
            (["camera", "apply", "--camera", "60.17,24.94,15", "--update", "zoom-by:x"], "zoom-by"),
            (["camera", "apply", "--camera", "60.17,24.94,15", "--update", "fit:1,2,3,4@1,2"], "padding"),
            (
                [
                    "camera", "apply", "--camera", "60.17,24.94,15", "--update", "zoom-in", "--viewport-bounds",
                    "1,2,nan,4",
                ], "viewport-bounds"
            ),
            (["camera", "tiles", "--camera", "60.17,24.94,15", "--zoom", "40"], "zoom"),
            (["camera", "tiles", "--camera", "60.17,24.94,2", "--zoom", "20"], "tiles"),
        ])
    func badInput(arguments: [String], mentions: String) throws {
        let r = try runMeridian(arguments)
        #expect(r.status != 0)
        #expect(r.out.isEmpty)
        #expect(r.err.lowercased().contains(mentions.lowercased()), "stderr: \(r.err)")
        #expect(!r.err.contains("Fatal error"))
    }
}

@Suite struct AnimateCLITests {
    func frames(_ arguments: [String]) throws -> [[String: Any]] {
        let r = try runMeridian(["camera", "animate"] + arguments)
        #expect(r.status == 0, "\(r.err)")
        return try r.out.split(separator: "\n").map { try json(String($0)) }
    }

    func events(_ frame: [String: Any]) -> [String] {
        (frame["events"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
    }

    @Test("fly from Vancouver to Sydney: 60 fps, exact first and last frames, smooth, events in order")
    func flyVancouverSydney() throws {
        let lines = try frames([
            "--camera", "49.26,-123.11,10", "--to=-33.8683,151.2086,12", "--fly", "--size", "1024x768",
        ])
        #expect(lines.count > 60)
        let cams = try lines.map(camera)
        let vancouver = try CameraPosition(target: Coordinate(latitude: 49.26, longitude: -123.11), zoom: 10)
        let sydney = try CameraPosition(target: Coordinate(latitude: -33.8683, longitude: 151.2086), zoom: 12)
        #expect(cams.first == vancouver && cams.last == sydney)
        for (i, line) in lines.enumerated() {
            expectClose(
                line["time"] as? Double ?? Double(line["time"] as? Int ?? -1), Double(i) / 60, within: 1e-9, "time")
        }
        // Smooth: per frame the zoom moves less than 0.1 and the target less than a third of a view width.
        for (a, b) in zip(cams, cams.dropFirst()) {
            #expect(abs(b.zoom - a.zoom) < 0.1)
            let view = try Viewport(camera: a, size: ScreenSize(width: 1024, height: 768))
            let p = try #require(try view.point(for: b.target))
            #expect((p - view.center).length < 1024.0 / 3, "jump of \((p - view.center).length) pt")
        }
        #expect(cams.map(\.zoom).min()! < 6, "the fly zooms out between distant targets")
        #expect(events(lines[0]) == ["willMove"] && events(lines.last!) == ["didChange", "idle"])
        #expect(lines.dropFirst().dropLast().allSatisfy { events($0) == ["didChange"] })
    }

    @Test("--to-padding animates the padding with the camera: every line has it, eased from the start's to the end's")
    func padding() throws {
        let lines = try frames([
            "--camera", "60.17,24.94,12", "--to", "60.17,24.94,13", "--to-padding", "0,300,0,0", "--duration", "0.5",
            "--curve", "linear", "--size", "1024x768",
        ])
        let lefts = lines.compactMap {
            ($0["padding"] as? [Double])?[1] ?? ($0["padding"] as? [Int]).map { Double($0[1]) }
        }
        #expect(lefts.count == lines.count && lefts.first == 0 && lefts.last == 300, "\(lefts)")
        #expect(zip(lefts, lefts.dropFirst()).allSatisfy { $0 < $1 }, "rises each frame")
        expectClose(lefts[15], 150, within: 1e-9, "half-way, linear")
        let fly = try runMeridian([
            "camera", "animate", "--camera", "60.17,24.94,12", "--to", "60,25,12", "--fly", "--to-padding", "10",
        ])
        #expect(fly.status != 0 && fly.err.contains("--to-padding"), "\(fly.err)")
    }

    @Test func updateWithDurationAndBadInput() throws {
        let lines = try frames(["--camera", "60.17,24.94,12", "--update", "zoom-in", "--duration", "0.3"])
        let last = try camera(try #require(lines.last))
        #expect(lines.count == 19 && last.zoom == 13)
        for (arguments, mentions) in [
            (["--camera", "60.17,24.94,12"], "--to or --update"),
            (["--camera", "60.17,24.94,12", "--update", "zoom-in", "--duration", "-1"], "duration"),
            (["--camera", "60.17,24.94,12", "--update", "zoom-in", "--curve", "bouncy"], "curve"),
            (["--camera", "60.17,24.94,12", "--to", "60,25,12", "--fly", "--rho", "0"], "rho"),
        ] {
            let r = try runMeridian(["camera", "animate"] + arguments)
            #expect(r.status != 0 && r.err.contains(mentions), "\(r.err)")
        }
    }
}

@Suite struct RenderCLITests {
    @Test(
        "meridian render writes a PNG of the asked size (JPEG or WebP by the output's extension); bad arguments are named"
    )
    func render() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-cli-\(ProcessInfo.processInfo.processIdentifier).png")
        defer { try? FileManager.default.removeItem(at: out) }
        // A missing data folder is an error naming it; an empty one draws the background, with
        // one warning per source that has no data.
        let dataless = try runMeridian([
            "render", "--lat", "60.17", "--lng", "24.94", "--zoom", "16", "--data", "/nonexistent", "-o", out.path,
        ])
        #expect(dataless.status != 0 && dataless.err.contains("/nonexistent") && dataless.err.contains("build-data"))
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-empty-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let bare = try runMeridian([
            "render", "--lat", "60.17", "--lng", "24.94", "--zoom", "16", "--size", "64x48", "--data", empty.path, "-o",
            out.path,
        ])
        let sourceCount = try Style(json: Data(DefaultStyles.streets.utf8)).sources.count
        #expect(
            bare.status == 0 && bare.err.components(separatedBy: "warning: source").count - 1 == sourceCount,
            "\(bare.err)")
        #expect(pngSize(try Data(contentsOf: out))! == (64, 48))
        // The output's extension picks the format: WebP (RIFF…WEBP) and JPEG (SOI marker).
        for (ext, magic) in [("webp", Array("RIFF".utf8)), ("JPG", [UInt8(0xFF), 0xD8])] {
            let file = out.deletingPathExtension().appendingPathExtension(ext)
            defer { try? FileManager.default.removeItem(at: file) }
            let r = try runMeridian([
                "render", "--lat", "60.17", "--lng", "24.94", "--zoom", "16", "--size", "64x48", "--data", empty.path,
                "-o", file.path,
            ])
            let bytes = [UInt8](try Data(contentsOf: file))
            #expect(r.status == 0 && bytes.starts(with: magic), "\(ext): \(r.err)")
        }
        let data = TestData.directory
        // Without the data (a bare `swift test`) only the error path above can be checked.
        guard TestData.available("openmaptiles/helsinki.mbtiles") else { return }
        let r = try runMeridian([
            "render", "--lat", "60.1716", "--lng", "24.9443", "--zoom", "16", "--bearing", "30", "--tilt", "45",
            "--size", "320x240", "--scale", "2", "--data", data, "-o", out.path,
        ])
        #expect(r.status == 0, "\(r.err)")
        let size = pngSize(try Data(contentsOf: out))
        #expect(size?.0 == 640 && size?.1 == 480)
        let none = try runMeridian([
            "render", "--lat", "60.17", "--lng", "24.94", "--zoom", "16", "--map-type", "none", "--data", data, "-o",
            out.path,
        ])
        #expect(none.status == 0, "\(none.err)")
        let landmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/landmarks.geojson")
        let fitted = try runMeridian([
            "render", "--overlays", landmarks.path, "--bearing", "45", "--tilt", "45", "--size", "300x200", "--data",
            data, "-o", out.path,
        ])
        #expect(fitted.status == 0, "\(fitted.err)")
        let conflict = try runMeridian([
            "render", "--lat", "1", "--fit-bounds", "1,2,3,4", "--data", data, "-o", out.path,
        ])
        #expect(conflict.status != 0 && conflict.err.contains("either --fit-bounds"))
        let satellite = try runMeridian([
            "render", "--lat", "20", "--lng", "0", "--zoom", "3", "--map-type", "satellite", "--size", "200x100",
            "--data", data, "-o", out.path,
        ])
        let satelliteSize = pngSize(try Data(contentsOf: out))
        #expect(satellite.status == 0 && satelliteSize?.0 == 200, "\(satellite.err)")
        let badStyle = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-bad-style-\(ProcessInfo.processInfo.processIdentifier).json")
        try Data(#"{ "version": 7, "sources": {}, "layers": [] }"#.utf8).write(to: badStyle)
        defer { try? FileManager.default.removeItem(at: badStyle) }
        // What a style has that Meridian does not draw is a warning line naming the layer and
        // property; the rest is drawn.
        let warned = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-warned-style-\(ProcessInfo.processInfo.processIdentifier).json")
        try Data(
            #"{ "version": 8, "sources": {}, "layers": [{ "id": "sea", "type": "background", "paint": { "background-colour": "blue", "background-color": "blue" } }] }"#
                .utf8
        ).write(to: warned)
        defer { try? FileManager.default.removeItem(at: warned) }
        let drawn = try runMeridian([
            "render", "--lat", "60.17", "--lng", "24.94", "--zoom", "16", "--size", "64x64", "--data", data, "--style",
            warned.path, "-o", out.path,
        ])
        #expect(drawn.status == 0, "\(drawn.err)")
        #expect(
            drawn.err.contains(
                #"warning: style: paint.background-colour: is not a background paint property; ignored (layer "sea")"#),
            "\(drawn.err)")
        for (args, mentions) in [
            (["--scale", "5"], "scale"), (["--size", "5000x10"], "size"), (["--tilt", "nan"], "tilt"),
            (["--map-type", "moon"], "map type"),
            (["--style", badStyle.path], "version: must be 8"),
            (["--style", "/nonexistent.json"], "cannot read"),
        ] {
            let bad = try runMeridian(
                ["render", "--lat", "60.17", "--lng", "24.94", "--zoom", "16", "--data", data, "-o", out.path] + args)
            #expect(bad.status != 0 && bad.err.contains(mentions), "\(bad.err)")
        }
        // A style of the user's whose source resolves to nothing: exit 64 (EX_USAGE) naming the
        // source, its reference and the folder searched, and no image written.
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-missing-source-\(ProcessInfo.processInfo.processIdentifier).json")
        try Data(
            ##"{ "version": 8, "sources": { "world": { "type": "vector", "url": "mbtiles://world" }, "streets": { "type": "vector", "url": "mbtiles://nope.mbtiles" }, "maptiler": { "type": "vector", "url": "https://api.maptiler.com/tiles/v3/tiles.json?key={key}" } }, "layers": [{ "id": "sea", "type": "background", "paint": { "background-color": "#8ac" } }] }"##
                .utf8
        ).write(to: missing)
        defer { try? FileManager.default.removeItem(at: missing) }
        let unwritten = out.deletingLastPathComponent().appendingPathComponent(
            "meridian-missing-\(ProcessInfo.processInfo.processIdentifier).png")
        let noSource = try runMeridian([
            "render", "--lat", "60.17", "--lng", "24.94", "--zoom", "16", "--data", data, "--style", missing.path, "-o",
            unwritten.path,
        ])
        #expect(
            noSource.status == 64 && noSource.err.contains("source streets")
                && noSource.err.contains("mbtiles://nope.mbtiles") && noSource.err.contains(data)
                && !noSource.err.contains("source world"), "\(noSource.status): \(noSource.err)")
        // A source of a published style, still pointing at its web service, names what to write instead.
        #expect(
            noSource.err.contains("source maptiler: https://api.maptiler.com")
                && noSource.err.contains("mbtiles://NAME"))
        #expect(!FileManager.default.fileExists(atPath: unwritten.path))
    }
}

@Suite struct InstalledUseTests {
    @Test(
        "meridian --version prints the version; outside a checkout with an empty HOME, data list names the user's folder and the folders searched, and render names the missing folder"
    )
    func outsideTheCheckout() throws {
        let version = try runMeridian(["--version"])
        #expect(
            version.status == 0
                && version.out.trimmingCharacters(in: .whitespacesAndNewlines) == MeridianVersion.current)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-home-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let env = ["HOME": home, "PATH": "/usr/bin:/bin", "XDG_DATA_DIRS": home + "/nowhere"]
        let list = try runMeridian(["data", "list"], environment: env, directory: home)
        #expect(
            list.status == 0 && list.err.contains("data folder: \(home)/.local/share/meridian")
                && list.err.contains(home + "/nowhere/meridian"), "\(list.err)")
        let render = try runMeridian(
            ["render", "--lat", "60.17", "--lng", "24.94", "--zoom", "15", "-o", home + "/x.png"], environment: env,
            directory: home)
        #expect(render.status != 0 && render.err.contains("\(home)/.local/share/meridian"), "\(render.err)")
    }
}
