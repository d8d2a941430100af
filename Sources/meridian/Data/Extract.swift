import ArgumentParser
import Foundation
import Meridian
import MeridianData
import MeridianRender
import MeridianText
import MeridianTiles

extension MeridianCommand.DataCommand {
    /// `meridian data extract`: an offline region in one archive.
    struct Extract: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "extract",
            abstract:
                "Copy the tiles covering bounds at some zooms, of every vector source of the style, into one archive.",
            discussion: """
                The archive (.mbtiles or .pmtiles) is an offline region: `meridian render --data REGION.mbtiles` draws it \
                on its own. Zooms past a source's last are drawn from its last, so that one is copied. Raster imagery is \
                not packed. Prints {"tiles","bytes","sources":[{"source","zoom","count"}…],"skipped":[…]}.
                meridian data extract --bounds 60.15,24.90,60.19,24.98 --zooms 10-16 -o helsinki-center.mbtiles
                meridian render --data helsinki-center.mbtiles --lat 60.17 --lng 24.94 --zoom 15 -o offline.png
                """)
        @Option(help: "south,west,north,east in degrees.", transform: { try checked(TextValues.bounds($0)) })
        var bounds: CoordinateBounds
        @Option(
            help: "Zooms to make drawable offline: Z or MIN-MAX (0-22).",
            transform: { try checked(TextValues.zoomRange($0, max: 22)) })
        var zooms: ClosedRange<Int>
        @Option(
            name: .shortAndLong, help: "The archive to write: REGION.mbtiles or REGION.pmtiles (replaced if there).")
        var output: String
        @OptionGroup var look: StyleOptions
        @OptionGroup var folder: DataFolderOption

        func run() throws {
            let style = try look.styleDocument()
            let sources: MapSources
            do { sources = try MapSources(style: style, folder: folder.folder) } catch {
                throw ValidationError("\(error)")
            }
            for warning in sources.warnings { FileHandle.standardError.write(Data("warning: \(warning)\n".utf8)) }
            let summary: RegionExtractor.Summary
            do {
                summary = try RegionExtractor.extract(
                    sources: sources.sources, bounds: bounds, zooms: zooms, to: output, dataFolders: folder.folder.paths
                )
            } catch {
                throw ValidationError("\(error)")
            }
            emit(
                .object([
                    ("output", .string(output)), ("tiles", .integer(summary.tiles)), ("bytes", .integer(summary.bytes)),
                    (
                        "sources",
                        .array(
                            summary.counts.map {
                                .object([
                                    ("source", .string($0.source)), ("zoom", .integer($0.zoom)),
                                    ("count", .integer($0.tiles)),
                                ])
                            })
                    ),
                    (
                        "skipped",
                        .array(
                            summary.skipped.map {
                                .object([("source", .string($0.source)), ("reason", .string($0.reason))])
                            })
                    ),
                ]))
        }
    }
}
