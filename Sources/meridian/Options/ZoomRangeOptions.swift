import ArgumentParser
import Meridian
import MeridianText

/// The zoom-range options of the subcommands that change a camera.
struct ZoomRangeOptions: ParsableArguments {
    @Option(help: "Lowest zoom (a new map's default: 2).") var minZoom: Double = ZoomRange.mapDefault.min
    @Option(help: "Highest zoom (a new map's default: 21).") var maxZoom: Double = ZoomRange.mapDefault.max

    func range() throws -> ZoomRange { try checked(ZoomRange(min: minZoom, max: maxZoom)) }
}
