import Foundation
import MeridianGeometry
import MeridianStyle

/// How a prism's faces are coloured under the style's `light`, by MapLibre's fill-extrusion
/// shading: the colour plus a little ambient light (0.03), times a brightness that grows with how
/// squarely a face meets the light (from `1 − intensity` facing away to at most
/// `max(1 − luminance + intensity, 1)` facing it), tinted by the light's colour, each channel
/// clamped to [the tint's floor, 1].
///
/// Walls get `fill-extrusion-vertical-gradient` too (on by default): darker by up to
/// `mix(0.7, 0.98, 1 − intensity)` near the ground, less toward the top of walls over about
/// 100 m; a wall is one colour here, the mean of its foot's and its top's (MapLibre blends
/// between them up the wall; the two differ only for walls reaching above ~106 m from a base
/// under 1 m). As in MapLibre, a wall facing exactly east or west gets no gradient.
struct ExtrusionLight {
    /// Toward the light, world axes (x east, y south, z up); its length is the style's radial.
    let toLight: (x: Double, y: Double, z: Double)
    let intensity: Double
    let tint: RGBA
    var verticalGradient = true

    /// The light for a view at `bearing` degrees: with the `viewport` anchor it turns with the
    /// view, so it comes from the same side of the screen whatever the bearing.
    init(_ light: Style.Light, bearing: Double) {
        // MapLibre's spherical position: azimuth from the top (north), clockwise, +90° to the x axis.
        let a = (light.azimuth + 90) * .pi / 180
        let p = light.polar * .pi / 180
        var (x, y) = (light.radial * cos(a) * sin(p), light.radial * sin(a) * sin(p))
        if light.anchor == .viewport {
            let t = bearing * .pi / 180
            (x, y) = (x * cos(t) - y * sin(t), x * sin(t) + y * cos(t))
        }
        toLight = (x, y, light.radial * cos(p))
        intensity = min(max(light.intensity, 0), 1)
        let c = light.color
        tint = RGBA(c.r, c.g, c.b, 1)
    }

    /// A roof's colour (facing straight up).
    func roof(_ c: RGBA) -> RGBA { lit(c, facing: toLight.z, gradient: 1) }

    /// How much a patterned roof's image is darkened (0…1): MapLibre's pattern shading multiplies
    /// the image by the light alone (no colour to weigh), so a face is at most as bright as the image.
    var patternRoofShade: Double { 1 - patternBrightness(facing: toLight.z, gradient: 1) }

    /// How much a patterned wall's image is darkened (0…1), as ``wall(_:from:to:base:height:)``
    /// shades a colour.
    func patternWallShade(from a: MercatorPoint, to b: MercatorPoint, base: Double, height: Double) -> Double {
        let (facing, gradient) = wallLight(from: a, to: b, base: base, height: height)
        return 1 - patternBrightness(facing: facing, gradient: gradient)
    }

    private func patternBrightness(facing: Double, gradient: Double) -> Double {
        let d = min(max(facing, 0), 1)
        let brightest = max(0.5 + intensity, 1)
        let k = ((1 - intensity) + (brightest - (1 - intensity)) * d) * gradient
        return min(max(k * (tint.r + tint.g + tint.b) / 3, 0), 1)
    }

    /// The colour of the wall on the footprint's edge from `a` to `b` (in the ring's order, outer
    /// rings clockwise on the map as vector tiles have them), standing from `base` to `height`
    /// metres.
    func wall(_ c: RGBA, from a: MercatorPoint, to b: MercatorPoint, base: Double, height: Double) -> RGBA {
        let (facing, gradient) = wallLight(from: a, to: b, base: base, height: height)
        return lit(c, facing: facing, gradient: gradient)
    }

    /// A wall's unit normal's dot product with ``toLight``, and its vertical gradient's factor.
    private func wallLight(
        from a: MercatorPoint, to b: MercatorPoint, base: Double, height: Double
    ) -> (facing: Double, gradient: Double) {
        let (ex, ey) = (b.x - a.x, b.y - a.y)
        let length = (ex * ex + ey * ey).squareRoot()
        guard length > 0 else { return (0, 1) }
        // MapLibre's normal: the edge turned a quarter (x, y) → (−y, x), into the footprint.
        let (nx, ny) = (-ey / length, ex / length)
        var gradient = 1.0
        if verticalGradient, abs(ny) >= 1.0 / 16384 {
            let floor = 0.7 + (0.98 - 0.7) * (1 - intensity)
            let rise = (max(height, 0) / 150).squareRoot()
            let b = max(base, 0)
            func at(_ t: Double) -> Double { min(max((t + b) * rise, floor), 1) }
            gradient = (at(0) + at(1)) / 2
        }
        return (nx * toLight.x + ny * toLight.y, gradient)
    }

    /// `c` lit by a face whose unit normal's dot product with ``toLight`` is `facing`.
    private func lit(_ c: RGBA, facing: Double, gradient: Double) -> RGBA {
        let luminance = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b
        let d = min(max(facing, 0), 1)
        let brightest = max(1 - luminance + intensity, 1)
        let k = ((1 - intensity) + (brightest - (1 - intensity)) * d) * gradient
        func channel(_ v: Double, _ t: Double) -> Double { min(max((v + 0.03) * k * t, 0.3 * (1 - t)), 1) }
        return RGBA(channel(c.r, tint.r), channel(c.g, tint.g), channel(c.b, tint.b), c.a)
    }
}
