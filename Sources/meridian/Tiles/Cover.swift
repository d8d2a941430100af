import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Tiles {
    struct Cover: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cover",
            abstract: "The z/x/y tiles that bounds, a path, a polygon or a circle touch, per zoom, with counts.",
            discussion: """
                Give exactly one of --bounds, --path, --polygon, or --around with --radius. A tile counts when the \
                geometry reaches its inside (straight lines on the Mercator map). Prints {"zooms":[{"zoom","count"}…],"total",\
                "tiles":["z/x/y"…]}. With --counts-only the tiles are counted, not listed: bounds in constant time, other \
                shapes row by row, in memory that does not grow with the count (--limit still bounds the total).
                meridian tiles cover --bounds 60.15,24.90,60.19,24.98 --zooms 10-16
                meridian tiles cover --path "60.1699,24.9384;60.1920,24.9458" --zooms 14
                meridian tiles cover --around 60.17,24.94 --radius 2000 --zooms 12-14 --counts-only
                """)
        @Option(
            help: "south,west,north,east in degrees (west > east crosses the antimeridian).",
            transform: { try checked(TextValues.bounds($0)) })
        var bounds: CoordinateBounds?
        @Option(help: "A path: lat,lng;lat,lng;…", transform: { try checked(TextValues.path($0)) })
        var path: [Coordinate]?
        @Option(
            help: "A polygon's ring: lat,lng;lat,lng;… (closed or not).",
            transform: { try checked(TextValues.path($0, what: "polygon")) })
        var polygon: [Coordinate]?
        @Option(
            help: "The centre of a circle: lat,lng.",
            transform: { try checked(TextValues.coordinate($0, what: "around")) })
        var around: Coordinate?
        @Option(help: "The circle's radius on the ground, metres.") var radius: Double?
        @Option(help: "Zooms: Z or MIN-MAX (0-30).", transform: { try checked(TextValues.zoomRange($0)) })
        var zooms: ClosedRange<Int>
        @Option(help: "Most tiles in all before refusing.") var limit: Int = 1_000_000
        @Flag(help: "Print the counts only, not the list.") var countsOnly = false

        func validate() throws {
            let given = [bounds != nil, path != nil, polygon != nil, around != nil].filter { $0 }.count
            guard given == 1 else { throw ValidationError("give exactly one of --bounds, --path, --polygon, --around") }
            guard (around == nil) == (radius == nil) else { throw ValidationError("--around and --radius go together") }
            guard limit > 0 else { throw ValidationError("limit: must be positive, got \(limit)") }
        }

        func run() throws {
            var remaining = limit
            // Counts only: each zoom counted without making its list (memory for one row at a time).
            if countsOnly {
                var counts: [(zoom: Int, count: Int)] = []
                for z in zooms {
                    let count: Int = try checked(
                        { () throws(InvalidArgument) -> Int in
                            if let bounds { return try TileCover.count(in: bounds, zoom: z, limit: remaining) }
                            if let path { return try TileCover.count(alongPath: path, zoom: z, limit: remaining) }
                            if let polygon {
                                return try TileCover.count(inPolygon: [polygon], zoom: z, limit: remaining)
                            }
                            return try TileCover.count(around: around!, meters: radius!, zoom: z, limit: remaining)
                        }())
                    remaining -= count
                    counts.append((z, count))
                }
                return emit(Self.summary(counts))
            }
            let perZoom = try checked(
                TileCover.byZoom(zooms) { z throws(InvalidArgument) in
                    let tiles: [TileID]
                    if let bounds {
                        tiles = try TileCover.tiles(in: bounds, zoom: z, limit: remaining)
                    } else if let path {
                        tiles = try TileCover.tiles(alongPath: path, zoom: z, limit: remaining)
                    } else if let polygon {
                        tiles = try TileCover.tiles(inPolygon: [polygon], zoom: z, limit: remaining)
                    } else {
                        tiles = try TileCover.tiles(around: around!, meters: radius!, zoom: z, limit: remaining)
                    }
                    remaining -= tiles.count
                    return tiles
                })
            guard case var .object(fields) = Self.summary(perZoom.map { ($0.zoom, $0.tiles.count) }) else { return }
            fields.append(("tiles", .array(perZoom.flatMap { $0.tiles.map { .string($0.description) } })))
            emit(.object(fields))
        }

        /// Each zoom's count and the total.
        static func summary(_ counts: [(zoom: Int, count: Int)]) -> JSON {
            .object([
                (
                    "zooms",
                    .array(counts.map { .object([("zoom", .integer($0.zoom)), ("count", .integer($0.count))]) })
                ),
                ("total", .integer(counts.reduce(0) { $0 + $1.count })),
            ])
        }
    }
}
