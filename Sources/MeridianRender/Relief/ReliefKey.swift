import MeridianCamera

/// What a relief tile drawn from an elevation tile depends on, so ``RenderCache`` can keep it:
/// the layer, the tile and its tileset, which neighbours bordered it, and the layer's look (its
/// light or colour ramp; under the `viewport` anchor the light holds the bearing).
struct ReliefKey: Hashable {
    let layer: String
    let tile: TileID
    let source: String
    let neighbours: UInt8
    let look: AnyHashable

    init(_ layer: String, _ tile: DEMTile, look: AnyHashable) {
        (self.layer, self.tile, source, neighbours, self.look) = (layer, tile.id, tile.source, tile.neighbourMask, look)
    }
}

extension FrameContext {
    /// The relief tile of `key` from the cache, or made by `make` and kept (its pixels' bytes).
    func relief(_ key: ReliefKey, make: () -> RasterImage?) -> RasterImage? {
        if let kept = cache?.relief.value(for: key) { return kept }
        guard let made = make() else { return nil }
        cache?.relief.insert(made, for: key, cost: made.cost)
        return made
    }
}
