import Foundation  // tests only: libm trigonometry for the independent oracle
import MeridianCamera
import MeridianGeometry
import PropertyBased

/// Named sample views shared by the camera tests (STYLE 9).
enum Sample {
    static let size = ScreenSize(width: 1024, height: 768)
    static let helsinki = Coordinate(latitude: 60.1716, longitude: 24.9443)
    static let vancouver = Coordinate(latitude: 49.26, longitude: -123.11)
    static let calgary = Coordinate(latitude: 51.05, longitude: -114.05)

    static func viewport(
        _ target: Coordinate = helsinki, zoom: Double = 15, bearing: Double = 0, tilt: Double = 0,
        size: ScreenSize = size, padding: EdgeInsets = .zero
    ) -> Viewport {
        // Sample values are finite: a throw here is a bug in the fixture itself.
        try! Viewport(
            camera: CameraPosition(target: target, zoom: zoom, bearing: bearing, tilt: tilt), size: size,
            padding: padding)
    }

    static let flat = viewport()
    static let pitched = viewport(tilt: 45)
    static let rotated = viewport(bearing: 30, tilt: 45)
    static let highLatitude = viewport(Coordinate(latitude: 84.9, longitude: 10), zoom: 12, bearing: 200, tilt: 35)
    static let antimeridian = viewport(Coordinate(latitude: -17, longitude: 179.99), zoom: 9, bearing: 90, tilt: 20)
    static let all = [flat, pitched, rotated, highLatitude, antimeridian]
}

/// Generators for the seeded property tests over zoom × latitude × longitude × bearing × tilt.
enum Gens {
    static let zoom = Gen.double(in: 0...24)
    static let latitude = Gen.double(in: -85...85)
    static let longitude = Gen.double(in: -180..<180)
    static let bearing = Gen.double(in: 0..<360)
    /// A fraction of the maximum tilt allowed at the drawn zoom.
    static let tiltFraction = Gen.double(in: 0...1)
    static let unit = Gen.double(in: 0...1)
}

/// An independent oracle: a generic pinhole camera in 3-D (eye position, orthonormal basis,
/// focal length from the field of view), not the closed form the library uses.
enum PinholeOracle {
    /// Screen point of a world offset (points at the zoom, x east, y south) from the target.
    static func project(
        offset: (x: Double, y: Double), elevation: Double = 0, bearing: Double, tilt: Double, size: ScreenSize,
        center: ScreenPoint
    ) -> ScreenPoint? {
        let fov = 2 * atan(1.0 / 3.0)  // 36.87°
        let focal = (size.height / 2) / tan(fov / 2)  // = 1.5 × height
        let b = bearing * .pi / 180
        let t = tilt * .pi / 180
        // Ground axes: x east, y south, z up. Screen-up on the ground points at bearing b.
        let up = (sin(b), -cos(b), 0.0)
        let right = (cos(b), sin(b), 0.0)
        let eye = (-up.0 * focal * sin(t), -up.1 * focal * sin(t), focal * cos(t))
        let forward = normalize((-eye.0, -eye.1, -eye.2))
        let down = cross(right, forward)
        let v = (offset.x - eye.0, offset.y - eye.1, elevation - eye.2)
        let depth = dot(v, forward)
        guard depth > 0 else { return nil }
        return ScreenPoint(x: center.x + dot(v, right) * focal / depth, y: center.y + dot(v, down) * focal / depth)
    }

    typealias V = (Double, Double, Double)
    static func dot(_ a: V, _ b: V) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
    static func cross(_ a: V, _ b: V) -> V { (a.1 * b.2 - a.2 * b.1, a.2 * b.0 - a.0 * b.2, a.0 * b.1 - a.1 * b.0) }
    static func normalize(_ a: V) -> V {
        let l = sqrt(dot(a, a))
        return (a.0 / l, a.1 / l, a.2 / l)
    }
}
