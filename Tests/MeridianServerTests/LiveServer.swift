import Foundation
import Logging
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MeridianServer
import MeridianStyle
import MeridianTiles
import MeridianTestSupport
import NIOConcurrencyHelpers

/// Runs Meridian's server on 127.0.0.1, port 0, for the duration of `body`, which gets the
/// base URL. Requests go through URLSession, a real HTTP client over loopback. `logger`
/// receives the server's log (its own level applies). It serves `folder` (the default data by
/// default), reading data on HTTP servers through `remote` (none by default).
func withLiveServer<T: Sendable>(
    limits: HTTPLimits = HTTPLimits(), access: PublicAccess = PublicAccess(), logger: Logger? = nil,
    style: Style? = nil, folder: String = TestData.directory, remote: (any RemoteAccess)? = nil,
    _ body: @Sendable (String) async throws -> T
) async throws -> T {
    let service = try MapService(
        dataFolder: DataFolder(path: folder, access: remote), style: style, limits: limits, access: access)
    let port = NIOLockedValueBox<Int?>(nil)
    let app = MeridianServer.application(service: service, host: "127.0.0.1", port: 0, logger: logger) { bound in
        port.withLockedValue { $0 = bound }
    }
    return try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask {
            try await app.runService(gracefulShutdownSignals: [])
            return nil
        }
        var waited = 0
        while port.withLockedValue({ $0 }) == nil {
            try await Task.sleep(for: .milliseconds(20))
            waited += 1
            if waited > 500 { throw CocoaError(.fileReadUnknown) }
        }
        let base = "http://127.0.0.1:\(port.withLockedValue { $0 }!)"
        let result = try await body(base)
        group.cancelAll()
        return result
    }
}

/// GET with optional headers: status, headers, body.
func get(
    _ url: String, headers: [String: String] = [:]
) async throws -> (status: Int, headers: [String: String], body: Data) {
    var request = URLRequest(url: URL(string: url)!)
    for (k, v) in headers { request.setValue(v, forHTTPHeaderField: k) }
    request.cachePolicy = .reloadIgnoringLocalAndRemoteCacheData
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as! HTTPURLResponse
    var fields: [String: String] = [:]
    for (k, v) in http.allHeaderFields { fields[String(describing: k).lowercased()] = String(describing: v) }
    return (http.statusCode, fields, data)
}
