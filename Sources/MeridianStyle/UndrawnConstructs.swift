/// Parts of the expression language that evaluate but that the renderer does not draw yet, so
/// a value using them is reported rather than drawn otherwise without a word.
enum UndrawnConstructs {
    /// The options of a `format` section that the renderer drops.
    static let sectionOptions = ["font-scale", "text-font", "text-color", "vertical-align"]

    /// What of `format` in `value` is drawn as plain text, said for a warning: sections with
    /// their own font, scale, colour or alignment, and images in text.
    static func formatting(in value: StyleValue) -> String? {
        first(in: value) { op, items in
            guard op == "format" else { return nil }
            for case let .object(options) in items.dropFirst()
            where sectionOptions.contains(where: { options[$0] != nil }) {
                let named = sectionOptions.filter { options[$0] != nil }.joined(separator: ", ")
                return "\"format\" sections' own \(named)"
            }
            for case let .array(section) in items.dropFirst() where section.first == .string("image") {
                return "images in \"format\""
            }
            return nil
        }
    }

    /// The first finding of `check` over the expressions in `value` (not inside `literal`).
    static func first(in value: StyleValue, _ check: (String, [StyleValue]) -> String?) -> String? {
        guard case let .array(items) = value, let op = items.first?.string, op != "literal" else { return nil }
        if let found = check(op, items) { return found }
        for item in items.dropFirst() { if let found = first(in: item, check) { return found } }
        return nil
    }
}
