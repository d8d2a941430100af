import CCairo

/// The label fonts: DejaVu Sans and DejaVu Sans Bold, loaded once through FreeType from the files
/// the setup installs (Debian's fonts-dejavu-core), so text looks the same on every machine
/// whatever fontconfig would substitute.
///
/// Without the files, Cairo's own font selection by family name is used instead.
enum Fonts {
    static let directory = "/usr/share/fonts/truetype/dejavu/"

    nonisolated(unsafe) static let library: OpaquePointer? = newLibrary()

    /// A FreeType library of its own (a library and its faces are used by one thread at a time).
    static func newLibrary() -> OpaquePointer? {
        var library: FT_Library?
        return FT_Init_FreeType(&library) == 0 ? library : nil
    }
    nonisolated(unsafe) static let regular: OpaquePointer? = face("DejaVuSans.ttf")
    nonisolated(unsafe) static let bold: OpaquePointer? = face("DejaVuSans-Bold.ttf")

    /// A Cairo font face over a FreeType face of the file; nil when it cannot be read.
    ///
    /// The faces live as long as the process (Cairo locks them while it renders glyphs).
    static func face(_ file: String) -> OpaquePointer? {
        guard let library else { return nil }
        var face: FT_Face?
        guard FT_New_Face(library, directory + file, 0, &face) == 0, let face else { return nil }
        return cairo_ft_font_face_create_for_ft_face(face, 0)
    }

    /// Text options on a context: greyscale antialiasing, no hinting, unhinted metrics (the same
    /// glyphs and advances on every machine, whatever its fontconfig settings).
    static func setTextOptions(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// Selects DejaVu Sans, regular or bold, on a context (through fontconfig when the setup's
    /// font files are missing).
    static func select(_ cr: OpaquePointer, bold: Bool) {
        if let face = bold ? Fonts.bold : Fonts.regular {
            cairo_set_font_face(cr, face)
        } else {
            cairo_select_font_face(
                cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        }
    }
}
