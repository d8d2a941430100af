import ArgumentParser
import Meridian
import MeridianText

/// The options both fits share: the view, room around what is fitted, and the orientation.
struct FitOptions: ParsableArguments {
    @Option(help: "The view size in points, WIDTHxHEIGHT.", transform: { try checked(TextValues.size($0)) })
    var size: ScreenSize = ScreenSize(width: 1024, height: 768)
    @Option(
        help: "Extra room around what is fitted: top,left,bottom,right or one value.",
        transform: { try checked(TextValues.insets($0)) })
    var insets: EdgeInsets = .zero
    @Option(
        help: "The map's padding (also places the target): top,left,bottom,right or one value.",
        transform: { try checked(TextValues.insets($0, what: "padding")) })
    var padding: EdgeInsets = .zero
    @Option(help: "Bearing to keep, degrees.") var bearing: Double = 0
    @Option(help: "Tilt to keep, degrees (lowered to the curve at the fitted zoom).") var tilt: Double = 0
    @OptionGroup var zoom: ZoomRangeOptions

    /// The options with the zoom range read.
    struct Values {
        let size: ScreenSize, insets: EdgeInsets, padding: EdgeInsets, bearing: Double, tilt: Double, range: ZoomRange
    }

    /// Prints the camera `solve` fits for these options; fails with `empty` when it fits none.
    func emitFit(empty: String, _ solve: (Values) throws(InvalidArgument) -> CameraPosition?) throws {
        let values = Values(
            size: size, insets: insets, padding: padding, bearing: bearing, tilt: tilt, range: try zoom.range())
        guard let camera = try checked(solve(values)) else { throw ValidationError(empty) }
        emit(JSON(camera))
    }
}
