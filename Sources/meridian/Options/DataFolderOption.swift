import ArgumentParser
import Foundation
import MeridianData
import MeridianTiles

/// `--data DIR`, else $MERIDIAN_DATA, else the search of `DataFolder.resolve` (README, "Where data lives").
struct DataFolderOption: ParsableArguments {
    @Option(
        help:
            "The data folder (default: $MERIDIAN_DATA, else the first of a checkout's .build/meridian-data, the user's and the system's data folders that holds data; `meridian data list` shows them)."
    ) var data: String?
    var folder: DataFolder { DataFolder.resolve(data) }
}
