import CSQLite

/// Why the database could not be used; `message` is SQLite's own text.
struct SQLiteError: Error, Sendable, CustomStringConvertible {
    var code: Int32
    var message: String
    var description: String { message }
}

/// One SQLite connection: the only owner of its C handle, closed on deinit. No C type leaves this file.
///
/// `@unchecked Sendable`, proven when it opens: the connection is opened with `SQLITE_OPEN_FULLMUTEX`, SQLite's
/// serialized mode, in which SQLite itself locks the connection around every call, so using it from more than
/// one thread is safe by SQLite's contract. The initialiser checks that SQLite gave the connection its mutex
/// (`sqlite3_db_mutex` is null unless the connection is serialized, as in a library built single-threaded), so
/// no connection exists without it. The state store also only ever uses it from one drain at a time.
final class SQLiteConnection: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The statements run with `keep`, prepared once, by their SQL. Read and changed only inside
    /// `withConnectionMutex`, which holds the connection's own mutex (the one serialized mode gives it, checked
    /// when it opens), so they are serialized exactly as the connection's calls are.
    private var kept: [String: OpaquePointer] = [:]

    /// Opens `path`; `readOnly` never creates or changes the file.
    init(path: String, readOnly: Bool) throws(SQLiteError) {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(path, &db, flags, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: status, message: message)
        }
        handle = db
        precondition(sqlite3_db_mutex(db) != nil, "SQLite opened a connection without its mutex: not in serialized mode")
        sqlite3_busy_timeout(db, 5_000)
    }

    deinit {
        for statement in kept.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs `body` holding the connection's mutex (recursive: SQLite's own calls inside take it again).
    private func withConnectionMutex<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let mutex = sqlite3_db_mutex(handle)
        sqlite3_mutex_enter(mutex)
        defer { sqlite3_mutex_leave(mutex) }
        return try body()
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        guard status == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(error)
            throw SQLiteError(code: status, message: message)
        }
    }

    /// A value bound to a statement's parameter.
    enum Value {
        case text(String)
        /// Text already in UTF-8 (a document as it was written), bound without a copy.
        case utf8([UInt8])
        case integer(Int64)
        case null
    }

    /// Runs one statement with `bindings`, returning every row as its columns' text (nil for NULL). With `keep`,
    /// the statement is prepared the first time and kept for the next run of the same SQL (the state store's
    /// writes: preparing an upsert costs more than running it).
    @discardableResult
    func query(_ sql: String, _ bindings: [Value] = [], keep: Bool = false) throws(SQLiteError) -> [[String?]] {
        try withConnectionMutex { () throws(SQLiteError) -> [[String?]] in
            let statement: OpaquePointer
            if keep, let ready = kept[sql] {
                statement = ready
            } else {
                var prepared: OpaquePointer?
                guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let prepared else {
                    throw lastError()
                }
                statement = prepared
                if keep { kept[sql] = prepared }
            }
            defer {
                if keep {
                    sqlite3_reset(statement)
                    sqlite3_clear_bindings(statement)
                } else {
                    sqlite3_finalize(statement)
                }
            }
            return try run(statement, bindings)
        }
    }

    /// Binds UTF-8 text by its length, so a session's name may hold U+0000, which a C string would end at.
    /// SQLITE_TRANSIENT: SQLite copies the bytes before this call returns. An empty array has no address, and a
    /// null one would bind NULL: it binds a literal's empty text instead.
    private static func bindText(_ bytes: [UInt8], to statement: OpaquePointer, at index: Int32) -> Int32 {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else {
                return sqlite3_bind_text(statement, index, "", 0, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
            return sqlite3_bind_text(
                statement, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count),
                unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
    }

    private func run(_ statement: OpaquePointer, _ bindings: [Value]) throws(SQLiteError) -> [[String?]] {
        for (i, value) in bindings.enumerated() {
            let index = Int32(i + 1)
            let status: Int32
            switch value {
            case .text(let s): status = Self.bindText(Array(s.utf8), to: statement, at: index)
            case .utf8(let bytes): status = Self.bindText(bytes, to: statement, at: index)
            case .integer(let n): status = sqlite3_bind_int64(statement, index, n)
            case .null: status = sqlite3_bind_null(statement, index)
            }
            guard status == SQLITE_OK else { throw lastError() }
        }
        var rows: [[String?]] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw lastError() }
            let count = sqlite3_column_count(statement)
            var row: [String?] = []
            for c in 0..<count {
                if sqlite3_column_type(statement, c) == SQLITE_NULL {
                    row.append(nil)
                } else if let text = sqlite3_column_text(statement, c) {
                    let length = Int(sqlite3_column_bytes(statement, c))
                    row.append(String(decoding: UnsafeBufferPointer(start: text, count: length), as: UTF8.self))
                } else {
                    row.append(nil)
                }
            }
            rows.append(row)
        }
        return rows
    }

    private func lastError() -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)))
    }
}
