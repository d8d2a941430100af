import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianServer
import MeridianTestSupport
import MeridianTiles
import NIOConcurrencyHelpers
import Testing

/// Whether a headless Chromium and the CDP driver's Python library are installed (the test
/// command installs both; MERIDIAN_REQUIRE_BROWSER=1 turns their absence into a failure).
enum Browser {
    static var available: Bool {
        ProcessInfo.processInfo.environment["MERIDIAN_REQUIRE_BROWSER"] == "1"
            || (FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
                && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/websocket"))
    }
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs Tests/Browser/viewer_cdp.py against `url`; its JSON report, as bytes.
    static func drive(_ url: String, screenshot: String) async throws -> Data {
        try await run("viewer_cdp.py", [url, screenshot])
    }

    /// Runs a driver of Tests/Browser with arguments; its standard output (a JSON report).
    static func run(_ script: String, _ arguments: [String]) async throws -> Data {
        let result = try await runProcess(
            "/usr/bin/python3", [root.appendingPathComponent("Tests/Browser/" + script).path] + arguments)
        guard result.status == 0 else {
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [
                    NSLocalizedDescriptionKey:
                        "driver exited \(result.status): \(result.out) \(result.err.suffix(2000))"
                ])
        }
        return Data(result.out.utf8)
    }
}

/// Runs a program to its end on a thread of its own (never on Swift's cooperative threads,
/// which the live servers under test need): its standard output, standard error and status.
func runProcess(
    _ path: String, _ arguments: [String], environment: [String: String] = [:]
) async throws -> (out: String, err: String, status: Int32) {
    try await withCheckedThrowingContinuation { continuation in
        Thread {
            let process = Process()
            let out = Pipe()
            let err = Pipe()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            if !environment.isEmpty {
                process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            }
            (process.standardOutput, process.standardError) = (out, err)
            do { try process.run() } catch {
                continuation.resume(throwing: error)
                return
            }
            // Standard error on its own thread, so neither pipe fills while the other is read.
            let errData = NIOLockedValueBox(Data())
            let done = DispatchSemaphore(value: 0)
            Thread {
                errData.withLockedValue { $0 = err.fileHandleForReading.readDataToEndOfFile() }
                done.signal()
            }.start()
            let o = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            done.wait()
            continuation.resume(
                returning: (
                    String(decoding: o, as: UTF8.self), String(decoding: errData.withLockedValue { $0 }, as: UTF8.self),
                    process.terminationStatus
                ))
        }.start()
    }
}

@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles") && Browser.available,
        "needs the default data and Debian's chromium + python3-websocket"))
struct BrowserTests {
    @Test(
        "the viewer in headless Chromium: drag, wheel, rotate, tilt, double click and every guide example move the camera as they should"
    )
    func viewer() async throws {
        let shot = Browser.root.appendingPathComponent(".build/viewer-screenshot.png").path
        let data = try await HeavyClients.shared.run {
            try await withLiveServer { base in try await Browser.drive(base + "/", screenshot: shot) }
        }
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let steps = try #require(report["steps"] as? [[String: Any]])
        var camera: [String: [String: Double]] = [:]
        for step in steps { camera[step["name"] as! String] = step["camera"] as? [String: Double] }
        func c(_ name: String) throws -> [String: Double] { try #require(camera[name], "no step \(name)") }
        let start = try c("start")
        let dragged = try c("drag left 150")
        let wheeled = try c("wheel in 200")
        // The viewer starts at the data's home: the most detailed tileset's declared centre and zoom.
        let home = try MapService(dataFolder: DataFolder(path: TestData.directory)).data.home
        #expect(
            start["zoom"] == home.zoom && start["latitude"]! == home.target.latitude
                && start["longitude"]! == home.target.longitude)
        // Dragging the map 150 pt left brings ground from the east to the centre: 150 pt at the home zoom.
        let degreesPerPoint = 360.0 / (256 * pow(2, home.zoom))
        expectClose(dragged["longitude"]! - start["longitude"]!, 150 * degreesPerPoint, within: 2 * degreesPerPoint)
        expectClose(dragged["latitude"]!, start["latitude"]!, within: 1e-9)
        expectClose(wheeled["zoom"]!, home.zoom + 1, within: 1e-9)  // 200 pt of wheel at 1/200 zoom per point
        let rotated = try c("right-drag 90")
        let tilted = try c("ctrl-drag up 80")
        let doubled = try c("double click")
        // Right-drag is two fingers turning at a fixed distance: bearing only (zoom within rounding).
        #expect(abs(rotated["bearing"]! - 0) > 10)
        expectClose(rotated["zoom"]!, wheeled["zoom"]!, within: 1e-9)
        // Ctrl-drag is two fingers moving up together: tilt only.
        #expect(tilted["tilt"]! > 20)
        expectClose(tilted["bearing"]!, rotated["bearing"]!, within: 1e-9)
        expectClose(doubled["zoom"]!, tilted["zoom"]! + 1, within: 1e-9)
        // The fit example ends exactly on the SDK fit of the two cities in this canvas.
        let canvas = try #require(report["canvas"] as? [String: Double])
        let bounds = CoordinateBounds(
            Coordinate(latitude: 49.26, longitude: -123.11), Coordinate(latitude: 51.05, longitude: -114.05))
        let expected = try #require(
            try CameraFit.camera(
                fitting: bounds, size: ScreenSize(width: canvas["width"]!, height: canvas["height"]!),
                insets: EdgeInsets(all: 64)))
        let fit = try c("example fit-vancouver-calgary")
        expectClose(fit["zoom"]!, expected.zoom, within: 1e-6)
        expectClose(fit["latitude"]!, expected.target.latitude, within: 1e-6)
        expectClose(fit["longitude"]!, expected.target.longitude, within: 1e-6)
        let sydney = try c("example animate-sydney")
        #expect(sydney["latitude"]! == -33.8683 && sydney["longitude"]! == 151.2086 && sydney["zoom"]! == 12)
        let bearing = try c("example bearing")
        let tilt = try c("example tilt")
        let back = try c("home")
        #expect(bearing["bearing"]! == 90 && tilt["tilt"]! > 30 && back["zoom"]! == home.zoom)
        let events = try #require(report["events"] as? [String: Int])
        #expect(events["willMove"]! >= 10 && events["didChange"]! > events["willMove"]! && events["idleAt"]! >= 10)
        let pixels = try #require(report["pixels"] as? [String: Int])
        #expect(pixels["distinct"]! > 100 && pixels["transparent"]! == 0, "the canvas shows a map: \(pixels)")
        #expect((report["latencies"] as? [Double])?.isEmpty == false && (report["frames"] as? Int ?? 0) > 10)
        // At rest the page shows a full-resolution frame (previews are half size).
        #expect(report["frameSize"] as? [Int] == [Int(canvas["width"]!), Int(canvas["height"]!)])
    }
}
