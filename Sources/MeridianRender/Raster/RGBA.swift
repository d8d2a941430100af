/// An RGBA colour, components in [0, 1].
public struct RGBA: Hashable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    /// A NaN component (a style's ramp gone wrong) is 0, so no conversion to a byte traps on it
    /// and no cache key holds it.
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) {
        func sane(_ v: Double) -> Double { v.isNaN ? 0 : v }
        (self.r, self.g, self.b, self.a) = (sane(r), sane(g), sane(b), sane(a))
    }
    /// Nothing drawn: what a part without a colour takes (an icon's text colour where it has no text).
    public static let clear = RGBA(0, 0, 0, 0)
    /// From 0xRRGGBB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Double(hex >> 16 & 0xff) / 255, Double(hex >> 8 & 0xff) / 255, Double(hex & 0xff) / 255, alpha)
    }
}
