import MeridianCamera
import MeridianGeometry
import MeridianOverlays
import MeridianRender
@testable import MeridianServing
import MeridianStyle
import MeridianTiles
import Testing

@Suite struct ResponseCacheTests {
    /// A static map's key with `points` points of one polyline.
    static func imageKey(_ points: Int, shift: Double = 0) throws -> ResponseKey {
        let camera = try CameraPosition(target: Coordinate(latitude: 60.17, longitude: 24.94), zoom: 12)
        let line = Polyline(
            path: (0..<points).map { Coordinate(latitude: 60 + Double($0) * 1e-5 + shift, longitude: 24.9) })
        return .image(
            ResponseKey.ImageKey(
                mapType: .normal, format: .png,
                viewport: try Viewport(camera: camera, size: ScreenSize(width: 64, height: 64)),
                overlays: [.polyline(line)], scale: 1, credit: true))
    }

    @Test(
        "the response cache counts keys as well as bodies: 500 static maps of 2,000-point paths stay within its bound")
    func keysCount() throws {
        let cache = ResponseCache(capacity: 1 << 20)
        let keys = try (0..<500).map { try Self.imageKey(2000, shift: Double($0)) }
        // 64 bytes for the overlay, 16 per point, and the key's own size.
        #expect(keys[0].cost >= 2000 * 16 + 64)
        for key in keys { cache.insert([1], for: key) }
        let held = cache.cache.entries.reduce(0) { $0 + $1.key.cost + $1.value.count }
        #expect(cache.bytes == held && cache.bytes <= 1 << 20 && cache.count == (1 << 20) / (keys[0].cost + 1))
        // The most recent entries stay; one costing more than an eighth of the bound is not kept.
        #expect(cache.value(for: keys[499]) == [1])
        #expect(cache.value(for: keys[0]) == nil)
        cache.insert([UInt8](repeating: 0, count: 200_000), for: .style(base: "http://a"))
        #expect(cache.value(for: .style(base: "http://a")) == nil)
    }

    @Test(
        "equal keys for what draws alike, other keys for any difference that changes the bytes; a new data stamp empties the cache"
    )
    func keys() throws {
        let tile = TileID(z: 12, x: 2331, y: 1185)
        let a = ResponseKey.rasterTile(.normal, tile, scale: 1, format: .png)
        #expect(a == .rasterTile(.normal, tile, scale: 1, format: .png))
        #expect(a != .rasterTile(.normal, tile, scale: 2, format: .png))
        #expect(a != .rasterTile(.normal, tile, scale: 1, format: .webp))
        #expect(a != .rasterTile(.terrain, tile, scale: 1, format: .png))
        #expect(try Self.imageKey(10) == Self.imageKey(10) && Self.imageKey(10) != Self.imageKey(11))
        var cache = ResponseCache(capacity: 1 << 20)
        cache.sync("v1")
        cache.insert([7], for: a)
        #expect(cache.value(for: a) == [7])
        cache.sync("v1")
        #expect(cache.value(for: a) == [7])
        cache.sync("v2")
        #expect(cache.value(for: a) == nil && cache.count == 0)
    }

    @Test("a content tag is the same for the same bytes and differs for any changed, added or removed byte")
    func contentTags() {
        let body = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let tag = ContentTag(body)
        #expect(tag == ContentTag(body))
        var seen: Set<UInt64> = [tag.value]
        for i in [0, 7, 8, 500, 999] {
            var changed = body
            changed[i] ^= 1
            seen.insert(ContentTag(changed).value)
        }
        seen.insert(ContentTag(Array(body.dropLast())).value)
        seen.insert(ContentTag(body + [0]).value)
        seen.insert(ContentTag([]).value)
        #expect(seen.count == 9, "every change gives another tag")
        let header = tag.header()
        #expect(header.count == 18 && header.first == "\"" && header.last == "\"")
        #expect(tag.header(suffix: "gzip") == String(header.dropLast()) + "-gzip\"")
    }
}
