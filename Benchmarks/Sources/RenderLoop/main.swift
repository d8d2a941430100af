import Foundation
import Meridian
import MeridianRender
import MeridianStyle
import MeridianTiles

// Draws one view again and again with a warm tile cache, for profilers (perf record,
// valgrind --tool=callgrind). Prints the mean milliseconds per frame, drawing and PNG apart.
// Usage: RenderLoop DATA_FOLDER LAT LNG ZOOM [BEARING TILT [FRAMES [SCALE [WxH]]]]
let a = CommandLine.arguments
guard a.count >= 5, let lat = Double(a[2]), let lng = Double(a[3]), let zoom = Double(a[4]) else {
    print("usage: RenderLoop DATA_FOLDER LAT LNG ZOOM [BEARING TILT [FRAMES]]")
    exit(2)
}
let bearing = a.count > 5 ? Double(a[5]) ?? 0 : 0
let tilt = a.count > 6 ? Double(a[6]) ?? 0 : 0
let frames = a.count > 7 ? Int(a[7]) ?? 30 : 30
let scale = a.count > 8 ? Double(a[8]) ?? 1 : 1
let wh = a.count > 9 ? a[9].split(separator: "x").compactMap { Double($0) } : [1024, 768]
let viewport = try Viewport(
    camera: try CameraPosition(
        target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, tilt: tilt),
    size: ScreenSize(width: wh[0], height: wh[1]))
let cache = RenderCache()
// As `meridian render` and `serve` do (FrameMemory); KEEP_MEMORY=0 leaves glibc's defaults.
if ProcessInfo.processInfo.environment["KEEP_MEMORY"] != "0" { FrameMemory.keepFreedMemory() }
// SKIP=id,id… leaves those layers of the streets style out, to see what each costs.
let skip = Set((ProcessInfo.processInfo.environment["SKIP"] ?? "").split(separator: ",").map(String.init))
// STYLE=file draws that style document instead of the streets style.
let styleText = try ProcessInfo.processInfo.environment["STYLE"].map { try String(contentsOfFile: $0, encoding: .utf8) }
var document = try JSONSerialization.jsonObject(with: Data((styleText ?? DefaultStyles.streets).utf8)) as! [String: Any]
document["layers"] = (document["layers"] as! [[String: Any]]).filter { !skip.contains($0["id"] as! String) }
let style = try Style(json: try JSONSerialization.data(withJSONObject: document))
// Every source of the style from the data folder, as the CLI and the server open them.
let sources = try MapSources(style: style, folder: DataFolder(path: a[1]))
var renderer = MapRenderer(style: style)
// LABEL_MARGIN=points overrides the renderer's label margin (to see what it costs).
if let margin = ProcessInfo.processInfo.environment["LABEL_MARGIN"].flatMap(Double.init) {
    renderer.labelMargin = margin
}
// BANDS=n rasterises on n threads (MapRenderer.bands; 1 draws directly).
if let bands = ProcessInfo.processInfo.environment["BANDS"].flatMap(Int.init) { renderer.bands = bands }
// RASTERIZER=cairo|blend2d chooses what rasterises the geometry (MapRenderer.rasterizer).
if let name = ProcessInfo.processInfo.environment["RASTERIZER"], let r = MapRenderer.Rasterizer(rawValue: name) {
    renderer.rasterizer = r
}
_ = try renderer.draw(viewport, sources: sources, scale: scale, cache: cache)
let start = DispatchTime.now().uptimeNanoseconds
var encode = 0.0
var bytes = 0
// VARY=1 moves the camera every frame as Benchmarks/load-varied.lua does (a new target and
// bearing each time: what a server drawing uncached static maps sees).
let vary = ProcessInfo.processInfo.environment["VARY"] == "1"
for i in 0..<frames {
    var view = viewport
    if vary {
        let c = i + 1
        view = viewport.with(
            camera: try CameraPosition(
                target: Coordinate(
                    latitude: 60.165 + Double(c * 37 % 1000) / 1000 * 0.012,
                    longitude: 24.935 + Double(c * 61 % 1000) / 1000 * 0.018),
                zoom: zoom, bearing: Double(c * 7 % 360), tilt: tilt))
    }
    let image = try renderer.draw(view, sources: sources, scale: scale, cache: cache)
    let t = DispatchTime.now().uptimeNanoseconds
    // FORMAT=jpeg encodes as the viewer does while the camera moves.
    bytes = (ProcessInfo.processInfo.environment["FORMAT"] == "jpeg" ? try image.jpeg() : try image.png()).count
    encode += Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6
}
let total = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames)
let format = ProcessInfo.processInfo.environment["FORMAT"] == "jpeg" ? "JPEG" : "PNG"
print(
    String(format: "%.2f ms draw + %.2f ms ", total - encode / Double(frames), encode / Double(frames)) + format
        + String(
            format: " per frame (warm cache, %d frames, scale %.1f; %d bytes; prepared %.1f of %.0f MiB)", frames,
            scale, bytes,
            Double(cache.preparedBytes) / 1048576, Double(cache.preparedCapacity) / 1048576))
