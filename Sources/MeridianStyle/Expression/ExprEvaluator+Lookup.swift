/// `at`, `in`, `index-of`, `slice` and `length`, on arrays and on strings (in Unicode code
/// points: a surrogate pair is one character, as MapLibre counts them).
extension ExprEvaluator {
    func lookup(_ op: ExprOperator, _ args: [ExprNode]) throws(Failure) -> StyleValue {
        switch op {
        case .at:
            let index = try number(args[0])
            guard case let .array(items) = try evaluate(args[1]) else { throw Failure("Expected an array.") }
            guard index >= 0 else { throw Failure("Array index out of bounds: \(ExprValues.text(index)) < 0.") }
            guard index < Double(items.count) else {
                throw Failure("Array index out of bounds: \(ExprValues.text(index)) > \(items.count - 1).")
            }
            guard index == index.rounded() else {
                throw Failure("Array index must be an integer, but found \(ExprValues.text(index)) instead.")
            }
            return items[Int(index)]
        case .inList, .indexOf:
            let needle = try evaluate(args[0])
            let haystack = try evaluate(args[1])
            switch needle {
            case .bool, .string, .number, .null: break
            default:
                throw Failure(
                    "Expected first argument to be of type boolean, string, number or null, but found \(ExprValues.typeName(needle)) instead."
                )
            }
            var from = 0
            if args.count > 2 { from = ExprValues.integer(try number(args[2]).rounded(.down)) }
            // `in` finds nothing in null or "" (JavaScript's falsy haystacks).
            if op == .inList, haystack == .null || haystack == .string("") { return .bool(false) }
            let found: Int
            switch haystack {
            case let .array(items):
                let start = Swift.max(0, from < 0 ? items.count + from : from)
                found = start < items.count ? items[start...].firstIndex(of: needle) ?? -1 : -1
            case let .string(s):
                let text = Array(s.unicodeScalars)
                // As JavaScript's String(needle): null is "null".
                let target = Array((needle == .null ? "null" : ExprValues.string(needle)).unicodeScalars)
                // A string's search starts at 0 for a negative index (JavaScript's String.indexOf).
                found = Self.find(target, in: text, from: Swift.max(0, from))
            default:
                throw Failure(
                    "Expected second argument to be of type array or string, but found \(ExprValues.typeName(haystack)) instead."
                )
            }
            return op == .inList ? .bool(found >= 0) : .number(Double(found))
        case .slice:
            let input = try evaluate(args[0])
            let start = try number(args[1])
            let end = args.count > 2 ? try number(args[2]) : nil
            func range(_ count: Int) -> Range<Int> {
                func clamp(_ x: Double) -> Int {
                    let i = ExprValues.integer(x.rounded(.towardZero))
                    return Swift.min(Swift.max(i < 0 ? count + i : i, 0), count)
                }
                let (a, b) = (clamp(start), end.map(clamp) ?? count)
                return a < b ? a..<b : a..<a
            }
            switch input {
            case let .array(items): return .array(Array(items[range(items.count)]))
            case let .string(s):
                let scalars = Array(s.unicodeScalars)
                var out = String.UnicodeScalarView()
                out.append(contentsOf: scalars[range(scalars.count)])
                return .string(String(out))
            default:
                throw Failure(
                    "Expected first argument to be of type array or string, but found \(ExprValues.typeName(input)) instead."
                )
            }
        default:
            switch try evaluate(args[0]) {
            case let .array(items): return .number(Double(items.count))
            case let .string(s): return .number(Double(s.unicodeScalars.count))
            case let other:
                throw Failure(
                    "Expected value to be of type string or array, but found \(ExprValues.typeName(other)) instead.")
            }
        }
    }

    /// The first index of `target` in `text` at or after `start`; -1 when absent.
    static func find(_ target: [Unicode.Scalar], in text: [Unicode.Scalar], from start: Int) -> Int {
        guard target.count <= text.count else { return -1 }
        if target.isEmpty { return Swift.min(start, text.count) }
        var i = start
        while i + target.count <= text.count {
            if text[i..<(i + target.count)].elementsEqual(target) { return i }
            i += 1
        }
        return -1
    }
}
