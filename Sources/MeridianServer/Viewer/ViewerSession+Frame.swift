import MeridianRender
import MeridianServing
import MeridianTiles

extension ViewerSession.FrameJob {
    /// The frame drawn by `drawer` (never cached: sessions move continuously): JPEG while the
    /// camera moves, PNG at rest (the page decodes either); rasterised on two threads for latency.
    /// - Throws: as `MapDrawer.drawing(_:credit:deadline:what:bands:_:)`.
    func drawn(by drawer: MapDrawer, deadline: Deadline) throws(ServingError) -> [UInt8] {
        try drawer.drawing(mapType, credit: true, deadline: deadline, bands: 2) { renderer, sources, cache in
            let image = try drawer.reported(
                renderer.draw(viewport, sources: sources, overlays: overlays, scale: scale ?? 1, cache: cache))
            try renderer.deadline.check("encoding")
            return moving ? try image.jpeg() : try image.png()
        }
    }
}
