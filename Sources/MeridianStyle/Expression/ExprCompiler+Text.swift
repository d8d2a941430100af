/// `collator`, `format` and `number-format`: operators whose options come as an object.
extension ExprCompiler {
    /// The options object of an operator (`{"locale": …}`), or an error naming it.
    func options(_ v: StyleValue?, _ op: String, key: String) throws(Failure) -> [String: StyleValue] {
        guard case let .object(o)? = v else { throw fail(key, "\(op) options argument must be an object.") }
        return o
    }

    /// An option's node: the option parsed as `type`, or a null literal when absent.
    func option(
        _ o: [String: StyleValue], _ name: String, _ type: ExpressionType, key: String
    ) throws(Failure) -> ExprNode {
        guard let v = o[name] else { return .literal(.null) }
        return try parse(v, expected: type, key: key).node
    }

    func collator(_ args: [StyleValue], key: String) throws(Failure) -> Typed {
        guard args.count == 1 else { throw fail(key, "Expected one argument.") }
        let o = try options(args[0], "Collator", key: key + "[1]")
        let nodes = [
            try option(o, "case-sensitive", .boolean, key: key + "[1]"),
            try option(o, "diacritic-sensitive", .boolean, key: key + "[1]"),
            try option(o, "locale", .string, key: key + "[1]"),
        ]
        return Typed(node: .call(.collator, nodes), type: .collator)
    }

    /// Sections of five nodes each: content, font-scale, text-font, text-color, vertical-align.
    func format(_ args: [StyleValue], key: String) throws(Failure) -> Typed {
        guard let first = args.first else { throw fail(key, "Expected at least one argument.") }
        if case .object = first { throw fail(key + "[1]", "First argument must be an image or text section.") }
        var nodes: [ExprNode] = []
        var i = 0
        while i < args.count {
            let content = try parse(args[i], expected: .value, key: key + "[\(i + 1)]")
            switch content.type {
            case .string, .value, .null, .resolvedImage, .number, .boolean: break
            default:
                throw fail(key + "[\(i + 1)]", "Formatted text type must be 'string', 'value', 'image' or 'null'.")
            }
            var o: [String: StyleValue] = [:]
            if i + 1 < args.count, case let .object(given) = args[i + 1] {
                o = given
                i += 1
            }
            if let align = o["vertical-align"]?.string, !["bottom", "center", "top"].contains(align) {
                throw fail(
                    key + "[\(i + 1)]",
                    "'vertical-align' must be one of: 'bottom', 'center', 'top' but found '\(align)' instead.")
            }
            let at = key + "[\(i + 1)]"
            nodes += [
                content.node, try option(o, "font-scale", .number, key: at),
                try option(o, "text-font", .array(.string, length: nil), key: at),
                try option(o, "text-color", .color, key: at), try option(o, "vertical-align", .string, key: at),
            ]
            i += 1
        }
        return Typed(node: .call(.format, nodes), type: .formatted)
    }

    /// Number, then locale, currency, unit, min- and max-fraction-digits (null when absent).
    func numberFormat(_ args: [StyleValue], key: String) throws(Failure) -> Typed {
        guard args.count == 2 else { throw fail(key, "Expected two arguments.") }
        let number = try parse(args[0], expected: .number, key: key + "[1]")
        let o = try options(args[1], "NumberFormat", key: key + "[2]")
        if o["currency"] != nil, o["unit"] != nil {
            throw fail(key, "NumberFormat options `currency` and `unit` are mutually exclusive")
        }
        let at = key + "[2]"
        let nodes = [
            number.node, try option(o, "locale", .string, key: at), try option(o, "currency", .string, key: at),
            try option(o, "unit", .string, key: at), try option(o, "min-fraction-digits", .number, key: at),
            try option(o, "max-fraction-digits", .number, key: at),
        ]
        return Typed(node: .call(.numberFormat, nodes), type: .string)
    }
}
