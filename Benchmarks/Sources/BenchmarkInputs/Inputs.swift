import CProjectionPeer
import Meridian

/// The benchmark view and inputs, the same for Meridian and the C peer: 1024×768 at zoom 15,
/// bearing 30, tilt 45 over central Helsinki; points drawn with splitmix64 (seed 0x5EED)
/// uniformly in the lat/lng box of the view's ground footprint, latitude first.
public enum Inputs {
    public static let size = ScreenSize(width: 1024, height: 768)
    public static let camera = try! CameraPosition(
        target: Coordinate(latitude: 60.1716, longitude: 24.9443), zoom: 15, bearing: 30, tilt: 45)
    public static let viewport = try! Viewport(camera: camera, size: size)
    public static let peer = peer_camera_make(60.1716, 24.9443, 15, 30, 45, 1024, 768)

    public struct SplitMix64 {
        public init(state: UInt64) { self.state = state }
        public var state: UInt64
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
    }

    /// `n` coordinates in the footprint's bounding box.
    public static func coordinates(_ n: Int) -> [Coordinate] {
        let box = viewport.visibleRegion.bounds
        let (s, w, north, e) = (box.south!, box.west!, box.north!, box.east!)
        var rng = SplitMix64(state: 0x5EED)
        return (0..<n).map { _ in
            let lat = s + rng.unit() * (north - s)
            return Coordinate(latitude: lat, longitude: w + rng.unit() * (e - w))
        }
    }

    /// The same points as normalised Mercator world points (Meridian's camera-step input).
    public static func world(_ coordinates: [Coordinate]) -> [MercatorPoint] { coordinates.map(WebMercator.project) }

    /// The same points as world points at the zoom (the C peer's camera-step input).
    public static func peerWorld(_ coordinates: [Coordinate]) -> [peer_point] {
        var out = [peer_point](repeating: peer_point(), count: coordinates.count)
        coordinates.withUnsafeBytes { raw in
            out.withUnsafeMutableBufferPointer { o in
                withUnsafePointer(to: peer) {
                    peer_mercator(
                        $0, raw.baseAddress!.assumingMemoryBound(to: peer_latlng.self), o.baseAddress!,
                        coordinates.count)
                }
            }
        }
        return out
    }

    /// Largest difference, in points, between Meridian's and the peer's screen points (both
    /// NaN counts as equal): printed once so a benchmark never times two different computations.
    public static func maxDifference(_ a: [ScreenPoint], _ b: [peer_point]) -> Double {
        zip(a, b).reduce(0) { m, pair in
            let (p, q) = pair
            if p.x.isNaN && q.x.isNaN { return m }
            return max(m, abs(p.x - q.x), abs(p.y - q.y))
        }
    }
}
