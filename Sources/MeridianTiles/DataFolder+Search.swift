import Foundation

/// Where a command finds its data folder when `--data` names none: one documented search, the
/// same for every command (README, "Where data lives").
extension DataFolder {
    /// The folders searched, in order, when neither `--data` nor `$MERIDIAN_DATA` names one:
    /// a checkout's development build (`.build/meridian-data` under the working directory, only
    /// when it is there: run from a clone), the user's folder (`$XDG_DATA_HOME/meridian`, else
    /// `~/.local/share/meridian`), then `meridian/` under each of `$XDG_DATA_DIRS` (default
    /// `/usr/local/share:/usr/share`), as the XDG base-directory specification orders them.
    /// Relative `XDG_*` values are ignored, as the specification says.
    public static func searchPath(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> [String] {
        var out: [String] = []
        let checkout = workingDirectory + "/.build/meridian-data"
        if isFolder(checkout) { out.append(checkout) }
        out.append(userFolder(environment: environment))
        let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        out += dirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }.map {
            trimmed($0) + "/meridian"
        }
        return out
    }

    /// The user's data folder: `$XDG_DATA_HOME/meridian`, else `$HOME/.local/share/meridian`
    /// (where `meridian data import` puts regions when no other folder is in use).
    public static func userFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") { return trimmed(home) + "/meridian" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return trimmed(home) + "/.local/share/meridian"
    }

    /// The data folders a command uses: `explicit` (a `--data` option) alone if given, else
    /// `$MERIDIAN_DATA` alone, else the search of ``searchPath(environment:workingDirectory:)``:
    /// the first folder there that is writable (or can be made: the user's folder, usually) is
    /// ``path``, where `data import` writes, and every other searched folder that holds anything
    /// is read after it (``layers``: the shipped data, read-only), in search order. So from a
    /// clone the checkout's build comes first, and elsewhere the user's imports sit beside the
    /// system's data.
    public static func resolve(
        _ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> DataFolder {
        if let explicit { return DataFolder(path: explicit) }
        if let named = environment["MERIDIAN_DATA"], !named.isEmpty { return DataFolder(path: named) }
        let search = searchPath(environment: environment, workingDirectory: workingDirectory)
        let writable = search.first(where: isWritable) ?? userFolder(environment: environment)
        let holding = search.filter {
            isFolder($0) && !((try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? []).isEmpty
        }
        return DataFolder(path: writable, layers: holding)
    }

    /// Whether this process may write into `path`: a folder it may write, or, when the folder is
    /// not there yet, the nearest existing folder above it (where it would be made).
    public static func isWritable(_ path: String) -> Bool {
        var p = trimmed(path)
        while !FileManager.default.fileExists(atPath: p) {
            guard p != "/", !p.isEmpty else { return false }
            p = (p as NSString).deletingLastPathComponent
        }
        return isFolder(p) && Glibc.access(p, W_OK) == 0
    }

    /// Whether `path` (existing) is a folder this process may not write: shown by `data list`.
    public static func isReadOnly(_ path: String) -> Bool { isFolder(path) && !isWritable(path) }

    static func isFolder(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    static func trimmed(_ path: String) -> String {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }
}
