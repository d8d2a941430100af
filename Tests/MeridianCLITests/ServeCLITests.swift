import Foundation
import MeridianTestSupport
import Testing

@Suite(.enabled(if: TestData.available("openmaptiles/helsinki.mbtiles"), "no default data: run scripts/build-data.sh"))
struct ServeCLITests {
    @Test(
        "meridian serve prints its address, logs JSON lines, refuses a taken port with a clear message, and stops cleanly on SIGTERM"
    )
    func serve() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "meridian"
        ).path
        let port = 20_000 + Int(ProcessInfo.processInfo.processIdentifier % 20_000)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.environment["MERIDIAN_BIN"] ?? binary)
        server.arguments = ["serve", "--port", "\(port)", "--data", TestData.directory, "--log-format", "json"]
        let out = Pipe()
        let err = Pipe()
        server.standardOutput = out
        server.standardError = err
        try server.run()
        defer { if server.isRunning { server.terminate() } }
        // The first line is the address.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        #expect(String(decoding: line, as: UTF8.self).contains("http://127.0.0.1:\(port)/"))
        let second = try runMeridian(["serve", "--port", "\(port)", "--data", TestData.directory])
        #expect(second.status != 0 && second.err.contains("port \(port) on 127.0.0.1 is taken"), "\(second.err)")
        let noData = try runMeridian(["serve", "--port", "0", "--data", "/nonexistent"])
        #expect(noData.status != 0 && noData.err.contains("build-data"))
        let health = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/health")!)
        #expect(String(decoding: health, as: UTF8.self).contains("ok"))
        kill(server.processIdentifier, SIGTERM)
        server.waitUntilExit()
        // Every log line is a JSON object; the request has its access-log entry.
        let lines = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(
            separator: "\n")
        let entries = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(!lines.isEmpty && entries.count == lines.count, "\(lines.prefix(5))")
        #expect(
            entries.contains {
                $0["message"] as? String == "served" && $0["route"] as? String == "/health"
                    && $0["status"] as? String == "200"
            },
            "\(lines.prefix(5))")
        #expect(
            server.terminationReason == .exit && server.terminationStatus == 0,
            "graceful shutdown exits 0, got \(server.terminationStatus)")
    }
}
