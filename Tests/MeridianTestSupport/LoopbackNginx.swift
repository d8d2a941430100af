import Foundation
import Testing

/// The default data's archives converted to PMTiles by the reference converter (the `pmtiles`
/// wheel that scripts/build-data.sh unzips), once per process, in a data folder's layout.
public enum DefaultPMTiles {
    /// The archives, by their place in the folder (without `.pmtiles`).
    public static let archives = ["openmaptiles/helsinki", "openmaptiles/kotka", "world", "coast", "satellite"]

    /// The folder, or why it could not be made.
    public static let folder: Result<String, Error> = Result {
        let out = temporaryPath("pmtiles-data")
        try FileManager.default.createDirectory(atPath: out + "/openmaptiles", withIntermediateDirectories: true)
        let script =
            "import sys\nfrom pmtiles.convert import mbtiles_to_pmtiles\nfor name in sys.argv[3:]:\n    mbtiles_to_pmtiles(sys.argv[1] + '/' + name + '.mbtiles', sys.argv[2] + '/' + name + '.pmtiles', 30)\n"
        try LoopbackNginx.run(
            "/usr/bin/env", ["python3", "-c", script, TestData.directory, out] + archives,
            environment: ["PYTHONPATH": TestData.path("tools/pmtiles"), "PATH": "/usr/bin:/bin"])
        return out
    }
}

/// nginx on a loopback port serving a copy of ``DefaultPMTiles`` with a `manifest.json` listing
/// them: what a data server or object store is to render nodes. nginx answers range requests,
/// sends ETags and honours `If-Match`, as object stores do.
public final class LoopbackNginx: @unchecked Sendable {  // immutable after init
    /// The folder served: a copy of the converted archives (which a test may replace) and the
    /// manifest (made once).
    public static let folder: Result<String, Error> = Result {
        let source = try DefaultPMTiles.folder.get()
        let out = temporaryPath("remote-data")
        try? FileManager.default.removeItem(atPath: out)
        try FileManager.default.copyItem(atPath: source, toPath: out)
        let manifest = try JSONSerialization.data(withJSONObject: DefaultPMTiles.archives.map { $0 + ".pmtiles" })
        try manifest.write(to: URL(fileURLWithPath: out + "/manifest.json"))
        return out
    }

    /// A copy of ``folder`` of a test's own at a temporary path named by `name`.
    public static func copyOfFolder(_ name: String) throws -> String {
        let out = temporaryPath("remote-data-\(name)")
        try? FileManager.default.removeItem(atPath: out)
        try FileManager.default.copyItem(atPath: try folder.get(), toPath: out)
        return out
    }

    /// The folder served.
    public let root: String
    /// `http://127.0.0.1:PORT`.
    public let base: String
    private let process: Process
    private let prefix: String

    /// A running nginx on `port` (a free loopback port when nil), serving `root` (``folder`` when
    /// nil: shared by every test of the process, so a test that replaces files serves its own copy,
    /// ``copyOfFolder(_:)``).
    public init(port given: Int? = nil, root given2: String? = nil) throws {
        root = try given2 ?? Self.folder.get()
        prefix = temporaryPath("nginx-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        let port = try given ?? Self.freePort()
        let conf = """
            daemon off; worker_processes 1; pid \(prefix)/nginx.pid; error_log \(prefix)/error.log;
            events { worker_connections 256; }
            http {
              access_log off; client_body_temp_path \(prefix)/body; proxy_temp_path \(prefix)/proxy;
              fastcgi_temp_path \(prefix)/fastcgi; uwsgi_temp_path \(prefix)/uwsgi; scgi_temp_path \(prefix)/scgi;
              types { application/json json; application/octet-stream pmtiles; }
              server { listen 127.0.0.1:\(port); root \(root); location / { } }
            }
            """
        try conf.write(toFile: prefix + "/nginx.conf", atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
        process.arguments = ["-p", prefix, "-c", prefix + "/nginx.conf"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        base = "http://127.0.0.1:\(port)"
        // Ready when it answers.
        for _ in 0..<100 {
            if (try? Data(contentsOf: URL(string: base + "/manifest.json")!)) != nil { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        stop()
        throw CocoaError(.fileReadUnknown)
    }

    deinit { stop() }

    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Replaces the served file `target` (relative to ``root``) by a copy of `source` (an absolute
    /// path, or relative to ``root``), as an object store replaces an object: written aside, then
    /// renamed into place.
    public func copy(_ source: String, to target: String) throws {
        let aside = root + "/.part-" + UUID().uuidString
        try FileManager.default.copyItem(atPath: source.hasPrefix("/") ? source : root + "/" + source, toPath: aside)
        guard rename(aside, root + "/" + target) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// A loopback port the kernel says is free now.
    public static func freePort() throws -> Int {
        let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(s) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(s, $0, length) == 0 && getsockname(s, $0, &length) == 0
            }
        }
        guard bound else { throw CocoaError(.fileReadUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs `tool` to its end; throws when it fails.
    public static func run(_ tool: String, _ arguments: [String], environment: [String: String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}

extension Trait where Self == ConditionTrait {
    /// What `LoopbackNginx` needs: the default data, the reference PMTiles converter, nginx.
    public static var needsLoopbackNginx: Self {
        .enabled(
            if: TestData.available("openmaptiles/helsinki.mbtiles")
                && TestData.available("tools/pmtiles/pmtiles/convert.py")
                && FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx"),
            "needs the default data and nginx")
    }
}
