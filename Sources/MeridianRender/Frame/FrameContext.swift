import MeridianTiles
import MeridianCamera
import MeridianStyle

/// What every stage of one frame reads, made once per frame (``MapRenderer``'s stages): the
/// view and its ground, the canvas drawn on, the cache kept between frames, where labels go
/// and the deadline.
struct FrameContext {
    let viewport: Viewport
    let ground: GroundGeometry
    /// The camera's zoom (fractional): which tiles, how much geometry, whether buildings stand.
    let zoom: Double
    /// The zoom the style's values and layer ranges are evaluated at (`Style.zoom(forCameraZoom:)`:
    /// MapLibre's, one less than the camera's).
    let styleZoom: Double
    /// Whether the camera is tilted (tilt above 0°): widths thin with depth and geometry is
    /// clipped at ``GroundGeometry/nearDepth``.
    let isTilted: Bool
    /// Whether fill-extrusion layers stand up as prisms (tilted, at or above
    /// ``MapRenderer/extrusionMinZoom``); flat otherwise.
    let standsBuildings: Bool
    let canvas: Canvas
    /// Where prepared layers, filtered features and stamps are kept between frames (nil: made
    /// for this frame only).
    let cache: RenderCache?
    /// Where labels are placed (candidates outside its region are not made).
    let labelArea: LabelArea
    let deadline: Deadline
    /// Buffers the frame's geometry passes through, reused from feature to feature.
    let scratch = FrameScratch()
    /// The style's sprite images (``MapSources/images``).
    var images = StyleImages()
    /// The style's glyphs (``MapSources/glyphs``): its text is drawn from them where they cover it.
    var glyphs: StyleGlyphs?
    /// The style's `light`, for fill-extrusion prisms.
    var light = Style.Light()
    /// Images symbols named that no sprite has, gathered over the frame.
    let missingImages = NameSet()

    init(
        viewport: Viewport, canvas: Canvas, cache: RenderCache?, labelArea: LabelArea, extrusionMinZoom: Double,
        deadline: Deadline
    ) {
        self.viewport = viewport
        ground = GroundGeometry(viewport: viewport)
        zoom = viewport.camera.zoom
        styleZoom = Style.zoom(forCameraZoom: zoom)
        isTilted = viewport.camera.tilt > 0
        standsBuildings = isTilted && zoom >= extrusionMinZoom
        (self.canvas, self.cache, self.labelArea, self.deadline) = (canvas, cache, labelArea, deadline)
    }
}

/// Names gathered over a frame by the stages that meet them (a reference: the frame's context
/// is a value).
final class NameSet {
    var names: Set<String> = []
}
