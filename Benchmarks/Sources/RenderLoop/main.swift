import Foundation
import Meridian
import MeridianRender
import MeridianTiles

// Draws one view again and again with a warm tile cache (no PNG encoding), for profilers
// (perf record, valgrind --tool=callgrind). Prints the mean milliseconds per frame.
// Usage: RenderLoop DATA_FOLDER LAT LNG ZOOM [BEARING TILT [FRAMES]]
let a = CommandLine.arguments
guard a.count >= 5, let lat = Double(a[2]), let lng = Double(a[3]), let zoom = Double(a[4]) else {
    print("usage: RenderLoop DATA_FOLDER LAT LNG ZOOM [BEARING TILT [FRAMES]]")
    exit(2)
}
let bearing = a.count > 5 ? Double(a[5]) ?? 0 : 0, tilt = a.count > 6 ? Double(a[6]) ?? 0 : 0
let frames = a.count > 7 ? Int(a[7]) ?? 30 : 30
let sources = ["world": try MBTiles(path: a[1] + "/world.mbtiles"), "helsinki": try MBTiles(path: a[1] + "/helsinki.mbtiles")]
let viewport = try Viewport(camera: try CameraPosition(target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, tilt: tilt),
                            size: ScreenSize(width: 1024, height: 768))
let cache = RenderCache()
_ = try MapRenderer().draw(viewport, sources: sources, cache: cache)
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<frames { _ = try MapRenderer().draw(viewport, sources: sources, cache: cache) }
print(String(format: "%.2f ms per frame (draw only, warm cache, %d frames)", Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(frames), frames))
