import Foundation
import MeridianTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// deploy/nginx.conf with render nodes that hold no copy of the data (issue 35): nginx on loopback
/// serves the default data's archives as PMTiles, two `meridian serve --data URL/manifest.json`
/// nodes read them by range requests, and a second nginx balances over the nodes. Everything is
/// compared with `meridian serve` on the same archives as local files.
@Suite(.serialized, .needsLoopbackNginx)
struct RemoteDeployTests {
    /// Status, body and `Retry-After` of a GET (nil while nothing answers).
    static func fetch(_ url: String) async -> (status: Int, body: Data, retryAfter: Int?)? {
        var request = URLRequest(url: URL(string: url)!)
        request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        guard let (data, response) = try? await URLSession.shared.data(for: request),
            let http = response as? HTTPURLResponse
        else { return nil }
        return (http.statusCode, data, http.value(forHTTPHeaderField: "Retry-After").flatMap { Int($0) })
    }

    /// `meridian serve` on `data` at a free port, started and answering; stopped by `stop`.
    static func node(_ data: String) async throws -> (base: String, process: Process) {
        let port = try LoopbackNginx.freePort()
        let process = try DeployTests.start(
            meridianBinary, ["serve", "--port", "\(port)", "--data", data, "--trusted-proxy", "127.0.0.1"])
        let base = "http://127.0.0.1:\(port)"
        try await DeployTests.waitUntilUp(base + "/health")
        return (base, process)
    }

    /// What a client asks of a map service: static maps flat, tilted and of the world, raster and
    /// vector tiles, the style, the viewer's page.
    static let paths = [
        "/staticmap?center=60.1699,24.9384&zoom=15&size=400x300",
        "/staticmap?center=60.1699,24.9384&zoom=17&size=400x300&bearing=30&tilt=60",
        "/staticmap?center=30,10&zoom=2&size=400x300",
        "/tiles/14/9326/4742.png", "/tiles/2/2/1.png", "/data/openmaptiles/14/9326/4742.pbf",
        "/data/openmaptiles/512/13/4663/2371.pbf", "/style.json", "/",
    ]

    @Test(
        "two nodes with no copy of the data, behind nginx: static maps, raster and vector tiles, the style and the viewer equal a node on local files"
    )
    func balanced() async throws { try await HeavyClients.shared.run { try await Self.balancedRun() } }

    static func balancedRun() async throws {
        var site: LoopbackNginx? = try LoopbackNginx()
        let siteBase = site!.base
        defer { site?.stop() }
        let local = try await Self.node(try DefaultPMTiles.folder.get())
        let nodes = [
            try await Self.node(siteBase + "/manifest.json"), try await Self.node(siteBase + "/manifest.json"),
        ]
        defer { ([local] + nodes).forEach { kill($0.process.processIdentifier, SIGKILL) } }
        let port = try LoopbackNginx.freePort()
        let work = temporaryPath("remote-deploy")
        try FileManager.default.createDirectory(atPath: work + "/cache", withIntermediateDirectories: true)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let template = try String(contentsOf: root.appendingPathComponent("deploy/nginx.conf"), encoding: .utf8)
        let backends = nodes.map { "server \($0.base.dropFirst("http://".count));" }.joined(separator: " ")
        try template.replacingOccurrences(of: "@LISTEN@", with: "127.0.0.1:\(port)")
            .replacingOccurrences(of: "@BACKENDS@", with: backends)
            .replacingOccurrences(of: "@CACHE@", with: work + "/cache").replacingOccurrences(of: "@PREFIX@", with: work)
            .write(toFile: work + "/nginx.conf", atomically: true, encoding: .utf8)
        let balancer = try DeployTests.start(
            "/usr/sbin/nginx", ["-c", work + "/nginx.conf", "-p", work, "-g", "daemon off;"])
        defer { balancer.terminate() }  // nginx takes SIGTERM (it sets its own signal mask)
        let front = "http://127.0.0.1:\(port)"
        try await DeployTests.waitUntilUp(front + "/health")
        for path in Self.paths {
            // Twice: each node draws it (round robin), or nginx's cache answers the second.
            for _ in 0..<2 {
                let through = try #require(await Self.fetch(front + path), "\(path)")
                let expected = try #require(await Self.fetch(local.base + path), "\(path)")
                #expect(through.status == 200 && expected.status == 200, "\(path): \(through.status)")
                if path == "/style.json" {
                    // The style names the address it was asked at.
                    let mine = String(decoding: through.body, as: UTF8.self).replacingOccurrences(of: front, with: "")
                    let theirs = String(decoding: expected.body, as: UTF8.self).replacingOccurrences(
                        of: local.base, with: "")
                    #expect(mine == theirs, "the style, but for its address")
                } else {
                    #expect(through.body == expected.body, "\(path): the same bytes (\(through.body.count))")
                }
            }
        }
        // A viewer session upgrades through nginx to a node.
        let line = try DeployTests.upgradeStatus(port: port)
        #expect(line.hasPrefix("HTTP/1.1 101"), "\(line)")
        // The data server stopped: what was drawn is still answered, a new view is a 503 with
        // Retry-After; back on its port, the nodes draw again by themselves.
        site?.stop()
        site = nil
        let seen = try #require(await Self.fetch(front + Self.paths[0]))
        #expect(seen.status == 200, "a view drawn before")
        let unseen = front + "/staticmap?center=60.53,26.95&zoom=15&size=300x200"  // the Kotka region
        let down = try #require(await Self.fetch(unseen))
        #expect(
            down.status == 503 && (down.retryAfter ?? 0) >= 1, "\(down.status) \(String(describing: down.retryAfter))")
        site = try LoopbackNginx(port: Int(URL(string: siteBase)!.port!))
        var back = 0
        for _ in 0..<120 where back != 200 {
            back = await Self.fetch(unseen)?.status ?? 0
            if back != 200 { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(back == 200, "served again without a restart")
    }
}

extension RemoteDeployTests {
    /// Views of the Kotka region at zoom 15, each a new drawing (its own centre).
    static let kotka = (0..<12).map { "/staticmap?center=60.53,\(26.94 + 0.002 * Double($0))&zoom=15&size=256x192" }

    @Test(
        "an archive replaced on the data server under load: every image is all of one version, and the new one is served within the revalidation time"
    )
    func replacedUnderLoad() async throws {
        try await HeavyClients.shared.run { try await Self.replacedUnderLoadRun() }
    }

    static func replacedUnderLoadRun() async throws {
        // Its own copy of the served folder: other tests read the shared one meanwhile.
        let site = try LoopbackNginx(root: try LoopbackNginx.copyOfFolder("replaced"))
        defer { try? FileManager.default.removeItem(atPath: site.root) }
        defer { site.stop() }
        let original = try DefaultPMTiles.folder.get()
        // Version B of the data: Kotka's archive replaced by Helsinki's (Kotka's streets gone).
        let other = temporaryPath("remote-deploy-b")
        try? FileManager.default.removeItem(atPath: other)
        try FileManager.default.copyItem(atPath: original, toPath: other)
        try FileManager.default.removeItem(atPath: other + "/openmaptiles/kotka.pmtiles")
        try FileManager.default.copyItem(
            atPath: original + "/openmaptiles/helsinki.pmtiles", toPath: other + "/openmaptiles/kotka.pmtiles")
        let (a, b) = (try await Self.node(original), try await Self.node(other))
        let nodes = [
            try await Self.node(site.base + "/manifest.json"), try await Self.node(site.base + "/manifest.json"),
        ]
        defer {
            ([a, b] + nodes).forEach { kill($0.process.processIdentifier, SIGKILL) }
        }
        var versions: [String: (a: Data, b: Data)] = [:]
        for path in Self.kotka {
            let (one, two) = (
                try #require(await Self.fetch(a.base + path)), try #require(await Self.fetch(b.base + path))
            )
            #expect(one.status == 200 && two.status == 200 && one.body != two.body, "\(path): the versions differ")
            versions[path] = (one.body, two.body)
        }
        // Version A drawn by both nodes, then the load and the replacement together.
        for (i, path) in Self.kotka.prefix(2).enumerated() {
            #expect(await Self.fetch(nodes[i % 2].base + path)?.body == versions[path]!.a, "\(path): version A")
        }
        let replacedAt = Date()
        let known = versions
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await Task.sleep(for: .milliseconds(300))
                try site.copy(original + "/openmaptiles/helsinki.pmtiles", to: "openmaptiles/kotka.pmtiles")
            }
            for (i, path) in Self.kotka.enumerated() {
                group.addTask {
                    let got = try #require(await Self.fetch(nodes[i % 2].base + path))
                    let (one, two) = known[path]!
                    #expect(got.status == 200 && (got.body == one || got.body == two), "\(path): one version, whole")
                }
            }
            try await group.waitForAll()
        }
        // Every view of either node is version B within the revalidation time (10 s) and a margin.
        var stale = Self.kotka.count * nodes.count
        while stale > 0 && Date().timeIntervalSince(replacedAt) < 25 {
            stale = 0
            for node in nodes {
                for path in Self.kotka where await Self.fetch(node.base + path)?.body != versions[path]!.b {
                    stale += 1
                }
            }
            if stale > 0 { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(stale == 0, "every view of the new version \(Int(Date().timeIntervalSince(replacedAt))) s after")
    }
}
