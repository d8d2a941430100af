import Foundation
import Meridian
import MeridianRemote
import MeridianRender
import MeridianStyle
import MeridianTiles

// Issue 35's remote benchmark: the same views drawn from a local folder of PMTiles and from the
// same archives on an HTTP server (nginx on loopback, started by run.sh), interleaved round by
// round so the machine's drift cancels. A cold frame opens its sources and draws with an empty
// tile cache (remote: every archive forgotten too, so the header, directories and tiles are
// fetched again); a warm frame draws again with both kept. Prints one line a view: medians
// (ms), the cold remote/local ratio (goal ≤ 1.5), and the range requests and bytes a cold
// remote frame fetched.
// Usage: RemoteFrames LOCAL_FOLDER MANIFEST_URL [ROUNDS]
let a = CommandLine.arguments
guard a.count >= 3 else {
    print("usage: RemoteFrames LOCAL_FOLDER MANIFEST_URL [ROUNDS]")
    exit(2)
}
let rounds = a.count > 3 ? Int(a[3]) ?? 15 : 15
FrameMemory.keepFreedMemory()
let style = try Style(json: Data(DefaultStyles.streets.utf8))
let local = DataFolder(path: a[1])
let views: [(String, Double, Double, Double, Double, Double)] = [
    ("z15", 60.1716, 24.9443, 15, 0, 0), ("z17", 60.1712, 24.9425, 17, 0, 0), ("tilt", 60.1695, 24.9523, 17, 30, 60),
    ("world", 0, 0, 2, 0, 0),
]

func ms(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

print("remote frames (1024 × 768, draw + PNG; \(rounds) interleaved rounds; nginx on loopback):")
for (name, lat, lng, zoom, bearing, tilt) in views {
    let viewport = try Viewport(
        camera: try CameraPosition(
            target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, tilt: tilt),
        size: ScreenSize(width: 1024, height: 768))
    let renderer = MapRenderer(style: style)
    var times: [String: [Double]] = [:]
    var fetched: [(requests: Int, bytes: Int)] = []
    var same = true
    for round in 0..<rounds {
        var images: [[UInt8]] = []
        // A cold remote frame: a reader of its own (no block cached, no archive pinned), as in a
        // process just started.
        let reader = RemoteReader()
        let cold = try RemoteData.folder(a[2], reader: reader)
        for (label, folder) in [("local", local), ("remote", cold)] {
            let before = reader.totals
            let cache = RenderCache()
            var sources: MapSources!
            times["cold " + label, default: []].append(
                try ms {
                    sources = try MapSources(style: style, folder: folder)
                    images.append(try renderer.draw(viewport, sources: sources, cache: cache).png())
                })
            if label == "remote" {
                let after = reader.totals
                fetched.append((after.requests - before.requests, after.bytes - before.bytes))
            }
            times["warm " + label, default: []].append(
                try ms { _ = try renderer.draw(viewport, sources: sources, cache: cache).png() })
        }
        same = same && images[0] == images[1]
    }
    let (coldLocal, coldRemote) = (median(times["cold local"]!), median(times["cold remote"]!))
    print(
        String(
            format:
                "remote view=%@ cold_local_ms=%.1f cold_remote_ms=%.1f cold_ratio=%.2f warm_local_ms=%.1f warm_remote_ms=%.1f warm_ratio=%.2f requests_per_cold_frame=%d kib_per_cold_frame=%.0f same_png=%@",
            name, coldLocal, coldRemote, coldRemote / coldLocal, median(times["warm local"]!),
            median(times["warm remote"]!), median(times["warm remote"]!) / median(times["warm local"]!),
            fetched.last!.requests, Double(fetched.last!.bytes) / 1024, same ? "yes" : "NO"))
}
