import ArgumentParser
import Foundation
import MeridianData
import MeridianTiles

extension ElevationEncoding: ExpressibleByArgument {}

extension MeridianCommand.DataCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract:
                "Import EXTRACT.osm.pbf (built with osmium and tilemaker), TILES.mbtiles|TILES.pmtiles (OpenMapTiles schema), or a raster GDAL reads (imagery or heights, warped by GDAL)."
        )

        @Argument(
            help:
                "The file: an OpenStreetMap extract (.osm.pbf), a vector tileset (.mbtiles, .pmtiles), or a raster (GeoTIFF, JPEG 2000, VRT…, any projection)."
        )
        var file: String
        @Option(help: "The region's name (default: the file's name up to its first dot, lowercased).") var name: String?
        @Flag(help: "Replace a region of the same name.") var replace = false
        @Option(help: "A raster's kind: imagery or elevation (default: elevation for one band of heights).")
        var kind: RasterKind?
        @Option(help: "An elevation model's encoding: terrarium or mapbox (Terrain-RGB).")
        var encoding: ElevationEncoding = .terrarium
        @Option(help: "Imagery tiles' format: webp (lossy, quality 90) or png.") var tileFormat: ImageTileFormat = .webp
        @Option(help: "A raster tileset's file format: mbtiles or pmtiles.") var format: TilesetFormat = .mbtiles
        @Option(help: "A raster tileset's credit line, written into its metadata.") var attribution: String?
        @Option(
            help: "A raster tileset's tile size in pixels: 256 or 512 (a quarter of the tiles, each zoom one less).")
        var tileSize: RasterTileSize = .s256
        @OptionGroup var folder: DataFolderOption

        enum RasterKind: String, ExpressibleByArgument { case imagery, elevation }
        enum ImageTileFormat: String, ExpressibleByArgument { case webp, png }
        enum TilesetFormat: String, ExpressibleByArgument { case mbtiles, pmtiles }
        enum RasterTileSize: String, ExpressibleByArgument {
            case s256 = "256", s512 = "512"
            var pixels: Int { self == .s512 ? 512 : 256 }
        }

        func run() throws {
            Interruption.shared.install()
            var importer = Importer(folder: folder.folder) { line in
                FileHandle.standardError.write(Data((line + "\n").utf8))
            }
            importer.raster = RasterImportOptions(
                elevation: kind.map { $0 == .elevation }, encoding: encoding,
                imageFormat: tileFormat == .png ? .png : .webp(quality: 90), pmtiles: format == .pmtiles,
                attribution: attribution, tileSize: tileSize.pixels)
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
