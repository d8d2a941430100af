/// How deep JSON text nests, found in one pass over its bytes without parsing it, so text that
/// nests absurdly deep (a 20,000-deep array, 500 levels of `!`) is refused before a recursive
/// decoder spends minutes or its stack on it. Used for style documents and viewer messages.
public enum JSONNesting {
    /// Where the text first nests deeper than a limit: the path of object keys and array
    /// indices leading there (e.g. `["layers", "3", "filter"]`).
    public struct TooDeep: Error, Hashable {
        public let path: [String]
        public init(path: [String]) { self.path = path }
        /// The path written as `layers[3].filter`.
        public var location: String {
            path.reduce("") { text, part in
                part.allSatisfy(\.isNumber) ? text + "[\(part)]" : (text.isEmpty ? part : text + "." + part)
            }
        }
    }

    /// Checks that arrays and objects nest at most `limit` deep (outside strings).
    /// - Throws: ``TooDeep`` with the path to the first place deeper than `limit`.
    public static func check<Bytes: Sequence>(_ bytes: Bytes, limit: Int) throws(TooDeep) where Bytes.Element == UInt8 {
        // Per open container: its key (objects) or element index (arrays).
        var stack: [(isObject: Bool, key: String, index: Int)] = []
        var inString = false
        var escaped = false
        var string: [UInt8] = []
        var lastString: String?
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                    string.append(byte)
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    lastString = String(decoding: string.prefix(64), as: UTF8.self)
                } else if string.count < 64 {
                    string.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                string.removeAll(keepingCapacity: true)
            case UInt8(ascii: ":"):
                if !stack.isEmpty, stack[stack.count - 1].isObject { stack[stack.count - 1].key = lastString ?? "" }
            case UInt8(ascii: ","):
                if !stack.isEmpty, !stack[stack.count - 1].isObject { stack[stack.count - 1].index += 1 }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard stack.count < limit else {
                    throw TooDeep(path: stack.map { $0.isObject ? $0.key : String($0.index) })
                }
                stack.append((byte == UInt8(ascii: "{"), "", 0))
            case UInt8(ascii: "]"), UInt8(ascii: "}"): if !stack.isEmpty { stack.removeLast() }
            default: break
            }
        }
    }
}
