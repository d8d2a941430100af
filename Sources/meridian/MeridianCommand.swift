import ArgumentParser
import Meridian
import MeridianText

/// `meridian`: Meridian's command line. Each subcommand prints JSON on standard output;
/// bad arguments print a message naming the argument and exit non-zero.
@main
struct MeridianCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meridian",
        abstract: "Meridian: an open map camera-and-view engine.",
        version: MeridianVersion.current,
        subcommands: [CameraCommand.self, TilesCommand.self, Render.self, Serve.self, DataCommand.self]
    )
}

struct CameraCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camera",
        abstract: "Camera math: projection, visible region, fitting, updates and tile cover, as JSON.",
        discussion: """
            Cameras are written lat,lng,zoom[,bearing[,tilt]]; sizes WIDTHxHEIGHT in points; insets \
            top,left,bottom,right (or one value). Attach negative numbers with '=': --camera=-33.87,151.21,12.
            """,
        subcommands: [Project.self, Unproject.self, VisibleRegionCommand.self, Fit.self, FitPoints.self, Apply.self, Tiles.self, Eye.self, Look.self, Animate.self,
                      BoundsCommand.self]
    )
}

/// The options every view-based subcommand shares.
struct ViewOptions: ParsableArguments {
    @Option(help: "The camera: lat,lng,zoom[,bearing[,tilt]] (degrees; clamped and wrapped as SPEC §1 says).",
            transform: { try checked(TextValues.camera($0)) })
    var camera: CameraPosition

    @Option(help: "The view size in points, WIDTHxHEIGHT.", transform: { try checked(TextValues.size($0)) })
    var size: ScreenSize = ScreenSize(width: 1024, height: 768)

    @Option(help: "The map's padding in points: top,left,bottom,right or one value.",
            transform: { try checked(TextValues.insets($0, what: "padding")) })
    var padding: EdgeInsets = .zero

    func viewport() throws -> Viewport { try checked(Viewport(camera: camera, size: size, padding: padding)) }
}

/// Runs a throwing reader and turns its error into ArgumentParser's validation error, so the
/// user sees the message and the command exits non-zero (never a trap).
func checked<T>(_ body: @autoclosure () throws -> T) throws -> T {
    do { return try body() } catch let error as TextError {
        throw ValidationError(error.message)
    } catch let error as InvalidArgument {
        throw ValidationError(error.description)
    }
}

func emit(_ json: JSON) { print(json.text) }
