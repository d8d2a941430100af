import Foundation
import Logging
import MeridianText
import NIOConcurrencyHelpers

/// A swift-log handler that writes one JSON object per line (the structured logs log collectors
/// read: Loki, Elasticsearch, `jq`): `time` (ISO 8601, UTC, milliseconds), `level`, `label`,
/// `message`, then every metadata entry as a member (the handler's own, the provider's, then the
/// call's; later ones win).
///
/// Values stay strings, arrays and objects as swift-log gives them; nothing is dropped, and control
/// characters are escaped, so a hostile URL cannot forge a line. Lines are written whole under a
/// lock (`write`: standard error by default).
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    let label: String
    let write: @Sendable (String) -> Void

    static let lock = NIOLock()
    /// Writes a line to standard error.
    public static let standardError: @Sendable (String) -> Void = { line in
        lock.withLock { FileHandle.standardError.write(Data(line.utf8)) }
    }

    public init(
        label: String, metadataProvider: Logger.MetadataProvider? = nil,
        write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError
    ) {
        self.label = label
        self.metadataProvider = metadataProvider
        self.write = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { $1 } }
        if let explicit = event.metadata { merged.merge(explicit) { $1 } }
        if let error = event.error { merged["error"] = .string("\(error)") }
        var fields: [(String, JSON)] = [
            ("time", .string(Self.timestamp(Date()))), ("level", .string(event.level.rawValue)),
            ("label", .string(label)), ("message", .string(event.message.description)),
        ]
        let reserved = Set(fields.map(\.0))
        for key in merged.keys.sorted() where !reserved.contains(key) { fields.append((key, Self.json(merged[key]!))) }
        write(JSON.object(fields).text + "\n")
    }

    static func json(_ value: Logger.Metadata.Value) -> JSON {
        switch value {
        case let .string(s): return .string(s)
        case let .stringConvertible(c): return .string(c.description)
        case let .array(items): return .array(items.map(json))
        case let .dictionary(d): return .object(d.keys.sorted().map { ($0, json(d[$0]!)) })
        }
    }

    /// `2026-11-22T21:53:08.123Z`.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let ms = Int((date.timeIntervalSince1970 - Double(seconds)) * 1000)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), min(999, max(0, ms)))
    }
}
