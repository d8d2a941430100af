/// A seeded scatter of GeoJSON points for tests of GeoJSON sources (clusters, heatmaps): `count`
/// features around (`lat`, `lng`), `spread` degrees of latitude tall and twice as wide, each with
/// an `id` and a `mag` property of 1.0…5.0 (tenths), as a FeatureCollection's JSON text.
public func geoJSONPoints(
    _ count: Int, lat: Double = 60.17, lng: Double = 24.94, spread: Double = 0.05, seed: UInt64 = 42
)
    -> String
{
    var random = SplitMix64(seed: seed)
    func next() -> Double { Double(random.next() >> 11) / Double(1 << 53) }
    let features = (0..<count).map { i in
        let x = lng + (next() - 0.5) * spread * 2
        let y = lat + (next() - 0.5) * spread
        let m = 1 + (next() * 40).rounded() / 10
        return
            #"{"type": "Feature", "id": \#(i), "properties": {"mag": \#(m)}, "geometry": {"type": "Point", "coordinates": [\#(x), \#(y)]}}"#
    }
    return #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}"
}
