import Foundation
import MeridianGeometry
import MeridianStyle

/// A symbol's icon at its point: a sprite image (``StyleImages``) or the built-in `dot` (a disc of
/// radius ``LabelPlacer/dotRadius`` points in `icon-color`, when no sprite has an image of that
/// name: `Style.builtInIcon`), scaled
/// by `icon-size`, its `icon-anchor` on the point, moved by `icon-offset` and turned by
/// `icon-rotate` about the point, as MapLibre sets it.
struct PointIcon {
    enum Kind {
        case dot
        case image(StyleImages.Image)
    }

    let kind: Kind
    /// `icon-size`: a factor of the image's own size, in [0, 16].
    var size: Double
    /// The image's fraction left of and above its anchor point (`icon-anchor`).
    let left: Double, above: Double
    /// `icon-offset`: the image's pixels right and down, before `icon-size` scales them.
    let offset: (x: Double, y: Double)
    /// Radians clockwise on the screen (`icon-rotate`, less the bearing for map alignment).
    var angle: Double
    /// `icon-color`: the tint of an SDF image and of the dot.
    let color: RGBA
    /// `icon-opacity`, in [0, 1].
    let opacity: Double
    /// `icon-padding`: points around the icon's box kept free of other symbols.
    var padding: Double
    /// `icon-translate` on the screen, points right and down.
    var shift = (x: 0.0, y: 0.0)
    /// `icon-halo-color` and `icon-halo-width` (points, in [0, 64]): SDF images only.
    var halo = RGBA(0, 0, 0, 0), haloWidth = 0.0
    /// `icon-halo-blur`, points (in [0, 64]): SDF images only.
    var haloBlur = 0.0
    /// Under tilt with `icon-pitch-alignment: map`, the ground's local linear map at the point
    /// (``LabelPlacer/groundMatrix(at:turnsWithMap:viewport:)``): the icon lies on the ground.
    var ground: StampMatrix? = nil
    /// `icon-text-fit`: the image stretched along its own axes (1 unstretched) and centred here,
    /// over its text, instead of at its anchor (``fitted(to:about:fit:)``; SDF images and the dot).
    var stretch = (x: 1.0, y: 1.0), fittedCenter: ScreenPoint? = nil
    /// `icon-text-fit` of a sprite image: the box it is drawn into about the anchor, points in
    /// its own axes (``IconTextFit``), its pieces stretched as its zones say.
    var fitBox: IconTextFit.Box? = nil

    /// How the icon's own axes land on the screen: stretched, turned by ``angle``, then laid on
    /// the ground.
    var matrix: StampMatrix {
        var turn = StampMatrix.turn(angle)
        if stretch != (1, 1) { turn = turn.after(StampMatrix(a: stretch.x, b: 0, c: 0, d: stretch.y)) }
        return ground.map { $0.after(turn) } ?? turn
    }

    /// The icon fitted to a text's box (`box`: left, top, right, bottom in the text's own,
    /// unturned axes, points) about the symbol's `anchor`, as MapLibre fits it (`icon-text-fit`,
    /// ``IconTextFit/box(text:fit:offset:size:stretch:)``): a sprite image is then drawn in
    /// pieces by its stretch zones (``fitBox``); an SDF image or the dot is stretched whole.
    /// `none` (or an empty image) leaves it as it is. Returns the icon and its box's centre in
    /// the same axes.
    func fitted(
        to box: (left: Double, top: Double, right: Double, bottom: Double), about anchor: ScreenPoint,
        fit: IconFit
    ) -> (icon: PointIcon, center: ScreenPoint)? {
        let (w, h) = extent
        let text = IconTextFit.Box(
            left: box.left - anchor.x, top: box.top - anchor.y, right: box.right - anchor.x,
            bottom: box.bottom - anchor.y)
        var stretchOf: SpriteStretch? = nil
        if case let .image(i) = kind { stretchOf = i.entry.stretch }
        guard w > 0, h > 0,
            let fitted = IconTextFit.box(
                text: text, fit: fit, offset: (offset.x * size, offset.y * size), size: (w, h), stretch: stretchOf)
        else { return nil }
        var out = self
        if case let .image(i) = kind, !i.entry.sdf {
            out.fitBox = fitted
        } else {
            out.stretch = (fitted.width / w, fitted.height / h)
        }
        let center = ScreenPoint(
            x: anchor.x + (fitted.left + fitted.right) / 2, y: anchor.y + (fitted.top + fitted.bottom) / 2)
        return (out, center)
    }

    /// The icon turned `radians` more (clockwise): set along a line.
    func turned(by radians: Double) -> PointIcon {
        var out = self
        out.angle += radians
        return out
    }

    /// The icon `factor` times as large, its padding too (``LabelPlacer/perspectiveRatio(depth:onGround:)``).
    func scaled(by factor: Double) -> PointIcon {
        var out = self
        (out.size, out.padding) = (size * factor, padding * factor)
        return out
    }

    /// The icon's size in points (the image's pixels over its pixel ratio, times `icon-size`).
    var extent: (width: Double, height: Double) {
        switch kind {
        case .dot: return (2 * LabelPlacer.dotRadius * size, 2 * LabelPlacer.dotRadius * size)
        case let .image(i):
            return (
                Double(i.entry.width) / i.entry.pixelRatio * size, Double(i.entry.height) / i.entry.pixelRatio * size
            )
        }
    }

    /// Where the icon's centre is for a symbol at `point`: the anchor and the offset turned
    /// with the icon about the point.
    func center(at point: ScreenPoint) -> ScreenPoint {
        if let fittedCenter { return fittedCenter }
        let (w, h) = extent
        let dx = offset.x * size + (0.5 - left) * w
        let dy = offset.y * size + (0.5 - above) * h
        let d = matrix.apply(dx, dy)
        return ScreenPoint(x: point.x + shift.x + d.x, y: point.y + shift.y + d.y)
    }

    /// The box the icon takes for a symbol at `point` (its turned outline's bounds), with its
    /// padding.
    func box(at point: ScreenPoint) -> LabelArea.Box {
        let (w, h) = fitBox.map { ($0.width, $0.height) } ?? extent
        let m = center(at: point)
        let t = matrix
        let (hw, hh) = ((w * abs(t.a) + h * abs(t.c)) / 2 + padding, (w * abs(t.b) + h * abs(t.d)) / 2 + padding)
        return LabelArea.Box(m.x - hw, m.y - hh, m.x + hw, m.y + hh)
    }

    /// Draws the icon for a symbol at `point`.
    func draw(at point: ScreenPoint, on canvas: Canvas) {
        guard opacity > 0, size > 0 else { return }
        let m = center(at: point)
        switch kind {
        case .dot:
            // On the ground the dot shrinks with the ground's scale there (a disc, not an ellipse).
            let scale = ground.map { ($0.a * $0.d - $0.b * $0.c).magnitude.squareRoot() } ?? 1
            canvas.disc(
                m, radius: LabelPlacer.dotRadius * size * scale, RGBA(color.r, color.g, color.b, color.a * opacity))
        case let .image(image) where fitBox != nil:
            canvas.icon(
                IconStamp.Key(
                    image: image.key, size: size, scale: canvas.scale, color: color, opacity: opacity,
                    fit: IconStamp.Key.quantized(fitBox)),
                image, at: point, turnedBy: angle, mappedBy: ground.map { $0.after(.turn(angle)) })
        case let .image(image):
            canvas.icon(
                IconStamp.Key(
                    image: image.key, size: size, scale: canvas.scale, color: color, opacity: opacity,
                    halo: image.entry.sdf ? halo : RGBA(0, 0, 0, 0), haloWidth: image.entry.sdf ? haloWidth : 0,
                    haloBlur: image.entry.sdf ? haloBlur : 0),
                image, at: m, turnedBy: angle, mappedBy: ground != nil || stretch != (1, 1) ? matrix : nil)
        }
    }
}
