import Foundation
import MeridianCamera
import MeridianRender
import MeridianTiles
import NIOConcurrencyHelpers

/// Renders ``PyramidJob``s into PMTiles archives (`meridian tiles render`), whole or one
/// ``Shard`` at a time, and merges shards (`meridian tiles merge`).
///
/// Every tile is cut from its metatile as `/tiles/{z}/{x}/{y}` serves it, so its bytes do not
/// depend on which run, shard or thread draws it: four shards merged equal one run, byte for
/// byte. Tiles are journaled as they are drawn (`PyramidJournal`): a killed run started again
/// draws only what is missing. The archive is written at the end (held in memory until then),
/// written aside and renamed into place, and the journal removed.
public enum Pyramid {
    /// What a run reports as it goes: tiles done and the run's whole count.
    public typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    /// Renders `shard` of `job` (the whole job when nil) from `drawer`'s data into `output`, on
    /// `threads` threads. Returns the number of tiles drawn by this run (not those resumed).
    /// - Throws: ``PyramidError`` naming the tile that could not be drawn, a journal of another
    ///   job, or an archive that cannot be written; the journal then holds what was drawn.
    @discardableResult
    public static func render(
        _ job: PyramidJob, shard: Shard?, drawer: MapDrawer, output: String,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount, progress: Progress = { _, _ in }
    ) throws(PyramidError) -> Int {
        // The job as its text gives it (bounds to 7 decimals), as a merge reads it back: the same tiles.
        let job = try PyramidJob(text: job.text)
        let all = try job.tiles()
        // The map type's sources, opened once: the weights of a shard's split and the credit line.
        let sources = drawer.data.styles[job.mapType].flatMap { try? MapSources(style: $0, folder: drawer.data.folder) }
        // Never over what the job reads (a tileset of its sources, or anything in a data folder).
        let inputs = sources.map { $0.sources.values.flatMap { $0.tilesets.map(\.path) } } ?? []
        if let reason = OutputGuard.refusal(
            output, inputs: inputs, what: "tilesets the job draws from", dataFolders: drawer.data.folder.paths)
        {
            throw .invalid("\(output): \(reason)")
        }
        let range = shard.map { $0.range(of: weights(all.map(\.tile), sources: sources)) } ?? all.indices
        let mine = Array(all[range])
        let header = journalHeader(job, shard: shard, drawer: drawer)
        let (journal, resumed) = try PyramidJournal.open(
            output + ".journal", header: header, accepting: { job.format.isTile($0, side: 256 * job.scale) })
        defer { journal.close() }
        let todo = mine.filter { resumed[$0.id] == nil }
        let state = NIOLockedValueBox(
            (next: 0, done: mine.count - todo.count, tiles: resumed, failure: PyramidError?.none))
        progress(mine.count - todo.count, mine.count)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, todo.count))) { _ in
            while true {
                let index = state.withLockedValue { s -> Int? in
                    guard s.failure == nil, s.next < todo.count else { return nil }
                    defer { s.next += 1 }
                    return s.next
                }
                guard let index else { return }
                let (id, tile) = todo[index]
                let failure: PyramidError?
                do {
                    let bytes = try drawer.rasterTile(tile, scale: job.scale, mapType: job.mapType, format: job.format)
                    failure = state.withLockedValue { s -> PyramidError? in
                        do throws(PyramidError) { try journal.append(id, bytes) } catch { return error }
                        s.tiles[id] = bytes
                        s.done += 1
                        progress(s.done, mine.count)
                        return nil
                    }
                } catch {
                    failure = .failed("tile \(tile.z)/\(tile.x)/\(tile.y): \(error)")
                }
                if let failure { state.withLockedValue { s in s.failure = s.failure ?? failure } }
            }
        }
        let (tiles, failure) = state.withLockedValue { ($0.tiles, $0.failure) }
        if let failure { throw failure }
        var kept: [TileID: [UInt8]] = [:]
        for (id, tile) in mine { kept[tile] = tiles[id] }
        let credit = sources.flatMap { s in drawer.data.styles[job.mapType].map { s.attribution(for: $0) } } ?? ""
        try write(kept, job: job, shard: shard, attribution: credit, to: output)
        try? FileManager.default.removeItem(atPath: journal.path)
        return todo.count
    }

    /// The first line of a run's journal: the job, the shard and the data's version (tiles drawn
    /// from other data are never resumed into this archive).
    static func journalHeader(_ job: PyramidJob, shard: Shard?, drawer: MapDrawer) -> String {
        "meridian tiles journal 1 | \(job.text) | shard \(shard?.text ?? "whole") | data \(drawer.dataStamp)"
    }

    /// Writes the archive of `tiles` (aside, then renamed into place).
    static func write(
        _ tiles: [TileID: [UInt8]], job: PyramidJob, shard: Shard?, attribution: String, to output: String
    ) throws(PyramidError) {
        let aside = output + ".part"
        do {
            try PMTilesArchiveWriter.write(
                tiles, to: aside, type: job.tileType, tileCompression: .none,
                bounds: (
                    (job.bounds.west ?? 0).rounded7, (job.bounds.south ?? 0).rounded7, (job.bounds.east ?? 0).rounded7,
                    (job.bounds.north ?? 0).rounded7
                ), metadata: job.metadata(shard: shard, attribution: attribution))
        } catch { throw .failed("\(output): \(error)") }
        guard rename(aside, output) == 0 else { throw .failed("\(output): cannot be renamed into place") }
    }
}
