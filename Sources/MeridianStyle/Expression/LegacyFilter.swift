/// The legacy filter syntax that most published styles still use (`["==", "class", "primary"]`,
/// `["in", "$type", "Point", "LineString"]`, `["!has", "name"]`, `["none", …]`), told apart from
/// an expression filter and converted as MapLibre converts it (its `isExpressionFilter` and
/// `convertFilter`):
///
/// - `==`, `!=` compare the property (`$type`: the geometry type; `$id`: the feature's id)
///   with the value by strict equality: a missing property equals nothing.
/// - `<`, `<=`, `>`, `>=` hold only when the property and the value are of one type (numbers
///   with numbers, strings with strings); `$type` cannot be ordered (an error).
/// - `in` and `!in` test the property against the listed values; an empty list is false.
/// - `has` and `!has` test presence (`$type` is always present, `$id` when the feature has one).
/// - `all`, `any`, `none` join their children; with no child, `any` is false and the others true.
///   A child that is not an array converts to true, as MapLibre's converter does.
///
/// A filter mixing the two syntaxes (a legacy child beside one only an expression can be) is an
/// expression, as in MapLibre, so its legacy children mean what expressions mean.
enum LegacyFilter {
    enum Syntax { case legacy, expression, neutral }

    /// Whether `filter` is read as an expression rather than converted from the legacy syntax.
    static func isExpression(_ filter: StyleValue) -> Bool { syntax(filter) != .legacy }

    static func syntax(_ filter: StyleValue) -> Syntax {
        if case .bool = filter { return .neutral }
        guard case let .array(f) = filter, let head = f.first else { return .legacy }
        let isArray = { (i: Int) in if i < f.count, case .array = f[i] { true } else { false } }
        switch head.string {
        case "has":
            if f.count < 2 || f[1] == .string("$id") || f[1] == .string("$type") { return .legacy }
            return f.count == 2 ? .neutral : .expression
        case "in": return f.count >= 3 && (f[1].string == nil || isArray(2)) ? .expression : .legacy
        case "!in", "!has", "none": return .legacy
        case "==", "!=", ">", ">=", "<", "<=": return f.count != 3 || isArray(1) || isArray(2) ? .expression : .legacy
        case "any", "all":
            var sawLegacy = false
            for child in f.dropFirst() {
                switch syntax(child) {
                case .expression: return .expression
                case .legacy: sawLegacy = true
                case .neutral: break
                }
            }
            return sawLegacy ? .legacy : .neutral
        default: return .expression
        }
    }

    /// Where an expression filter holds a child in the legacy syntax (`[1][2]`), as MapLibre
    /// finds it to warn: that child is read as an expression, which it rarely means.
    static func mixedChild(_ filter: StyleValue, path: String = "") -> String? {
        guard isExpression(filter), case let .array(f) = filter, let op = f.first?.string else { return nil }
        let indices: [Int] =
            switch op {
            case "all", "any", "none": Array(f.indices.dropFirst())
            case "!": f.count > 1 ? [1] : []
            case "case": Array(stride(from: 1, to: f.count - 1, by: 2))
            default: []
            }
        for i in indices {
            guard case .array = f[i] else { continue }
            if !isExpression(f[i]) { return path + "[\(i)]" }
            if let found = mixedChild(f[i], path: path + "[\(i)]") { return found }
        }
        return nil
    }

    /// The node a legacy filter means.
    /// - Throws: ``ExpressionParseError`` for a key that is not a string, a value that is an
    ///   object, `$type` with an ordering or a non-string value.
    static func convert(_ filter: StyleValue, key: String = "") throws(ExpressionParseError) -> ExprNode {
        guard case let .array(f) = filter else { return .literal(.bool(true)) }
        guard let op = f.first?.string, f.count > 1 else { return .literal(.bool(f.first?.string != "any")) }
        func children() throws(ExpressionParseError) -> [ExprNode] {
            var out: [ExprNode] = []
            for (i, child) in f.dropFirst().enumerated() { out.append(try convert(child, key: key + "[\(i + 1)]")) }
            return out
        }
        func not(_ n: ExprNode) -> ExprNode { .call(.not, [n]) }
        switch op {
        case "==", "!=", "<", "<=", ">", ">=":
            let test = try compare(op == "!=" ? "==" : op, f[1], f.count > 2 ? f[2] : .null, key: key)
            return op == "!=" ? not(test) : test
        case "any": return .call(.any, try children())
        case "all": return .call(.all, try children())
        case "none": return .call(.all, try children().map(not))
        case "in", "!in":
            let test = try among(f[1], Array(f.dropFirst(2)), key: key)
            return op == "!in" ? not(test) : test
        case "has", "!has":
            let test: ExprNode =
                switch try subject(f[1], key: key) {
                case .type: .literal(.bool(true))
                case let subject: .legacy(LegacyTest(subject: subject, test: .present))
                }
            return op == "!has" ? not(test) : test
        default: return .literal(.bool(true))
        }
    }

    static func subject(_ v: StyleValue, key: String) throws(ExpressionParseError) -> LegacyTest.Subject {
        switch v.string {
        case "$type": return .type
        case "$id": return .id
        case let name?: return .property(name)
        case nil:
            throw ExpressionParseError(key: key + "[1]", message: "A legacy filter's key must be a string.")
        }
    }

    static func compare(
        _ op: String, _ k: StyleValue, _ v: StyleValue, key: String
    ) throws(ExpressionParseError)
        -> ExprNode
    {
        let subject = try subject(k, key: key)
        if case .object = v { throw ExpressionParseError(key: key + "[2]", message: "Bare objects invalid.") }
        if subject == .type {
            guard op == "==" else {
                throw ExpressionParseError(key: key, message: #""$type" cannot be use with operator "\#(op)""#)
            }
            guard v.string != nil else {
                throw ExpressionParseError(key: key + "[2]", message: "Expected string but found \(v) instead.")
            }
        }
        let test: LegacyTest.Test =
            switch op {
            case "==": .equal(v)
            case "<": .less(v)
            case "<=": .lessEqual(v)
            case ">": .greater(v)
            default: .greaterEqual(v)
            }
        return .legacy(LegacyTest(subject: subject, test: test))
    }

    static func among(_ k: StyleValue, _ values: [StyleValue], key: String) throws(ExpressionParseError) -> ExprNode {
        let subject = try subject(k, key: key)
        guard !values.isEmpty else { return .literal(.bool(false)) }
        if subject == .type, !values.allSatisfy({ $0.string != nil }) {
            throw ExpressionParseError(key: key, message: "\"$type\" can only be among strings.")
        }
        return .legacy(LegacyTest(subject: subject, test: .among(values)))
    }
}

/// One test of a legacy filter on a feature: its property, id or geometry type against values.
struct LegacyTest: Hashable, Sendable {
    enum Subject: Hashable, Sendable {
        case property(String), id, type
    }
    enum Test: Hashable, Sendable {
        case equal(StyleValue), less(StyleValue), lessEqual(StyleValue), greater(StyleValue)
        case greaterEqual(StyleValue), among([StyleValue]), present
    }
    let subject: Subject
    let test: Test

    /// The test's result for a context (absent values equal nothing and order with nothing).
    func holds(in context: ExpressionContext) -> Bool {
        let value: StyleValue? =
            switch subject {
            case let .property(name): context.properties[name]
            case .id: context.id
            case .type: context.geometryType.map(StyleValue.string)
            }
        guard let value else { return false }
        switch test {
        case .present: return true
        case let .equal(v): return value == v
        case let .among(list): return list.contains(value)
        case let .less(v): return Self.order(value, v).map { $0 < 0 } ?? false
        case let .lessEqual(v): return Self.order(value, v).map { $0 <= 0 } ?? false
        case let .greater(v): return Self.order(value, v).map { $0 > 0 } ?? false
        case let .greaterEqual(v): return Self.order(value, v).map { $0 >= 0 } ?? false
        }
    }

    /// −1, 0 or 1 for two values of one type (numbers, strings, booleans); nil for others.
    static func order(_ a: StyleValue, _ b: StyleValue) -> Int? {
        switch (a, b) {
        case let (.number(x), .number(y)): x < y ? -1 : x > y ? 1 : 0
        case let (.string(x), .string(y)): x < y ? -1 : x > y ? 1 : 0
        case let (.bool(x), .bool(y)): x == y ? 0 : (x ? 1 : -1)
        default: nil
        }
    }
}
