import ArgumentParser
import Foundation
import MeridianData
import MeridianTiles

extension MeridianCommand.DataCommand {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a tileset by name.")
        @Argument(help: "The tileset's name, as `meridian data list` shows it.") var name: String
        @OptionGroup var folder: DataFolderOption

        func run() throws {
            do { try Catalog(folder: folder.folder).remove(name) } catch { throw ValidationError(error.description) }
            print("removed \(name)")
        }
    }
}
