import MeridianCamera
import MeridianGeometry
import MeridianMap
import MeridianRender
import MeridianStyle
import MeridianText

/// A static-map request as typed values, read from query parameters in the conventions users
/// know from static-map APIs, plus Meridian's camera parameters:
///
/// | parameter | form | default |
/// |---|---|---|
/// | `center` | `lat,lng` | fitted (see below) |
/// | `zoom` | number 0–22 | fitted |
/// | `size` | `WxH` points, each side 1–2048 | required |
/// | `scale` | 1, 2 or 3 | 1 |
/// | `maptype` | `roadmap` (or `normal`), `satellite`, `hybrid`, `terrain`, `none` | `roadmap` |
/// | `markers` | `[color:C|label:L|]lat,lng|lat,lng…`, repeatable | none |
/// | `path` | `[color:C|weight:W|fillcolor:C|geodesic:true|]lat,lng|…` or `…|enc:POLYLINE`, repeatable | none |
/// | `visible` | `lat,lng|lat,lng…` | none |
/// | `bearing`, `tilt` | degrees | 0 |
/// | `padding` | points, one value or `top,left,bottom,right` | 0 |
/// | `format` | `png` (`png8`, `png32`), `jpg` (`jpeg`, `jpg-baseline`), `webp` | `png` |
///
/// Without `center` and `zoom` the camera is the exact fit (under bearing and tilt) of the
/// markers, paths and `visible` locations, with 48 points of room; with only one of them the
/// other comes from that fit. `key` is accepted and ignored.
/// Anything else, a repeated single parameter, or a value out of range is a ``RequestError``
/// naming the parameter. Limits: 100 markers, 20 paths, 2000 points per path, and 16.8 million
/// pixels (2048 × 2048 points at scale 2; at scale 3 sides up to about 1365), which bound the
/// time a request can take.
public struct StaticMapQuery: Hashable, Sendable {
    public var center: Coordinate?
    public var zoom: Double?
    public var size: ScreenSize
    public var scale: Int
    public var mapType: MapType
    public var markers: [Marker]
    public var paths: [Overlay]
    public var visible: [Coordinate]
    public var bearing: Double
    public var tilt: Double
    public var padding: EdgeInsets
    /// The image's encoding: `format` `png` (also `png8`, `png32`), `jpg` (also `jpeg`,
    /// `jpg-baseline`) or `webp`; PNG when absent.
    public var format: ImageFormat

    public static let maxSide = 2048.0
    /// Most pixels one image may have (size × scale²), which bounds a request's drawing time.
    public static let maxPixels = 2048.0 * 2048 * 4
    public static let maxMarkers = 100
    public static let maxPaths = 20
    public static let maxPathPoints = 2000
    public static let fitInsets = EdgeInsets(all: 48)

    /// Reads the query's parameters in order.
    /// - Throws: ``RequestError`` naming the first parameter that is missing, unknown, repeated or invalid.
    public init(_ items: [(name: String, value: String)]) throws(RequestError) {
        var single: [String: String] = [:]
        var markerSpecs: [String] = []
        var pathSpecs: [String] = []
        var visibleSpecs: [String] = []
        let singles: Set<String> = [
            "center", "zoom", "size", "scale", "maptype", "bearing", "tilt", "padding", "key", "format",
        ]
        for (name, value) in items {
            switch name {
            case "markers": markerSpecs.append(value)
            case "path": pathSpecs.append(value)
            case "visible": visibleSpecs.append(value)
            case _ where singles.contains(name):
                guard single.updateValue(value, forKey: name) == nil else {
                    throw RequestError(name, "given more than once")
                }
            default: throw RequestError(name, "is not a static-map parameter")
            }
        }
        func read<T>(_ name: String, _ body: (String) throws(TextError) -> T) throws(RequestError) -> T? {
            guard let text = single[name] else { return nil }
            do { return try body(text) } catch { throw RequestError(name, error.message) }
        }
        guard let size = try read("size", { t throws(TextError) in try TextValues.size(t, maxSide: Self.maxSide) })
        else {
            throw RequestError("size", "is required (WIDTHxHEIGHT in points, each side at most 2048)")
        }
        self.size = size
        center = try read("center") { t throws(TextError) in try TextValues.coordinate(t, what: "center") }
        zoom = try read("zoom") { t throws(TextError) in try TextValues.numbers(t, count: 1...1, what: "zoom")[0] }
        if let zoom, !(0...22).contains(zoom) { throw RequestError("zoom", "\(zoom) is outside 0–22") }
        bearing =
            try read("bearing") { t throws(TextError) in try TextValues.numbers(t, count: 1...1, what: "bearing")[0] }
            ?? 0
        tilt = try read("tilt") { t throws(TextError) in try TextValues.numbers(t, count: 1...1, what: "tilt")[0] } ?? 0
        if !(0...90).contains(tilt) {
            throw RequestError("tilt", "\(tilt) is outside 0–90 degrees (it is then lowered to what the zoom allows)")
        }
        padding = try read("padding") { t throws(TextError) in try TextValues.insets(t, what: "padding") } ?? .zero
        if [padding.top, padding.left, padding.bottom, padding.right].contains(where: { $0 < 0 }) {
            throw RequestError("padding", "must not be negative")
        }
        if padding.top + padding.bottom >= size.height || padding.left + padding.right >= size.width {
            throw RequestError("padding", "leaves no room in a \(Int(size.width))x\(Int(size.height)) map")
        }
        let scaleText = single["scale"] ?? "1"
        guard let scale = Int(scaleText), (1...3).contains(scale) else {
            throw RequestError("scale", "must be 1, 2 or 3, got '\(scaleText)'")
        }
        guard size.width * size.height * Double(scale * scale) <= Self.maxPixels else {
            throw RequestError(
                "scale",
                "\(Int(size.width))x\(Int(size.height)) at scale \(scale) is more than \(Int(Self.maxPixels)) pixels (2048x2048 at scale 2)"
            )
        }
        self.scale = scale
        let type = single["maptype"] ?? "roadmap"
        guard let mapType = MapType(named: type) else {
            throw RequestError("maptype", "must be \(MapType.accepted), got '\(type.prefix(64))'")
        }
        self.mapType = mapType
        let name = single["format"] ?? "png"
        guard let format = ImageFormat(named: name) else {
            throw RequestError("format", "must be png, jpg or webp, got '\(name.prefix(64))'")
        }
        self.format = format
        markers = try Self.markers(markerSpecs)
        paths = try Self.paths(pathSpecs)
        visible = try Self.locations(visibleSpecs)
    }

    /// The overlays to draw: paths first, then markers on top.
    public var overlays: [Overlay] { paths + markers.map { .marker($0) } }

    /// The camera: `center` and `zoom` as given, else fitted to the overlays and `visible`.
    /// - Throws: ``RequestError`` (parameter `center`) when something must be fitted and there
    ///   is nothing to fit.
    public func camera() throws(RequestError) -> CameraPosition {
        do {
            if let center, let zoom {
                return try CameraPosition(target: center, zoom: zoom, bearing: bearing, tilt: tilt)
            }
            let points = overlays.flatMap(\.coordinates) + visible
            guard !points.isEmpty else {
                throw RequestError(
                    "center", "center and zoom are required unless markers, path or visible give something to fit")
            }
            guard
                let fitted = try CameraFit.camera(
                    fitting: CoordinateBounds(path: points), size: size, padding: padding, insets: Self.fitInsets,
                    bearing: bearing, tilt: tilt)
            else { throw RequestError("visible", "nothing to fit") }
            return try CameraPosition(
                target: center ?? fitted.target, zoom: zoom ?? fitted.zoom, bearing: bearing, tilt: tilt)
        } catch let error as RequestError {
            throw error
        } catch {
            throw RequestError("center", "\(error)")
        }
    }
}
