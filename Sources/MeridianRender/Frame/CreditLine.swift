import MeridianCamera
import MeridianGeometry

/// The credit line at the bottom right of the image: 10 pt, smaller in a view too narrow for
/// it (never below 5 pt), right-aligned 4 pt from the edge with its baseline 5 pt above the
/// bottom; labels are not placed over it. The text is held within ``TextBounds`` (a tileset's
/// `attribution` is anyone's text).
struct CreditLine {
    let text: String
    /// Points.
    let size: Double
    let right: Double, baseline: Double
    /// The area labels leave free (left, top, right, bottom in points); nil for no credit.
    let box: LabelArea.Box?

    init(_ given: String, in view: ScreenSize, measuring canvas: Canvas) {
        let text = TextBounds.bounded(given)
        let full = canvas.measure(text, size: 10).width
        size = max(5, min(10, 10 * (view.width - 8) / max(full, 1)))
        let measure = canvas.measure(text, size: size)
        (self.text, right, baseline) = (text, view.width - 4, view.height - 5)
        box =
            text.isEmpty
            ? nil : LabelArea.Box(right - measure.width - 2, baseline - measure.height, view.width, view.height)
    }

    func draw(on canvas: Canvas) {
        canvas.text(text, rightAt: right, baseline: baseline, size: size, RGBA(hex: 0x333333), halo: RGBA(1, 1, 1, 0.8))
    }
}
