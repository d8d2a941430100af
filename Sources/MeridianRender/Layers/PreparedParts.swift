import MeridianCamera
import MeridianGeometry
import MeridianStyle
import MeridianTiles
import RealModule

/// Buffers a frame's geometry passes through: projected points and their depths, and the parts of
/// one feature.
///
/// Reused from feature to feature and tile to tile (no allocation once grown).
final class FrameScratch {
    var screen: [ScreenPoint] = []
    var depths: [Double] = []
    var parts = Polylines()
    var clipped = Polylines()
    var dashes = Polylines()

    /// Projects a prepared layer's points (moved by `shift` worlds) into ``screen`` and ``depths``.
    func project(_ prepared: PreparedLayer, shift: MercatorPoint, _ ground: GroundGeometry) {
        let n = prepared.points.count
        if screen.count < n {
            screen.append(contentsOf: repeatElement(ScreenPoint(x: 0, y: 0), count: n - screen.count))
            depths.append(contentsOf: repeatElement(0, count: n - depths.count))
        }
        prepared.points.withUnsafeBufferPointer { input in
            screen.withUnsafeMutableBufferPointer { out in
                depths.withUnsafeMutableBufferPointer { d in
                    ground.viewport.project(world: input, shiftedBy: shift.x, shiftY: shift.y, into: out, depths: d)
                }
            }
        }
    }
}

/// Fill and line layers are drawn from prepared layers (``PreparedLayer``): each look class
/// evaluated once per tile, each tile's points projected in one pass, parts handed to the
/// canvas from one buffer. Geometry that reaches nearer than ``GroundGeometry/nearDepth``
/// under tilt is clipped there (``GroundGeometry/line(_:)``, ``GroundGeometry/ring(_:)-(MercatorPoint)``).
extension FrameContext {
    /// The prepared layers of a layer's tiles (from the cache when there is one), with the tiles.
    func prepared(_ layer: Style.Layer, _ tiles: FrameTiles) -> [(tile: SourceTile, prepared: PreparedLayer)] {
        let shape = PreparedLayer.Shape(layer)
        let id = cache?.shapeID(shape) ?? 0
        return (tiles.vector[layer.source ?? ""] ?? []).map { tile in
            let key = PreparedLayer.Key(
                shape, id: id, tileset: tile.tileset, tile: WorldCopies.wrapped(tile.id), zoom: zoom, tilted: isTilted)
            return (tile, cache?.prepared(key, shape, tile: tile.tile) ?? PreparedLayer(key, shape, tile: tile.tile))
        }
    }

    /// The whole worlds to add to a tile's points (prepared in the tile's own copy): the copy
    /// its id names (``WorldCopies``).
    func shift(_ id: TileID) -> Double { Double(WorldCopies.copy(of: id)) }

    /// Appends the screen parts of points `range` of a prepared layer to `out` (projected into
    /// ``FrameScratch`` first): as projected where every point lies deeper than the near plane
    /// (always on a flat view), else clipped there first (rings as rings, closed again for
    /// strokes when `closeRings`).
    func appendPart(
        _ prepared: PreparedLayer, _ range: Range<Int>, ring: Bool, closeRings: Bool, shift: MercatorPoint,
        into out: inout Polylines
    ) {
        if !ring && range.count < 2 { return }  // no line to draw (as ``GroundGeometry/line(_:)`` gives none)
        if !isTilted || !scratch.depths[range].contains(where: { !($0 >= GroundGeometry.nearDepth) }) {
            out.append(scratch.screen[range])
            return
        }
        // A line layer's ring repeats its first point: clip the ring without it, then close it again.
        let last = ring && closeRings ? range.upperBound - 1 : range.upperBound
        let world = prepared.points[range.lowerBound..<last].map { MercatorPoint(x: $0.x + shift.x, y: $0.y + shift.y) }
        if ring {
            let r = ground.ring(world)
            if !r.isEmpty { out.append(closeRings ? r + [r[0]] : r) } else if !closeRings { out.append(r) }
        } else {
            for piece in ground.line(world) { out.append(piece) }
        }
    }
}

extension FrameContext {
    /// A layer's `*-translate` (points, [right, down], each bounded to ±10,000) and whether its
    /// `*-translate-anchor` is `viewport` (the screen's axes; else the map's); nil when the
    /// layer sets none, or a value that is not two finite numbers.
    func styledTranslation(
        _ layer: Style.Layer, _ property: StylePropertyName, anchor: (some TranslateAnchor).Type
    ) -> (right: Double, down: Double, onScreen: Bool)? {
        guard let (x, y) = layer.resolved(property, zoom: styleZoom)([:])?.pair(within: 1e4) else { return nil }
        return (x, y, layer.keyword(anchor, zoom: styleZoom).onScreen)
    }

    /// A layer's `*-translate` (points, [right, down]) as a move in normalised world units: with
    /// `*-translate-anchor` `map` (the default) along the map's own axes (east, south), turning
    /// with the bearing; with `viewport` along the screen's. The move is made on the ground, so
    /// under tilt it shrinks with depth as widths do. Zero when the layer sets none (or a value
    /// that is not two finite numbers).
    func translation(
        _ layer: Style.Layer, _ property: StylePropertyName, anchor: (some TranslateAnchor).Type
    ) -> MercatorPoint {
        guard let t = styledTranslation(layer, property, anchor: anchor), t.right != 0 || t.down != 0 else {
            return MercatorPoint(x: 0, y: 0)
        }
        var (east, south) = (t.right, t.down)
        if t.onScreen {
            // Screen axes to the map's: the map's east shows turned by the bearing.
            let b = viewport.camera.bearing * .pi / 180
            let (c, s) = (Double.cos(b), Double.sin(b))
            (east, south) = (east * c - south * s, east * s + south * c)
        }
        return MercatorPoint(x: east / viewport.worldSize, y: south / viewport.worldSize)
    }

    /// A symbol layer's `text-translate` or `icon-translate` (``styledTranslation(_:_:anchor:)``)
    /// as a shift on the screen, points: along the map's axes turned by the bearing, or the
    /// screen's with the `viewport` anchor.
    func screenTranslation(
        _ layer: Style.Layer, _ property: StylePropertyName, anchor: (some TranslateAnchor).Type
    ) -> (
        x: Double, y: Double
    ) {
        guard let t = styledTranslation(layer, property, anchor: anchor) else { return (0, 0) }
        guard !t.onScreen else { return (t.right, t.down) }
        // The map's axes turned by the bearing on the screen.
        let b = viewport.camera.bearing * .pi / 180
        let (c, s) = (Double.cos(b), Double.sin(b))
        return (t.right * c + t.down * s, -t.right * s + t.down * c)
    }
}

/// A `*-translate-anchor` keyword: `viewport` moves along the screen's axes, `map` along the map's.
protocol TranslateAnchor: DefaultedStyleKeyword {
    var onScreen: Bool { get }
}

extension StyleProperty.FillTranslateAnchor: TranslateAnchor { var onScreen: Bool { self == .viewport } }
extension StyleProperty.LineTranslateAnchor: TranslateAnchor { var onScreen: Bool { self == .viewport } }
extension StyleProperty.CircleTranslateAnchor: TranslateAnchor { var onScreen: Bool { self == .viewport } }
extension StyleProperty.TextTranslateAnchor: TranslateAnchor { var onScreen: Bool { self == .viewport } }
extension StyleProperty.IconTranslateAnchor: TranslateAnchor { var onScreen: Bool { self == .viewport } }
extension StyleProperty.FillExtrusionTranslateAnchor: TranslateAnchor {
    var onScreen: Bool { self == .viewport }
}
