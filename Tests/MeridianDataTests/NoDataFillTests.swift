import Testing

@testable import MeridianData

/// Heights grown into no-data (`RasterImport.fillNoData`): from the model's edge, settling to one
/// height away from it, so shading sees no cliff at the edge and no streaks beyond it.
@Suite struct NoDataFillTests {
    /// A 64² tile: a ridged model (heights varying along its edge) in columns 0..<16, none beyond.
    static func tile() -> [Float] {
        (0..<64 * 64).map { p in
            let (x, y) = (p % 64, p / 64)
            return x < 16 ? 500 + 100 * Float(y % 8) + Float(x) : .nan
        }
    }

    static func column(_ tile: [Float], _ x: Int) -> [Float] { (0..<64).map { tile[$0 * 64 + x] } }

    static func spread(_ values: [Float]) -> Float { (values.max() ?? 0) - (values.min() ?? 0) }

    @Test("grown heights settle to the level away from the edge: the edge's ridges fade within 25 pixels")
    func settles() {
        var tile = Self.tile()
        #expect(RasterImport.fillNoData(&tile, side: 64, level: 300))
        #expect(tile.allSatisfy { $0.isFinite }, "every pixel has a height")
        let edge = Self.spread(Self.column(tile, 16))
        let far = Self.column(tile, 63)
        #expect(edge > 300, "next to the model its ridges go on (\(edge) m)")
        #expect(Self.spread(far) < 0.05 * edge, "47 pixels out they have faded (\(Self.spread(far)) m of \(edge))")
        #expect(far.allSatisfy { abs($0 - 300) < 20 }, "and the heights are near the level: \(far.prefix(4))")
        // The model itself is untouched.
        #expect(Self.column(tile, 3) == Self.column(Self.tile(), 3))
    }

    @Test("without a level the mean of the neighbours carries the edge's ridges on (what the level is for)")
    func streaksWithoutLevel() {
        var tile = Self.tile()
        #expect(RasterImport.fillNoData(&tile, side: 64))
        #expect(Self.spread(Self.column(tile, 63)) > 0.2 * Self.spread(Self.column(tile, 16)))
    }

    @Test("a tile with no height at all is left out")
    func empty() {
        var tile = [Float](repeating: .nan, count: 16 * 16)
        #expect(!RasterImport.fillNoData(&tile, side: 16, level: 10))
        #expect(tile.allSatisfy { $0.isNaN }, "and left as it was")
    }
}
