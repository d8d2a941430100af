import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    struct Tiles: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The z/x/y tiles that intersect the visible ground, nearest the viewer first.")
        @OptionGroup var view: ViewOptions
        @Option(help: "Tile zoom (default: the camera's zoom rounded down).") var zoom: Int?
        @Option(help: "Most tiles to list before refusing.") var limit: Int = 10_000

        func run() throws {
            let v = try view.viewport()
            let z = zoom ?? Int(v.camera.zoom.rounded(.down))
            let tiles = try checked(v.tiles(zoom: z, limit: limit))
            emit(.object([("camera", JSON(v.camera)), ("zoom", .integer(z)), ("tiles", .array(tiles.map(JSON.init)))]))
        }
    }
}
