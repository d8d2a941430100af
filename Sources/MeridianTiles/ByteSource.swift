import Foundation

/// Where an archive's bytes come from (``PMTiles`` reads through one): a local file
/// (``FileBytes``), or an object on an HTTP server read by ranges (`MeridianRemote`).
///
/// One per archive reader; a reader is used by one thread or task at a time.
public protocol ByteSource: AnyObject {
    /// What errors name: the file's path or the object's URL.
    var name: String { get }
    /// The archive's length in bytes.
    var size: UInt64 { get }
    /// `count` bytes from `offset`, by `deadline` (a server's read gives up at it with
    /// `unavailable`; a local file's is not bounded by it).
    /// - Throws: ``TileError/corrupt(path:reason:)`` when the range runs past ``size``; the
    ///   source's own ``TileError`` when the bytes cannot be read (a file's, or a server's:
    ///   ``TileError/unavailable(url:reason:retryAfter:)``, ``TileError/changed(url:)``).
    func read(at offset: UInt64, count: UInt64, deadline: Deadline) throws(TileError) -> [UInt8]
}

extension ByteSource {
    /// ``read(at:count:deadline:)`` with no deadline (opening an archive; what no frame waits on).
    public func read(at offset: UInt64, count: UInt64) throws(TileError) -> [UInt8] {
        try read(at: offset, count: count, deadline: .never)
    }

    /// The error of a read of `count` bytes at `offset` past the end, or nil when it fits.
    func pastEnd(_ offset: UInt64, _ count: UInt64) -> TileError? {
        guard offset <= size, count <= size - offset else {
            return .corrupt(
                path: name,
                reason: "a read of \(count) bytes at \(offset) runs past the end of the file (\(size) bytes)")
        }
        return nil
    }
}

/// An archive's bytes in a local file, read with `FileHandle` (seek, then read).
public final class FileBytes: ByteSource {
    public let name: String
    public let size: UInt64
    private let handle: FileHandle

    /// Opens `path` for reading.
    /// - Throws: ``TileError/database(path:message:)`` when it cannot be opened or measured.
    public init(path: String) throws(TileError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .database(path: path, message: "cannot open the file")
        }
        do { size = try handle.seekToEnd() } catch {
            try? handle.close()
            throw .database(path: path, message: "cannot read the file's size (\(error))")
        }
        (self.name, self.handle) = (path, handle)
    }

    deinit { try? handle.close() }

    public func read(at offset: UInt64, count: UInt64, deadline: Deadline) throws(TileError) -> [UInt8] {
        if let error = pastEnd(offset, count) { throw error }
        guard count > 0 else { return [] }
        do {
            try handle.seek(toOffset: offset)
            guard let data = try handle.read(upToCount: Int(count)), data.count == Int(count) else {
                throw TileError.corrupt(path: name, reason: "short read at \(offset)")
            }
            return [UInt8](data)
        } catch let error as TileError { throw error } catch { throw .database(path: name, message: "\(error)") }
    }
}
