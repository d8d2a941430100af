import Foundation
import Meridian

// The SDK's geometry functions, on Meridian's geodesy (sphere of radius kGMSEarthRadius).

/// Great-circle distance in metres.
public func GMSGeometryDistance(_ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D) -> CLLocationDistance {
    Geodesy.distance(from.meridian, to.meridian)
}

/// Length of a path in metres (sum of great-circle distances).
public func GMSGeometryLength(_ path: GMSPath) -> CLLocationDistance {
    Geodesy.length(of: path.coordinates.map(\.meridian))
}

/// Initial heading from `from` to `to`, degrees clockwise from north in [0, 360); 0 for equal points.
public func GMSGeometryHeading(_ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D) -> CLLocationDirection {
    Angle.wrap360(Geodesy.heading(from: from.meridian, to: to.meridian))
}

/// The point `distance` metres from `from` along the great circle with initial `heading`; longitude in [-180, 180).
public func GMSGeometryOffset(
    _ from: CLLocationCoordinate2D, _ distance: CLLocationDistance, _ heading: CLLocationDirection
) -> CLLocationCoordinate2D {
    Geodesy.offset(from.meridian, distance: distance, heading: heading).cl
}

/// The point `fraction` of the way from `from` to `to` along the great circle.
public func GMSGeometryInterpolate(
    _ from: CLLocationCoordinate2D, _ to: CLLocationCoordinate2D, _ fraction: Double
) -> CLLocationCoordinate2D {
    Geodesy.interpolate(from: from.meridian, to: to.meridian, fraction: fraction).cl
}

/// Area of the closed path in square metres.
public func GMSGeometryArea(_ path: GMSPath) -> Double { Geodesy.area(of: path.coordinates.map(\.meridian)) }

/// Signed area: positive when the path runs counter-clockwise.
public func GMSGeometrySignedArea(_ path: GMSPath) -> Double {
    Geodesy.signedArea(of: path.coordinates.map(\.meridian))
}

/// Whether `point` is inside the closed path, with great-circle (`geodesic`) or rhumb edges.
public func GMSGeometryContainsLocation(_ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool) -> Bool {
    Geodesy.contains(point.meridian, in: path.coordinates.map(\.meridian), edges: geodesic ? .geodesic : .rhumb)
}

/// Whether `point` lies within `tolerance` metres of the path (great-circle segments when
/// `geodesic`, else rhumb lines, each sampled finely enough for the tolerance).
public func GMSGeometryIsLocationOnPathTolerance(
    _ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool, _ tolerance: CLLocationDistance
) -> Bool {
    let p = point.meridian
    let pts = path.coordinates.map(\.meridian)
    if pts.count == 1 { return Geodesy.distance(p, pts[0]) <= tolerance }
    for (a, b) in zip(pts, pts.dropFirst()) {
        // Nearest point by ternary search along the segment (distance to it is unimodal for
        // segments shorter than a quarter of the Earth).
        func along(_ f: Double) -> Coordinate {
            geodesic
                ? Geodesy.interpolate(from: a, to: b, fraction: f)
                : WebMercator.unproject(
                    MercatorPoint(
                        x: WebMercator.x(longitude: a.longitude)
                            + (WebMercator.x(
                                longitude: a.longitude + Angle.shortestDelta(from: a.longitude, to: b.longitude))
                                - WebMercator.x(longitude: a.longitude)) * f,
                        y: WebMercator.y(latitude: a.latitude)
                            + (WebMercator.y(latitude: b.latitude) - WebMercator.y(latitude: a.latitude)) * f))
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<100 {
            let m1 = lo + (hi - lo) / 3
            let m2 = hi - (hi - lo) / 3
            if Geodesy.distance(p, along(m1)) < Geodesy.distance(p, along(m2)) { hi = m2 } else { lo = m1 }
        }
        if Geodesy.distance(p, along((lo + hi) / 2)) <= tolerance { return true }
    }
    return false
}

/// As ``GMSGeometryIsLocationOnPathTolerance(_:_:_:_:)`` with the SDK's default 0.1 m.
public func GMSGeometryIsLocationOnPath(_ point: CLLocationCoordinate2D, _ path: GMSPath, _ geodesic: Bool) -> Bool {
    GMSGeometryIsLocationOnPathTolerance(point, path, geodesic, 0.1)
}
