@testable import MeridianRender
import Testing

/// `line-dasharray` as MapLibre's line atlas holds it: signed distances to the nearest dash edge
/// in 256 texels a period (byte 128 + distance), and the coverage the SDF shaders take from it.
struct DashAtlasTests {
    @Test("a regular row: distances to the nearest edge, positive in the dashes, truncated to bytes")
    func regular() {
        // [2, 1]: 256 / 3 texels a width; the dash 0…170.7, the gap 170.7…256.
        let atlas = DashAtlas([2, 1], round: false)
        #expect(atlas.rows.count == 1 && atlas.rows[0].count == 256 && atlas.period == 3)
        #expect(atlas.rows[0][85] == 128 + 85)
        // Texel 200: in the gap, 29.3 from the dash's end, 56 from the period's: 128 − 29.3.
        #expect(atlas.rows[0][200] == 98)
        // The gap's texels run to the period's end: texel 255 is 1 from it (no join across: a
        // dash starts the period, a gap ends it).
        #expect(atlas.rows[0][255] == 127)
    }

    @Test("an odd pattern's first and last dashes join across the period's end")
    func odd() {
        // [1, 1, 1]: dash, gap, dash; the last dash and the first are one, 0…85.3 and 170.7…256.
        let atlas = DashAtlas([1, 1, 1], round: false)
        #expect(
            atlas.rows[0][0] >= 128 + 85 && atlas.rows[0][255] >= 128 + 84, "\(atlas.rows[0][0]) \(atlas.rows[0][255])")
        #expect(atlas.rows[0][128] < 128)
    }

    @Test("round caps: fifteen rows, alike either side of the middle, the dashes' ends rounded")
    func round() {
        let atlas = DashAtlas([2, 1], round: true)
        #expect(atlas.rows.count == 15)
        #expect(atlas.rows[0] == atlas.rows[14] && atlas.rows[3] == atlas.rows[11])
        // At a dash's end (texel 0) the middle row is inside by half a stretch, the edge rows
        // less: the end is round.
        #expect(atlas.rows[7][0] > atlas.rows[0][0])
    }

    @Test("coverage: whole in a dash's middle, none in a gap's, a smooth step about the edge")
    func alpha() {
        let atlas = DashAtlas([2, 1], round: false)
        #expect(atlas.alpha(along: 1.0 / 3, across: 0, floorWidth: 4) == 1)
        #expect(atlas.alpha(along: 5.0 / 6, across: 0, floorWidth: 4) == 0)
        // Repeating: a period on, the same.
        #expect(atlas.alpha(along: 1 + 1.0 / 3, across: 0, floorWidth: 4) == 1)
        #expect(atlas.alpha(along: -1.0 / 6, across: 0, floorWidth: 4) == 0)
        let edge = atlas.alpha(along: 2.0 / 3, across: 0, floorWidth: 4)
        #expect(edge > 0.2 && edge < 0.8, "\(edge)")
    }

    @Test("patterns of no length, or not finite, are solid; at most 16 lengths are read")
    func hostile() {
        #expect(DashAtlas([], round: false).isSolid)
        #expect(DashAtlas([0, 0], round: true).isSolid)
        #expect(DashAtlas([.nan, .infinity], round: false).isSolid)
        #expect(DashAtlas([1, 1], round: false).alpha(along: .nan, across: 0, floorWidth: 1) <= 1)
        #expect(DashAtlas(Array(repeating: 1, count: 100), round: false).period == 16)
    }
}
