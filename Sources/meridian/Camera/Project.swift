import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
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
                return JSON.object([
                    ("latitude", .number(c.latitude)), ("longitude", .number(c.longitude)),
                    ("point", p.map(JSON.init) ?? .null), ("visible", .bool(v.contains(c))),
                ])
            }
            emit(.object([("camera", JSON(v.camera)), ("points", .array(points))]))
        }
    }
}
