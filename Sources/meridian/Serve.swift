import ArgumentParser
import Foundation
import Logging
import MeridianRemote
import MeridianRender
import MeridianServer
import MeridianServing
import MeridianStyle
import MeridianTiles
import ServiceLifecycle

extension MeridianCommand {
    /// `meridian serve`: the static-maps and tiles service and the browser viewer.
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve static maps, tiles, the style and the interactive viewer over HTTP.",
            discussion: """
                Open the printed address for the viewer. Static maps: /staticmap?center=60.17,24.94&zoom=15&size=600x400&bearing=30&tilt=45
                Tiles: /tiles/{z}/{x}/{y}.png and @2x.png; vector tiles per source: /data/{source}/{z}/{x}/{y}.pbf;
                style: /style.json. Stops cleanly on Ctrl-C or SIGTERM.
                """)

        @Option(help: "Address to listen on (loopback by default).") var host = "127.0.0.1"
        @Option(help: "Port (0 picks a free one).") var port = 8080
        @OptionGroup var dataFolder: DataFolderOption
        @Option(
            help:
                "A MapLibre style document to draw every map type with (what it has that Meridian does not draw is listed at start and in /health)."
        ) var style: String?
        @Option(help: "Seconds a request head may take to arrive (then 408).") var headerTimeout = HTTPLimits()
            .headerTimeout
        @Option(help: "Seconds a connection may idle before it is closed.") var idleTimeout = HTTPLimits().idleTimeout
        @Option(help: "Most bytes in a request line (then 414).") var maxRequestLine = HTTPLimits().maxRequestLine
        @Option(help: "Most bytes in a request head (then 431).") var maxHeadBytes = HTTPLimits().maxHeadBytes
        @Option(help: "Most header lines in a request (then 431).") var maxHeaders = HTTPLimits().maxHeaders
        @Option(
            help:
                "Most viewer sessions at once; at the cap a newcomer takes the place of one silent for --session-grace, else WebSocket close 1013."
        )
        var maxSessions = HTTPLimits().maxSessions
        @Option(
            help:
                "Seconds of silence after which a viewer session may give its place to a newcomer at the cap (then WebSocket close 1001)."
        )
        var sessionGrace = HTTPLimits().sessionGrace
        @Option(help: "Seconds a viewer session may go without a message from its page (then WebSocket close 1001).")
        var sessionTimeout = HTTPLimits().sessionTimeout
        @Option(
            help:
                "Seconds between WebSocket pings of a viewer session (a session whose pong is missing by the next ping is closed)."
        )
        var sessionPing = HTTPLimits().sessionPing
        @Option(help: "Most drawings waiting per lane (then 503 with Retry-After).") var maxQueue = HTTPLimits()
            .maxQueue
        @Option(help: "Seconds a drawing may take, waiting and drawing (then 503 with Retry-After).") var deadline =
            HTTPLimits().deadline
        @Option(
            name: .customLong("cors-origin"),
            help: "An origin whose pages may read responses (repeatable; default: any, '*').")
        var corsOrigins: [String] = []
        @Option(
            help:
                "The server's base URL as clients see it, e.g. https://maps.example.com (tile and glyph URLs in /style.json and TileJSON)."
        )
        var publicURL: String?
        @Option(
            name: .customLong("trusted-proxy"),
            help: "A proxy address whose X-Forwarded-Proto and X-Forwarded-Host are believed (repeatable).")
        var trustedProxies: [String] = []
        @Option(help: "Log lines as 'text' (for a terminal) or 'json' (one object per line, for a log collector).")
        var logFormat = LogFormat.text

        enum LogFormat: String, ExpressibleByArgument { case text, json }

        /// The limits from the options.
        var limits: HTTPLimits {
            var l = HTTPLimits()
            (l.headerTimeout, l.idleTimeout, l.maxRequestLine, l.maxHeadBytes) = (
                headerTimeout, idleTimeout, maxRequestLine, maxHeadBytes
            )
            (l.maxHeaders, l.maxSessions, l.maxQueue, l.deadline) = (maxHeaders, maxSessions, maxQueue, deadline)
            (l.sessionTimeout, l.sessionGrace, l.sessionPing) = (sessionTimeout, sessionGrace, sessionPing)
            return l
        }

        /// CORS origins, public URL and trusted proxies from the options.
        var access: PublicAccess {
            var a = PublicAccess()
            if !corsOrigins.isEmpty { a.corsOrigins = corsOrigins }
            (a.publicURL, a.trustedProxies) = (publicURL, trustedProxies)
            return a
        }

        func run() async throws {
            FrameMemory.keepFreedMemory()
            if logFormat == .json { LoggingSystem.bootstrap { JSONLogHandler(label: $0) } }
            let folder = dataFolder.folder
            var custom: Style?
            if let style {
                do { custom = try Style(file: style) } catch { throw ValidationError("\(error)") }
            }
            let service: MapService
            do { service = try MapService(dataFolder: folder, style: custom, limits: limits, access: access) } catch {
                throw ValidationError(error.description)
            }
            // Data on an HTTP server: a replaced archive is noticed within seconds, even when
            // every tile drawn is cached (a service of the application's group, stopped with it),
            // checking the archives of the reader the folder reads through.
            let reader = folder.access as? RemoteReader
            let services: [any Service] =
                service.data.readsHTTP ? reader.map { [RevalidationService(reader: $0)] } ?? [] : []
            let host = self.host
            let home = service.data.home.target
            let app = MeridianServer.application(service: service, host: host, port: port, services: services) {
                bound in
                let center = String(format: "%.4f,%.4f", home.latitude, home.longitude)
                let zoom = Int(service.data.home.zoom)
                let line =
                    "Meridian is serving the viewer at http://\(host):\(bound)/  (static maps: http://\(host):\(bound)/staticmap?center=\(center)&zoom=\(zoom)&size=600x400)\n"
                FileHandle.standardOutput.write(Data(line.utf8))
            }
            do { try await app.runService() } catch {
                let text = "\(error)"
                if text.contains("Address already in use") || text.contains("errno: 98") {
                    throw ValidationError(
                        "port \(port) on \(host) is taken; choose another with --port (or --port 0 for any free one)")
                }
                throw error
            }
        }
    }
}
