import MeridianTiles
import Testing

/// The two elevation encodings MapLibre reads (issue 34), from their definitions.
@Suite struct ElevationEncodingTests {
    @Test("known pixels: sea level is (128, 0, 0) in Terrarium and (1, 134, 160) in Terrain-RGB; the range ends")
    func known() {
        #expect(ElevationEncoding.terrarium.pixel(0) == (128, 0, 0))
        #expect(ElevationEncoding.mapbox.pixel(0) == (1, 134, 160))
        #expect(ElevationEncoding.terrarium.height(128, 0, 0) == 0)
        #expect(abs(ElevationEncoding.mapbox.height(1, 134, 160)) < 1e-9)
        // −1437 m (the sea floor of topobathy.npz): 31331 = 122 × 256 + 99.
        #expect(ElevationEncoding.terrarium.pixel(-1437) == (122, 99, 0))
        #expect(ElevationEncoding.terrarium.pixel(-40000) == (0, 0, 0))
        #expect(ElevationEncoding.terrarium.pixel(.nan) == (128, 0, 0))
        #expect(ElevationEncoding.mapbox.pixel(-20000) == (0, 0, 0))
        #expect(ElevationEncoding.mapbox.pixel(.infinity) == (255, 255, 255))
    }

    @Test("every height from −9999 to 9001 m comes back within half a step, for 20,000 heights of each encoding")
    func roundTrip() {
        var state: UInt64 = 0x5EED
        for encoding in ElevationEncoding.allCases {
            for _ in 0..<20_000 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let unit = Double(state >> 11) / Double(1 << 53)
                let h = -9_999 + unit * 19_000
                let (r, g, b) = encoding.pixel(h)
                let back = encoding.height(r, g, b)
                #expect(abs(back - h) <= encoding.resolution / 2 + 1e-9, "\(encoding) \(h) → \(back)")
            }
        }
    }
}
