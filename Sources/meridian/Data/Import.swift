import ArgumentParser
import Foundation
import MeridianData
import MeridianTiles

extension MeridianCommand.DataCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract:
                "Import EXTRACT.osm.pbf (built with osmium and tilemaker) or TILES.mbtiles|TILES.pmtiles (OpenMapTiles schema)."
        )

        @Argument(help: "The file: an OpenStreetMap extract (.osm.pbf) or a vector tileset (.mbtiles, .pmtiles).")
        var file: String
        @Option(help: "The region's name (default: the file's name up to its first dot, lowercased).") var name: String?
        @Flag(help: "Replace a region of the same name.") var replace = false
        @OptionGroup var folder: DataFolderOption

        func run() throws {
            Interruption.shared.install()
            let importer = Importer(folder: folder.folder) { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            do {
                let entry = try importer.importFile(file, name: name, replace: replace)
                print("imported \(entry.name) into \(entry.folder): \(List.line(entry))")
            } catch {
                // Interrupted: the failure is the interruption's doing; its handler exits with 130.
                if Interruption.shared.wasInterrupted { Interruption.shared.waitForExit() }
                throw ValidationError(error.description)
            }
        }
    }
}
