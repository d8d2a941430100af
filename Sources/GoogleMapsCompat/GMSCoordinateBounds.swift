import Foundation
import Meridian

/// A latitude/longitude rectangle (antimeridian-aware), or the invalid (empty) bounds.
open class GMSCoordinateBounds: NSObject, @unchecked Sendable {
    let bounds: CoordinateBounds

    init(bounds: CoordinateBounds) { self.bounds = bounds }

    /// The invalid bounds: contains nothing.
    public override init() { bounds = .empty }

    /// The box with these corners, taking the smaller of the two longitudinal spans.
    public init(coordinate coord1: CLLocationCoordinate2D, coordinate coord2: CLLocationCoordinate2D) {
        bounds = CoordinateBounds(coord1.meridian, coord2.meridian)
    }

    public init(region: GMSVisibleRegion) {
        bounds = CoordinateBounds(
            path: [region.nearLeft, region.nearRight, region.farLeft, region.farRight].map(\.meridian))
    }

    public init(path: GMSPath) { bounds = CoordinateBounds(path: path.coordinates.map(\.meridian)) }

    /// Whether it contains any point.
    public var isValid: Bool { !bounds.isEmpty }
    /// The north-east corner, or `kCLLocationCoordinate2DInvalid` when invalid.
    public var northEast: CLLocationCoordinate2D { bounds.northEast?.cl ?? kCLLocationCoordinate2DInvalid }
    /// The south-west corner, or `kCLLocationCoordinate2DInvalid` when invalid.
    public var southWest: CLLocationCoordinate2D { bounds.southWest?.cl ?? kCLLocationCoordinate2DInvalid }

    open func includingCoordinate(_ coordinate: CLLocationCoordinate2D) -> GMSCoordinateBounds {
        GMSCoordinateBounds(bounds: bounds.including(coordinate.meridian))
    }

    open func includingBounds(_ other: GMSCoordinateBounds) -> GMSCoordinateBounds {
        GMSCoordinateBounds(bounds: bounds.including(other.bounds))
    }

    open func includingPath(_ path: GMSPath) -> GMSCoordinateBounds {
        GMSCoordinateBounds(bounds: bounds.including(path: path.coordinates.map(\.meridian)))
    }

    /// Edges included.
    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool { bounds.contains(coordinate.meridian) }

    open func intersects(_ other: GMSCoordinateBounds) -> Bool { bounds.intersects(other.bounds) }

    open override func isEqual(_ object: Any?) -> Bool { (object as? GMSCoordinateBounds)?.bounds == bounds }
    open override var hash: Int { bounds.hashValue }
}

/// An immutable list of coordinates; `init?(fromEncodedPath:)` reads Google's encoded polylines.
open class GMSPath: NSObject, @unchecked Sendable {
    var coordinates: [CLLocationCoordinate2D]

    public override init() { coordinates = [] }

    init(coordinates: [CLLocationCoordinate2D]) { self.coordinates = coordinates }

    /// Nil for an invalid encoding.
    public init?(fromEncodedPath encodedPath: String) {
        guard let decoded = EncodedPolyline.decode(encodedPath) else { return nil }
        coordinates = decoded.map(\.cl)
    }

    public init(path: GMSPath) { coordinates = path.coordinates }

    open func count() -> UInt { UInt(coordinates.count) }

    /// The coordinate at `index`, or `kCLLocationCoordinate2DInvalid` past the end.
    open func coordinate(at index: UInt) -> CLLocationCoordinate2D {
        index < coordinates.count ? coordinates[Int(index)] : kCLLocationCoordinate2DInvalid
    }

    open func encodedPath() -> String { EncodedPolyline.encode(coordinates.map(\.meridian)) }
}

/// A path that can grow and shrink.
open class GMSMutablePath: GMSPath, @unchecked Sendable {
    open func add(_ coordinate: CLLocationCoordinate2D) { coordinates.append(coordinate) }

    open func addLatitude(_ latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        coordinates.append(CLLocationCoordinate2D(latitude: latitude, longitude: longitude))
    }

    open func insert(_ coordinate: CLLocationCoordinate2D, at index: UInt) {
        coordinates.insert(coordinate, at: min(Int(index), coordinates.count))
    }

    /// Out-of-range indices are ignored.
    open func removeCoordinate(at index: UInt) {
        if index < coordinates.count { coordinates.remove(at: Int(index)) }
    }

    open func removeLastCoordinate() { _ = coordinates.popLast() }
    open func removeAllCoordinates() { coordinates.removeAll() }
}
