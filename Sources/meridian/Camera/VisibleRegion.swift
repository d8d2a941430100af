import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    struct VisibleRegion: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "visible-region", abstract: "The four ground corners of the padded view, and their bounds.")
        @OptionGroup var view: ViewOptions

        func run() throws {
            let v = try view.viewport()
            let r = v.visibleRegion
            emit(
                .object([
                    ("camera", JSON(v.camera)), ("nearLeft", JSON(r.nearLeft)), ("nearRight", JSON(r.nearRight)),
                    ("farLeft", JSON(r.farLeft)), ("farRight", JSON(r.farRight)), ("bounds", JSON(r.bounds)),
                ]))
        }
    }
}
