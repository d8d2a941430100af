import ArgumentParser
import Foundation
import MeridianData
import MeridianTiles

extension MeridianCommand {
    /// `meridian data`: the data folder's tilesets: import a region, list, remove.
    struct DataCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "data",
            abstract:
                "Manage the data folder: import an OpenStreetMap extract or an OpenMapTiles tileset, list, remove, extract an offline region.",
            discussion: """
                Imported regions go into DATA/openmaptiles/NAME.mbtiles (or .pmtiles): the street source of the
                shipped styles, so `meridian render` and `meridian serve` draw them with no other step.
                meridian data import monaco.osm.pbf
                meridian data import planet-z14-region.pmtiles --name alps
                meridian data list
                meridian data remove monaco
                """,
            subcommands: [Import.self, List.self, Remove.self, Extract.self])
    }
}
