import ArgumentParser
import Meridian
import MeridianText

struct Project: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Screen points of coordinates: null where a coordinate is behind the eye.",
        discussion: "meridian camera project --camera 60.17,24.94,15,30,45 --size 1024x768 60.1699,24.9384")
    @OptionGroup var view: ViewOptions
    @Argument(help: "Coordinates lat,lng.", transform: { try checked(TextValues.coordinate($0)) })
    var coordinates: [Coordinate]

    func validate() throws {
        guard !coordinates.isEmpty else { throw ValidationError("give at least one coordinate lat,lng") }
    }

    func run() throws {
        let v = try view.viewport()
        let points = try coordinates.map { c in
            let p = try checked(v.point(for: c))
            return JSON.object([("latitude", .number(c.latitude)), ("longitude", .number(c.longitude)),
                                ("point", p.map(JSON.init) ?? .null), ("visible", .bool(v.contains(c)))])
        }
        emit(.object([("camera", JSON(v.camera)), ("points", .array(points))]))
    }
}

struct Unproject: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Ground coordinates under screen points: null on or above the horizon.",
        discussion: "meridian camera unproject --camera 60.17,24.94,15,30,45 512,384 0,0")
    @OptionGroup var view: ViewOptions
    @Argument(help: "Screen points x,y.", transform: { try checked(TextValues.point($0)) })
    var points: [ScreenPoint]

    func validate() throws {
        guard !points.isEmpty else { throw ValidationError("give at least one screen point x,y") }
    }

    func run() throws {
        let v = try view.viewport()
        let out = try points.map { p in
            JSON.object([("point", JSON(p)), ("coordinate", try checked(v.coordinate(for: p)).map(JSON.init) ?? .null)])
        }
        emit(.object([("camera", JSON(v.camera)), ("coordinates", .array(out))]))
    }
}

struct VisibleRegionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visible-region", abstract: "The four ground corners of the padded view, and their bounds.")
    @OptionGroup var view: ViewOptions

    func run() throws {
        let v = try view.viewport(), r = v.visibleRegion
        emit(.object([("camera", JSON(v.camera)), ("nearLeft", JSON(r.nearLeft)), ("nearRight", JSON(r.nearRight)),
                      ("farLeft", JSON(r.farLeft)), ("farRight", JSON(r.farRight)), ("bounds", JSON(r.bounds))]))
    }
}

/// The zoom-range options of the subcommands that change a camera.
struct ZoomRangeOptions: ParsableArguments {
    @Option(help: "Lowest zoom (a new map's default: 2).") var minZoom: Double = ZoomRange.mapDefault.min
    @Option(help: "Highest zoom (a new map's default: 21).") var maxZoom: Double = ZoomRange.mapDefault.max

    func range() throws -> ZoomRange { try checked(ZoomRange(min: minZoom, max: maxZoom)) }
}

/// The camera limits of the subcommands that change a camera: the zoom range, the tilt range,
/// the target's bounds (the SDK's `cameraTargetBounds`) and the whole view's bounds (`viewportBounds`).
struct ConstraintOptions: ParsableArguments {
    @OptionGroup var zoom: ZoomRangeOptions
    @Option(help: "Bounds the target may not leave: south,west,north,east.",
            transform: { try checked(TextValues.bounds($0, what: "target-bounds")) })
    var targetBounds: CoordinateBounds?
    @Option(help: "Bounds the whole view may not leave (zooms in as needed): south,west,north,east.",
            transform: { try checked(TextValues.bounds($0, what: "viewport-bounds")) })
    var viewportBounds: CoordinateBounds?
    @Option(help: "Lowest tilt, degrees (0-65; the tilt curve still limits low zooms).") var minTilt: Double = CameraConstraints.allTilts.lowerBound
    @Option(help: "Highest tilt, degrees (0-65).") var maxTilt: Double = CameraConstraints.allTilts.upperBound

    func constraints() throws -> CameraConstraints {
        CameraConstraints(zoomRange: try zoom.range(), targetBounds: targetBounds, viewportBounds: viewportBounds,
                          tiltRange: try checked(CameraConstraints.tiltRange(min: minTilt, max: maxTilt)))
    }
}

/// The options both fits share: the view, room around what is fitted, and the orientation.
struct FitOptions: ParsableArguments {
    @Option(help: "The view size in points, WIDTHxHEIGHT.", transform: { try checked(TextValues.size($0)) })
    var size: ScreenSize = ScreenSize(width: 1024, height: 768)
    @Option(help: "Extra room around what is fitted: top,left,bottom,right or one value.", transform: { try checked(TextValues.insets($0)) })
    var insets: EdgeInsets = .zero
    @Option(help: "The map's padding (also places the target): top,left,bottom,right or one value.",
            transform: { try checked(TextValues.insets($0, what: "padding")) })
    var padding: EdgeInsets = .zero
    @Option(help: "Bearing to keep, degrees.") var bearing: Double = 0
    @Option(help: "Tilt to keep, degrees (lowered to the curve at the fitted zoom).") var tilt: Double = 0
    @OptionGroup var zoom: ZoomRangeOptions

    /// The options with the zoom range read.
    struct Values { let size: ScreenSize, insets: EdgeInsets, padding: EdgeInsets, bearing: Double, tilt: Double, range: ZoomRange }

    /// Prints the camera `solve` fits for these options; fails with `empty` when it fits none.
    func emitFit(empty: String, _ solve: (Values) throws(InvalidArgument) -> CameraPosition?) throws {
        let values = Values(size: size, insets: insets, padding: padding, bearing: bearing, tilt: tilt, range: try zoom.range())
        guard let camera = try checked(solve(values)) else { throw ValidationError(empty) }
        emit(JSON(camera))
    }
}

struct Fit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The camera that shows bounds as large as possible in the view.",
        discussion: """
            Bearing and tilt default to 0 (the SDK's fit); give them to fit exactly under perspective. \
            --min-extent M never comes closer than M metres across (a single café is not shown at zoom 22).
            meridian camera fit --bounds 49.26,-123.11,51.05,-114.05 --size 1024x768
            meridian camera fit --bounds 60.1699,24.9384,60.1699,24.9384 --min-extent 500
            """)
    @Option(help: "south,west,north,east in degrees (west > east crosses the antimeridian).",
            transform: { try checked(TextValues.bounds($0)) })
    var bounds: CoordinateBounds
    @Option(help: "Metres the fit shows at least, north–south and east–west (the bounds grown about their centre; math.gl's minExtent).")
    var minExtent: Double = 0
    @OptionGroup var fit: FitOptions

    func run() throws {
        let shown = try checked(bounds.grown(toAtLeast: minExtent))
        try fit.emitFit(empty: "bounds are empty") { f throws(InvalidArgument) in
            try CameraFit.camera(fitting: shown, size: f.size, padding: f.padding, insets: f.insets, bearing: f.bearing, tilt: f.tilt, zoomRange: f.range)
        }
    }
}

struct FitPoints: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fit-points",
        abstract: "The camera that shows every point (a path, markers) as large as possible in the view, exactly.",
        discussion: """
            Fits the points themselves, not their bounding box, under the bearing and tilt given.
            meridian camera fit-points --points "60.15,24.90;60.17,24.95;60.19,25.00" --bearing 40 --tilt 30
            """)
    @Option(help: "The points: lat,lng;lat,lng;…", transform: { try checked(TextValues.path($0, what: "points")) })
    var points: [Coordinate]
    @OptionGroup var fit: FitOptions

    func run() throws {
        try fit.emitFit(empty: "no points") { f throws(InvalidArgument) in
            try CameraFit.camera(fittingPoints: points, size: f.size, padding: f.padding, insets: f.insets, bearing: f.bearing, tilt: f.tilt, zoomRange: f.range)
        }
    }
}

struct Apply: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The camera after applying an update to a camera in a view.",
        discussion: "Updates: \(TextValues.cameraUpdateForms)\nmeridian camera apply --camera 60.17,24.94,12 --update zoom-in")
    @OptionGroup var view: ViewOptions
    @Option(help: "The update to apply (see below).", transform: { try checked(TextValues.cameraUpdate($0)) })
    var update: CameraUpdate
    @OptionGroup var constraints: ConstraintOptions

    func run() throws {
        emit(JSON(try checked(update.applied(to: try view.viewport(), constraints: try constraints.constraints()))))
    }
}

struct Tiles: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The z/x/y tiles that intersect the visible ground, nearest the viewer first.")
    @OptionGroup var view: ViewOptions
    @Option(help: "Tile zoom (default: the camera's zoom rounded down).") var zoom: Int?
    @Option(help: "Most tiles to list before refusing.") var limit: Int = 10_000

    func run() throws {
        let v = try view.viewport()
        let z = zoom ?? Int(v.camera.zoom.rounded(.down))
        let tiles = try checked(v.tiles(zoom: z, limit: limit))
        emit(.object([("camera", JSON(v.camera)), ("zoom", .integer(z)), ("tiles", .array(tiles.map(JSON.init)))]))
    }
}
