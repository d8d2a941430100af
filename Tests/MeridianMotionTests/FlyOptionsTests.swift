import MeridianCamera
import MeridianGeometry
import MeridianMotion
import Testing

@Suite struct FlyOptionsTests {
    let transition = CameraTransition(
        from: try! CameraPosition(target: Coordinate(latitude: 49.26, longitude: -123.11), zoom: 10),
        to: try! CameraPosition(target: Coordinate(latitude: -33.87, longitude: 151.21), zoom: 12),
        path: .fly(rho: 1.42), viewSize: ScreenSize(width: 1024, height: 768))

    @Test(
        "duration is the path's length over the speed (or screen speed over the curve); a longer fly than maxDuration snaps"
    )
    func durations() throws {
        let length = transition.flyLength
        #expect(length > 1)
        #expect(abs(FlyOptions.standard.duration(for: transition) - length / 1.2) < 1e-12)
        #expect(abs(transition.automaticDuration - length / 1.2) < 1e-12)
        #expect(abs(try FlyOptions(speed: 2.4).duration(for: transition) - length / 2.4) < 1e-12)
        #expect(abs(try FlyOptions(screenSpeed: 2.84).duration(for: transition) - length / 2) < 1e-12)
        #expect(try FlyOptions(maxDuration: length / 1.2 - 0.01).duration(for: transition) == 0)
        #expect(try FlyOptions(maxDuration: length / 1.2 + 0.01).duration(for: transition) > 0)
        // A speed so small the fly would last forever snaps instead of never ending.
        #expect(try FlyOptions(speed: .leastNonzeroMagnitude).duration(for: transition) == 0)
        // A short hop lasts at least the minimum.
        let hop = CameraTransition(
            from: transition.from, to: try transition.from.changing(zoom: 10.001), path: .fly(rho: 1.42),
            viewSize: transition.viewSize)
        #expect(FlyOptions.standard.duration(for: hop) == FlyOptions.minimumDuration)
    }

    @Test(
        "bad options are named and refused",
        arguments: [
            ("curve", 0.0), ("speed", -1.0), ("screenSpeed", .nan), ("maxDuration", -1.0), ("maxDuration", .infinity),
        ])
    func badOptions(name: String, value: Double) {
        do {
            switch name {
            case "curve": _ = try FlyOptions(curve: value)
            case "speed": _ = try FlyOptions(speed: value)
            case "screenSpeed": _ = try FlyOptions(screenSpeed: value)
            default: _ = try FlyOptions(maxDuration: value)
            }
            Issue.record("\(name) = \(value) accepted")
        } catch { #expect(error.parameter == name) }
    }
}
