import Foundation

/// Locale-aware comparison (Foundation's, ICU underneath), rich text sections, numbers as
/// text, and images by name.
extension ExprEvaluator {
    func text(_ op: ExprOperator, _ args: [ExprNode]) throws(Failure) -> StyleValue {
        switch op {
        case .collator:
            let (cased, accented, locale) = (try evaluate(args[0]), try evaluate(args[1]), try evaluate(args[2]))
            return .object([
                "case-sensitive": .bool(cased == .bool(true)), "diacritic-sensitive": .bool(accented == .bool(true)),
                "locale": locale,
            ])
        case .resolvedLocale:
            guard case let .object(c) = try evaluate(args[0]) else { return .string(Locale.current.identifier) }
            return .string(c["locale"]?.string ?? "en")
        // Meridian shapes every script (HarfBuzz and FriBidi): every text renders legibly.
        case .isSupportedScript: return .bool(true)
        case .image: return Self.image(try string(args[0]), available: context.availableImages)
        case .numberFormat: return .string(try numberText(args))
        default: return try formatted(args)
        }
    }

    /// An image by name, and whether the sprite has it.
    static func image(_ name: String, available: Set<String>) -> StyleValue {
        .object(["name": .string(name), "available": .bool(available.contains(name))])
    }

    /// The sections of `format`: text (or an image) with its scale, fonts, colour and alignment.
    func formatted(_ args: [ExprNode]) throws(Failure) -> StyleValue {
        var sections: [StyleValue] = []
        for i in stride(from: 0, to: args.count - 4, by: 5) {
            let content = try evaluate(args[i])
            var image = StyleValue.null
            var text = ExprValues.string(content)
            if case let .object(o) = content, o["name"] != nil, o["available"] != nil { (image, text) = (content, "") }
            let fonts = try evaluate(args[i + 2])
            let fontStack: StyleValue =
                if case let .array(names) = fonts { .string(names.map(ExprValues.string).joined(separator: ",")) } else
                {
                    .null
                }
            sections.append(
                Self.section(
                    text, image: image, scale: try evaluate(args[i + 1]), fontStack: fontStack,
                    color: try evaluate(args[i + 3]), align: try evaluate(args[i + 4])))
        }
        return .object(["sections": .array(sections)])
    }

    static func section(
        _ text: String, image: StyleValue = .null, scale: StyleValue = .null, fontStack: StyleValue = .null,
        color: StyleValue = .null, align: StyleValue = .null
    ) -> StyleValue {
        .object([
            "text": .string(text), "image": image, "scale": scale, "fontStack": fontStack, "textColor": color,
            "verticalAlign": align,
        ])
    }

    /// A string compared to another with a collator's options: 0 equal, negative before.
    static func collate(_ a: String, _ b: String, _ collator: StyleValue) -> ComparisonResult {
        guard case let .object(c) = collator else { return a.compare(b) }
        var options: String.CompareOptions = []
        if c["case-sensitive"] != .bool(true) { options.insert(.caseInsensitive) }
        if c["diacritic-sensitive"] != .bool(true) { options.insert(.diacriticInsensitive) }
        let locale = c["locale"]?.string.map { Locale(identifier: $0) } ?? Locale.current
        return a.compare(b, options: options, range: nil, locale: locale)
    }

    /// `number-format`: the number in a locale's digits, grouped, as a currency when one is named,
    /// with the fraction digits asked for (at most 3 by default, as `Intl.NumberFormat`).
    func numberText(_ args: [ExprNode]) throws(Failure) -> String {
        let value = try number(args[0])
        let formatter = NumberFormatter()
        formatter.locale = try evaluate(args[1]).string.map { Locale(identifier: $0) } ?? Locale(identifier: "en-US")
        if let currency = try evaluate(args[2]).string {
            formatter.numberStyle = .currency
            formatter.currencyCode = currency
        } else {
            formatter.numberStyle = .decimal
        }
        // Fraction digits 0–20 (Intl's own bound is 100; more digits than a double holds are noise).
        let digits = { (x: Double) in min(max(ExprValues.integer(x), 0), 20) }
        let least = try evaluate(args[4]).number.map(digits)
        let most = try evaluate(args[5]).number.map(digits)
        if formatter.numberStyle == .decimal { formatter.maximumFractionDigits = max(3, least ?? 0) }
        if let most { formatter.maximumFractionDigits = max(most, least ?? 0) }
        if let least { formatter.minimumFractionDigits = least }
        return formatter.string(from: NSNumber(value: value)) ?? ExprValues.text(value)
    }
}
