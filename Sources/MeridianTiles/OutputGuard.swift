import Foundation

/// What a command that writes an archive checks first: that it will not replace what it reads.
/// `data extract` and `tiles render` refuse an output that is one of their input tilesets or lies
/// inside a data folder (an archive goes there through `meridian data import`); `tiles merge`
/// refuses one of its shards. Paths are compared with links resolved.
public enum OutputGuard {
    /// Why `output` may not be written, or nil when it may: it is one of `inputs` (it would
    /// replace a tileset being read; `what` names them, as "tilesets the region is read from"),
    /// or lies inside one of `dataFolders`.
    public static func refusal(_ output: String, inputs: [String], what: String, dataFolders: [String]) -> String? {
        let target = canonical(output)
        if inputs.contains(where: { !DataFolder.isRemote($0) && canonical($0) == target }) {
            return "it is one of the \(what); write it elsewhere"
        }
        if let folder = dataFolders.first(where: { target.hasPrefix(canonical($0) + "/") }) {
            return "it lies inside the data folder \(folder); write it elsewhere, then `meridian data import` it"
        }
        return nil
    }

    /// An absolute path with links resolved (for a file not there yet: its folder's, plus its name).
    public static func canonical(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        if FileManager.default.fileExists(atPath: url.path) { return url.resolvingSymlinksInPath().path }
        return url.deletingLastPathComponent().resolvingSymlinksInPath().appendingPathComponent(url.lastPathComponent)
            .path
    }
}
