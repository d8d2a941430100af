import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    struct Eye: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Where the camera's eye is: the ground point below it and its altitude in metres.",
            discussion: "meridian camera eye --camera 60.17,24.94,15,30,45 --size 1024x768")
        @OptionGroup var view: ViewOptions

        func run() throws {
            let v = try view.viewport()
            let eye = v.eye
            emit(
                .object([
                    ("camera", JSON(v.camera)), ("eye", JSON(eye.coordinate)), ("altitude", .number(eye.altitude)),
                ]))
        }
    }
}
