import Foundation
import MeridianCamera
import MeridianRender
import MeridianStyle
import MeridianText
import MeridianTiles

extension Pyramid {
    /// Joins the archives of every shard of one job (`inputs`, in any order) into `output`: the
    /// archive one run of the whole job writes, byte for byte.
    /// - Throws: ``PyramidError/merge(_:)`` when `output` is one of the inputs, an input is not a
    ///   shard's archive, the shards are of different jobs, one is missing or repeated, or a tile
    ///   of the job is in none.
    public static func merge(_ inputs: [String], output: String) throws(PyramidError) {
        if let reason = OutputGuard.refusal(output, inputs: inputs, what: "shards being merged", dataFolders: []) {
            throw .merge("\(output): \(reason)")
        }
        var shards: [(shard: Shard, archive: PMTiles)] = []
        var job: (text: String, attribution: String)?
        for path in inputs {
            let archive: PMTiles
            do { archive = try PMTiles(path: path) } catch { throw .merge("\(path): \(error)") }
            guard let text = archive.metadata["meridian:job"], let shard = archive.metadata["meridian:shard"] else {
                throw .merge("\(path) is not a shard of `meridian tiles render --shard`")
            }
            let attribution = archive.metadata["attribution"] ?? ""
            if let job, job.text != text || job.attribution != attribution {
                throw .merge("\(path) is a shard of another job (\(text), not \(job.text))")
            }
            job = (text, attribution)
            shards.append((try Shard(shard), archive))
        }
        guard let job, let count = shards.first?.shard.count else { throw .merge("no shards given") }
        let indexes = shards.map(\.shard.index).sorted()
        guard shards.allSatisfy({ $0.shard.count == count }), indexes == Array(1...count) else {
            throw .merge("the shards given are \(indexes.map { "\($0)" }.joined(separator: ", ")) of \(count)")
        }
        shards.sort { $0.shard.index < $1.shard.index }
        let parsed = try PyramidJob(text: job.text)
        // Shards hold runs of the tile-id order, in shard order: look in the shard of the last tile first.
        var tiles: [TileID: [UInt8]] = [:]
        var at = 0
        for (_, tile) in try parsed.tiles() {
            var found: [UInt8]?
            for k in 0..<shards.count {
                let i = (at + k) % shards.count
                if let bytes = try? shards[i].archive.data(for: tile) {
                    (found, at) = (bytes, i)
                    break
                }
            }
            guard let found else { throw .merge("tile \(tile.z)/\(tile.x)/\(tile.y) is in no shard") }
            tiles[tile] = found
        }
        try write(tiles, job: parsed, shard: nil, attribution: job.attribution, to: output)
    }
}

extension PyramidJob {
    /// The job ``text`` describes (`streets png@1x z0-16 S,W,N,E`).
    /// - Throws: ``PyramidError/merge(_:)`` when it is not such a line.
    init(text: String) throws(PyramidError) {
        let parts = text.split(separator: " ").map(String.init)
        let kind = parts.count == 4 ? parts[1].split(separator: "@").map(String.init) : []
        let zooms = parts.count == 4 ? parts[2].dropFirst().split(separator: "-").compactMap { Int($0) } : []
        guard parts.count == 4, let type = MapType(rawValue: parts[0]), kind.count == 2,
            let format = ImageFormat(rawValue: kind[0]), let scale = Int(kind[1].dropLast()), zooms.count == 2,
            zooms[0] <= zooms[1], let bounds = try? TextValues.bounds(parts[3])
        else { throw .merge("'\(text)' does not describe a job") }
        do {
            try self.init(bounds: bounds, zooms: zooms[0]...zooms[1], mapType: type, format: format, scale: scale)
        } catch {
            throw .merge("'\(text)': \(error)")
        }
    }
}
