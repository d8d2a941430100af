import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
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
                try CameraFit.camera(
                    fittingPoints: points, size: f.size, padding: f.padding, insets: f.insets, bearing: f.bearing,
                    tilt: f.tilt, zoomRange: f.range)
            }
        }
    }
}
