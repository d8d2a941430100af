extension Style {
    /// A layer's paint or layout properties that Meridian draws, compiled. Each property the
    /// catalogue does not know for the layer's kind, does not mark drawn, or whose value is not
    /// one the specification allows, is a warning and left out (it takes its default). Without a
    /// sprite (`hasSprite` false), an `icon-image` other than the built-in `dot` is a warning too.
    static func properties(
        _ raw: StyleValue?, _ group: StyleProperty.Group, _ kind: Layer.Kind, _ id: String, hasSprite: Bool = false,
        warnings: inout [StyleWarning]
    ) -> [StylePropertyName: StyleExpression] {
        guard let raw else { return [:] }
        guard case let .object(o) = raw else {
            warnings.append(StyleWarning(layer: id, property: group.rawValue, "must be an object; ignored"))
            return [:]
        }
        var out: [StylePropertyName: StyleExpression] = [:]
        for (key, value) in o.sorted(by: { $0.key < $1.key }) {
            let place = "\(group.rawValue).\(key)"
            guard let property = StyleProperty.named(key, kind: kind), property.group == group else {
                let other = StyleProperty.named(key, kind: kind) != nil
                let problem =
                    other
                    ? "is a \(group == .paint ? "layout" : "paint") property, not a \(group.rawValue) one; ignored"
                    : "is not a \(kind.rawValue) \(group.rawValue) property; ignored"
                warnings.append(StyleWarning(layer: id, property: place, problem))
                continue
            }
            guard property.drawn else {
                warnings.append(StyleWarning(layer: id, property: place, "is not drawn yet"))
                continue
            }
            do throws(StyleError) {
                let expression = try StyleExpression.property(value, property)
                if case let .literal(v) = expression.compiled.node, let problem = property.problem(with: v) {
                    throw StyleError(problem)
                }
                if let plain = UndrawnConstructs.formatting(in: value) {
                    warnings.append(
                        StyleWarning(layer: id, property: place, "\(plain) are not drawn yet; drawn as plain text"))
                }
                if property.key == .iconImage, !hasSprite,
                    value != .string(Style.builtInIcon)
                {
                    warnings.append(
                        StyleWarning(
                            layer: id, property: place,
                            "the style names no sprite, and only Meridian's own icon \"\(Style.builtInIcon)\" is built in; other images are left out, the text drawn without them"
                        ))
                }
                out[property.key] = expression
            } catch {
                warnings.append(StyleWarning(layer: id, property: place, "\(error.problem); its default is drawn"))
            }
        }
        return out
    }
}

extension StyleProperty {
    /// Why a literal value is not one this property takes (its type, its enumeration, its
    /// range), or nil when it is.
    func problem(with value: StyleValue) -> String? {
        if let problem = type.problem(with: value) { return problem }
        if let range, let n = value.number, !range.contains(n) {
            return "\(value) is outside [\(Self.bound(range.lowerBound)), \(Self.bound(range.upperBound))]"
        }
        return nil
    }

    private static func bound(_ x: Double) -> String {
        x.isInfinite ? (x < 0 ? "-∞" : "∞") : StyleValue.number(x).description
    }
}

extension StyleProperty.ValueType {
    /// Why a literal is not of this type, or nil when it is.
    func problem(with value: StyleValue) -> String? {
        switch (self, value) {
        case (.number, .number(let n)): return n.isFinite ? nil : "must be a finite number"
        case (.color, .color), (.string, .string), (.boolean, .bool), (.formatted, .string), (.resolvedImage, .string):
            return nil
        case (.formatted, .number), (.formatted, .bool): return nil  // written as text
        case let (.enumeration(names), .string(s)):
            return names.contains(s) ? nil : "\"\(s)\" is not one of \(names.joined(separator: ", "))"
        case let (.array(element, length), .array(items)):
            if let length, items.count != length { return "must be an array of \(length) values" }
            return items.lazy.compactMap { element.problem(with: $0) }.first
        case (.padding, .number), (.numberArray, .number), (.colorArray, .color): return nil
        case let (.padding, .array(items)):
            guard (1...4).contains(items.count) else { return "a padding has 1 to 4 numbers" }
            return items.lazy.compactMap { Self.number.problem(with: $0) }.first
        case let (.numberArray, .array(items)): return items.lazy.compactMap { Self.number.problem(with: $0) }.first
        case let (.colorArray, .array(items)):
            return items.lazy.compactMap { Self.color.problem(with: StyleValue.parsedColor($0)) }.first
        case (.variableAnchorOffsetCollection, .array): return nil
        default: return "\(value) is not a \(name)"
        }
    }

    /// The type's name as the specification writes it.
    var name: String {
        switch self {
        case .number: "number"
        case .color: "colour"
        case .string: "string"
        case .boolean: "boolean"
        case .enumeration: "name"
        case let .array(element, _): "array of \(element.name)"
        case .padding: "padding"
        case .formatted: "text"
        case .resolvedImage: "image name"
        case .numberArray: "number or array of numbers"
        case .colorArray: "colour or array of colours"
        case .variableAnchorOffsetCollection: "list of anchors and offsets"
        }
    }
}

extension StyleValue {
    /// A colour string parsed (others as they are), for checking colour arrays.
    static func parsedColor(_ v: StyleValue) -> StyleValue {
        if case let .string(s) = v, let c = StyleColor(css: s) { return .color(c) }
        return v
    }
}
