import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
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
                JSON.object([
                    ("point", JSON(p)), ("coordinate", try checked(v.coordinate(for: p)).map(JSON.init) ?? .null),
                ])
            }
            emit(.object([("camera", JSON(v.camera)), ("coordinates", .array(out))]))
        }
    }
}
