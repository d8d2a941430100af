import MeridianCamera
import MeridianMap
@testable import MeridianRender
import MeridianTiles

extension MapSources {
    /// Sources of one tileset each, by the style's source names (tests' shorthand).
    init(tilesets: [String: any Tileset]) {
        self.init(
            Dictionary(uniqueKeysWithValues: tilesets.map { ($0.key, TileSource(name: $0.key, tilesets: [$0.value])) }))
    }
}

extension MapRenderer {
    /// The streets style's source of street-level tiles.
    static let streetSource = "openmaptiles"

    /// A frame from tilesets by source name.
    func render(
        _ viewport: Viewport, sources: [String: any Tileset], overlays: [Overlay] = [], scale: Double = 1,
        cache: RenderCache? = nil
    ) throws -> Frame {
        try render(viewport, sources: MapSources(tilesets: sources), overlays: overlays, scale: scale, cache: cache)
    }

    /// A frame of the default dataset's world and street tilesets (either may be left out).
    func render(
        _ viewport: Viewport, world: (any Tileset)? = nil, tiles: (any Tileset)?, overlays: [Overlay] = [],
        scale: Double = 1
    ) throws -> Frame {
        var sources: [String: any Tileset] = [:]
        if let world { sources["world"] = world }
        if let tiles { sources[Self.streetSource] = tiles }
        return try render(viewport, sources: sources, overlays: overlays, scale: scale)
    }

    /// The PNG bytes of ``render(_:world:tiles:overlays:scale:)``.
    func png(
        _ viewport: Viewport, world: (any Tileset)? = nil, tiles: (any Tileset)?, overlays: [Overlay] = [],
        scale: Double = 1
    ) throws -> [UInt8] {
        try render(viewport, world: world, tiles: tiles, overlays: overlays, scale: scale).png
    }
}
