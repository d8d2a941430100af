import ArgumentParser
import Meridian
import MeridianText

/// The camera limits of the subcommands that change a camera: the zoom range, the tilt range,
/// the target's bounds (the SDK's `cameraTargetBounds`) and the whole view's bounds (`viewportBounds`).
struct ConstraintOptions: ParsableArguments {
    @OptionGroup var zoom: ZoomRangeOptions
    @Option(
        help: "Bounds the target may not leave: south,west,north,east.",
        transform: { try checked(TextValues.bounds($0, what: "target-bounds")) })
    var targetBounds: CoordinateBounds?
    @Option(
        help: "Bounds the whole view may not leave (zooms in as needed): south,west,north,east.",
        transform: { try checked(TextValues.bounds($0, what: "viewport-bounds")) })
    var viewportBounds: CoordinateBounds?
    @Option(help: "Lowest tilt, degrees (0-65; the tilt curve still limits low zooms).") var minTilt: Double =
        CameraConstraints.allTilts.lowerBound
    @Option(help: "Highest tilt, degrees (0-65).") var maxTilt: Double = CameraConstraints.allTilts.upperBound

    func constraints() throws -> CameraConstraints {
        CameraConstraints(
            zoomRange: try zoom.range(), targetBounds: targetBounds, viewportBounds: viewportBounds,
            tiltRange: try checked(CameraConstraints.tiltRange(min: minTilt, max: maxTilt)))
    }
}
