/// `{property}` tokens in a `text-field` or `icon-image` that is not an expression (a plain
/// string, or the outputs of a zoom function), as MapLibre resolves them.
enum TokenString {
    /// The expression a string with tokens means: the string itself without tokens, one token as
    /// that property as text, or the `concat` of the text between tokens and the properties (a
    /// missing property is empty text, as `to-string` of null).
    static func expression(_ text: String) -> StyleValue {
        var parts: [StyleValue] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"),
            let close = rest[open...].firstIndex(of: "}"),
            !rest[rest.index(after: open)..<close].contains("{"), rest.index(after: open) < close
        {
            if open > rest.startIndex { parts.append(.string(String(rest[..<open]))) }
            let name = String(rest[rest.index(after: open)..<close])
            parts.append(.array([.string("to-string"), .array([.string("get"), .string(name)])]))
            rest = rest[rest.index(after: close)...]
        }
        guard !parts.isEmpty else { return .string(text) }
        if !rest.isEmpty { parts.append(.string(String(rest))) }
        return parts.count == 1 ? parts[0] : .array([.string("concat")] + parts)
    }
}
