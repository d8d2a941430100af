import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    struct Look: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The camera whose eye is at a point and altitude, looking at a ground point (a free camera).",
            discussion: """
                The view height sets the zoom (the eye sits 1.5 view heights from the target); tilt beyond the curve is lowered.
                meridian camera look --from 60.16,24.94,800 --at 60.17,24.95 --size 1024x768
                """)
        @Option(
            help: "The eye: lat,lng,altitude in metres.",
            transform: { try checked(TextValues.numbers($0, count: 3...3, what: "from (lat,lng,altitude)")) })
        var from: [Double]
        @Option(
            help: "The ground point looked at: lat,lng.",
            transform: { try checked(TextValues.coordinate($0, what: "at")) })
        var at: Coordinate
        @Option(help: "The view size in points, WIDTHxHEIGHT.", transform: { try checked(TextValues.size($0)) })
        var size: ScreenSize = ScreenSize(width: 1024, height: 768)
        @Option(help: "Bearing to keep when looking straight down, degrees.") var bearing: Double = 0

        func run() throws {
            guard abs(from[0]) <= 90 else { throw ValidationError("from: latitude \(from[0]) is outside [-90, 90]") }
            let eye = EyePosition(coordinate: Coordinate(latitude: from[0], longitude: from[1]), altitude: from[2])
            let camera = try checked(
                CameraPosition(lookingAt: at, from: eye, viewHeight: size.height, bearing: bearing))
            let reached = try checked(Viewport(camera: camera, size: size)).eye
            emit(
                .object([
                    ("camera", JSON(camera)), ("eye", JSON(reached.coordinate)),
                    ("altitude", .number(reached.altitude)),
                ]))
        }
    }
}
