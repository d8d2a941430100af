import MeridianGeometry
import Testing

/// Checks |actual − expected| ≤ tolerance and records an issue naming both otherwise.
/// Every numeric assertion in the suite states its tolerance through this or `#expect`.
public func expectClose(
    _ actual: Double, _ expected: Double, within tolerance: Double, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let ok = abs(actual - expected) <= tolerance || (actual == expected)
    #expect(ok, "\(what()) \(actual) is not within \(tolerance) of \(expected)", sourceLocation: sourceLocation)
}

/// Checks two coordinates component-wise (longitudes the short way round), in degrees.
public func expectClose(
    _ actual: Coordinate?, _ expected: Coordinate, within degrees: Double, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("\(what()) expected \(expected), got nil", sourceLocation: sourceLocation)
        return
    }
    let dLat = abs(actual.latitude - expected.latitude)
    let dLng = abs(Angle.shortestDelta(from: expected.longitude, to: actual.longitude))
    #expect(
        dLat <= degrees && dLng <= degrees, "\(what()) \(actual) is not within \(degrees)° of \(expected)",
        sourceLocation: sourceLocation)
}

/// Checks two screen points, in points.
public func expectClose(
    _ actual: ScreenPoint?, _ expected: ScreenPoint, within points: Double, _ what: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("\(what()) expected \(expected), got nil", sourceLocation: sourceLocation)
        return
    }
    #expect(
        abs(actual.x - expected.x) <= points && abs(actual.y - expected.y) <= points,
        "\(what()) \(actual) is not within \(points) pt of \(expected)", sourceLocation: sourceLocation)
}

/// Non-finite values every entry point must reject.
public let nonFiniteValues: [Double] = [.nan, .infinity, -.infinity]
