import ArgumentParser
import Meridian
import MeridianText

/// The options every view-based subcommand shares.
struct ViewOptions: ParsableArguments {
    @Option(
        help: "The camera: lat,lng,zoom[,bearing[,tilt]] (degrees; clamped and wrapped as SPEC §1 says).",
        transform: { try checked(TextValues.camera($0)) })
    var camera: CameraPosition

    @Option(help: "The view size in points, WIDTHxHEIGHT.", transform: { try checked(TextValues.size($0)) })
    var size: ScreenSize = ScreenSize(width: 1024, height: 768)

    @Option(
        help: "The map's padding in points: top,left,bottom,right or one value.",
        transform: { try checked(TextValues.insets($0, what: "padding")) })
    var padding: EdgeInsets = .zero

    func viewport() throws -> Viewport { try checked(Viewport(camera: camera, size: size, padding: padding)) }
}
