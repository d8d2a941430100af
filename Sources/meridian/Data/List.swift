import ArgumentParser
import Foundation
import MeridianData
import MeridianTiles

extension MeridianCommand.DataCommand {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the tilesets: name, source, format, schema, bounds, zooms, size.")
        @OptionGroup var folder: DataFolderOption

        func run() throws {
            let data = folder.folder
            let (entries, problems) = Catalog(folder: data).entries()
            // Which folders, which one imports go to, and where was looked (on standard error: the
            // listing stays one line a tileset).
            var head = ""
            for path in data.paths {
                let what =
                    path == data.path
                    ? (DataFolder.isReadOnly(path) ? "read-only" : "writable: imports go here") : "read-only here"
                head +=
                    "data folder: \(path) (\(what)\(FileManager.default.fileExists(atPath: path) ? "" : "; not there yet"))\n"
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
            let bounds =
                e.info.bounds.map { String(format: "%.4f,%.4f,%.4f,%.4f", $0.west, $0.south, $0.east, $0.north) }
                ?? "unknown"
            let zooms = e.info.zoomRange.map { "\($0.lowerBound)–\($0.upperBound)" } ?? "unknown"
            let what =
                e.info.content == .vector
                ? "\(e.schema) schema (vector)"
                : e.info.encoding.map { "elevation, \($0.rawValue) encoding (\(e.info.content.rawValue))" }
                    ?? "imagery (\(e.info.content.rawValue))"
            return
                "source \(e.source), \(e.format), \(what), bounds \(bounds), zooms \(zooms), "
                + String(format: "%.1f MB", Double(e.bytes) / 1e6)
        }
    }
}
