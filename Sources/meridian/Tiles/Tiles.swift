import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand {
    /// `meridian tiles`: planning with tiles (what an offline region or a tile seed needs).
    struct Tiles: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tiles",
            abstract:
                "Tile planning (the tiles covering bounds, a path, a polygon or a radius) and pre-rendered pyramids.",
            subcommands: [Cover.self, Render.self, Merge.self])
    }
}
