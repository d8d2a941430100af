import ArgumentParser
import Meridian

/// `meridian`: Meridian's command line. Each subcommand prints JSON on standard output;
/// bad arguments print a message naming the argument and exit non-zero.
///
/// Every command is a type nested as on the command line (`meridian camera fit` is
/// `MeridianCommand.Camera.Fit`, in Camera/Fit.swift), named for its command, except `data`
/// (`DataCommand`: `Data` is Foundation's) and `camera tiles` (in Camera/CameraTiles.swift:
/// a module holds one file of each name). Options shared by several commands are in Options/.
@main
struct MeridianCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meridian",
        abstract: "Meridian: an open map camera-and-view engine.",
        version: MeridianVersion.current,
        subcommands: [Camera.self, Tiles.self, Render.self, Serve.self, DataCommand.self]
    )
}
