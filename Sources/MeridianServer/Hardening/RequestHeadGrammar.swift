/// HTTP/1.1's request-head grammar (RFC 9112 §3, §5; RFC 9110 §5.1, §5.5, §5.6.2), checked on
/// the raw bytes of a complete head before the HTTP parser sees it, at least as strictly as the
/// parser, so that every head the parser would reject is refused here with an answer:
///
/// - request line: `method SP request-target SP HTTP-version`, single spaces; the method a token;
///   the target visible ASCII only (0x21–0x7E: no control byte, space, DEL or raw UTF-8, which a
///   client must percent-encode) in origin form (`/…`), absolute form (`http…`) or `*`; the
///   version `HTTP/1.1` or `HTTP/1.0`;
/// - header lines: a name of token characters (no space, tab, `(` or control byte), a colon, a
///   value of tab, visible ASCII, space or obs-text (0x80–0xFF), never a control byte or DEL;
///   no line beginning with a space or tab (obsolete line folding, §5.2: refused with 400);
/// - `Content-Length` one run of decimal digits (no sign, no hex), once.
///
/// Refusals carry the status the guard answers with: 400 for the grammar, 405 for a method no
/// route serves, 413 for a body.
enum RequestHeadGrammar {
    /// The methods some route serves.
    static let methods: Set<String> = ["GET", "HEAD", "OPTIONS"]

    /// A refusal: status, reason phrase, message.
    typealias Problem = (status: Int, reason: String, message: String)

    enum Verdict { case pass(upgrade: Bool), refuse(Problem) }

    /// tchar (RFC 9110 §5.6.2): the bytes of a token.
    static let tchar: [Bool] = (0..<256).map { b in
        (48...57).contains(b) || (65...90).contains(b) || (97...122).contains(b)
            || Array("!#$%&'*+-.^_`|~".utf8).contains(UInt8(b))
    }

    static func bad(_ message: String) -> Verdict { .refuse((400, "Bad Request", message)) }

    /// Checks a complete head (its bytes up to and including the CRLF CRLF that ends it).
    static func check(_ head: [UInt8]) -> Verdict {
        let body = head.dropLast(4)
        var lines: [ArraySlice<UInt8>] = []
        var start = body.startIndex
        for i in body.indices where body[i] == 10 {
            guard i > start, body[i - 1] == 13 else { return bad("line ends must be CRLF") }
            lines.append(body[start..<(i - 1)])
            start = i + 1
        }
        lines.append(body[start...])
        if case let .refuse(problem) = requestLine(lines[0]) { return .refuse(problem) }
        var lengths = 0
        var upgrade = false
        for line in lines.dropFirst() {
            guard let first = line.first, first != 32, first != 9 else {
                return bad("obsolete line folding (a header line starting with a space or tab)")
            }
            guard let colon = line.firstIndex(of: 58), colon > line.startIndex,
                line[..<colon].allSatisfy({ tchar[Int($0)] })
            else {
                return bad("malformed header name")
            }
            let value = line[(colon + 1)...]
            guard value.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }) else {
                return bad("a control byte in a header value")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let text = trimmed(value)
            switch name {
            case "content-length":
                lengths += 1
                guard lengths == 1, !text.isEmpty, text.count <= 18, text.allSatisfy({ (48...57).contains($0) }) else {
                    return bad("bad or repeated Content-Length")
                }
                if text.contains(where: { $0 != 48 }) {
                    return .refuse((413, "Content Too Large", "no route takes a request body"))
                }
            case "transfer-encoding": return .refuse((413, "Content Too Large", "no route takes a request body"))
            case "upgrade": upgrade = String(decoding: text, as: UTF8.self).lowercased() == "websocket"
            default: break
            }
        }
        return .pass(upgrade: upgrade)
    }

    /// Checks the request line.
    static func requestLine(_ line: ArraySlice<UInt8>) -> Verdict {
        let parts = line.split(separator: 32, omittingEmptySubsequences: false)
        guard parts.count == 3, let method = parts.first, !method.isEmpty, method.allSatisfy({ tchar[Int($0)] }),
            !parts[1].isEmpty, parts[1].allSatisfy({ (33...126).contains($0) }),
            parts[1].first == 47 || Array(parts[1]) == [42] || parts[1].starts(with: Array("http".utf8)),
            ["HTTP/1.1", "HTTP/1.0"].contains(String(decoding: parts[2], as: UTF8.self))
        else {
            return bad("malformed request line")
        }
        let name = String(decoding: method, as: UTF8.self)
        guard methods.contains(name) else {
            return .refuse((405, "Method Not Allowed", "method \(name.prefix(16)) is not served"))
        }
        return .pass(upgrade: false)
    }

    /// Without leading and trailing spaces and tabs (OWS).
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { $0 != 32 && $0 != 9 }),
            let last = bytes.lastIndex(where: { $0 != 32 && $0 != 9 })
        else { return [] }
        return bytes[first...last]
    }

    /// The method and target of a head's request line, for the access log (lossy UTF-8, the
    /// target cut to 256 bytes); empty strings when the line has neither.
    static func methodAndPath(_ head: [UInt8]) -> (method: String, path: String) {
        let line = head.prefix { $0 != 13 && $0 != 10 }
        let parts = line.split(separator: 32, maxSplits: 2, omittingEmptySubsequences: false)
        let method = parts.first.map { String(decoding: $0.prefix(16), as: UTF8.self) } ?? ""
        let path = parts.count > 1 ? String(decoding: parts[1].prefix(256), as: UTF8.self) : ""
        return (method, path)
    }
}
