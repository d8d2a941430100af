import MeridianCamera
import MeridianGeometry

/// Readers for the compact text forms Meridian's command line (and later its HTTP query
/// parameters) use for its values. Every reader either returns a valid value or throws a
/// ``TextError`` naming what it expected; non-finite numbers ("nan", "inf") are rejected.
public enum TextValues {
    /// Comma-separated finite numbers, `count` of them (or any count in `count`).
    public static func numbers(_ text: String, count: ClosedRange<Int>, what: String) throws(TextError) -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard count.contains(parts.count) else {
            let n =
                count.lowerBound == count.upperBound
                ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            throw TextError("\(what): expected \(n) comma-separated numbers, got '\(text)'")
        }
        var values: [Double] = []
        for part in parts {
            let trimmed = part.trimmingSpaces
            guard let v = Double(trimmed), v.isFinite else {
                throw TextError("\(what): '\(trimmed)' is not a finite number (in '\(text)')")
            }
            values.append(v)
        }
        return values
    }

    /// `lat,lng` in degrees; latitude must be in [-90, 90], any finite longitude wraps.
    public static func coordinate(_ text: String, what: String = "coordinate") throws(TextError) -> Coordinate {
        let v = try numbers(text, count: 2...2, what: what)
        guard abs(v[0]) <= 90 else { throw TextError("\(what): latitude \(v[0]) is outside [-90, 90]") }
        return Coordinate(latitude: v[0], longitude: v[1]).wrapped
    }

    /// `lat,lng,zoom[,bearing[,tilt]]`, clamped and wrapped as a camera is (SPEC §1).
    public static func camera(_ text: String) throws(TextError) -> CameraPosition {
        let v = try numbers(text, count: 3...5, what: "camera (lat,lng,zoom[,bearing[,tilt]])")
        guard abs(v[0]) <= 90 else { throw TextError("camera: latitude \(v[0]) is outside [-90, 90]") }
        do {
            return try CameraPosition(
                target: Coordinate(latitude: v[0], longitude: v[1]), zoom: v[2],
                bearing: v.count > 3 ? v[3] : 0, tilt: v.count > 4 ? v[4] : 0)
        } catch { throw TextError("camera: \(error)") }
    }

    /// `WIDTHxHEIGHT` in points, each side finite, positive and at most `maxSide`.
    public static func size(_ text: String, maxSide: Double = 16_384) throws(TextError) -> ScreenSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0].trimmingSpaces), let h = Double(parts[1].trimmingSpaces) else {
            throw TextError("size: expected WIDTHxHEIGHT in points, e.g. 1024x768, got '\(text)'")
        }
        guard w.isFinite, h.isFinite, w >= 1, h >= 1, w <= maxSide, h <= maxSide else {
            throw TextError("size: each side must be a finite number of points in [1, \(Int(maxSide))], got '\(text)'")
        }
        return ScreenSize(width: w, height: h)
    }

    /// `top,left,bottom,right` in points, or one number for every edge.
    public static func insets(_ text: String, what: String = "insets") throws(TextError) -> EdgeInsets {
        let v = try numbers(text, count: 1...4, what: "\(what) (top,left,bottom,right or one value)")
        switch v.count {
        case 1: return EdgeInsets(all: v[0])
        case 4: return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        default: throw TextError("\(what): expected 1 or 4 numbers (top,left,bottom,right), got '\(text)'")
        }
    }

    /// `x,y` in screen points.
    public static func point(_ text: String, what: String = "point") throws(TextError) -> ScreenPoint {
        let v = try numbers(text, count: 2...2, what: "\(what) (x,y)")
        return ScreenPoint(x: v[0], y: v[1])
    }

    /// `south,west,north,east` in degrees; west > east crosses the antimeridian.
    public static func bounds(_ text: String, what: String = "bounds") throws(TextError) -> CoordinateBounds {
        let v = try numbers(text, count: 4...4, what: "\(what) (south,west,north,east)")
        guard abs(v[0]) <= 90, abs(v[2]) <= 90 else {
            throw TextError("\(what): latitudes must be in [-90, 90], got '\(text)'")
        }
        guard v[0] <= v[2] else { throw TextError("\(what): south \(v[0]) is north of north \(v[2])") }
        return CoordinateBounds(
            southWest: Coordinate(latitude: v[0], longitude: v[1]),
            northEast: Coordinate(latitude: v[2], longitude: v[3]))
    }

    /// Most coordinates a path or ring given as text may hold.
    public static let maxPathPoints = 100_000

    /// `lat,lng;lat,lng;…` (`;` or spaces between points), at least one and at most
    /// ``maxPathPoints`` coordinates.
    public static func path(_ text: String, what: String = "path") throws(TextError) -> [Coordinate] {
        let parts = text.split { $0 == ";" || $0 == " " }
        guard !parts.isEmpty else { throw TextError("\(what): expected lat,lng;lat,lng;…, got '\(text)'") }
        guard parts.count <= maxPathPoints else { throw TextError("\(what): more than \(maxPathPoints) points") }
        var out: [Coordinate] = []
        for (i, part) in parts.enumerated() { out.append(try coordinate(String(part), what: "\(what) point \(i + 1)")) }
        return out
    }

    /// `Z` or `MIN-MAX`: whole zooms in [0, `max`], MIN ≤ MAX.
    public static func zoomRange(
        _ text: String, max: Int = 30, what: String = "zooms"
    ) throws(TextError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingSpaces) }
        guard (1...2).contains(parts.count), let lo = parts.first ?? nil, let hi = parts.last ?? nil else {
            throw TextError("\(what): expected Z or MIN-MAX with whole zooms, got '\(text)'")
        }
        guard lo >= 0, hi <= max, lo <= hi else { throw TextError("\(what): '\(text)' is not a range within 0-\(max)") }
        return lo...hi
    }
}

extension Substring {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
