import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand {
    struct Camera: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "camera",
            abstract: "Camera math: projection, visible region, fitting, updates and tile cover, as JSON.",
            discussion: """
                Cameras are written lat,lng,zoom[,bearing[,tilt]]; sizes WIDTHxHEIGHT in points; insets \
                top,left,bottom,right (or one value). Attach negative numbers with '=': --camera=-33.87,151.21,12.
                """,
            subcommands: [
                Project.self, Unproject.self, VisibleRegion.self, Fit.self, FitPoints.self, Apply.self, Tiles.self,
                Eye.self, Look.self, Animate.self,
                Bounds.self,
            ]
        )
    }
}
