import Foundation
import MeridianTiles
import MeridianTileFixtures
import Testing

@Suite struct DecoderFuzzTests {
    /// A 39-byte tile like the one that trapped the decoder: one layer, one line feature whose LineTo
    /// delta is zig-zag 2⁶⁴−2 (−2⁶³+1 after a MoveTo of −1), whose sum overflows Int64.
    static let overflowTile: [UInt8] = {
        var feature = MVTWriter()
        feature.key(3, 0)
        feature.varint(2)
        feature.message(4, MVTWriter.packed([9, 1, 1, 10, UInt64.max - 1, UInt64.max - 1]))
        var layer = MVTWriter()
        layer.string(1, "roads")
        layer.message(2, feature.bytes)
        var tile = MVTWriter()
        tile.message(3, layer.bytes)
        return tile.bytes
    }()

    @Test("a LineTo delta near 2⁶³ is a typed error for that feature; the rest of the layer decodes")
    func overflowingDelta() throws {
        #expect(Self.overflowTile.count <= 40)
        let alone = try VectorTileDecoder.decode(Self.overflowTile)
        #expect(alone.layers.first?.features.isEmpty == true)
        let rejected = try #require(alone.layers.first?.rejected.first)
        #expect(rejected.description.contains("coordinate out of range in layer roads"))
        // Beside a good feature in another layer, the good one is kept.
        let good = MVTWriter.tile([
            VectorTile.Layer(
                name: "ok",
                features: [
                    VectorTile.Feature(type: .point, geometry: [[VectorTile.Point(x: 5, y: 6)]])
                ])
        ])
        let both = try VectorTileDecoder.decode(Self.overflowTile + good)
        #expect(both.layers.map(\.features.count) == [0, 1] && both.layers.map(\.rejected.count) == [1, 0])
    }

    /// Tiles per run: bounded in the suite; `MERIDIAN_FUZZ_TILES` runs more (scripts/fuzz-tiles.sh).
    static let count = ProcessInfo.processInfo.environment["MERIDIAN_FUZZ_TILES"].flatMap(Int.init) ?? 2000
    static let seed = ProcessInfo.processInfo.environment["MERIDIAN_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x4D45_5249

    @Test(
        "structure-aware fuzz: every well-framed hostile tile decodes; each feature is kept or rejected, and what is kept round-trips"
    )
    func structureAware() throws {
        var fuzzer = TileFuzzer(seed: Self.seed)
        var kept = 0
        var rejected = 0
        for i in 0..<Self.count {
            let generated = fuzzer.tile()
            let tile: VectorTile
            do { tile = try VectorTileDecoder.decode(generated.bytes) } catch {
                Issue.record("tile \(i) of seed \(Self.seed): framing is valid, yet \(error)")
                continue
            }
            #expect(
                tile.layers.map { $0.features.count + $0.rejected.count } == generated.featuresPerLayer,
                "tile \(i), seed \(Self.seed)")
            kept += tile.layers.reduce(0) { $0 + $1.features.count }
            rejected += tile.layers.reduce(0) { $0 + $1.rejected.count }
            // The geometry the decoder kept is valid: written again (as lines, one MoveTo and
            // LineTos per part), it decodes to the same parts.
            let lines = tile.layers.map { layer in
                VectorTile.Layer(
                    name: layer.name,
                    features: layer.features.map { VectorTile.Feature(type: .lineString, geometry: $0.geometry) })
            }
            let again = try VectorTileDecoder.decode(MVTWriter.tile(lines))
            #expect(
                again.layers.map { $0.features.map(\.geometry) } == lines.map { $0.features.map(\.geometry) },
                "tile \(i), seed \(Self.seed)")
        }
        // Both paths are exercised (at the default count thousands of each).
        #expect(kept > 0 && rejected > 0)
        print("fuzz: \(Self.count) tiles (seed \(Self.seed)): \(kept) features kept, \(rejected) rejected")
    }
}
