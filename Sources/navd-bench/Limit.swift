import Foundation
import JSONCore

/// The parts of navd's measures against its limits that need navd's own protocol beyond one request and its
/// reply: fan-out to subscribers, the delay fan-out adds to a mutator's reply, memory per session and startup.
/// The request path itself (navd against the C and SwiftNIO echo servers) is measured by `scripts/bench_limit.py`
/// with the C load generator in `bench/c`, which merges its figures into the same section.
struct LimitBench {
    let navd: String
    let seconds: Double
    let directory: String
    /// Only the parts ("fan-out, mutator delay", "memory", "startup") whose name contains this.
    var workloadFilter: String? = nil

    /// The request bytes of the request-path workloads (bench/c/loadgen.c sends the same): `title/back` on session
    /// s1, or `bar/hitTest` at a different point every request (so no cached answer can carry the figure).
    static func request(_ method: String, _ i: Int) -> [UInt8] {
        if method == "bar/hitTest" {
            let x = 1 + (i * 7) % 389
            let y = 45 + (i * 3) % 50
            return contentLengthFrame(
                #"{"jsonrpc":"2.0","id":\#(i),"method":"bar/hitTest","params":{"sessionId":"s1","point":{"x":\#(x),"y":\#(y)}}}"#)
        }
        return contentLengthFrame(#"{"jsonrpc":"2.0","id":\#(i),"method":"title/back","params":{"sessionId":"s1"}}"#)
    }

    static let fiveScreens =
        #"[{"id":"a","title":"Settings"},{"id":"b","title":"General"},{"id":"c","title":"About","item":{"rightItems":[{"id":"e","system":"edit"}]}},{"id":"d","title":"Legal"},{"id":"e","title":"Licenses"}]"#

    /// A running child process and its socket.
    final class Child {
        let process: Process
        let socket: String
        init(_ executable: String, _ arguments: [String], socket: String) throws {
            process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.standardError = FileHandle.nullDevice
            self.socket = socket
            try process.run()
        }
        /// Connects once the socket answers.
        func connect() throws -> RawConnection {
            for _ in 0..<20_000 {
                if let c = try? RawConnection(path: socket) { return c }
                usleep(100)
            }
            throw BenchError("\(socket) never answered")
        }
        var residentBytes: Int {
            guard let text = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8) else { return 0 }
            for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
                return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
            }
            return 0
        }
        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    func startNavd(_ name: String, extra: [String] = []) throws -> Child {
        let socket = "\(directory)/\(name).sock"
        try? FileManager.default.removeItem(atPath: socket)
        return try Child(navd, ["--socket", socket, "--log-level", "error"] + extra, socket: socket)
    }

    func run() throws -> JSON {
        var section: JSONObject = [:]
        let navd = try startNavd("navd", extra: ["--max-connections", "2000"])
        defer { navd.stop() }
        _ = try navd.connect()
        func wanted(_ part: String) -> Bool { workloadFilter.map { part.contains($0) } ?? true }
        if wanted("fan-out, mutator delay") {
            section["fanOut"] = .array(try [1, 100, 1000].map { try fanOut(navd: navd, subscribers: $0) })
            let alone = try mutatorDelay(navd: navd, subscribers: 0)
            section["mutatorDelay"] = .array(
                try [0, 100, 1000].map { n in
                    let paced = n == 0 ? alone : try mutatorDelay(navd: navd, subscribers: n)
                    let delayP50 = paced.normal.p50 - alone.normal.p50
                    let delayP99 = paced.normal.p99 - alone.normal.p99
                    var row: JSONObject = [
                        "subscribers": .number(n), "mutations": .number(paced.normal.mutations), "intervalMilliseconds": .number(10),
                        "rounds": .number(3),
                        "mutatorP50Microseconds": .double(round2(paced.normal.p50)),
                        "mutatorP99Microseconds": .double(round2(paced.normal.p99)),
                        "delayP50Microseconds": .double(round2(delayP50)), "delayP99Microseconds": .double(round2(delayP99)),
                        "realtimeMeasuringThread": .bool(paced.realtime != nil && alone.realtime != nil),
                    ]
                    if n > 0 {
                        log("limit mutator delay with \(n) subscribers: p50 +\(fmt(delayP50)) µs, p99 +\(fmt(delayP99)) µs")
                    }
                    if let rt = paced.realtime, let base = alone.realtime {
                        row["realtimeMutatorP50Microseconds"] = .double(round2(rt.p50))
                        row["realtimeMutatorP99Microseconds"] = .double(round2(rt.p99))
                        row["realtimeDelayP50Microseconds"] = .double(round2(rt.p50 - base.p50))
                        row["realtimeDelayP99Microseconds"] = .double(round2(rt.p99 - base.p99))
                        if n > 0 {
                            log(
                                "limit mutator delay with \(n) subscribers, measuring thread at real-time priority: p50 +\(fmt(rt.p50 - base.p50)) µs, p99 +\(fmt(rt.p99 - base.p99)) µs"
                            )
                        }
                    }
                    return .object(row)
                })
        }
        navd.stop()
        if wanted("memory") { section["memory"] = try memory() }
        if wanted("startup") { section["startup"] = try startup() }
        return .object(section)
    }

    /// The best of three rounds of ``fanOutRound(navd:subscribers:seconds:)``, as the workloads do: a burst of
    /// load from elsewhere on the machine costs a round, not the figure. Each round runs the workloads' whole
    /// time: a thousand subscribers take a while to reach their pace.
    func fanOut(navd: Child, subscribers: Int) throws -> JSON {
        var best: JSON?
        for _ in 0..<3 {
            let round = try fanOutRound(navd: navd, subscribers: subscribers, seconds: seconds)
            if (round["notificationsPerSecond"]?.doubleValue ?? 0) > (best?["notificationsPerSecond"]?.doubleValue ?? -1) {
                best = round
            }
        }
        return best ?? [:]
    }

    /// `subscribers` connections subscribe to one session; one more pushes and pops on it in lock-step. Reports
    /// the notifications the subscribers received per second and the mutator's reply latency.
    func fanOutRound(navd: Child, subscribers: Int, seconds: Double) throws -> JSON {
        let mutator = try RawConnection(path: navd.socket)
        try mutator.send(
            contentLengthFrame(#"{"jsonrpc":"2.0","id":1,"method":"session/create","params":{"screens":[{"title":"Root"}]}}"#))
        let created = try JSON.parse(mutator.receiveOne())
        let sid = created["result"]?["sessionId"]?.stringValue ?? "s2"
        var subs: [RawConnection] = []
        for _ in 0..<subscribers {
            let c = try RawConnection(path: navd.socket)
            try c.send(contentLengthFrame(#"{"jsonrpc":"2.0","id":1,"method":"session/subscribe","params":{"sessionId":"\#(sid)"}}"#))
            _ = try c.receiveOne()
            subs.append(c)
        }
        let push = contentLengthFrame(
            #"{"jsonrpc":"2.0","id":2,"method":"stack/push","params":{"sessionId":"\#(sid)","screen":{"title":"Pushed"}}}"#)
        let pop = contentLengthFrame(#"{"jsonrpc":"2.0","id":3,"method":"stack/pop","params":{"sessionId":"\#(sid)"}}"#)
        var fds = ([mutator] + subs).map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        var received = 0
        var mutations = 0
        var latencies: [UInt64] = []
        let start = monotonicNanoseconds()
        let deadline = start + UInt64(seconds * 1e9)
        var sentAt = monotonicNanoseconds()
        try mutator.send(push)
        var mutating = true
        while true {
            let ready = poll(&fds, nfds_t(fds.count), mutating ? 1000 : 200)
            if ready < 0 { throw BenchError("poll failed") }
            if ready == 0 {
                if mutating { throw BenchError("navd stopped answering") }
                break
            }
            if fds[0].revents != 0 {
                let replies = try mutator.receive()
                if replies > 0 {
                    latencies.append(monotonicNanoseconds() - sentAt)
                    mutations += 1
                    if monotonicNanoseconds() < deadline {
                        sentAt = monotonicNanoseconds()
                        try mutator.send(mutations % 2 == 0 ? push : pop)
                    } else {
                        mutating = false
                    }
                }
            }
            for i in 1..<fds.count where fds[i].revents != 0 { received += try subs[i - 1].receive() }
        }
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        latencies.sort()
        let p50 = latencies.isEmpty ? 0 : Double(latencies[latencies.count / 2]) / 1000
        let p99 = latencies.isEmpty ? 0 : Double(latencies[min(latencies.count - 1, latencies.count * 99 / 100)]) / 1000
        let perSecond = Double(received) / elapsed
        log(
            "limit fan-out to \(subscribers): \(Int(perSecond)) notifications/s, \(mutations) mutations, mutator p50 \(fmt(p50)) µs p99 \(fmt(p99)) µs"
        )
        return [
            "subscribers": .number(subscribers), "mutations": .number(mutations), "notifications": .number(received),
            "notificationsPerSecond": .double(perSecond.rounded()), "mutatorP50Microseconds": .double(round2(p50)),
            "mutatorP99Microseconds": .double(round2(p99)),
        ]
    }

    /// One paced run's reply latencies.
    struct Paced {
        var p50: Double
        var p99: Double
        var mutations: Int
    }

    /// How long the mutator's reply waits because of its subscribers: one mutation every 10 ms (so the
    /// notifications of one version are out before the next) for twice the workloads' time, timed from its own
    /// thread, while another thread reads every subscriber. Compared with the same pace and no subscribers,
    /// this is the delay fan-out adds to the reply, without the time the load generator itself spends reading
    /// a thousand sockets.
    ///
    /// It runs twice: from a thread of ordinary priority (`normal`), and from a thread at real-time priority
    /// (`realtime`, nil where the system refuses it, as it does to users other than root on Linux). While a
    /// thousand notifications go out, the event loops and the reader can keep every core busy, and an ordinary
    /// thread woken by its reply then waits a scheduler time slice for a core; at real-time priority it runs
    /// as soon as the reply arrives, so the figure is the time navd took to answer.
    func mutatorDelay(navd: Child, subscribers: Int) throws -> (normal: Paced, realtime: Paced?) {
        let mutator = try RawConnection(path: navd.socket)
        try mutator.send(
            contentLengthFrame(#"{"jsonrpc":"2.0","id":1,"method":"session/create","params":{"screens":[{"title":"Root"}]}}"#))
        let created = try JSON.parse(mutator.receiveOne())
        let sid = created["result"]?["sessionId"]?.stringValue ?? "s2"
        var subs: [RawConnection] = []
        for _ in 0..<subscribers {
            let c = try RawConnection(path: navd.socket)
            try c.send(contentLengthFrame(#"{"jsonrpc":"2.0","id":1,"method":"session/subscribe","params":{"sessionId":"\#(sid)"}}"#))
            _ = try c.receiveOne()
            subs.append(c)
        }
        // The reader owns nothing but descriptors, and stops when the pipe becomes readable.
        var stop: [Int32] = [0, 0]
        guard pipe(&stop) == 0 else { throw BenchError("pipe failed") }
        let fds = subs.map(\.fd)
        let stopRead = stop[0]
        let finished = DispatchSemaphore(value: 0)
        let reader = Thread {
            var polled = ([stopRead] + fds).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            var chunk = [UInt8](repeating: 0, count: 65536)
            reading: while true {
                guard poll(&polled, nfds_t(polled.count), 1000) >= 0 else { break }
                if polled[0].revents != 0 { break reading }
                for i in 1..<polled.count where polled[i].revents != 0 {
                    _ = chunk.withUnsafeMutableBytes { read(polled[i].fd, $0.baseAddress!, $0.count) }
                }
            }
            finished.signal()
        }
        reader.start()
        defer {
            close(stop[1])
            finished.wait()
            close(stop[0])
            // The subscribers' sockets stay open until the reader is done with their descriptors.
            withExtendedLifetime(subs) {}
        }
        let push = contentLengthFrame(
            #"{"jsonrpc":"2.0","id":2,"method":"stack/push","params":{"sessionId":"\#(sid)","screen":{"title":"Pushed"}}}"#)
        let pop = contentLengthFrame(#"{"jsonrpc":"2.0","id":3,"method":"stack/pop","params":{"sessionId":"\#(sid)"}}"#)
        let seconds = self.seconds
        func paced() throws -> Paced {
            let interval: UInt64 = 10_000_000
            var latencies: [UInt64] = []
            var next = monotonicNanoseconds()
            // Twice the workloads' time: about 300 mutations, so the p99 is not the second-worst of a handful.
            let deadline = next + UInt64(2 * seconds * 1e9)
            while next < deadline {
                let now = monotonicNanoseconds()
                if now < next { usleep(useconds_t((next - now) / 1000)) }
                let sentAt = monotonicNanoseconds()
                // Push and pop alternate, so the stack is back where it started after each pair.
                try mutator.send(latencies.count % 2 == 0 ? push : pop)
                _ = try mutator.receiveOne()
                latencies.append(monotonicNanoseconds() - sentAt)
                next += interval
            }
            if latencies.count % 2 == 1 {
                try mutator.send(pop)
                _ = try mutator.receiveOne()
            }
            latencies.sort()
            let p50 = Double(latencies[latencies.count / 2]) / 1000
            let p99 = Double(latencies[min(latencies.count - 1, latencies.count * 99 / 100)]) / 1000
            return Paced(p50: p50, p99: p99, mutations: latencies.count)
        }
        // Three rounds, keeping the one with the lowest p99, as the workloads keep their best round: a stall of
        // the machine in one round costs that round, not the figure.
        func best() throws -> Paced {
            var rounds: [Paced] = []
            for _ in 0..<3 { rounds.append(try paced()) }
            return rounds.min { $0.p99 < $1.p99 }!
        }
        let normal = try best()
        // The same again with this thread at real-time priority, if the system grants it; its own priority is
        // restored after (nothing else runs on it meanwhile: the loop is synchronous).
        var policy: Int32 = 0
        var ordinary = sched_param()
        guard pthread_getschedparam(pthread_self(), &policy, &ordinary) == 0 else { return (normal, nil) }
        var fifo = sched_param()
        fifo.sched_priority = 1
        guard pthread_setschedparam(pthread_self(), SCHED_FIFO, &fifo) == 0 else { return (normal, nil) }
        defer { pthread_setschedparam(pthread_self(), policy, &ordinary) }
        return (normal, try best())
    }

    /// Resident bytes per idle 5-screen session: 10,000 sessions created, the resident size before and after.
    func memory() throws -> JSON {
        let count = 10_000
        let navd = try startNavd("memory", extra: ["--max-sessions", "20000"])
        defer { navd.stop() }
        let c = try navd.connect()
        try c.send(contentLengthFrame(#"{"jsonrpc":"2.0","id":0,"method":"daemon/status"}"#))
        _ = try c.receiveOne()
        usleep(200_000)
        let before = navd.residentBytes
        var created = 0
        while created < count {
            let batch = min(64, count - created)
            var bytes: [UInt8] = []
            for i in 0..<batch {
                bytes += contentLengthFrame(
                    #"{"jsonrpc":"2.0","id":\#(created + i),"method":"session/create","params":{"screens":\#(Self.fiveScreens)}}"#)
            }
            try c.send(bytes)
            var got = 0
            while got < batch { got += try c.receive() }
            created += batch
        }
        usleep(200_000)
        let after = navd.residentBytes
        let perSession = Double(after - before) / Double(count)
        log("limit memory: \(Int(perSession)) bytes per idle 5-screen session (\(count) sessions, RSS \(before) -> \(after))")
        return [
            "sessions": .number(count), "rssBeforeBytes": .number(before), "rssAfterBytes": .number(after),
            "bytesPerSession": .double(perSession.rounded()),
        ]
    }

    /// From exec to the first reply (`daemon/status`) over the socket: the median of 21 starts, in three rounds a
    /// second apart, keeping the round with the lowest median, as each workload keeps its best round (a burst
    /// of load from elsewhere on the machine costs a round, not the figure). navd is started with posix_spawn,
    /// so the figure holds navd's start and not the launcher's (Foundation's Process closes every descriptor
    /// up to the limit in the child first).
    func startup() throws -> JSON {
        var medians: [Double] = []
        for round in 0..<3 {
            if round > 0 { sleep(1) }
            medians.append(try startupRound(round))
        }
        let best = medians.min()!
        let rounds = medians.map { fmt($0, 2) }.joined(separator: ", ")
        log("limit startup: exec to first reply \(fmt(best, 2)) ms (rounds: \(rounds) ms, each the median of 21)")
        return [
            "execToFirstReplyMilliseconds": .double(round2(best)), "samples": .number(21), "rounds": .number(3),
            "roundMediansMilliseconds": .array(medians.map { .double(round2($0)) }),
        ]
    }

    /// One round of 21 starts; their median, in milliseconds.
    func startupRound(_ round: Int) throws -> Double {
        var samples: [Double] = []
        for i in 0..<21 {
            let socket = "\(directory)/startup-\(round)-\(i).sock"
            let arguments = [navd, "--socket", socket, "--log-level", "error"]
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_RDWR, 0) }
            var argv = arguments.map { strdup($0) } + [nil]
            defer { for p in argv { free(p) } }
            var pid: pid_t = 0
            let start = monotonicNanoseconds()
            guard posix_spawn(&pid, navd, &actions, nil, &argv, environ) == 0 else { throw BenchError("cannot start \(navd)") }
            defer {
                kill(pid, SIGTERM)
                var status: Int32 = 0
                waitpid(pid, &status, 0)
            }
            var connection: RawConnection?
            while connection == nil, monotonicNanoseconds() - start < 5_000_000_000 {
                connection = try? RawConnection(path: socket)
                if connection == nil { usleep(50) }
            }
            guard let c = connection else { throw BenchError("\(socket) never answered") }
            try c.send(contentLengthFrame(#"{"jsonrpc":"2.0","id":0,"method":"daemon/status"}"#))
            _ = try c.receiveOne()
            samples.append(Double(monotonicNanoseconds() - start) / 1e6)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    func log(_ line: String) { FileHandle.standardError.write(Data((line + "\n").utf8)) }
    func fmt(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }
    func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
