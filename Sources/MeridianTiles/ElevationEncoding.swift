/// How an elevation tile's pixels hold heights: the two encodings MapLibre's `raster-dem`
/// sources read (its `encoding`), each a height in metres packed into a pixel's red, green and
/// blue bytes (alpha is not part of it).
///
/// - `terrarium` (Mapzen's, the default of `meridian data import`): height = R × 256 + G + B / 256
///   − 32768; heights from −32768 to 32767.996 m in steps of 1/256 m.
/// - `mapbox` (Mapbox Terrain-RGB, MapLibre's default for a `raster-dem` source): height =
///   −10000 + (R × 65536 + G × 256 + B) × 0.1; heights from −10000 to 1667721.5 m in steps of 0.1 m.
public enum ElevationEncoding: String, CaseIterable, Hashable, Sendable {
    case terrarium
    case mapbox

    /// The step between two heights the encoding can hold, in metres.
    public var resolution: Double {
        switch self {
        case .terrarium: 1.0 / 256
        case .mapbox: 0.1
        }
    }

    /// The heights the encoding can hold, in metres.
    public var range: ClosedRange<Double> {
        switch self {
        case .terrarium: -32768...(32768 - 1.0 / 256)
        case .mapbox: -10000...(-10000 + Double(0xFF_FFFF) * 0.1)
        }
    }

    /// The height (metres) of a pixel's red, green and blue bytes.
    @inlinable
    public func height(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        switch self {
        case .terrarium: Double(r) * 256 + Double(g) + Double(b) / 256 - 32768
        case .mapbox: -10000 + Double(Int(r) << 16 | Int(g) << 8 | Int(b)) * 0.1
        }
    }

    /// The red, green and blue bytes of `height` (metres), rounded to the nearest step; a height
    /// outside ``range`` is clamped to it, and NaN is taken as 0 (sea level).
    public func pixel(_ height: Double) -> (r: UInt8, g: UInt8, b: UInt8) {
        let h = height.isNaN ? 0 : min(range.upperBound, max(range.lowerBound, height))
        switch self {
        case .terrarium:
            let steps = Int(((h + 32768) * 256).rounded())
            return (UInt8(steps >> 16), UInt8(steps >> 8 & 0xFF), UInt8(steps & 0xFF))
        case .mapbox:
            let steps = Int(((h + 10000) * 10).rounded())
            return (UInt8(steps >> 16), UInt8(steps >> 8 & 0xFF), UInt8(steps & 0xFF))
        }
    }
}
