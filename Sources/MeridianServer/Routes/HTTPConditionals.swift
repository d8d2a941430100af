/// `If-None-Match` (RFC 9110 §13.1.2): whether a request's validators match a response's ETag,
/// so that a GET or HEAD is answered `304 Not Modified`.
///
/// The field is `*` or a comma-separated list of entity tags (`"abc"`, `W/"abc"`; a tag may hold
/// commas, so the list is read tag by tag, not split on commas). Comparison is weak: `W/"x"`
/// matches `"x"`. `*` matches any current representation (every body Meridian serves has one).
/// Several `If-None-Match` lines are one list. A malformed list matches nothing (the full
/// response is sent), as does a list longer than ``maxTags`` tags.
enum IfNoneMatch {
    /// Tags read from one request at most (a hostile list costs no more than this).
    static let maxTags = 64

    /// Whether any of `fields` (the `If-None-Match` values of a request) weakly matches `etag`
    /// (a strong tag as Meridian writes it: `"…"`).
    static func matches(_ fields: [String], etag: String) -> Bool {
        let opaque = Substring(etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag)
        var read = 0
        for field in fields {
            guard let tags = tags(field) else { continue }
            for tag in tags {
                read += 1
                guard read <= maxTags else { return false }
                if tag == "*" || tag == opaque { return true }
            }
        }
        return false
    }

    /// The opaque tags of one field value, quotes kept (`"abc"`), weakness dropped; `*` alone as
    /// `*`; nil when the value is not a well-formed list.
    static func tags(_ field: String) -> [Substring]? {
        let text = Substring(field)
        if text.trimmingOWS == "*" { return ["*"] }
        var tags: [Substring] = []
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == " " || c == "\t" || c == "," {
                i = text.index(after: i)
                continue
            }
            var start = i
            if text[i...].hasPrefix("W/") { start = text.index(i, offsetBy: 2) }
            guard start < text.endIndex, text[start] == "\"",
                let close = text[text.index(after: start)...].firstIndex(of: "\"")
            else { return nil }
            let end = text.index(after: close)
            tags.append(text[start..<end])
            i = end
            // A tag is followed by OWS and a comma, or the end.
            while i < text.endIndex, text[i] == " " || text[i] == "\t" { i = text.index(after: i) }
            guard i == text.endIndex || text[i] == "," else { return nil }
        }
        return tags
    }
}

/// `Range` (RFC 9110 §14.2) over a body Meridian sends whole or in one part.
///
/// - An unknown range unit (`items=0-5`) is ignored: the whole body, 200 (§14.2: an origin
///   server MUST ignore a unit it does not understand). `bytes` is matched without regard to case.
/// - A malformed byte range set (`bytes=a-b`, `bytes=5-4`) is ignored too (§14.2 allows ignoring
///   an invalid ranges-specifier): the whole body.
/// - Several ranges (`bytes=0-1,5-6`) are answered with the whole body (§14.2 lets a server
///   ignore `Range`; no client Meridian serves asks for several, and a multipart body would be
///   the way to amplify a response).
/// - One range: `first-last`, `first-` or `-suffix`, clipped to the body: 206 with that part;
///   a `first` at or past the end, a suffix of 0 bytes or any range of an empty body: 416.
enum ByteRange: Equatable {
    /// The whole body (no usable `Range`).
    case whole
    /// Bytes `first...last` of the body (inclusive offsets, within it).
    case part(first: Int, last: Int)
    /// A well-formed range that selects nothing of the body: 416.
    case unsatisfiable

    /// Offsets longer than this many digits are read as "past any body" (no overflow).
    static let maxDigits = 18

    /// What a `Range` field value asks of a body of `length` bytes.
    static func parse(_ header: String, length: Int) -> ByteRange {
        let field = Substring(header).trimmingOWS
        guard let equals = field.firstIndex(of: "="), field[..<equals].trimmingOWS.lowercased() == "bytes" else {
            return .whole
        }
        let spec = field[field.index(after: equals)...].trimmingOWS
        guard !spec.contains(",") else { return .whole }
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return .whole }
        let (firstText, lastText) = (parts[0], parts[1])
        if firstText.isEmpty {
            // -suffix: the last `suffix` bytes.
            guard !lastText.isEmpty else { return .whole }
            let suffix = Self.number(lastText)
            guard suffix > 0, length > 0 else { return .unsatisfiable }
            return .part(first: max(0, length - suffix), last: length - 1)
        }
        let first = Self.number(firstText)
        if lastText.isEmpty { return first < length ? .part(first: first, last: length - 1) : .unsatisfiable }
        let last = Self.number(lastText)
        guard last >= first else { return .whole }  // invalid (§14.1.1): ignored
        return first < length ? .part(first: first, last: min(last, length - 1)) : .unsatisfiable
    }

    /// Decimal digits as an offset; more than ``maxDigits`` digits is `Int.max` (past any body).
    static func number(_ digits: Substring) -> Int {
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= maxDigits else { return .max }
        return Int(significant) ?? 0
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's OWS).
    var trimmingOWS: Substring {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isOWS($0) }), let end = lastIndex(where: { !isOWS($0) }) else {
            return ""
        }
        return self[start...end]
    }
}
