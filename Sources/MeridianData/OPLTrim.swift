import Foundation

/// Makes an OpenStreetMap extract whose ways name nodes it does not hold usable by tile
/// makers that insist on every node (tilemaker aborts with "Could not find node with id …"):
/// each such way is cut to its longest run of nodes that are present, and dropped when that run
/// has fewer than two nodes or the way is closed (an area cannot be cut open). Works on OSM's
/// OPL text format (one object a line, nodes first, as `osmium cat -f opl` writes it), streamed
/// line by line; it holds the ids of the extract's nodes in memory (8 bytes each: a city is a
/// few MB, a large country is gigabytes, and such extracts are cut with complete ways anyway).
struct OPLTrim {
    /// What the trim did.
    struct Report: Equatable {
        var waysKept = 0, waysTrimmed = 0, waysDropped = 0
    }

    /// Reads OPL from `input`, writes the trimmed OPL to `output`.
    /// - Throws: ``DataError/unreadable(path:reason:)`` or ``DataError/io(path:reason:)``.
    static func trim(input: String, output: String) throws(DataError) -> Report {
        guard let reader = FileHandle(forReadingAtPath: input) else {
            throw .unreadable(path: input, reason: "cannot open the OPL file")
        }
        defer { try? reader.close() }
        guard FileManager.default.createFile(atPath: output, contents: nil),
            let writer = FileHandle(forWritingAtPath: output)
        else {
            throw .io(path: output, reason: "cannot create the trimmed extract")
        }
        defer { try? writer.close() }
        var nodes = Set<Int64>()
        var report = Report()
        var pending: [UInt8] = []
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        func flush() throws(DataError) {
            do { try writer.write(contentsOf: out) } catch { throw .io(path: output, reason: "\(error)") }
            out.removeAll(keepingCapacity: true)
        }
        while true {
            let chunk: Data
            do { chunk = try reader.read(upToCount: 1 << 20) ?? Data() } catch {
                throw .unreadable(path: input, reason: "\(error)")
            }
            pending += chunk
            var start = pending.startIndex
            while let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                if let line = process(pending[start..<end], nodes: &nodes, report: &report) {
                    out += line
                    out.append(UInt8(ascii: "\n"))
                }
                start = end + 1
            }
            pending.removeSubrange(..<start)
            if out.count >= 1 << 20 { try flush() }
            if chunk.isEmpty { break }
        }
        if !pending.isEmpty, let line = process(pending[...], nodes: &nodes, report: &report) {
            out += line
            out.append(UInt8(ascii: "\n"))
        }
        try flush()
        return report
    }

    /// One OPL line: nodes are remembered and kept; ways are cut or dropped; the rest is kept.
    static func process(_ line: ArraySlice<UInt8>, nodes: inout Set<Int64>, report: inout Report) -> [UInt8]? {
        guard let kind = line.first else { return nil }
        if kind == UInt8(ascii: "n") {
            if let id = number(line.dropFirst().prefix { $0 != UInt8(ascii: " ") }) { nodes.insert(id) }
            return Array(line)
        }
        guard kind == UInt8(ascii: "w"), let field = line.lastIndex(of: UInt8(ascii: " ")),
            line[field + 1] == UInt8(ascii: "N")
        else { return Array(line) }
        let refs = line[(field + 2)...].split(separator: UInt8(ascii: ",")).map { ref in
            number(ref.dropFirst().prefix { $0 != UInt8(ascii: "x") }) ?? 0
        }
        let present = refs.map { nodes.contains($0) }
        if !present.contains(false) {
            report.waysKept += 1
            return Array(line)
        }
        var best = 0..<0
        var runStart = 0
        for i in 0...refs.count {
            if i == refs.count || !present[i] {
                if i - runStart > best.count { best = runStart..<i }
                runStart = i + 1
            }
        }
        let closed = refs.count >= 4 && refs.first == refs.last
        guard best.count >= 2, !closed else {
            report.waysDropped += 1
            return nil
        }
        report.waysTrimmed += 1
        return Array(line[...field]) + Array(("N" + refs[best].map { "n\($0)" }.joined(separator: ",")).utf8)
    }

    /// A decimal integer (with an optional minus) from ASCII bytes.
    static func number<C: Collection>(_ bytes: C) -> Int64? where C.Element == UInt8 {
        var value: Int64 = 0
        var negative = false
        var digits = 0
        for (i, b) in bytes.enumerated() {
            if i == 0 && b == UInt8(ascii: "-") {
                negative = true
                continue
            }
            guard b >= 48, b <= 57 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int64(b - 48))
            guard !o1, !o2 else { return nil }
            value = a
            digits += 1
        }
        return digits > 0 ? (negative ? -value : value) : nil
    }
}
