import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MeridianTestSupport
import Testing

/// deploy/nginx.conf as deploy/README.md says to run it, on loopback: two `meridian serve`
/// processes on the default data behind nginx.
@Suite(
    .enabled(
        if: TestData.available("openmaptiles/helsinki.mbtiles")
            && FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"),
        "needs the default data and nginx (scripts/setup.sh installs nginx-light)"), .serialized)
struct DeployTests {
    /// A port the kernel says is free now.
    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    static func start(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// GET through URLSession: status and headers (lowercased names); nil while nothing answers.
    static func get(_ url: String) async -> (Int, [String: String])? {
        var request = URLRequest(url: URL(string: url)!)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        guard let (_, response) = try? await URLSession.shared.data(for: request),
            let http = response as? HTTPURLResponse
        else { return nil }
        var fields: [String: String] = [:]
        for (k, v) in http.allHeaderFields { fields[String(describing: k).lowercased()] = String(describing: v) }
        return (http.statusCode, fields)
    }

    static func waitUntilUp(_ url: String) async throws {
        for _ in 0..<300 where await get(url) == nil { try await Task.sleep(for: .milliseconds(100)) }
    }

    /// The status line nginx on `port` answers a viewer session's WebSocket upgrade with (a raw
    /// request: URLSession has no upgrade).
    static func upgradeStatus(port: Int) throws -> String {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = [
            "-c",
            """
            import socket; s = socket.create_connection(("127.0.0.1", \(port))); s.settimeout(5)
            s.sendall(b"GET /session HTTP/1.1\\r\\nHost: x\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n")
            print(s.recv(200).split(b"\\r\\n")[0].decode())
            """,
        ]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let line = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        return line
    }

    @Test(
        "nginx balances over two processes, caches tiles (a HIT the second time) and passes a viewer session's upgrade")
    func nginx() async throws {
        let binary = meridianBinary
        let (p1, p2, front) = (Self.freePort(), Self.freePort(), Self.freePort())
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-deploy-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        try FileManager.default.createDirectory(atPath: work + "/cache", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let backends = try [p1, p2].map {
            try Self.start(
                binary, ["serve", "--port", "\($0)", "--data", TestData.directory, "--trusted-proxy", "127.0.0.1"])
        }
        defer { backends.forEach { $0.terminate() } }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let template = try String(contentsOf: root.appendingPathComponent("deploy/nginx.conf"), encoding: .utf8)
        let conf = template.replacingOccurrences(of: "@LISTEN@", with: "127.0.0.1:\(front)")
            .replacingOccurrences(of: "@BACKENDS@", with: "server 127.0.0.1:\(p1); server 127.0.0.1:\(p2);")
            .replacingOccurrences(of: "@CACHE@", with: work + "/cache").replacingOccurrences(of: "@PREFIX@", with: work)
        try conf.write(toFile: work + "/nginx.conf", atomically: true, encoding: .utf8)
        for p in [p1, p2] { try await Self.waitUntilUp("http://127.0.0.1:\(p)/health") }
        let nginx = try Self.start("/usr/sbin/nginx", ["-c", work + "/nginx.conf", "-p", work, "-g", "daemon off;"])
        defer { nginx.terminate() }
        let base = "http://127.0.0.1:\(front)"
        try await Self.waitUntilUp(base + "/health")
        var upstreams: Set<String> = []
        for _ in 0..<8 {
            let answer = try #require(await Self.get(base + "/health"))
            #expect(answer.0 == 200)
            if let u = answer.1["x-meridian-upstream"] { upstreams.insert(u) }
        }
        #expect(upstreams == ["127.0.0.1:\(p1)", "127.0.0.1:\(p2)"], "\(upstreams)")
        let tile = base + "/tiles/14/9326/4741.png"
        let first = try #require(await Self.get(tile))
        let second = try #require(await Self.get(tile))
        #expect(first.0 == 200 && first.1["x-cache-status"] == "MISS" && second.1["x-cache-status"] == "HIT")
        // The style names nginx's address (forwarded by nginx, believed from it alone).
        let style = try Data(contentsOf: URL(string: base + "/style.json")!)
        #expect(String(decoding: style, as: UTF8.self).contains("\"\(base)/data/openmaptiles/{z}/{x}/{y}.pbf\""))
        // A viewer session upgrades through nginx (a raw request: URLSession has no upgrade).
        let line = try Self.upgradeStatus(port: front)
        #expect(line.hasPrefix("HTTP/1.1 101"), "\(line)")
    }
}
