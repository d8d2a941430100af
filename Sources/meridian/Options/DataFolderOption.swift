import ArgumentParser
import Foundation
import MeridianData
import MeridianRemote
import MeridianTiles

/// `--data DIR`, else $MERIDIAN_DATA, else the search of `DataFolder.resolve` (README, "Where data
/// lives"); or data on an HTTP server: `--data http://host/region.pmtiles` or a manifest
/// (`RemoteData`), read by range requests.
struct DataFolderOption: ParsableArguments {
    @Option(
        help:
            "The data folder (default: $MERIDIAN_DATA, else the first of a checkout's .build/meridian-data, the user's and the system's data folders that holds data; `meridian data list` shows them); or an archive (http://…/x.pmtiles) or a manifest of archives (a JSON list of their URLs, over HTTP or in a .json file) on an HTTP server."
    ) var data: String?

    /// The remote data `--data` names is fetched here, once (an error ends the command naming it).
    func validate() throws {
        let given = data ?? ProcessInfo.processInfo.environment["MERIDIAN_DATA"]
        guard let given, RemoteData.isRemote(given) else { return }
        do { _ = try RemoteData.folder(given, reader: .shared) } catch {
            throw ValidationError("--data \(given): \(error)")
        }
    }

    /// The folder, reading data on HTTP servers (archives, and styles' `tiles` lists and TileJSON
    /// URLs there) through the command's `RemoteReader` (`RemoteReader.shared`: one per process,
    /// whose caches, breaker and archives the command's reads share).
    var folder: DataFolder {
        let given = data ?? ProcessInfo.processInfo.environment["MERIDIAN_DATA"]
        if let given, RemoteData.isRemote(given), let remote = try? RemoteData.folder(given, reader: .shared) {
            return remote
        }
        return DataFolder.resolve(data).reading(RemoteReader.shared)
    }
}
