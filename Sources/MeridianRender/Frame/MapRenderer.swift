import Foundation
import MeridianCamera
import MeridianGeometry
import MeridianOverlays
import MeridianStyle
import MeridianTiles
import RealModule

/// Draws a map frame from a style document (geometry rasterised by Blend2D by default, label stamps
/// and raster images by Cairo; ``Rasterizer``): every vertex through the viewport's full
/// perspective camera (sky above the horizon), each source's vector tiles at the camera's zoom
/// within the source's range (over-zoomed beyond it), the style's layers in order, the map's
/// overlays exactly on their coordinates, labels that never overlap, and the credit line.
///
/// The same input gives the same PNG bytes.
public struct MapRenderer {
    /// The sky above the horizon.
    static let sky = RGBA(hex: 0xDCE9F5)

    public var style: Style
    /// The credit line drawn at the bottom right of every map; nil (the default) takes it
    /// from the sources' `attribution` metadata (``MapSources/attribution(for:)``); "" draws none.
    public var attribution: String?
    /// Buildings (fill-extrusion layers) stand up from this zoom when the camera is tilted.
    public var extrusionMinZoom = 15.0
    /// A drawing still running at this deadline stops at its next check (between sources, layers,
    /// overlays, labels, every 32 operations while rasterising, and before encoding: a few
    /// milliseconds apart at most on the real data) with ``RenderError/deadlinePassed(_:)``; a
    /// server's per-request limit.
    ///
    /// `Deadline.never` by default.
    public var deadline = Deadline.never
    /// Points beyond each edge of a flat view where labels are placed too (and tiles read for
    /// them), so that a label near an edge is decided as in any other view of that ground
    /// (`LabelArea`); 0 places labels in the view alone.
    ///
    /// Under tilt labels are placed in the view.
    public var labelMargin = 512.0
    /// Draws the placed labels that cross the image's edge, cut by it, as MapLibre draws them
    /// (and as metatiles need: their neighbours draw the rest), the default; false draws only
    /// labels wholly inside the image (a static map without cut names, at the cost of fewer names
    /// near its edges than MapLibre shows).
    public var labelsAcrossEdges = true
    /// Threads a frame is rasterised on: the frame is composed once (styles, geometry, labels) as a
    /// list of drawing operations, which each thread replays on its own band of rows; 1 draws
    /// directly.
    ///
    /// The same input and band count give the same bytes; another band count changes at most a few
    /// pixels by a few levels, where Cairo steps an edge that crosses a band's first row (seen only
    /// under tilt). Default 2 on every machine, so output does not depend on the core count (one
    /// core replays the two bands in turn). Values below 1 mean 1, above 8 mean 8.
    public var bands = 2

    /// What rasterises the map's geometry (fills, strokes, discs; label stamps and raster
    /// images are Cairo's either way).
    public enum Rasterizer: String, Sendable, CaseIterable {
        /// Blend2D (analytic coverage; several times Cairo's speed on map frames), on the
        /// caller's thread (``bands`` applies to Cairo only).
        case blend2d
        /// Cairo with its FAST antialiasing, on ``bands`` bands of rows.
        case cairo
    }

    /// The geometry rasteriser; Blend2D by default (BENCHMARKS.md has both).
    public var rasterizer = Rasterizer.blend2d

    /// The shipped streets style (it parses: the tests check it).
    public static let streets = (try? Style(json: Data(DefaultStyles.streets.utf8)))!

    public init(style: Style = MapRenderer.streets, attribution: String? = nil) {
        self.style = style
        self.attribution = attribution
    }

    /// A drawn frame: the PNG and the labels it placed.
    public struct Frame: Sendable {
        public let png: [UInt8]
        public let labels: [PlacedLabel]
    }

    /// A drawn image not yet encoded (drawing and encoding can be timed apart).
    public struct Image {
        let pixels: FramePixels
        public let labels: [PlacedLabel]
        /// The frame's label texts with a character no face of the font chain covers (drawn as
        /// replacement boxes), each once, sorted: for the one log line a frame gives them.
        public let uncoveredTexts: [String]
        /// Images the frame's symbols named that no sprite has (MapLibre's `styleimagemissing`),
        /// each once, sorted: for the one warning a frame gives them.
        public var missingImages: [String] = []
        /// The image as PNG bytes.
        public func png() throws -> [UInt8] { try pixels.png() }
        /// The image, or a rectangle of it (pixels from the top left), in a format; JPEG and
        /// WebP at ``ImageFormat/stillQuality``.
        /// - Throws: ``RenderError/invalidSize(_:)`` when the rectangle leaves the image.
        public func encoded(
            _ format: ImageFormat, x: Int = 0, y: Int = 0, width: Int? = nil, height: Int? = nil
        ) throws -> [UInt8] {
            try pixels.encoded(format, x: x, y: y, width: width, height: height)
        }
        /// The image as JPEG bytes (quality 1–100; for frames of a moving camera, `JPEGEncoder`).
        public func jpeg(quality: Int = 80) throws -> [UInt8] { try pixels.jpeg(quality: quality) }
        /// The image as PNG bytes from Cairo's own writer (libpng), for comparison.
        public func cairoPNG() throws -> [UInt8] { try pixels.cairoPNG() }
    }

    /// One frame at `scale` pixels per point (1, 2 or 3; 0.5 draws a quarter of the pixels, for
    /// previews while the camera moves), with the style's sources opened from `sources` by name (a
    /// source the caller does not give draws nothing).
    ///
    /// With a `cache`, decoded tiles are kept for the next frames.
    ///
    /// - Throws: ``RenderError`` for a bad size or scale; tile errors (a corrupt tile) as `TileError`.
    public func render(
        _ viewport: Viewport, sources: MapSources, overlays: [Overlay] = [], scale: Double = 1,
        cache: RenderCache? = nil
    ) throws -> Frame {
        let image = try draw(viewport, sources: sources, overlays: overlays, scale: scale, cache: cache)
        try deadline.check("encoding")
        return Frame(png: try image.png(), labels: image.labels)
    }

    /// The frame of ``render(_:sources:overlays:scale:cache:)`` drawn but not encoded.
    public func draw(
        _ viewport: Viewport, sources: MapSources, overlays: [Overlay] = [], scale: Double = 1,
        cache: RenderCache? = nil
    ) throws -> Image {
        let canvas = try Canvas(size: viewport.size, scale: scale)
        canvas.stamps = cache?.stamps
        canvas.icons = cache?.icons
        let (labels, missing) = try draw(viewport, sources: sources, overlays: overlays, cache: cache, on: canvas)
        // Blend2D draws on the caller's thread: its own worker threads, waited for at every label
        // stamp and dashed stroke, cost more than they gave on the benchmark frames (BENCHMARKS.md).
        guard let pixels = try canvas.rasterised(with: rasterizer, bands: bands, deadline: deadline) else {
            throw RenderError.deadlinePassed("rasterising")
        }
        return Image(
            pixels: pixels, labels: labels, uncoveredTexts: canvas.measurer.uncovered.sorted(),
            missingImages: missing.sorted())
    }
}
