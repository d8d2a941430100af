import ArgumentParser
import Foundation
import Meridian
import MeridianRender
import MeridianServing
import MeridianStyle
import MeridianText

extension MeridianCommand.Tiles {
    /// `meridian tiles render`: a region's raster tiles pre-rendered into a PMTiles archive.
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "render",
            abstract:
                "Render a region's raster tiles (PNG, JPEG, WebP) into a PMTiles archive, whole or one shard of n.",
            discussion: """
                Every tile of --zooms touching --bounds, drawn as /tiles/{z}/{x}/{y} serves it, on every core, with a \
                progress bar on standard error. Tiles are journaled as drawn (OUT.journal): the same command run again \
                after a kill draws only what is missing. --shard i/n renders the i-th of n parts, balanced by the data \
                under the tiles; `meridian tiles merge` joins the n archives into the one a whole run writes, byte for byte.
                meridian tiles render --bounds 60.15,24.90,60.19,24.98 --zooms 10-16 -o helsinki.pmtiles
                parallel meridian tiles render --bounds 60.15,24.90,60.19,24.98 --zooms 10-16 --shard {}/4 -o part-{}.pmtiles ::: 1 2 3 4
                meridian tiles merge part-*.pmtiles -o helsinki.pmtiles
                """)
        @Option(
            help: "south,west,north,east in degrees (west > east crosses the antimeridian).",
            transform: { try checked(TextValues.bounds($0)) })
        var bounds: CoordinateBounds
        @Option(help: "Zooms: Z or MIN-MAX (0-22).", transform: { try checked(TextValues.zoomRange($0, max: 22)) })
        var zooms: ClosedRange<Int>
        @Option(help: "The map type: \(MapType.allCases.map(\.rawValue).joined(separator: ", ")).")
        var mapType: String = MapType.normal.rawValue
        @Option(help: "Tile format: png, jpeg or webp.") var format: String = "png"
        @Option(help: "1 for 256-pixel tiles, 2 for 512 (the same 256-point tiles).") var scale = 1
        @Option(help: "This run's part of the job: i/n (1 ≤ i ≤ n).") var shard: String?
        @Option(name: .shortAndLong, help: "The archive to write (.pmtiles).") var output: String
        @Option(help: "Threads drawing tiles (default: every core).") var threads = ProcessInfo.processInfo
            .activeProcessorCount
        @OptionGroup var dataFolder: DataFolderOption

        func job() throws -> (PyramidJob, Shard?) {
            guard let type = MapType(rawValue: mapType) else {
                throw ValidationError("map-type: one of \(MapType.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let format = ImageFormat(rawValue: format == "jpg" ? "jpeg" : format) else {
                throw ValidationError("format: png, jpeg or webp, got '\(format)'")
            }
            guard (1...64).contains(threads) else { throw ValidationError("threads: 1 to 64, got \(threads)") }
            do {
                return (
                    try PyramidJob(bounds: bounds, zooms: zooms, mapType: type, format: format, scale: scale),
                    try shard.map { s throws(PyramidError) in try Shard(s) }
                )
            } catch { throw ValidationError("\(error)") }
        }

        func validate() throws { _ = try job() }

        func run() throws {
            let (job, shard) = try job()
            let drawer: MapDrawer
            do { drawer = MapDrawer(try ServedData(folder: dataFolder.folder)) } catch {
                throw ValidationError(error.description)
            }
            let bar = ProgressBar(label: shard.map { "shard \($0.text)" } ?? "tiles")
            do {
                let drawn = try Pyramid.render(
                    job, shard: shard, drawer: drawer, output: output, threads: threads, progress: bar.update)
                bar.finish("\(output): \(drawn) tiles drawn")
            } catch {
                bar.finish(nil)
                FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
    }

    /// `meridian tiles merge`: the shards of one job joined into its archive.
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Join the n shard archives of one `tiles render --shard` job into the archive a whole run writes."
        )
        @Argument(help: "The shards' archives, every one of 1/n … n/n, in any order.") var shards: [String]
        @Option(name: .shortAndLong, help: "The archive to write (.pmtiles).") var output: String

        func run() throws {
            do { try Pyramid.merge(shards, output: output) } catch {
                FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
                throw ExitCode.failure
            }
        }
    }
}
