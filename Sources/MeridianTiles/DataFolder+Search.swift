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
    public static func searchPath(environment: [String: String] = ProcessInfo.processInfo.environment,
                                  workingDirectory: String = FileManager.default.currentDirectoryPath) -> [String] {
        var out: [String] = []
        let checkout = workingDirectory + "/.build/meridian-data"
        if isFolder(checkout) { out.append(checkout) }
        out.append(userFolder(environment: environment))
        let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        out += dirs.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }.map { trimmed($0) + "/meridian" }
        return out
    }

    /// The user's data folder: `$XDG_DATA_HOME/meridian`, else `$HOME/.local/share/meridian`
    /// (where `meridian data import` puts regions when no other folder is in use).
    public static func userFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") { return trimmed(home) + "/meridian" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return trimmed(home) + "/.local/share/meridian"
    }

    /// The data folder a command uses: `explicit` (a `--data` option) if given, else
    /// `$MERIDIAN_DATA`, else the first folder of ``searchPath(environment:workingDirectory:)``
    /// that exists and holds anything, else the user's folder (which `data import` creates; the
    /// other commands report it missing, naming the folders searched).
    public static func resolve(_ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
                               workingDirectory: String = FileManager.default.currentDirectoryPath) -> DataFolder {
        if let explicit { return DataFolder(path: explicit) }
        if let named = environment["MERIDIAN_DATA"], !named.isEmpty { return DataFolder(path: named) }
        let path = searchPath(environment: environment, workingDirectory: workingDirectory)
        let found = path.first { isFolder($0) && !((try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? []).isEmpty }
        return DataFolder(path: found ?? userFolder(environment: environment))
    }

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
