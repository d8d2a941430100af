import Foundation

/// The tiles a pyramid job has rendered so far, appended to a file beside its output
/// (`OUT.pmtiles.journal`) as each is drawn, so a run that is killed resumes where it stopped.
///
/// Layout: a header line naming the job and shard, then one record per tile: its PMTiles tile id
/// (8 bytes, little-endian), its length (4 bytes) and its bytes. A record cut short by a kill is
/// dropped when the journal is opened again (the file is cut back to the last whole record), and
/// so is a whole record whose bytes are not a tile of the job (edited, or a disk error): it is
/// drawn again.
/// Records are flushed to disk every `syncEvery` tiles and when closed. Appended to behind the
/// caller's lock (hence the unchecked `Sendable`).
final class PyramidJournal: @unchecked Sendable {
    let path: String
    private let handle: FileHandle
    private var unsynced = 0
    /// Tiles written between two flushes to disk.
    static let syncEvery = 64

    /// Opens the journal at `path` for `header` (creating it when there is none), and returns
    /// the tiles it already holds by tile id: those whose bytes `accepting` takes (the others
    /// are drawn again).
    /// - Throws: ``PyramidError/journal(path:reason:)`` when it is another job's or shard's, or
    ///   cannot be read or written.
    static func open(
        _ path: String, header: String, accepting: ([UInt8]) -> Bool = { _ in true }
    ) throws(PyramidError) -> (PyramidJournal, [UInt64: [UInt8]]) {
        let head = Array((header + "\n").utf8)
        var done: [UInt64: [UInt8]] = [:]
        var good = head.count
        if let data = FileManager.default.contents(atPath: path) {
            let bytes = [UInt8](data)
            guard bytes.starts(with: head) else {
                throw .journal(path: path, reason: "is another job's (remove it, or write to another output)")
            }
            var at = head.count
            while at + 12 <= bytes.count {
                let id = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[at + $1]) << (8 * UInt64($1)) }
                let length = (0..<4).reduce(0) { $0 | Int(bytes[at + 8 + $1]) << (8 * $1) }
                guard at + 12 + length <= bytes.count else { break }
                let tile = Array(bytes[(at + 12)..<(at + 12 + length)])
                if accepting(tile) { done[id] = tile }
                at += 12 + length
                good = at
            }
        } else if !FileManager.default.createFile(atPath: path, contents: Data(head)) {
            throw .journal(path: path, reason: "cannot be created")
        }
        guard let handle = FileHandle(forUpdatingAtPath: path) else {
            throw .journal(path: path, reason: "cannot be opened for writing")
        }
        do {
            try handle.truncate(atOffset: UInt64(good))
            try handle.seekToEnd()
        } catch { throw .journal(path: path, reason: "\(error)") }
        return (PyramidJournal(path: path, handle: handle), done)
    }

    private init(path: String, handle: FileHandle) { (self.path, self.handle) = (path, handle) }

    /// Appends one tile.
    func append(_ id: UInt64, _ bytes: [UInt8]) throws(PyramidError) {
        var record = [UInt8]()
        record.reserveCapacity(12 + bytes.count)
        for i in 0..<8 { record.append(UInt8(truncatingIfNeeded: id >> (8 * UInt64(i)))) }
        for i in 0..<4 { record.append(UInt8(truncatingIfNeeded: bytes.count >> (8 * i))) }
        record += bytes
        do {
            try handle.write(contentsOf: record)
            unsynced += 1
            if unsynced >= Self.syncEvery {
                try handle.synchronize()
                unsynced = 0
            }
        } catch { throw .journal(path: path, reason: "\(error)") }
    }

    /// Flushes and closes the file.
    func close() {
        try? handle.synchronize()
        try? handle.close()
    }
}
