import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    /// `meridian camera bounds`: the bounds of every point within a radius of a centre, and the
    /// box a turned view needs.
    struct Bounds: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "bounds",
            abstract:
                "The bounds of every point within --radius metres of --around (a cap on the sphere), and their span.",
            discussion: """
                A cap that reaches a pole holds every longitude. With --size and --bearing, also the axis-aligned \
                box (points) that holds a view of that size turned by the bearing.
                meridian camera bounds --around 60.17,24.94 --radius 2000
                meridian camera bounds --around 60.17,24.94 --radius 2000 --size 800x600 --bearing 30
                """)
        @Option(help: "The centre: lat,lng.", transform: { try checked(TextValues.coordinate($0, what: "around")) })
        var around: Coordinate
        @Option(help: "The radius on the ground, metres (0 to half the Earth's circumference).") var radius: Double
        @Option(
            help: "A view size WIDTHxHEIGHT in points, for the box of the turned view.",
            transform: { try checked(TextValues.size($0)) })
        var size: ScreenSize?
        @Option(help: "The view's bearing, degrees (with --size).") var bearing: Double = 0

        func run() throws {
            let bounds = try checked(CoordinateBounds(around: around, radius: radius))
            var fields: [(String, JSON)] = [
                ("bounds", JSON(bounds)), ("longitudeSpan", bounds.longitudeSpan.map(JSON.number) ?? .null),
            ]
            if let size {
                guard bearing.isFinite else { throw ValidationError("bearing: must be finite, got \(bearing)") }
                let box = size.rotated(by: bearing)
                fields.append(
                    ("rotatedViewBox", .object([("width", .number(box.width)), ("height", .number(box.height))])))
            }
            emit(.object(fields))
        }
    }
}
