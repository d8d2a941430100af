import Foundation
import MeridianCamera
import MeridianTiles

// MVT decoding throughput of Meridian's decoder on every tile of an MBTiles file, reported in
// the same form as shared/peers/mvt/decode_bench.py (which decodes the same file with the
// mapbox-vector-tile package): MB/s of uncompressed tile bytes, tiles/s and features/s per pass,
// the median of `passes` passes. Inflating is done once beforehand and not timed, as there.
// Usage: DecodeThroughput MBTILES [passes]
let arguments = CommandLine.arguments
guard arguments.count >= 2, let db = try? MBTiles(path: arguments[1]) else {
    print("usage: DecodeThroughput MBTILES [passes]")
    exit(2)
}
let passes = arguments.count > 2 ? Int(arguments[2]) ?? 7 : 7
let bounds = (db.metadata["bounds"] ?? "-180,-85,180,85").split(separator: ",").compactMap { Double($0) }
var raw: [[UInt8]] = []
for z in db.zoomRange ?? 0...14 {
    let n = Double(1 << z)
    func column(_ lng: Double) -> Int { min(Int(n) - 1, max(0, Int((lng + 180) / 360 * n))) }
    func row(_ lat: Double) -> Int {
        let s = sin(lat * .pi / 180)
        return min(Int(n) - 1, max(0, Int((0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * n)))
    }
    for x in column(bounds[0])...column(bounds[2]) {
        for y in row(bounds[3])...row(bounds[1]) {
            if let bytes = try db.data(for: TileID(z: z, x: x, y: y)) { raw.append(try Inflate.decompress(bytes)) }
        }
    }
}
let totalBytes = raw.reduce(0) { $0 + $1.count }
let features = try raw.reduce(0) { $0 + (try VectorTileDecoder.decode($1)).layers.reduce(0) { $0 + $1.features.count } }
var seconds: [Double] = []
for _ in 0..<passes {
    let start = DispatchTime.now().uptimeNanoseconds
    for tile in raw { _ = try VectorTileDecoder.decode(tile) }
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
let median = seconds.sorted()[passes / 2]
print(
    String(
        format:
            "all %d tiles, %.1f KiB raw, %d features: %.1f tiles/s  %.3f MB/s  %.0f features/s (pass %.2f ms; min %.2f, max %.2f, n=%d)",
        raw.count, Double(totalBytes) / 1024, features, Double(raw.count) / median, Double(totalBytes) / median / 1e6,
        Double(features) / median, median * 1e3, seconds.min()! * 1e3, seconds.max()! * 1e3, passes))
print(
    String(format: "peer=meridian metric=all_decode_mb_per_s value=%.4f unit=MB/s", Double(totalBytes) / median / 1e6))
print(String(format: "peer=meridian metric=all_decode_tiles_per_s value=%.2f unit=tiles/s", Double(raw.count) / median))
