import MeridianGeometry
import RealModule

/// Where the eye of a camera is: the ground point under it and its height above the ground,
/// as MapLibre's free camera (`FreeCameraOptions.position`) and MapKit's camera (`centerCoordinate`
/// with `altitude`, for a camera looking straight down) describe it.
///
/// Altitude is in metres at the eye's latitude: the Mercator height (normalised world units)
/// times the Earth's circumference there (2πR·cos φ), as MapLibre converts it
/// (`mercatorZfromAltitude`). So altitude and ground distances around the eye agree in scale.
public struct EyePosition: Hashable, Sendable, Codable {
    /// The ground point straight below the eye (latitude within ±85.0511°).
    public var coordinate: Coordinate
    /// Metres above the ground, at the scale of the eye's latitude (see the type's summary);
    /// a usable eye has a finite, positive altitude.
    public var altitude: Double

    /// Creates an eye position from a ground coordinate and an altitude in metres, kept as given
    /// (``CameraPosition/init(lookingAt:from:viewHeight:bearing:)`` validates them).
    public init(coordinate: Coordinate, altitude: Double) {
        self.coordinate = coordinate
        self.altitude = altitude
    }

    /// Metres per normalised world unit (the world's width) at a latitude.
    static func metresPerWorld(latitude: Double) -> Double {
        2 * .pi * WebMercator.earthRadius
            * Double.cos(Angle.radians(latitude.clamped(to: -WebMercator.maxLatitude...WebMercator.maxLatitude)))
    }
}

extension Viewport {
    /// The camera's eye: ``eyeDistance`` from the target, leaning `tilt` from the vertical
    /// towards the bottom of the screen (independent of padding, which only moves where the
    /// target is drawn).
    public var eye: EyePosition {
        let back = eyeDistance * sinTilt
        let world = MercatorPoint(
            x: targetWorld.x - back * sinBearing / worldSize, y: targetWorld.y + back * cosBearing / worldSize)
        let coordinate = WebMercator.unproject(world)
        let height = eyeDistance * cosTilt / worldSize
        return EyePosition(
            coordinate: Coordinate(latitude: coordinate.latitude, longitude: Angle.wrapLongitude(coordinate.longitude)),
            altitude: height * EyePosition.metresPerWorld(latitude: coordinate.latitude))
    }
}

extension CameraPosition {
    /// The camera whose eye is at `eye` looking at `target` on the ground, in a view
    /// `viewHeight` points high (the height sets the eye distance, 1.5 × the height, and so
    /// the zoom): bearing from the eye's ground point towards the target, tilt from the
    /// vertical, zoom from the distance (MapLibre's free camera `lookAtPoint`).
    ///
    /// Looking straight down keeps `bearing`: the target is under the eye when its ground offset
    /// is below ``straightDown`` times the eye's height (a lean under 5.7e-8°, below what the
    /// eye's coordinates can tell apart: an offset of 1e-14° under a 1,000 m eye is rounding, not
    /// a direction), and the tilt is then 0. The camera's own rules
    /// still hold: a zoom outside 0...24 is clamped, and a tilt beyond ``TiltCurve`` at that
    /// zoom is lowered to it, so the eye of the result then lies nearer the vertical than
    /// asked (compare ``Viewport/eye``).
    /// - Throws: `InvalidArgument` naming `target.latitude`, `target.longitude`, `eye.latitude`
    ///   or `eye.longitude` when not finite (latitudes beyond ±90° are clamped, longitudes
    ///   wrapped), `altitude` or `viewHeight` (in points) when not finite or not positive, or
    ///   `bearing` when not finite.
    public init(
        lookingAt target: Coordinate, from eye: EyePosition, viewHeight: Double, bearing: Double = 0
    ) throws(InvalidArgument) {
        let t = try target.validated("target")
        let e = try eye.coordinate.validated("eye")
        let altitude = try InvalidArgument.finite(eye.altitude, "altitude")
        guard altitude > 0 else {
            throw InvalidArgument(
                parameter: "altitude", value: altitude,
                problem: .outOfRange(lowerBound: .leastNonzeroMagnitude, upperBound: .infinity))
        }
        let height = try InvalidArgument.finite(viewHeight, "viewHeight")
        guard height > 0 else {
            throw InvalidArgument(
                parameter: "viewHeight", value: height,
                problem: .outOfRange(lowerBound: .leastNonzeroMagnitude, upperBound: .infinity))
        }
        let keep = try InvalidArgument.finite(bearing, "bearing")
        let from = WebMercator.project(e)
        var to = WebMercator.project(t)
        to.x -= (to.x - from.x).rounded()  // the short way round
        let dx = to.x - from.x
        let dy = to.y - from.y
        let ground = (dx * dx + dy * dy).squareRoot()
        let h = altitude / EyePosition.metresPerWorld(latitude: e.latitude)
        let distance = (ground * ground + h * h).squareRoot()
        let zoom = Double.log2(1.5 * height / distance / WebMercator.tileSize)
        guard ground > h * Self.straightDown else {
            self.init(clamping: t, zoom: zoom, bearing: keep, tilt: 0)
            return
        }
        self.init(
            clamping: t, zoom: zoom, bearing: Angle.degrees(Double.atan2(y: dx, x: -dy)),
            tilt: Angle.degrees(Double.atan2(y: ground, x: h)))
    }

    /// The ground offset, as a fraction of the eye's height, below which an eye looks straight
    /// down (1e-9: a tilt of 5.7e-8°).
    public static let straightDown = 1e-9
}
