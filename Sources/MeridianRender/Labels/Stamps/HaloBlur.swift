import CCairo

/// `text-halo-blur`: a halo whose edge fades instead of ending sharp, as MapLibre fades it (its
/// signed-distance edge widened by about 1.2 × the blur each side).
///
/// The halo's coverage (the current path stroked) is drawn alone into an alpha mask, then box
/// blurred across and down with a window of 2.4 × the blur in device pixels: a linear fade of that
/// width centred on the halo's edge.
enum HaloBlur {
    /// The blurred halo of `cr`'s current path (kept) as an A8 surface the size of `surface`,
    /// `blur` in device pixels; nil when Cairo cannot make it (the caller strokes it sharp).
    static func mask(of cr: OpaquePointer, surface: OpaquePointer, blur: Double) -> OpaquePointer? {
        let (width, height) = (cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface))
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height),
            cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let m = cairo_create(mask)
        else { return nil }
        // The same path, transform and width on the mask.
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let path = cairo_copy_path(cr)
        cairo_set_matrix(m, &matrix)
        cairo_append_path(m, path)
        cairo_path_destroy(path)
        cairo_set_line_width(m, cairo_get_line_width(cr))
        cairo_stroke(m)
        cairo_destroy(m)
        cairo_surface_flush(mask)
        let window = max(1, Int((2.4 * blur).rounded()))
        if window > 1, let data = cairo_image_surface_get_data(mask) {
            boxBlur(
                data, width: Int(width), height: Int(height), stride: Int(cairo_image_surface_get_stride(mask)),
                window: window)
        }
        cairo_surface_mark_dirty(mask)
        return mask
    }

    /// A running-mean blur of `window` pixels (clamped to the image), across each row, then down
    /// each column, of an 8-bit image in place.
    static func boxBlur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, window: Int) {
        let half = window / 2
        var line = [Int](repeating: 0, count: max(width, height))
        func blur(count: Int, at: (Int) -> UnsafeMutablePointer<UInt8>) {
            for i in 0..<count { line[i] = Int(at(i).pointee) }
            var sum = 0
            for i in 0..<min(half, count) { sum += line[i] }
            for i in 0..<count {
                if i + half < count { sum += line[i + half] }
                if i - half - 1 >= 0 { sum -= line[i - half - 1] }
                at(i).pointee = UInt8(min(255, sum / (2 * half + 1)))
            }
        }
        for y in 0..<height { blur(count: width) { data + y * stride + $0 } }
        for x in 0..<width { blur(count: height) { data + $0 * stride + x } }
    }
}
