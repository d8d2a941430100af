import Foundation

/// Where the tests find the default data built by `scripts/build-data.sh`: $MERIDIAN_DATA, or
/// `.build/meridian-data` in the package. `scripts/test.sh` sets MERIDIAN_REQUIRE_DATA=1, so
/// there a missing file fails the real-data tests instead of skipping them.
public enum TestData {
    public static var directory: String {
        ProcessInfo.processInfo.environment["MERIDIAN_DATA"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent(".build/meridian-data").path
    }

    /// The path of a file of the dataset, e.g. `helsinki.mbtiles`.
    public static func path(_ name: String) -> String { directory + "/" + name }

    /// Whether a real-data test should run: the file is there, or it is required.
    public static func available(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
            || ProcessInfo.processInfo.environment["MERIDIAN_REQUIRE_DATA"] == "1"
    }
}

/// A path in the temporary folder for `name`, unique to this test process.
public func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent(
        "meridian-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    ).path
}

/// A fresh, empty folder at ``temporaryPath(_:)`` for `name` (whatever was there removed).
public func emptyFolder(_ name: String) throws -> String {
    let dir = temporaryPath(name)
    try? FileManager.default.removeItem(atPath: dir)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}
