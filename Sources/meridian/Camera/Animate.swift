import ArgumentParser
import Meridian
import MeridianText

extension MeridianCommand.Camera {
    /// `meridian camera animate`: runs a camera animation on a map with a manual clock and prints
    /// every 60 fps frame as a JSON line: `time` in seconds, the animation's whole `duration` in
    /// seconds (0 when it snaps), the camera, and the map events of that frame. The first line is
    /// the start camera at time 0, the last the exact end camera.
    struct Animate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Every 60 fps frame of a camera animation, as JSON lines with the map's events.",
            discussion: """
                meridian camera animate --camera 49.26,-123.11,10 --to=-33.8683,151.2086,12 --fly --size 1024x768
                meridian camera animate --camera 60.17,24.94,12 --update zoom-in --duration 0.3
                meridian camera animate --camera 60.17,24.94,12 --to 60.17,24.94,13 --to-padding 0,300,0,0 --size 1024x768
                """)
        static let maxDuration = 120.0

        @OptionGroup var view: ViewOptions
        @Option(
            help: "The camera to animate to: lat,lng,zoom[,bearing[,tilt]].",
            transform: { try checked(TextValues.camera($0)) })
        var to: CameraPosition?
        @Option(
            help: "An update to apply and animate to (forms as in `camera apply`).",
            transform: { try checked(TextValues.cameraUpdate($0)) })
        var update: CameraUpdate?
        @Option(help: "Seconds (default 0.3; automatic for --fly), at most 120.") var duration: Double?
        @Option(
            help: "Timing curve: linear, ease-in, ease-out, ease-in-out (default), default.",
            transform: { try checked(Animate.curve($0)) })
        var curve: TimingCurve = .easeInOut
        @Flag(help: "Fly: zoom out, travel, zoom in (van Wijk & Nuij).") var fly = false
        @Option(help: "The fly path's curvature ρ.") var rho: Double = CameraTransition.defaultRho
        @Option(help: "Fly speed for the automatic duration, view widths per second along the path (default 1.2).")
        var speed: Double = CameraTransition.flySpeed
        @Option(help: "Fly screen speed, view widths per second as if linear (replaces --speed).") var screenSpeed:
            Double?
        @Option(help: "Seconds: a fly that would take longer snaps to its end.") var maxDuration: Double?
        @Option(
            help:
                "Padding to animate to with the camera, top,left,bottom,right or one value (MapLibre's easeTo padding; not with --fly).",
            transform: { try checked(TextValues.insets($0, what: "to-padding")) })
        var toPadding: EdgeInsets?
        @OptionGroup var constraints: ConstraintOptions

        func validate() throws {
            guard (to == nil) != (update == nil) else { throw ValidationError("give exactly one of --to or --update") }
            guard toPadding == nil || !fly else { throw ValidationError("--to-padding animates an ease, not a fly") }
            if let duration, !(duration.isFinite && duration >= 0 && duration <= Self.maxDuration) {
                throw ValidationError(
                    "duration must be a finite number of seconds in [0, \(Int(Self.maxDuration))], got \(duration)")
            }
            _ = try flyOptions()
        }

        func flyOptions() throws -> FlyOptions {
            do {
                return try FlyOptions(curve: rho, speed: speed, screenSpeed: screenSpeed, maxDuration: maxDuration)
            } catch {
                throw ValidationError(
                    error.parameter == "curve" ? "rho must be a finite positive number, got \(rho)" : error.description)
            }
        }

        static func curve(_ name: String) throws(TextError) -> TimingCurve {
            switch name {
            case "linear": return .linear
            case "ease-in": return .easeIn
            case "ease-out": return .easeOut
            case "ease-in-out": return .easeInOut
            case "default": return .systemDefault
            default: throw TextError("curve: expected linear, ease-in, ease-out, ease-in-out or default, got '\(name)'")
            }
        }

        func run() async throws {
            let limits = try constraints.constraints()
            let options = try flyOptions()
            try await MainActor.run {
                let clock = ManualClock()
                let map = try checked(
                    MapView(
                        options: MapOptions(frame: view.size, camera: view.camera, padding: view.padding), clock: clock)
                )
                try checked(map.setMinZoom(limits.zoomRange.min, maxZoom: limits.zoomRange.max))
                try checked(map.setMinTilt(limits.tiltRange.lowerBound, maxTilt: limits.tiltRange.upperBound))
                map.cameraTargetBounds = limits.targetBounds
                map.viewportBounds = limits.viewportBounds
                var events: [JSON] = []
                map.onEvent = { events.append(Self.json($0)) }
                let destination = try to ?? checked(update!.applied(to: map.projection, constraints: map.constraints))
                // The fly's own duration (0 when --max-duration makes it snap) unless --duration is given.
                let seconds = options.limited(
                    duration
                        ?? (fly ? map.flyDuration(to: destination, options: options) : AnimationOptions.defaultDuration)
                )
                guard seconds <= Self.maxDuration else {
                    throw ValidationError("the fly would take \(seconds) s, more than \(Int(Self.maxDuration)) s")
                }
                map.withTransaction(AnimationOptions(duration: seconds, curve: curve)) {
                    if fly {
                        map.fly(to: destination, options: options)
                    } else if let toPadding {
                        try? map.animate(to: destination, padding: toPadding)  // (validated when parsed)
                    } else {
                        map.animate(to: destination)
                    }
                }
                var frame = 0
                @MainActor func emitLine() {
                    var fields: [(String, JSON)] = [
                        ("time", .number(Double(frame) / 60)), ("duration", .number(seconds)),
                    ]
                    if case let .object(cameraFields) = JSON(map.camera) { fields += cameraFields }
                    if toPadding != nil {
                        let p = map.padding
                        fields.append(("padding", .array([p.top, p.left, p.bottom, p.right].map(JSON.number))))
                    }
                    fields.append(("events", .array(events)))
                    print(JSON.object(fields).text)
                    events.removeAll()
                }
                emitLine()
                while map.isAnimating {
                    frame += 1
                    clock.advance(by: 1.0 / 60)
                    map.tick()
                    emitLine()
                }
            }
        }

        static func json(_ event: MapEvent) -> JSON {
            switch event {
            case let .willMove(gesture): return .object([("type", .string("willMove")), ("gesture", .bool(gesture))])
            case .didChange: return .object([("type", .string("didChange"))])
            case .idle: return .object([("type", .string("idle"))])
            case let .tapMap(c): return .object([("type", .string("tapMap")), ("coordinate", JSON(c))])
            case let .tapOverlay(id):
                return .object([("type", .string("tapOverlay")), ("overlay", .integer(id.rawValue))])
            }
        }
    }
}
