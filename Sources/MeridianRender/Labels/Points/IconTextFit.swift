/// `icon-text-fit` as MapLibre lays it out: the box an icon is fitted to around its text
/// (``box(text:fit:offset:size:stretch:)``), and the pieces of the image drawn into it
/// (``quads(_:box:)``): the image's stretchable columns and rows (``SpriteStretch``) share what
/// the box needs beyond its fixed ones, which keep their size; the `content` part is the one
/// laid over the text.
///
/// Every box is in points in the text's own axes, relative to the symbol's anchor (MapLibre's
/// "em" offsets at `icon-size` 1); source rectangles are in the image's own pixels.
enum IconTextFit {
    /// A rectangle: left, top, right, bottom.
    struct Box: Hashable {
        var left: Double, top: Double, right: Double, bottom: Double
        var width: Double { right - left }
        var height: Double { bottom - top }
    }

    /// A piece of the image: `source` (image pixels, reaching one pixel past the image's edges
    /// where MapLibre samples its transparent border) drawn into `target` (points).
    struct Quad: Equatable {
        let source: Box, target: Box
    }

    /// The box the icon takes over a text whose box is `text`: stretched to the text's width
    /// and/or height (`fit`'s mode) plus `fit`'s padding, else the icon's own `size` (points)
    /// centred on the text; moved by `offset` (points). With a `content` part and a text fit of
    /// the image, the box keeps the content's aspect as `textFitWidth`/`-Height` ask (MapLibre's
    /// `applyTextFit`). Nil for `none` or a box that is empty or not finite.
    static func box(
        text: Box, fit: IconFit, offset: (x: Double, y: Double), size: (width: Double, height: Double),
        stretch: SpriteStretch?
    ) -> Box? {
        let (mode, pad) = (fit.mode, fit.padding)
        guard mode != .none else { return nil }
        var box = Box(left: 0, top: 0, right: 0, bottom: 0)
        if mode == .width || mode == .both {
            (box.left, box.right) = (offset.x + text.left - pad.left, offset.x + text.right + pad.right)
        } else {
            box.left = offset.x + (text.left + text.right - size.width) / 2
            box.right = box.left + size.width
        }
        if mode == .height || mode == .both {
            (box.top, box.bottom) = (offset.y + text.top - pad.top, offset.y + text.bottom + pad.bottom)
        } else {
            box.top = offset.y + (text.top + text.bottom - size.height) / 2
            box.bottom = box.top + size.height
        }
        if let stretch, let content = stretch.content, stretch.fitWidth != nil || stretch.fitHeight != nil {
            box = keepingAspect(box, (content.right - content.left) / (content.bottom - content.top), stretch)
        }
        let values = [box.left, box.top, box.right, box.bottom]
        guard values.allSatisfy(\.isFinite), box.width > 0, box.height > 0 else { return nil }
        return box
    }

    /// The box widened or heightened about the anchor to the content's `aspect` (width over
    /// height), as `textFitWidth` and `textFitHeight` ask; the proportional height wins.
    private static func keepingAspect(_ box: Box, _ aspect: Double, _ stretch: SpriteStretch) -> Box {
        var (left, top, width, height) = (box.left, box.top, box.width, box.height)
        let fitWidth = stretch.fitWidth ?? .stretchOrShrink
        let fitHeight = stretch.fitHeight ?? .stretchOrShrink
        guard width > 0, height > 0 else { return box }
        if fitHeight == .proportional {
            if fitWidth == .proportional || fitWidth == .stretchOnly && width / height < aspect {
                let wider = (height * aspect).rounded(.up)
                (left, width) = (left * wider / width, wider)
            }
        } else if fitWidth == .proportional, fitHeight == .stretchOnly, aspect != 0, width / height > aspect {
            let taller = (width / aspect).rounded(.up)
            (top, height) = (top * taller / height, taller)
        }
        return Box(left: left, top: top, right: left + width, bottom: top + height)
    }

    /// The pieces of `entry`'s image drawn into `box` (from ``box(text:fit:offset:size:stretch:)``):
    /// one for the whole image when it has no stretch zones, else one per pair of neighbouring
    /// cuts along each axis. Fixed parts keep their pixels over the image's pixel ratio; where
    /// they are wider than the box, the whole is scaled up about the anchor to hold them.
    static func quads(_ entry: SpriteSheet.Entry, box: Box) -> [Quad] {
        let axisX = Axis(
            size: Double(entry.width), zones: entry.stretch?.x,
            content: entry.stretch?.content.map { ($0.left, $0.right) }, start: box.left, length: box.width,
            ratio: entry.pixelRatio)
        let axisY = Axis(
            size: Double(entry.height), zones: entry.stretch?.y,
            content: entry.stretch?.content.map { ($0.top, $0.bottom) }, start: box.top, length: box.height,
            ratio: entry.pixelRatio)
        let whole = entry.stretch?.x == nil && entry.stretch?.y == nil
        let xCuts = whole ? axisX.wholeCuts : axisX.cuts
        let yCuts = whole ? axisY.wholeCuts : axisY.cuts
        var out: [Quad] = []
        for (x1, x2) in zip(xCuts, xCuts.dropFirst()) {
            for (y1, y2) in zip(yCuts, yCuts.dropFirst()) {
                let source = Box(
                    left: x1.stretch + x1.fixed, top: y1.stretch + y1.fixed, right: x2.stretch + x2.fixed,
                    bottom: y2.stretch + y2.fixed)
                let target = Box(
                    left: axisX.position(x1), top: axisY.position(y1), right: axisX.position(x2),
                    bottom: axisY.position(y2))
                guard source.width > 0, source.height > 0, target.width > 0, target.height > 0 else { continue }
                out.append(Quad(source: source, target: target))
            }
        }
        return out
    }

    /// A cut across one axis of the image: `stretch` pixels of stretchable zones and `fixed`
    /// pixels of fixed ones before it.
    struct Cut {
        let fixed: Double, stretch: Double
    }

    /// One axis of an image fitted into a box's `start` and `length` (points).
    private struct Axis {
        let zones: [SpriteStretch.Zone]
        let stretchSize: Double, fixedSize: Double
        let stretchOffset: Double, stretchContent: Double, fixedOffset: Double, fixedContent: Double
        let start: Double, length: Double, ratio: Double, size: Double

        init(
            size: Double, zones given: [SpriteStretch.Zone]?, content: (Double, Double)?, start: Double,
            length: Double, ratio: Double
        ) {
            let zones = given ?? [SpriteStretch.Zone(start: 0, end: size)]
            let stretchSize = zones.reduce(0) { $0 + $1.end - $1.start }
            func within(_ lo: Double, _ hi: Double) -> Double {
                zones.reduce(0) { $0 + max(lo, min(hi, $1.end)) - max(lo, min(hi, $1.start)) }
            }
            (self.zones, self.stretchSize, fixedSize) = (zones, stretchSize, size - stretchSize)
            if let (lo, hi) = content {
                (stretchOffset, stretchContent) = (within(0, lo), within(lo, hi))
                (fixedOffset, fixedContent) = (lo - within(0, lo), hi - lo - within(lo, hi))
            } else {
                (stretchOffset, stretchContent, fixedOffset, fixedContent) = (0, stretchSize, 0, size - stretchSize)
            }
            (self.start, self.length, self.ratio, self.size) = (start, length, ratio, size)
        }

        /// The whole image and its one-pixel border, stretched alike.
        var wholeCuts: [Cut] { [Cut(fixed: 0, stretch: -1), Cut(fixed: 0, stretch: size + 1)] }

        /// MapLibre's cuts: the border, each zone's two edges, the far border.
        var cuts: [Cut] {
            var out = [Cut(fixed: -1, stretch: 0)]
            for zone in zones {
                let last = out[out.count - 1].stretch
                out.append(Cut(fixed: zone.start - last, stretch: last))
                out.append(Cut(fixed: zone.start - last, stretch: last + zone.end - zone.start))
            }
            out.append(Cut(fixed: fixedSize + 1, stretch: stretchSize))
            return out
        }

        /// Where `cut` lands, points from the anchor.
        func position(_ cut: Cut) -> Double {
            guard stretchContent > 0, stretchSize > 0, length > 0 else { return start }
            let em = (cut.stretch - stretchOffset) / stretchContent * length + start
            let px = cut.fixed - fixedOffset - fixedContent * cut.stretch / stretchSize
            return em * max(fixedContent / ratio / length, 1) + px / ratio
        }
    }
}
