import Foundation

/// Runs the external programs an import needs (osmium, tilemaker, GDAL's), each a Debian package:
/// arguments as an array (no shell), output captured, the last lines kept for the error.
struct ToolRunner {
    /// Where a missing tool comes from, for the error message.
    static let packages = [
        "osmium": "osmium-tool", "tilemaker": "tilemaker", "gdalinfo": "gdal-bin", "gdalwarp": "gdal-bin",
        "gdal_translate": "gdal-bin",
    ]

    /// Runs `tool` with `arguments` and waits; standard output goes to `output` when given (a
    /// file), else is returned; standard error is kept for the error message.
    /// `fileSizeLimit` (bytes) bounds every file the tool writes (util-linux's `prlimit
    /// --fsize`): a write past it stops the tool with SIGXFSZ.
    /// - Throws: ``DataError/tool(name:reason:output:)`` when the tool is missing or exits non-zero;
    ///   ``DataError/noRoom(path:limit:reason:)`` (naming the tool) when it was stopped for
    ///   writing past `fileSizeLimit`.
    @discardableResult
    static func run(
        _ tool: String, _ arguments: [String], output: String? = nil, allowedStatus: Set<Int32> = [0],
        fileSizeLimit: Int64? = nil
    ) throws(DataError) -> (text: String, status: Int32) {
        guard let path = which(tool) else {
            throw .tool(
                name: tool,
                reason:
                    "is not installed: install the Debian package \(packages[tool] ?? tool) (apt install \(packages[tool] ?? tool))",
                output: "")
        }
        let process = Process()
        if let fileSizeLimit {
            guard let prlimit = which("prlimit") else {
                throw .tool(
                    name: "prlimit", reason: "is not installed: install the Debian package util-linux", output: "")
            }
            process.executableURL = URL(fileURLWithPath: prlimit)
            process.arguments = ["--fsize=\(max(fileSizeLimit, 1))", "--", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        // Both streams go to files (a full pipe would block a chatty tool).
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "meridian-\(tool)-\(UUID().uuidString)"
        ).path
        let outPath = output ?? scratch + ".out"
        let errPath = scratch + ".err"
        defer {
            try? FileManager.default.removeItem(atPath: errPath)
            if output == nil { try? FileManager.default.removeItem(atPath: outPath) }
        }
        guard FileManager.default.createFile(atPath: outPath, contents: nil),
            FileManager.default.createFile(atPath: errPath, contents: nil),
            let out = FileHandle(forWritingAtPath: outPath), let err = FileHandle(forWritingAtPath: errPath)
        else {
            throw .io(path: outPath, reason: "cannot create the tool's output files")
        }
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { throw .tool(name: tool, reason: "could not start (\(error))", output: "") }
        Interruption.shared.running(process)
        process.waitUntilExit()
        Interruption.shared.running(nil)
        try? out.close()
        try? err.close()
        let messages = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        // Past the bound the tool is stopped by SIGXFSZ, or, where that signal is ignored (an
        // ignored signal stays ignored across exec), its write fails with EFBIG and it says so.
        let stopped = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGXFSZ
        if let fileSizeLimit,
            stopped || (process.terminationStatus != 0 && messages.contains(String(cString: strerror(EFBIG))))
        {
            throw .noRoom(path: tool, limit: fileSizeLimit, reason: "\(tool) wrote a file past its bound")
        }
        guard process.terminationReason == .exit, allowedStatus.contains(process.terminationStatus) else {
            let tail = messages.split(separator: "\n").suffix(8).joined(separator: "\n")
            let how =
                process.terminationReason == .exit
                ? "exited with status \(process.terminationStatus)"
                : "was killed by signal \(process.terminationStatus)"
            throw .tool(name: tool, reason: "\(how) (\(([tool] + arguments).joined(separator: " ")))", output: tail)
        }
        return (
            output == nil ? ((try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "") : "",
            process.terminationStatus
        )
    }

    /// The tool's path on $PATH (or the usual system folders), if installed.
    static func which(_ tool: String) -> String? {
        let dirs =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init) + [
                "/usr/bin", "/usr/local/bin",
            ]
        return dirs.map { $0 + "/" + tool }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
