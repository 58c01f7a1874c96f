#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs work on a thread of its own with a stack of a given size, and waits for it.
///
/// Parsers recurse once per level of their input's nesting, and an unoptimised build spends tens of kilobytes
/// of stack on a level: a hostile file can need far more stack than a worker thread has (SwiftParser also
/// descends into constructs its own nesting limit does not count: a long `else if` chain, `try try try …`). A
/// reader parses on a thread whose stack is sized for the file instead, which makes it safe whoever calls it.
/// The stack is reserved, not committed: only the pages a deep file touches cost memory.
public enum LargeStack {
    /// A unit of work handed to the thread as an opaque pointer.
    private class Job {
        func run() {}
    }

    private final class TypedJob<T>: Job {
        let body: () -> T
        var result: T?

        init(_ body: @escaping () -> T) { self.body = body }

        override func run() { result = body() }
    }

    /// The smallest stack asked for when the system refuses a larger one.
    public static let minimumStackBytes = 8 * 1024 * 1024

    /// `body`'s result, computed on a new thread with a stack of `bytes` bytes; on the calling thread when
    /// no thread can be made.
    public static func run<T>(stackBytes bytes: Int, _ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body in
            let job = TypedJob(body)
            // A system that refuses so large a stack may accept a smaller one.
            var size = bytes
            while !spawnAndJoin(job, stackBytes: size) {
                guard size > minimumStackBytes else { return body() }
                size = max(minimumStackBytes, size / 4)
            }
            return job.result ?? body()
        }
    }

    /// Runs `job` on a new thread with a stack of `stackBytes` and waits for it; false when no thread could be made
    /// (and the job did not run).
    private static func spawnAndJoin(_ job: Job, stackBytes: Int) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackBytes) == 0 else { return false }
        let context = Unmanaged.passRetained(job)
        defer { context.release() }
        guard let thread = start(context.toOpaque(), &attributes) else { return false }
        pthread_join(thread, nil)
        return true
    }

    // pthread_create's thread handle and entry point differ in optionality between the C libraries.
    #if canImport(Glibc) || canImport(Musl)
        private static func start(_ context: UnsafeMutableRawPointer, _ attributes: inout pthread_attr_t) -> pthread_t? {
            var thread = pthread_t()
            let created = pthread_create(
                &thread, &attributes,
                { raw in
                    if let raw { Unmanaged<Job>.fromOpaque(raw).takeUnretainedValue().run() }
                    return nil
                }, context)
            return created == 0 ? thread : nil
        }
    #elseif canImport(Darwin)
        private static func start(_ context: UnsafeMutableRawPointer, _ attributes: inout pthread_attr_t) -> pthread_t? {
            var thread: pthread_t?
            let created = pthread_create(
                &thread, &attributes,
                { raw in
                    Unmanaged<Job>.fromOpaque(raw).takeUnretainedValue().run()
                    return nil
                }, context)
            guard created == 0 else { return nil }
            // A thread that runs the job must be joined before its context is released.
            guard let thread else { preconditionFailure("pthread_create succeeded without a thread handle") }
            return thread
        }
    #endif
}
