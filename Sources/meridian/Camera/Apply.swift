import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    struct Apply: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The camera after applying an update to a camera in a view.",
            discussion:
                "Updates: \(TextValues.cameraUpdateForms)\nmeridian camera apply --camera 60.17,24.94,12 --update zoom-in"
        )
        @OptionGroup var view: ViewOptions
        @Option(help: "The update to apply (see below).", transform: { try checked(TextValues.cameraUpdate($0)) })
        var update: CameraUpdate
        @OptionGroup var constraints: ConstraintOptions

        func run() throws {
            emit(JSON(try checked(update.applied(to: try view.viewport(), constraints: try constraints.constraints()))))
        }
    }
}
