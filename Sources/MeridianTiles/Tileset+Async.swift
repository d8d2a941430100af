import Foundation
import MeridianCamera

extension Tileset {
    /// ``data(for:deadline:)`` for a Swift task: the read (a file's, or a server's range requests,
    /// which block until answered) runs on a thread of its own, never on one of Swift's
    /// cooperative threads, so many reads in flight do not starve the tasks beside them. The
    /// blocking form stays for the drawing pool, whose threads are its own.
    ///
    /// As with the blocking form, one reader serves one read at a time: await each before the next.
    public func loadData(for tile: TileID, deadline: Deadline = .never) async throws(TileError) -> [UInt8]? {
        nonisolated(unsafe) let tileset = self
        let result: Result<[UInt8]?, TileError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    returning: Result { () throws(TileError) in try tileset.data(for: tile, deadline: deadline) })
            }
            thread.name = "meridian-tile-read"
            thread.start()
        }
        return try result.get()
    }
}
