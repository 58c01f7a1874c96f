#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the reading of a file on a thread of its own, with a stack large enough for the deepest nesting the reader
/// follows, and waits for it.
///
/// The parser recurses once per level of the input's nesting, and an unoptimised build spends tens of kilobytes of
/// stack on a level: far more than the threads of a pool may have. A thread of its own makes the reader safe
/// whoever calls it. The stack is reserved, not committed: only the pages a deep file touches cost memory.
enum LargeStack {
    /// 64 MiB: the nesting ceiling (``ObjCReader/nestingCeiling``) times what a level costs unoptimised (about
    /// 32 KiB; a tenth of that optimised), twice over.
    static let size = 64 << 20

    /// `body`'s result, computed on a thread with a large stack; on the calling thread when no thread can be made.
    static func run<T>(_ body: () -> T) -> T {
        withoutActuallyEscaping(body) { body -> T in
            var result: T?
            let job = Job { result = body() }
            let unmanaged = Unmanaged.passRetained(job)
            let ran = spawnAndJoin(unmanaged.toOpaque())
            unmanaged.release()
            guard ran, let result else { return body() }
            return result
        }
    }

    /// The work a thread runs, handed to it as a raw pointer (a C thread takes no Swift context).
    private final class Job {
        let work: () -> Void
        init(_ work: @escaping () -> Void) { self.work = work }
    }

    /// Starts a thread running the job at `context` and waits for it to end; false when no thread could be made
    /// (and the job did not run).
    private static func spawnAndJoin(_ context: UnsafeMutableRawPointer) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, size) == 0 else { return false }
        let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
            if let raw { Unmanaged<Job>.fromOpaque(raw).takeUnretainedValue().work() }
            return nil
        }
        #if canImport(Darwin)
            var thread: pthread_t?
            guard pthread_create(&thread, &attributes, entry, context) == 0, let thread else { return false }
        #else
            var thread = pthread_t()
            guard pthread_create(&thread, &attributes, entry, context) == 0 else { return false }
        #endif
        // Joining a thread just made, once, by the thread that made it cannot fail.
        _ = pthread_join(thread, nil)
        return true
    }
}
