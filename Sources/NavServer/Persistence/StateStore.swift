#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import JSONCore
import NIOConcurrencyHelpers
import NIOPosix
import NavProtocol

/// Every session kept in SQLite (`--state-dir`), so that a reply to a mutation means the change survives a
/// crash.
///
/// - Durability: WAL journal, `synchronous=FULL`: a commit returns once its WAL frames are synced.
/// - Group commit: writes are queued in the order the sessions made them (each session enqueues from inside
///   its actor), and one drain on a dedicated thread commits everything queued in one transaction, so many
///   concurrent mutations cost one sync. A mutation's reply waits for the commit that holds it.
/// - A damaged, foreign or newer database is refused with a message naming it, and is never written: it is
///   checked through a read-only connection first.
public final class StateStore: Sendable {
    /// The database file in the state directory.
    public static let fileName = "navd.sqlite"
    /// The schema this build writes. A database with a higher one comes from a newer navd and is refused; one
    /// with a lower one is migrated (`migrations`) when it is opened.
    ///
    /// - 1: `meta(format, schemaVersion)`, `sessions(id, ord, name, version, document)`.
    /// - 2: `meta` also says which navd last wrote the database (`writtenBy`), so a navd too old to read it
    ///   can name the version that can.
    /// - 3: `sessions.origin`, where a session comes from (`session/create`'s `origin`), as JSON or NULL.
    public static let schemaVersion = 3
    /// The SQL that takes a database from schema `n` to `n + 1`, at index `n - 1`; each runs in the transaction
    /// that also records the new version.
    static let migrations: [String] = [
        "INSERT OR REPLACE INTO meta(key, value) VALUES ('writtenBy', 'navd before 0.2 (schema 1)');",
        "ALTER TABLE sessions ADD COLUMN origin TEXT;",
    ]
    static let format = "navd-state"

    public let path: String
    private let connection: SQLiteConnection
    /// One thread: SQLite calls and syncs never block an event loop or the concurrency pool.
    private let thread: NIOThreadPool
    private let queue = NIOLockedValueBox(Queue())
    /// Transactions committed so far: with group commit, fewer than the changes they hold.
    let commits = NIOLockedValueBox(0)

    struct Queue {
        var pending: [(Operation, CommitTicket)] = []
        var draining = false
        var closed = false
    }

    /// One change to the stored sessions.
    enum Operation: Sendable {
        case upsert(id: String, order: Int, name: String, version: Int, document: [UInt8], origin: String?)
        case delete(id: String)
    }

    /// A session as it was stored.
    public struct StoredSession: Sendable {
        public var id: String
        public var name: String
        public var document: JSON
        public var origin: SessionOrigin?
    }

    /// Why the state directory cannot be used. The message names the path and says what is wrong.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// The state directory's lock (a descriptor), released by `close`.
    private let lock: Int32

    private init(path: String, connection: SQLiteConnection, lock: Int32) {
        self.path = path
        self.connection = connection
        self.lock = lock
        self.thread = NIOThreadPool(numberOfThreads: 1)
        self.thread.start()
    }

    /// Opens the store in `directory` (made 0700 when missing) and returns the sessions it holds, in the
    /// order they were created.
    public static func open(directory: String) throws(Failure) -> (StateStore, [StoredSession]) {
        try StateDirectory.prepare(directory)
        let lock = try StateDirectory.lock(directory)
        do {
            let (store, sessions) = try openLocked(directory: directory, lock: lock)
            return (store, sessions)
        } catch {
            StateDirectory.unlock(lock)
            throw error
        }
    }

    private static func openLocked(directory: String, lock: Int32) throws(Failure) -> (StateStore, [StoredSession]) {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        let exists = StateDirectory.exists(path)
        if exists { try check(path) }
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: path, readOnly: false)
            try connection.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
            if !exists {
                try connection.execute(
                    """
                    BEGIN IMMEDIATE;
                    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                    CREATE TABLE sessions(
                        id TEXT PRIMARY KEY, ord INTEGER NOT NULL, name TEXT NOT NULL, version INTEGER NOT NULL,
                        document TEXT NOT NULL, origin TEXT);
                    INSERT INTO meta(key, value) VALUES ('format', '\(format)'), ('schemaVersion', '\(schemaVersion)');
                    COMMIT;
                    """)
            } else {
                try migrate(connection, path: path)
            }
            try connection.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES ('writtenBy', 'navd \(NavdVersion.current)');")
        } catch let failure as Failure {
            throw failure
        } catch let error as SQLiteError {
            throw Failure(message: "cannot open the state database \(path): \(error.message)")
        } catch {
            throw Failure(message: "cannot open the state database \(path): \(error)")
        }
        var sessions: [StoredSession] = []
        do {
            for row in try connection.query("SELECT id, name, document, origin FROM sessions ORDER BY ord") {
                guard let id = row[0], let name = row[1], let text = row[2] else { continue }
                let document: JSON
                var origin: SessionOrigin?
                do {
                    document = try JSON.parse(text)
                    if let stored = row[3] { origin = try SessionOrigin(from: ParamReader(JSON.parse(stored), path: "origin")) }
                } catch {
                    throw Failure(message: "the state database \(path) holds a damaged document for session '\(id)': \(error)")
                }
                sessions.append(StoredSession(id: id, name: name, document: document, origin: origin))
            }
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(message: "cannot read the state database \(path): \(error)")
        }
        return (StateStore(path: path, connection: connection, lock: lock), sessions)
    }

    /// Refuses, without writing anything, a file that is not a sound navd state database of a schema this
    /// build knows.
    static func check(_ path: String) throws(Failure) {
        do {
            let reader = try SQLiteConnection(path: path, readOnly: true)
            let check = try reader.query("PRAGMA quick_check")
            guard check.first?.first == "ok" else {
                throw Failure(
                    message:
                        "the state database \(path) is damaged (\(check.first?.first.flatMap { $0 } ?? "quick_check failed")); move it aside to start empty"
                )
            }
            let tables = try reader.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
            guard !tables.isEmpty else {
                throw Failure(message: "\(path) is not a navd state database (it has no navd meta table); choose another --state-dir")
            }
            let meta = Dictionary(
                try reader.query("SELECT key, value FROM meta").compactMap { row in row[0].map { ($0, row[1] ?? "") } },
                uniquingKeysWith: { a, _ in a })
            guard meta["format"] == format else {
                throw Failure(
                    message: "\(path) is not a navd state database (format '\(meta["format"] ?? "none")'); choose another --state-dir")
            }
            guard let version = meta["schemaVersion"].flatMap(Int.init) else {
                throw Failure(message: "the state database \(path) has no schema version; it is damaged")
            }
            guard version >= 1 else {
                throw Failure(message: "the state database \(path) has schema \(version), which no navd wrote; it is damaged")
            }
            guard version <= schemaVersion else {
                let writer = meta["writtenBy"].map { " (written by \($0))" } ?? ""
                throw Failure(
                    message:
                        "the state database \(path) has schema \(version)\(writer), newer than this navd's \(schemaVersion); run a newer navd, or choose another --state-dir"
                )
            }
        } catch let failure as Failure {
            throw failure
        } catch let error as SQLiteError {
            throw Failure(message: "the state database \(path) cannot be read (\(error.message)); it is damaged or not a database")
        } catch {
            throw Failure(message: "the state database \(path) cannot be read: \(error)")
        }
    }

    /// Brings a database `check` accepted up to `schemaVersion`, one migration at a time, each in one
    /// transaction with the version it reaches: a crash leaves it at a version it fully has.
    static func migrate(_ connection: SQLiteConnection, path: String) throws {
        let rows = try connection.query("SELECT value FROM meta WHERE key = 'schemaVersion'")
        let stored = rows.first.flatMap { $0.first ?? nil }.flatMap { Int($0) } ?? schemaVersion
        guard stored < schemaVersion else { return }
        for version in stored..<schemaVersion {
            do {
                try connection.execute(
                    """
                    BEGIN IMMEDIATE;
                    \(migrations[version - 1])
                    UPDATE meta SET value = '\(version + 1)' WHERE key = 'schemaVersion';
                    COMMIT;
                    """)
            } catch {
                try? connection.execute("ROLLBACK;")
                throw Failure(message: "cannot migrate the state database \(path) from schema \(version) to \(version + 1): \(error)")
            }
        }
    }

    // MARK: Writing

    /// Queues a change; the ticket completes when it is durable. Call it in the order the changes happened.
    func enqueue(_ operation: Operation) -> CommitTicket {
        let ticket = CommitTicket()
        let start = queue.withLockedValue { q -> Bool in
            if q.closed {
                ticket.complete(.failure(Failure(message: "the state database \(path) is closed")))
                return false
            }
            q.pending.append((operation, ticket))
            if q.draining { return false }
            q.draining = true
            return true
        }
        if start { thread.submit { [self] _ in drain() } }
        return ticket
    }

    /// Commits everything queued, batch after batch, until the queue is empty. Runs on the store's thread.
    private func drain() {
        while true {
            // The threads about to queue changes (event loops answering mutations that arrived with this one) run
            // first where they share this thread's core, so the batch holds them too: with navd on one core and
            // 16 clients mutating, a commit held 8 changes without this and 15 with it, and durable mutations
            // went from 15,600 to 19,500 a second (`make bench`'s stack/push-pop). Where a core is free it
            // returns at once.
            sched_yield()
            let batch = queue.withLockedValue { q -> [(Operation, CommitTicket)] in
                let b = q.pending
                q.pending = []
                if b.isEmpty { q.draining = false }
                return b
            }
            if batch.isEmpty { return }
            let result: Result<Void, Failure>
            do {
                try commit(batch.map(\.0))
                commits.withLockedValue { $0 += 1 }
                result = .success(())
            } catch {
                result = .failure(Failure(message: "cannot write the state database \(path): \(error.message)"))
            }
            for (_, ticket) in batch { ticket.complete(result) }
        }
    }

    private func commit(_ operations: [Operation]) throws(SQLiteError) {
        // Prepared once, like the writes: parsing `BEGIN` and `COMMIT` again for every commit cost more than running them.
        try connection.query("BEGIN IMMEDIATE", keep: true)
        do {
            for op in operations {
                switch op {
                case .upsert(let id, let order, let name, let version, let document, let origin):
                    try connection.query(
                        """
                        INSERT INTO sessions(id, ord, name, version, document, origin) VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT(id) DO UPDATE SET name = excluded.name, version = excluded.version, document = excluded.document,
                            origin = excluded.origin
                        """,
                        [
                            .text(id), .integer(Int64(order)), .text(name), .integer(Int64(version)), .utf8(document),
                            origin.map { .text($0) } ?? .null,
                        ], keep: true)
                case .delete(let id):
                    try connection.query("DELETE FROM sessions WHERE id = ?", [.text(id)], keep: true)
                }
            }
            try connection.query("COMMIT", keep: true)
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }

    /// Stops taking changes, commits what is queued, then stops the store's thread.
    public func close() async {
        let already = queue.withLockedValue { q -> Bool in
            defer { q.closed = true }
            return q.closed
        }
        guard !already else { return }
        // The pool runs every submitted drain before it stops, so nothing queued is dropped.
        try? await thread.shutdownGracefully()
        StateDirectory.unlock(lock)
    }
}

/// Completes once the change it stands for is durable (or could not be written).
final class CommitTicket: Sendable {
    typealias Callback = @Sendable (Result<Void, StateStore.Failure>) -> Void
    private struct State {
        var result: Result<Void, StateStore.Failure>?
        var callbacks: [Callback] = []
    }
    private let state = NIOLockedValueBox(State())

    func complete(_ result: Result<Void, StateStore.Failure>) {
        let callbacks = state.withLockedValue { s -> [Callback] in
            s.result = result
            defer { s.callbacks = [] }
            return s.callbacks
        }
        for c in callbacks { c(result) }
    }

    /// Calls `callback` once the write is committed or failed (at once when it already is).
    func whenComplete(_ callback: @escaping Callback) {
        let done = state.withLockedValue { s -> Result<Void, StateStore.Failure>? in
            if s.result == nil { s.callbacks.append(callback) }
            return s.result
        }
        if let done { callback(done) }
    }

    func wait() async throws {
        try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
            whenComplete { result in c.resume(with: result.mapError { $0 as any Error }) }
        }
    }
}
