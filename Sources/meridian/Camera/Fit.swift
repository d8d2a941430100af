import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    struct Fit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The camera that shows bounds as large as possible in the view.",
            discussion: """
                Bearing and tilt default to 0 (the SDK's fit); give them to fit exactly under perspective. \
                --min-extent M never comes closer than M metres across (a single café is not shown at zoom 22).
                meridian camera fit --bounds 49.26,-123.11,51.05,-114.05 --size 1024x768
                meridian camera fit --bounds 60.1699,24.9384,60.1699,24.9384 --min-extent 500
                """)
        @Option(
            help: "south,west,north,east in degrees (west > east crosses the antimeridian).",
            transform: { try checked(TextValues.bounds($0)) })
        var bounds: CoordinateBounds
        @Option(
            help:
                "Metres the fit shows at least, north–south and east–west (the bounds grown about their centre; math.gl's minExtent)."
        )
        var minExtent: Double = 0
        @OptionGroup var fit: FitOptions

        func run() throws {
            let shown = try checked(bounds.grown(toAtLeast: minExtent))
            try fit.emitFit(empty: "bounds are empty") { f throws(InvalidArgument) in
                try CameraFit.camera(
                    fitting: shown, size: f.size, padding: f.padding, insets: f.insets, bearing: f.bearing,
                    tilt: f.tilt, zoomRange: f.range)
            }
        }
    }
}
