import Foundation

extension StyleColor {
    /// Parses a CSS colour as MapLibre reads one (CSS Color Module Level 4): the named colours
    /// and `transparent`; `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`; `rgb()`/`rgba()` and
    /// `hsl()`/`hsla()` with commas or with spaces and `/ alpha`, channels as numbers or
    /// percentages, hues in degrees (`deg` allowed). Channels out of range are clamped; nil when
    /// the text is none of these.
    public init?(css text: String) {
        let s = text.trimmingCharacters(in: .whitespaces).lowercased()
        if s == "transparent" {
            self.init(r: 0, g: 0, b: 0, a: 0)
            return
        }
        if let hex = Self.cssNames[s] {
            self.init(r: Double(hex >> 16) / 255, g: Double(hex >> 8 & 0xFF) / 255, b: Double(hex & 0xFF) / 255)
            return
        }
        if s.hasPrefix("#") {
            let hex = Array(s.dropFirst())
            guard [3, 4, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
            let pairs: [String] =
                hex.count <= 4
                ? hex.map { String([$0, $0]) } : stride(from: 0, to: hex.count, by: 2).map { String(hex[$0...$0 + 1]) }
            let v = pairs.map { Double(Int($0, radix: 16) ?? 0) / 255 }
            self.init(r: v[0], g: v[1], b: v[2], a: v.count == 4 ? v[3] : 1)
            return
        }
        guard let open = s.firstIndex(of: "("), s.hasSuffix(")") else { return nil }
        let function = String(s[..<open])
        guard ["rgb", "rgba", "hsl", "hsla"].contains(function) else { return nil }
        guard let parts = Self.arguments(String(s[s.index(after: open)..<s.index(before: s.endIndex)])) else {
            return nil
        }
        let alpha = parts.alpha.map { min(max($0.percent ? $0.value / 100 : $0.value, 0), 1) } ?? 1
        if function.hasPrefix("rgb") {
            let c = parts.channels.map { min(max($0.percent ? $0.value / 100 : $0.value / 255, 0), 1) }
            self.init(r: c[0], g: c[1], b: c[2], a: alpha)
        } else {
            // Saturation and lightness in percent, the sign optional (CSS Color 4's numbers).
            guard !parts.channels[0].percent else { return nil }
            let (r, g, b) = Self.hsl(
                parts.channels[0].value, parts.channels[1].value / 100, parts.channels[2].value / 100)
            self.init(r: r, g: g, b: b, a: alpha)
        }
    }

    /// A colour function's arguments: three channels and an optional alpha, written
    /// `a, b, c[, d]` or `a b c[ / d]`; nil when malformed.
    static func arguments(
        _ inner: String
    ) -> (channels: [(value: Double, percent: Bool)], alpha: (value: Double, percent: Bool)?)? {
        var words: [String]
        var alphaWord: String?
        if inner.contains(",") {
            words = inner.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard words.count == 3 || words.count == 4 else { return nil }
            if words.count == 4 { alphaWord = words.removeLast() }
        } else {
            let halves = inner.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count <= 2 else { return nil }
            words = halves[0].split(separator: " ").map(String.init)
            if halves.count == 2 { alphaWord = halves[1].trimmingCharacters(in: .whitespaces) }
            guard words.count == 3 else { return nil }
        }
        func number(_ word: String) -> (value: Double, percent: Bool)? {
            var w = word
            let percent = w.hasSuffix("%")
            if percent { w.removeLast() } else if w.hasSuffix("deg") { w.removeLast(3) }
            guard let v = Double(w), v.isFinite, w.allSatisfy({ "0123456789+-.e".contains($0) }) else { return nil }
            return (v, percent)
        }
        let channels = words.compactMap(number)
        guard channels.count == 3 else { return nil }
        if let alphaWord {
            guard let alpha = number(alphaWord) else { return nil }
            return (channels, alpha)
        }
        return (channels, nil)
    }

    static func hsl(_ h: Double, _ s: Double, _ l: Double) -> (Double, Double, Double) {
        let s = min(max(s, 0), 1)
        let l = min(max(l, 0), 1)
        let hue = ((h.truncatingRemainder(dividingBy: 360)) + 360).truncatingRemainder(dividingBy: 360) / 360
        func channel(_ t0: Double) -> Double {
            let q = l < 0.5 ? l * (1 + s) : l + s - l * s
            let p = 2 * l - q
            var t = t0
            if t < 0 { t += 1 }
            if t > 1 { t -= 1 }
            if t < 1.0 / 6 { return p + (q - p) * 6 * t }
            if t < 0.5 { return q }
            if t < 2.0 / 3 { return p + (q - p) * (2.0 / 3 - t) * 6 }
            return p
        }
        return (channel(hue + 1.0 / 3), channel(hue), channel(hue - 1.0 / 3))
    }
}
