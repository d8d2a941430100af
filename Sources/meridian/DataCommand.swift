import ArgumentParser
import Foundation
import MeridianData
import MeridianTiles

/// `meridian data`: the data folder's tilesets: import a region, list, remove.
struct DataCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Manage the data folder: import an OpenStreetMap extract or an OpenMapTiles tileset, list, remove, extract an offline region.",
        discussion: """
            Imported regions go into DATA/openmaptiles/NAME.mbtiles (or .pmtiles): the street source of the
            shipped styles, so `meridian render` and `meridian serve` draw them with no other step.
            meridian data import monaco.osm.pbf
            meridian data import planet-z14-region.pmtiles --name alps
            meridian data list
            meridian data remove monaco
            """,
        subcommands: [ImportCommand.self, ListCommand.self, RemoveCommand.self, ExtractCommand.self])
}

/// `--data DIR`, else $MERIDIAN_DATA, else the search of `DataFolder.resolve` (README, "Where data lives").
struct DataFolderOption: ParsableArguments {
    @Option(help: "The data folder (default: $MERIDIAN_DATA, else the first of a checkout's .build/meridian-data, the user's and the system's data folders that holds data; `meridian data list` shows them).") var data: String?
    var folder: DataFolder { DataFolder.resolve(data) }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import EXTRACT.osm.pbf (built with osmium and tilemaker) or TILES.mbtiles|TILES.pmtiles (OpenMapTiles schema).")

    @Argument(help: "The file: an OpenStreetMap extract (.osm.pbf) or a vector tileset (.mbtiles, .pmtiles).") var file: String
    @Option(help: "The region's name (default: the file's name up to its first dot, lowercased).") var name: String?
    @Flag(help: "Replace a region of the same name.") var replace = false
    @OptionGroup var folder: DataFolderOption

    func run() throws {
        Interruption.shared.install()
        let importer = Importer(folder: folder.folder) { line in FileHandle.standardError.write(Data((line + "\n").utf8)) }
        do {
            let entry = try importer.importFile(file, name: name, replace: replace)
            print("imported \(entry.name) into \(entry.folder): \(ListCommand.line(entry))")
        } catch {
            // Interrupted: the failure is the interruption's doing; its handler exits with 130.
            if Interruption.shared.wasInterrupted { Interruption.shared.waitForExit() }
            throw ValidationError(error.description)
        }
    }
}

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the tilesets: name, source, format, schema, bounds, zooms, size.")
    @OptionGroup var folder: DataFolderOption

    func run() throws {
        let data = folder.folder
        let (entries, problems) = Catalog(folder: data).entries()
        // Which folders, which one imports go to, and where was looked (on standard error: the
        // listing stays one line a tileset).
        var head = ""
        for path in data.paths {
            let what = path == data.path ? (DataFolder.isReadOnly(path) ? "read-only" : "writable: imports go here") : "read-only here"
            head += "data folder: \(path) (\(what)\(FileManager.default.fileExists(atPath: path) ? "" : "; not there yet"))\n"
        }
        if folder.data == nil && ProcessInfo.processInfo.environment["MERIDIAN_DATA"] == nil {
            head += "searched, in order: " + DataFolder.searchPath().joined(separator: ", ") + "\n"
        }
        FileHandle.standardError.write(Data(head.utf8))
        if entries.isEmpty && problems.isEmpty { print("no tilesets in \(data.paths.joined(separator: ", "))") }
        for entry in entries { print("\(entry.name)  \(Self.line(entry)), in \(entry.folder)") }
        for problem in problems { FileHandle.standardError.write(Data("warning: \(problem)\n".utf8)) }
    }

    /// `source openmaptiles, mbtiles, openmaptiles schema (vector), bounds W,S,E,N, zooms 0–14, 1.2 MB`.
    static func line(_ e: Catalog.Entry) -> String {
        let bounds = e.info.bounds.map { String(format: "%.4f,%.4f,%.4f,%.4f", $0.west, $0.south, $0.east, $0.north) } ?? "unknown"
        let zooms = e.info.zoomRange.map { "\($0.lowerBound)–\($0.upperBound)" } ?? "unknown"
        return "source \(e.source), \(e.format), \(e.schema) schema (\(e.info.content.rawValue)), bounds \(bounds), zooms \(zooms), "
            + String(format: "%.1f MB", Double(e.bytes) / 1e6)
    }
}

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a tileset by name.")
    @Argument(help: "The tileset's name, as `meridian data list` shows it.") var name: String
    @OptionGroup var folder: DataFolderOption

    func run() throws {
        do { try Catalog(folder: folder.folder).remove(name) } catch { throw ValidationError(error.description) }
        print("removed \(name)")
    }
}
