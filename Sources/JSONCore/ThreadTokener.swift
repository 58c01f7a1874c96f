#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import CJSONC

/// One json-c tokener per thread, kept between documents: creating one allocates and clears a parse stack
/// as deep as the nesting limit, which cost as much as parsing a small request. A thread parses one document
/// at a time, so its tokener is never shared; it is freed when the thread exits.
///
/// The thread also keeps a handle on the C locale, which it uses while json-c parses. json-c reads numbers
/// in the C locale whatever the caller's: on every call it copies the thread's locale and makes a new one
/// with the C numeric rules, then frees both. When the thread already uses the C locale object, the C
/// library hands that object back at both steps and frees nothing (glibc); otherwise each document paid an
/// allocation, a copy of the locale's names and an environment look-up, about a fifth of json-c's time on a
/// small request. The caller's locale is restored before `with` returns.
final class ThreadTokener {
    let tokener: UnsafeMutablePointer<json_tokener>
    /// The depth it was created for (json-c fixes it at creation).
    let depth: Int32
    /// The C locale (nil if the C library could not make one: json-c then switches locales itself).
    private let cLocale: locale_t?

    private init?(depth: Int32) {
        guard let tokener = json_tokener_new_ex(depth) else { return nil }
        self.tokener = tokener
        self.depth = depth
        self.cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
    }

    deinit {
        json_tokener_free(tokener)
        if let cLocale { freelocale(cLocale) }
    }

    /// Runs `body` with this thread's tokener for `depth`, reset and set to strict mode (a new one when the
    /// thread has none for that depth). Nil when json-c cannot allocate one.
    static func with<T>(depth: Int32, _ body: (UnsafeMutablePointer<json_tokener>) -> T) -> T? {
        let current = pthread_getspecific(key).map { Unmanaged<ThreadTokener>.fromOpaque($0).takeUnretainedValue() }
        let kept: ThreadTokener
        if let current, current.depth == depth {
            kept = current
            json_tokener_reset(kept.tokener)
        } else {
            guard let created = ThreadTokener(depth: depth) else { return nil }
            if let old = pthread_getspecific(key) { Unmanaged<ThreadTokener>.fromOpaque(old).release() }
            pthread_setspecific(key, Unmanaged.passRetained(created).toOpaque())
            kept = created
        }
        json_tokener_set_flags(kept.tokener, Int32(JSON_TOKENER_STRICT))
        guard let cLocale = kept.cLocale else { return body(kept.tokener) }
        let callers = uselocale(cLocale)
        defer { uselocale(callers) }
        return body(kept.tokener)
    }

    /// The thread-specific slot; its destructor releases the thread's tokener when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        #if canImport(Darwin)
            pthread_key_create(&key) { Unmanaged<ThreadTokener>.fromOpaque($0).release() }
        #else
            pthread_key_create(&key) { pointer in
                if let pointer { Unmanaged<ThreadTokener>.fromOpaque(pointer).release() }
            }
        #endif
        return key
    }()
}
