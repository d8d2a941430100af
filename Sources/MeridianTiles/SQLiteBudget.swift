import CSQLite

/// A bound on every SQLite statement of a connection: SQLite's progress handler counts the
/// virtual machine's steps and interrupts a statement past ``limit`` × ``stepsPerCall`` of them
/// (20 million: a tile look-up takes a few hundred, reading metadata a few thousand). A tileset
/// whose `tiles` or `metadata` is a view that never ends (a recursive CTE) then fails with a
/// typed error instead of hanging its reader and burning a core (issue 23, defect 7).
public final class SQLiteBudget {
    public static let stepsPerCall: Int32 = 10_000
    public let limit: Int
    public private(set) var calls = 0

    /// - Parameter limit: progress calls (of ``stepsPerCall`` steps each) a statement may take.
    public init(limit: Int = 2_000) { self.limit = limit }

    /// Counts this connection's statements against the budget.
    public func install(on db: OpaquePointer) {
        sqlite3_progress_handler(
            db, Self.stepsPerCall,
            { context in
                guard let context else { return 0 }
                let budget = Unmanaged<SQLiteBudget>.fromOpaque(context).takeUnretainedValue()
                budget.calls += 1
                return budget.calls > budget.limit ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Starts a statement's count (before each statement is run).
    public func reset() { calls = 0 }

    /// SQLite's message for `rc`, or the budget's when it interrupted the statement.
    public func message(_ rc: Int32, _ db: OpaquePointer?) -> String {
        if rc == SQLITE_INTERRUPT || calls > limit {
            return
                "a query ran past \(limit * Int(Self.stepsPerCall) / 1_000_000) million SQLite steps and was stopped (is `tiles` or `metadata` a view that never ends?)"
        }
        return db.map { String(cString: sqlite3_errmsg($0)) } ?? "SQLite error \(rc)"
    }
}
