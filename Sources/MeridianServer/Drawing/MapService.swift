import MeridianServing
import MeridianStyle
import MeridianTiles

/// The server's hub: what it serves (``data``, found once by its loader), what makes every
/// drawing and tile (``drawer``: the workers, the metatile cut, the response cache), where drawing
/// runs (`gate`), the viewer sessions' places (`seats`), and the limits and public access every
/// request is held to. Safe to share between requests.
public final class MapService: Sendable {
    /// Makes every drawing and tile, and keeps finished responses (below HTTP: `meridian tiles
    /// render` uses one too).
    public let drawer: MapDrawer
    /// What loading left out, one line each: the data's (`ServedData.warnings`), then what
    /// `/style.json` leaves out of a given style. `serve` prints them at start, and `/health`
    /// lists them.
    public let warnings: [String]
    /// The limits every connection, drawing and session is held to.
    public let limits: HTTPLimits
    /// CORS origins and the public base URL (``PublicAccess``).
    public let access: PublicAccess
    /// Where drawing runs: lanes, bounded queues, the waiting deadline.
    let gate: DrawingGate
    /// The viewer sessions' places: who holds each, and who gives one up to a newcomer.
    let seats: ViewerSeats

    /// - Parameters:
    ///   - data: what is served (`ServedData(folder:style:)`).
    ///   - limits: timeouts, sizes, queues and the drawing deadline.
    ///   - access: CORS origins, the public base URL and trusted proxies.
    /// - Throws: ``RequestError`` naming the limit or access setting that is out of range.
    public init(
        _ data: ServedData, limits: HTTPLimits = HTTPLimits(), access: PublicAccess = PublicAccess()
    )
        throws(RequestError)
    {
        try limits.validate()
        try access.validate()
        ServerMetrics.bootstrap()
        drawer = MapDrawer(data)
        (self.limits, self.access) = (limits, access)
        gate = DrawingGate(limits: limits)
        seats = ViewerSeats(
            capacity: limits.maxSessions, grace: .milliseconds(Int64((limits.sessionGrace * 1000).rounded())))
        var warnings = data.warnings
        // What `/style.json` leaves out of a given style (it serves only the vector tilesets).
        if let given = data.customStyle,
            let served = try? ServedStyle.document(
                base: "", given: given, sources: data.vectorSources, geojson: data.geojsonFiles)
        {
            warnings += served.omitted.map { "/style.json: " + $0 }
        }
        self.warnings = warnings
    }

    /// Loads the data of `dataFolder` (`ServedData`) and serves it.
    ///
    /// Metrics are bootstrapped first, so that what opening the sources counts (remote archives)
    /// reaches `/metrics`.
    /// - Throws: ``RequestError`` (parameter `data` or `style`, 500) when the data cannot be
    ///   served, or naming a limit out of range.
    public convenience init(
        dataFolder: DataFolder, style: Style? = nil, limits: HTTPLimits = HTTPLimits(),
        access: PublicAccess = PublicAccess()
    ) throws(RequestError) {
        ServerMetrics.bootstrap()
        let data: ServedData
        do { data = try ServedData(folder: dataFolder, style: style) } catch {
            throw RequestError(error, limits: limits)
        }
        try self.init(data, limits: limits, access: access)
    }

    /// What is served.
    public var data: ServedData { drawer.data }

    /// Runs `body` (something the drawer makes), its `ServingError` answered as a ``RequestError``.
    func serving<T>(_ body: () throws(ServingError) -> T) throws(RequestError) -> T {
        do { return try body() } catch { throw RequestError(error, limits: limits) }
    }
}
