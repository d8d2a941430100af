import Foundation
import Logging
@testable import MeridianServer
import NIOConcurrencyHelpers
import Testing

/// Structured logs: one JSON object per line, whatever the message and metadata hold.
@Suite struct JSONLogHandlerTests {
    /// Logs through a handler that collects its lines; returns them parsed.
    static func lines(_ body: (inout Logger) -> Void) throws -> [[String: Any]] {
        let out = NIOLockedValueBox<[String]>([])
        var logger = Logger(label: "meridian.test") {
            JSONLogHandler(label: $0, write: { line in out.withLockedValue { $0.append(line) } })
        }
        body(&logger)
        return try out.withLockedValue { $0 }.map { line in
            #expect(line.hasSuffix("\n") && line.dropLast().allSatisfy { $0 != "\n" }, "one line per entry: \(line)")
            return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test(
        "an entry is one JSON line with time, level, label, message and the metadata; newlines and quotes cannot forge a line"
    )
    func entry() throws {
        let forged = "/staticmap?x=\"}\n{\"level\":\"critical\""
        let lines = try Self.lines { logger in
            logger[metadataKey: "process"] = "7"
            logger.info(
                "served",
                metadata: [
                    "path": .string(forged), "status": .stringConvertible(200), "tags": .array(["a", "b"]),
                    "nested": .dictionary(["k": "v"]),
                ])
            logger.debug("below the level")
            logger.error("failed", metadata: ["process": "8"])
        }
        #expect(lines.count == 2)
        let first = try #require(lines.first)
        #expect(
            first["level"] as? String == "info" && first["label"] as? String == "meridian.test"
                && first["message"] as? String == "served")
        #expect(
            first["path"] as? String == forged && first["status"] as? String == "200"
                && first["process"] as? String == "7")
        #expect(first["tags"] as? [String] == ["a", "b"] && (first["nested"] as? [String: String]) == ["k": "v"])
        let time = try #require(first["time"] as? String)
        #expect(time.count == 24 && time.hasSuffix("Z") && time.dropFirst(10).hasPrefix("T"), "\(time)")
        // The call's metadata wins over the handler's.
        #expect(lines.last?["level"] as? String == "error" && lines.last?["process"] as? String == "8")
    }

    @Test("timestamps are UTC ISO 8601 with milliseconds")
    func timestamp() {
        #expect(
            JSONLogHandler.timestamp(Date(timeIntervalSince1970: 1_795_384_388.123_9)) == "2026-11-22T21:53:08.123Z")
        #expect(JSONLogHandler.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }
}
