import ArgumentParser
import Foundation
import Meridian
import MeridianRender
import MeridianStyle
import MeridianText
import MeridianTiles

extension MeridianCommand {
    /// `meridian render`: draws a map through a camera into a PNG.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw the map through a camera into a PNG, from the tilesets in the data folder.",
            discussion: """
                The camera is --lat, --lng and --zoom; or --fit-bounds; or, with only --overlays, the camera
                that fits the overlays; or, with none of them, the style's own camera (its center, zoom,
                bearing and pitch). Bearing and tilt apply to all four (a fit is exact under them).
                meridian render --lat 60.1716 --lng 24.9443 --zoom 16 --bearing 30 --tilt 45 --size 1024x768 -o map.png
                meridian render --fit-bounds 60.1690,24.9360,60.1740,24.9530 --overlays examples/landmarks.geojson -o fit.png
                """)

        @Option(help: "Target latitude, degrees.") var lat: Double?
        @Option(help: "Target longitude, degrees.") var lng: Double?
        @Option(help: "Zoom, 0–24.") var zoom: Double?
        @Option(
            help: "Fit these bounds: south,west,north,east in degrees (west > east crosses the antimeridian).",
            transform: { try checked(TextValues.bounds($0, what: "fit-bounds")) })
        var fitBounds: CoordinateBounds?
        @Option(
            help: "Room kept around fitted bounds or overlays, points: top,left,bottom,right or one value.",
            transform: { try checked(TextValues.insets($0, what: "fit-insets")) })
        var fitInsets = EdgeInsets(all: 48)
        @Option(
            help:
                "A GeoJSON file of overlays: points are markers (circles with a radius property), lines polylines, polygons polygons."
        )
        var overlays: String?
        @Option(help: "Bearing, degrees clockwise from north (default: the style camera's, else 0).") var bearing:
            Double?
        @Option(help: "Tilt (viewing angle), degrees from the nadir (default: the style camera's pitch, else 0).")
        var tilt: Double?
        @Option(
            help: "Size in points, WIDTHxHEIGHT (at most 2048 per side).",
            transform: { try checked(TextValues.size($0, maxSide: 2048)) })
        var size = ScreenSize(width: 1024, height: 768)
        @Option(help: "Pixels per point: 1, 2 or 3.") var scale: Int = 1
        @Option(
            help: "Padding in points: top,left,bottom,right or one value.",
            transform: { try checked(TextValues.insets($0, what: "padding")) })
        var padding: EdgeInsets = .zero
        @Option(
            help: "A marker at lat,lng (repeatable).",
            transform: { try checked(TextValues.coordinate($0, what: "marker")) })
        var marker: [Coordinate] = []
        @OptionGroup var dataFolder: DataFolderOption
        @OptionGroup var look: StyleOptions
        @Option(
            name: .shortAndLong,
            help: "The image to write: PNG, or JPEG or WebP when its name ends in .jpg, .jpeg or .webp.") var output:
            String

        func validate() throws {
            guard [1, 2, 3].contains(scale) else { throw ValidationError("scale must be 1, 2 or 3, got \(scale)") }
        }

        /// The overlays: the markers of --marker, then those of --overlays.
        func overlayList() throws -> [Overlay] {
            var list = marker.map { Overlay.marker(Marker(position: $0)) }
            guard let overlays else { return list }
            guard let data = FileManager.default.contents(atPath: overlays) else {
                throw ValidationError("cannot read overlays file \(overlays)")
            }
            do { list += try OverlayGeoJSON.overlays(from: data) } catch { throw ValidationError(error.description) }
            return list
        }

        /// The camera: the one given, else the fit of --fit-bounds, else the fit of the overlays.
        ///
        /// With `--style`, the camera is MapLibre's (tilt to 85° at every zoom, as MapLibre draws the
        /// style); Meridian's own styles keep the SDK's tilt curve.
        func camera(for overlays: [Overlay], style: Style) throws -> CameraPosition {
            let (bearing, tilt) = (self.bearing ?? 0, self.tilt ?? 0)
            let limits: CameraPosition.Limits = look.style != nil ? .mapLibre : .sdk
            if let lat, let lng, let zoom, fitBounds == nil {
                return try checked(
                    CameraPosition(
                        target: Coordinate(latitude: lat, longitude: lng), zoom: zoom, bearing: bearing, tilt: tilt,
                        limits: limits))
            }
            guard lat == nil, lng == nil, zoom == nil else {
                throw ValidationError(
                    fitBounds == nil
                        ? "give all of --lat, --lng and --zoom" : "give either --fit-bounds or --lat, --lng and --zoom")
            }
            if fitBounds == nil, overlays.isEmpty, let view = style.camera {
                // The style's own camera (its zoom is MapLibre's: the camera's is one more).
                return try checked(
                    CameraPosition(
                        target: Coordinate(latitude: view.latitude, longitude: view.longitude), zoom: view.cameraZoom,
                        bearing: self.bearing ?? view.bearing, tilt: self.tilt ?? view.pitch, limits: limits))
            }
            let bounds = fitBounds ?? CoordinateBounds(path: overlays.flatMap(\.coordinates))
            guard fitBounds != nil || !overlays.isEmpty else {
                throw ValidationError(
                    "give --lat, --lng and --zoom, or --fit-bounds, or --overlays to fit (or a style with a center and zoom)"
                )
            }
            guard
                let camera = try checked(
                    CameraFit.camera(
                        fitting: bounds, size: size, padding: padding, insets: fitInsets, bearing: bearing, tilt: tilt))
            else {
                throw ValidationError("nothing to fit: the bounds are empty")
            }
            return camera
        }

        func run() throws {
            FrameMemory.keepFreedMemory()
            let overlays = try overlayList()
            let document = try look.styleDocument()
            let camera = try camera(for: overlays, style: document)
            let viewport = try checked(Viewport(camera: camera, size: size, padding: padding))
            let sources: MapSources
            do {
                sources = try MapSources(style: document, folder: dataFolder.folder)
                // A style the user gives must find every source (exit 64 naming each); the shipped
                // styles draw what the folder has.
                if look.style != nil { try sources.requireEverySource() }
            } catch { throw ValidationError("\(error)") }
            for warning in StyleWarning.summary(document.warnings) + sources.warnings {
                FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
            }
            let image = try MapRenderer(style: document).draw(
                viewport, sources: sources, overlays: overlays, scale: Double(scale))
            Self.warn(image.uncoveredTexts, shown: 5, "label(s) hold characters no font covers, drawn as boxes")
            Self.warn(image.missingImages, shown: 8, "image(s) the symbols name are in no sprite, drawn without")
            let bytes = try image.encoded(Self.format(of: output))
            do { try Data(bytes).write(to: URL(fileURLWithPath: output)) } catch {
                throw ValidationError("cannot write \(output): \(error.localizedDescription)")
            }
        }

        /// One warning line on standard error for a frame's `names` (none when empty): how many,
        /// what of them, and the first `shown`.
        static func warn(_ names: [String], shown: Int, _ what: String) {
            guard !names.isEmpty else { return }
            let list = names.prefix(shown).joined(separator: ", ") + (names.count > shown ? ", …" : "")
            FileHandle.standardError.write(Data("warning: \(names.count) \(what): \(list)\n".utf8))
        }

        /// The format an output file's name asks for: JPEG for `.jpg` and `.jpeg`, WebP for
        /// `.webp` (any case), PNG for every other name.
        static func format(of path: String) -> ImageFormat {
            let name = path.lowercased()
            if name.hasSuffix(".jpg") || name.hasSuffix(".jpeg") { return .jpeg }
            return name.hasSuffix(".webp") ? .webp : .png
        }
    }
}
