import Foundation
import Testing

/// The module graph as the package declares it (`swift package dump-package`): what serves and
/// draws lies below HTTP, and `meridian tiles render` reaches it without the server.
@Suite struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Each target's own targets and other packages' products, from the manifest.
    static func graph() throws -> [String: (targets: [String], products: [String])] {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the suite's own build folder is locked while tests run.
        process.arguments = [
            "swift", "package", "--package-path", root, "--scratch-path", NSTemporaryDirectory() + "meridian-dump",
            "dump-package",
        ]
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var graph: [String: (targets: [String], products: [String])] = [:]
        for target in manifest["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String else { continue }
            var entry: (targets: [String], products: [String]) = ([], [])
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let byName = (dependency["byName"] ?? dependency["target"]) as? [Any],
                    let n = byName.first as? String
                {
                    entry.targets.append(n)
                }
                if let product = dependency["product"] as? [Any], let n = product.first as? String,
                    let package = product.dropFirst().first as? String
                {
                    entry.products.append(package + "/" + n)
                }
            }
            graph[name] = entry
        }
        return graph
    }

    /// Every target `name` depends on, directly or not, and every product they use.
    static func closure(
        of name: String, in graph: [String: (targets: [String], products: [String])]
    ) -> (targets: Set<String>, products: Set<String>) {
        var (targets, products, todo) = (Set<String>(), Set<String>(), [name])
        while let next = todo.popLast() {
            guard let entry = graph[next] else { continue }
            products.formUnion(entry.products)
            for t in entry.targets where targets.insert(t).inserted { todo.append(t) }
        }
        return (targets, products)
    }

    @Test(
        "MeridianServing (the served data, the drawing pool, the metatile cut, the response cache, the pyramid job) depends on no HTTP package and not on MeridianServer"
    )
    func servingBelowHTTP() throws {
        let graph = try Self.graph()
        try #require(graph["MeridianServing"] != nil && graph["MeridianServer"] != nil)
        let (targets, products) = Self.closure(of: "MeridianServing", in: graph)
        #expect(!targets.contains("MeridianServer") && !targets.contains("MeridianRemote"), "\(targets.sorted())")
        let http = ["hummingbird", "hummingbird-websocket", "compress-nio", "swift-prometheus", "async-http-client"]
        let found = products.filter { product in http.contains { product.hasPrefix($0 + "/") } }
        #expect(found.isEmpty, "MeridianServing reaches HTTP through \(found.sorted())")
        // The server is built on it, and the same walk finds the server's HTTP (so the check above
        // could see it).
        let server = Self.closure(of: "MeridianServer", in: graph)
        #expect(server.targets.contains("MeridianServing") && server.products.contains("hummingbird/Hummingbird"))
    }

    @Test("`meridian tiles render` and `tiles merge` import MeridianServing, never MeridianServer")
    func pyramidCommandsWithoutServer() throws {
        let folder = Self.root + "/Sources/meridian/Tiles"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        var serving = false
        for file in files {
            let imports = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") }
            #expect(!imports.contains("import MeridianServer"), "\(file) imports MeridianServer")
            serving = serving || imports.contains("import MeridianServing")
        }
        #expect(serving, "no command of Tiles/ imports MeridianServing")
    }
}
