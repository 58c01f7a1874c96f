/*
 * The load generator `make bench` drives navd and the echo servers with: C connections to a Unix socket,
 * each keeping N Content-Length framed requests in flight (N = 1 is lock-step), spread over T threads
 * with an event loop each (epoll on Linux, poll(2) elsewhere or with -DBENCH_USE_POLL). Every reply is
 * checked without parsing its JSON: its "id" must be the one its connection is waiting for (replies come
 * in order on a connection, docs/protocol.md) and it must have no "error" member. Every reply's latency,
 * from the write of its request to the read that completed it, is kept for the percentiles.
 *
 *     loadgen --socket PATH [--method title/back|bar/hitTest|stack/push-pop] [--clients C] [--in-flight N]
 *             [--threads T] [--seconds S] [--warmup S] [--requests R] [--server-pid PID] [--sessions S]
 *
 * With --seconds (default 1), the figures cover the replies read between the end of the warm-up (default
 * 0.2 s) and the deadline; requests stop at the deadline and the replies still due are read and checked.
 * With --requests, exactly R requests are sent in all and every reply counts. The figures go to stdout as
 * one JSON object; with --server-pid (Linux) they include that process's CPU time over the same window.
 * The exit status is 1 when a reply was wrong or missing.
 *
 * The request bytes are navd-bench's (Sources/navd-bench/Limit.swift, LimitBench.request): request i has
 * id i; bar/hitTest asks for the point (1 + 7i mod 389, 45 + 3i mod 50), a new point every request.
 * stack/push-pop is a mutation workload: connection k (counted over all threads) works on session
 * "s<2 + k mod S>" (S from --sessions, default 16; s1 is the read workloads' session and is left alone), and
 * sends stack/push and stack/pop in turn, so its session's stack stays within one screen of its start.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__) && !defined(BENCH_USE_POLL)
#define USE_EPOLL 1
#include <sys/epoll.h>
#else
#define USE_EPOLL 0
#include <poll.h>
#endif
#ifdef __linux__
#include <sched.h>
#endif

#include "frame.h"

enum method { TITLE_BACK, BAR_HIT_TEST, PUSH_POP };

/* The run's settings, shared read-only by the threads. */
static struct {
    const char *socket;
    enum method method;
    int clients, in_flight, threads;
    double seconds, warmup;
    long long requests; /* 0: timed */
    long server_pid;
    int sessions; /* stack/push-pop: how many sessions the connections share, s2 on */
    uint64_t t_start, t_warm, t_end; /* monotonic ns */
} run;

typedef struct {
    int fd;
    struct buffer in, out;
    int want_write;
    /* The requests in flight, oldest first: their ids and when they were written. */
    int64_t *ids;
    uint64_t *sent;
    int head, count;
    /* stack/push-pop: the session's number, and how many requests the connection has sent */
    int session;
    long long issued;
} connection;

typedef struct {
    int index;
    pthread_t thread;
    connection *conns;
    int nconns;
    long long next;     /* this thread's next request number; request i = next * threads + index */
    long long quota;    /* with --requests: how many this thread sends */
    long long issued;
    long long measured; /* replies inside the window */
    long long replies;  /* every reply */
    long long errors;
    char first_error[200];
    uint32_t *latencies; /* ns, of the measured replies */
    size_t nlat, caplat;
    uint64_t last_reply;
    int failed;
} worker;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void die(const char *what) {
    perror(what);
    exit(1);
}

/* Writes `v` in decimal at `out`; returns the digits' count. */
static int put_decimal(char *out, long long v) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    for (int k = 0; k < n; k++) out[k] = digits[n - 1 - k];
    return n;
}

#define PUT(s) (memcpy(p, s, sizeof s - 1), p += sizeof s - 1)

/* Appends request number `i` (a Content-Length frame) to `out`, as LimitBench.request makes it. Formatted by
 * hand: snprintf cost the generator more than everything else it does for a request. */
static void append_request(struct buffer *out, long long i, connection *c) {
    char body[256], *p = body;
    PUT("{\"jsonrpc\":\"2.0\",\"id\":");
    p += put_decimal(p, i);
    if (run.method == PUSH_POP) {
        if (c->issued++ % 2 == 0) {
            PUT(",\"method\":\"stack/push\",\"params\":{\"sessionId\":\"s");
            p += put_decimal(p, c->session);
            PUT("\",\"screen\":{\"title\":\"Pushed\"}}}");
        } else {
            PUT(",\"method\":\"stack/pop\",\"params\":{\"sessionId\":\"s");
            p += put_decimal(p, c->session);
            PUT("\"}}");
        }
    } else if (run.method == BAR_HIT_TEST) {
        PUT(",\"method\":\"bar/hitTest\",\"params\":{\"sessionId\":\"s1\",\"point\":{\"x\":");
        p += put_decimal(p, 1 + (i * 7) % 389);
        PUT(",\"y\":");
        p += put_decimal(p, 45 + (i * 3) % 50);
        PUT("}}}");
    } else {
        PUT(",\"method\":\"title/back\",\"params\":{\"sessionId\":\"s1\"}}");
    }
    size_t n = (size_t)(p - body);
    buffer_reserve(out, n + 40);
    p = out->data + out->end;
    PUT("Content-Length: ");
    p += put_decimal(p, (long long)n);
    PUT("\r\n\r\n");
    memcpy(p, body, n);
    out->end = (size_t)(p + n - out->data);
}

/* Counts a wrong reply; the first one's description is kept for the report. */
static void note_error(worker *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note_error(worker *w, const char *fmt, ...) {
    if (w->errors++ > 0) return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(w->first_error, sizeof w->first_error, fmt, args);
    va_end(args);
}

/* Checks one reply body against the request it answers: its "id" member holds that request's id, and it is
 * not an error. A search, not a parse: the id is read where navd and the echo servers put it (after
 * "jsonrpc"), or else found by a search; the member after it decides the rest: "result" (navd's answer) or
 * "method" (an echoed request) is not an error, and anything else is searched for an "error" member. */
static void check_reply(worker *w, const char *body, size_t length, int64_t expected) {
    static const char prefix[] = "{\"jsonrpc\":\"2.0\",\"id\":";
    const char *end = body + length, *p;
    if (length > sizeof prefix - 1 && !memcmp(body, prefix, sizeof prefix - 1)) {
        p = body + sizeof prefix - 1;
    } else {
        const char *id = memmem(body, length, "\"id\":", 5);
        if (!id) {
            note_error(w, "a reply without an id (expected %lld)", (long long)expected);
            return;
        }
        p = id + 5;
        while (p < end && *p == ' ') p++;
    }
    int64_t value = 0;
    int digits = 0;
    while (p < end && *p >= '0' && *p <= '9') {
        value = value * 10 + (*p++ - '0');
        digits++;
    }
    if (!digits || value != expected) {
        note_error(w, "expected the reply to %lld, read one with id %lld", (long long)expected,
                   (long long)(digits ? value : -1));
        return;
    }
    size_t rest = (size_t)(end - p);
    if (rest >= 10 && !memcmp(p, ",\"result\":", 10)) return;
    if (rest >= 10 && !memcmp(p, ",\"method\":", 10)) return;
    if (memmem(body, length, "\"error\"", 7)) note_error(w, "the reply to %lld is an error", (long long)expected);
}

static void record_latency(worker *w, uint64_t ns) {
    if (w->nlat == w->caplat) {
        w->caplat = w->caplat ? w->caplat * 2 : 1 << 16;
        w->latencies = realloc(w->latencies, w->caplat * sizeof *w->latencies);
        if (!w->latencies) die("realloc");
    }
    w->latencies[w->nlat++] = ns > UINT32_MAX ? UINT32_MAX : (uint32_t)ns;
}

#if USE_EPOLL
static void set_write_interest(int ep, connection *c, int on) {
    struct epoll_event ev = {.events = EPOLLIN | (on ? EPOLLOUT : 0), .data.ptr = c};
    if (epoll_ctl(ep, EPOLL_CTL_MOD, c->fd, &ev) != 0) die("epoll_ctl");
    c->want_write = on;
}
#else
static void set_write_interest(int ep, connection *c, int on) {
    (void)ep;
    c->want_write = on;
}
#endif

/* Writes what is queued; 0, or -1 when the server is gone. */
static int flush_out(int ep, connection *c) {
    while (c->out.end > c->out.start) {
        ssize_t n = write(c->fd, c->out.data + c->out.start, c->out.end - c->out.start);
        if (n > 0) {
            c->out.start += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!c->want_write) set_write_interest(ep, c, 1);
            return 0;
        } else {
            return -1;
        }
    }
    c->out.start = c->out.end = 0;
    if (c->want_write) set_write_interest(ep, c, 0);
    return 0;
}

/* Sends requests until the connection has its N in flight (or the thread its quota), then writes them. */
static int fill(int ep, worker *w, connection *c) {
    int added = 0;
    while (c->count < run.in_flight && (!run.requests || w->issued < w->quota)) {
        long long i = w->next++ * run.threads + w->index;
        append_request(&c->out, i, c);
        int slot = (c->head + c->count) % run.in_flight;
        c->ids[slot] = i;
        c->count++;
        w->issued++;
        added++;
    }
    if (!added) return 0;
    uint64_t t = now_ns();
    for (int k = c->count - added; k < c->count; k++) c->sent[(c->head + k) % run.in_flight] = t;
    return flush_out(ep, c);
}

/* Reads what the server sent and takes every whole reply out; -1 when the server is gone. */
static int receive(worker *w, connection *c) {
    buffer_reserve(&c->in, 65536);
    ssize_t n = read(c->fd, c->in.data + c->in.end, c->in.capacity - c->in.end);
    if (n == 0) return -1;
    if (n < 0) return (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) ? 0 : -1;
    uint64_t t = now_ns();
    c->in.end += (size_t)n;
    size_t body, length;
    while (next_frame(&c->in, &body, &length)) {
        if (c->count == 0) {
            note_error(w, "a reply nobody asked for (%lld replies so far)", w->replies);
        } else {
            check_reply(w, c->in.data + body, length, c->ids[c->head]);
            if (t >= run.t_warm && t < run.t_end) {
                record_latency(w, t - c->sent[c->head]);
                w->measured++;
            }
            c->head = (c->head + 1) % run.in_flight;
            c->count--;
        }
        w->replies++;
        w->last_reply = t;
        c->in.start = body + length;
    }
    buffer_compact(&c->in);
    return 0;
}

static void *work(void *argument) {
    worker *w = argument;
    int ep = -1;
#if USE_EPOLL
    ep = epoll_create1(0);
    if (ep < 0) die("epoll_create1");
    for (int k = 0; k < w->nconns; k++) {
        struct epoll_event ev = {.events = EPOLLIN, .data.ptr = &w->conns[k]};
        if (epoll_ctl(ep, EPOLL_CTL_ADD, w->conns[k].fd, &ev) != 0) die("epoll_ctl");
    }
    struct epoll_event events[256];
#else
    struct pollfd *polled = calloc((size_t)w->nconns, sizeof *polled);
    if (!polled) die("calloc");
#endif
    for (int k = 0; k < w->nconns; k++) {
        if (fill(ep, w, &w->conns[k]) < 0) goto gone;
    }
    int stopping = 0;
    for (;;) {
        if (!stopping && (run.requests ? w->issued >= w->quota : now_ns() >= run.t_end)) stopping = 1;
        if (stopping) {
            int due = 0;
            for (int k = 0; k < w->nconns; k++) due += w->conns[k].count;
            if (!due) break;
        }
#if USE_EPOLL
        int ready = epoll_wait(ep, events, 256, 2000);
#else
        for (int k = 0; k < w->nconns; k++) {
            polled[k].fd = w->conns[k].fd;
            polled[k].events = (short)(POLLIN | (w->conns[k].want_write ? POLLOUT : 0));
            polled[k].revents = 0;
        }
        int ready = poll(polled, (nfds_t)w->nconns, 2000);
#endif
        if (ready < 0) {
            if (errno == EINTR) continue;
            die("wait");
        }
        if (ready == 0) {
            note_error(w, "no reply for 2 s with %lld replies read (thread %d)", w->replies, w->index);
            w->failed = 1;
            break;
        }
#if USE_EPOLL
        for (int e = 0; e < ready; e++) {
            connection *c = events[e].data.ptr;
            uint32_t what = events[e].events;
            int readable = (what & (EPOLLIN | EPOLLHUP | EPOLLERR)) != 0, writable = (what & EPOLLOUT) != 0;
#else
        for (int k = 0; k < w->nconns; k++) {
            connection *c = &w->conns[k];
            short what = polled[k].revents;
            if (!what) continue;
            int readable = (what & (POLLIN | POLLHUP | POLLERR)) != 0, writable = (what & POLLOUT) != 0;
#endif
            if (writable && flush_out(ep, c) < 0) goto gone;
            if (readable) {
                if (receive(w, c) < 0) goto gone;
                if (!stopping && !(run.requests ? w->issued >= w->quota : now_ns() >= run.t_end)) {
                    if (fill(ep, w, c) < 0) goto gone;
                }
            }
        }
    }
    goto done;
gone:
    note_error(w, "the server closed a connection after %lld replies (thread %d)", w->replies, w->index);
    w->failed = 1;
done:
#if USE_EPOLL
    close(ep);
#else
    free(polled);
#endif
    return NULL;
}

static int connect_to(const char *path) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        fprintf(stderr, "loadgen: socket path too long: %s\n", path);
        exit(2);
    }
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) die("socket");
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        fprintf(stderr, "loadgen: cannot connect to %s: %s\n", path, strerror(errno));
        exit(1);
    }
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) die("fcntl");
    return fd;
}

static int available_cpus(void) {
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) return CPU_COUNT(&set);
#endif
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)n : 1;
}

static void sleep_until(uint64_t t) {
    for (;;) {
        uint64_t now = now_ns();
        if (now >= t) return;
        uint64_t left = t - now;
        struct timespec d = {.tv_sec = (time_t)(left / 1000000000u), .tv_nsec = (long)(left % 1000000000u)};
        nanosleep(&d, NULL);
    }
}

/* The CPU time this process has used, and (Linux) the server's, in seconds. */
static void own_cpu(double *user, double *system) {
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    *user = (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec / 1e6;
    *system = (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec / 1e6;
}

static double process_cpu(long pid) {
#ifdef __linux__
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    /* utime and stime are fields 14 and 15; the name (field 2) is in parentheses and may hold spaces. */
    char *p = strrchr(text, ')');
    if (!p) return -1;
    unsigned long long utime = 0, stime = 0;
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &utime, &stime) != 2) return -1;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
#else
    (void)pid;
    return -1;
#endif
}

static int compare_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static void usage(const char *self) {
    fprintf(stderr,
            "usage: %s --socket PATH [--method title/back|bar/hitTest|stack/push-pop] [--clients C] [--in-flight N]\n"
            "          [--threads T] [--seconds S] [--warmup S] [--requests R] [--server-pid PID] [--sessions S]\n",
            self);
    exit(2);
}

int main(int argc, char **argv) {
    run.method = TITLE_BACK;
    run.clients = 1;
    run.in_flight = 1;
    run.threads = 0;
    run.seconds = 1;
    run.warmup = 0.2;
    run.sessions = 16;
    for (int a = 1; a < argc; a++) {
        const char *name = argv[a];
        if (a + 1 >= argc) usage(argv[0]);
        const char *value = argv[++a];
        if (!strcmp(name, "--socket")) {
            run.socket = value;
        } else if (!strcmp(name, "--method")) {
            if (!strcmp(value, "title/back")) run.method = TITLE_BACK;
            else if (!strcmp(value, "bar/hitTest")) run.method = BAR_HIT_TEST;
            else if (!strcmp(value, "stack/push-pop")) run.method = PUSH_POP;
            else usage(argv[0]);
        } else if (!strcmp(name, "--clients")) {
            run.clients = atoi(value);
        } else if (!strcmp(name, "--in-flight")) {
            run.in_flight = atoi(value);
        } else if (!strcmp(name, "--threads")) {
            run.threads = atoi(value);
        } else if (!strcmp(name, "--seconds")) {
            run.seconds = atof(value);
        } else if (!strcmp(name, "--warmup")) {
            run.warmup = atof(value);
        } else if (!strcmp(name, "--requests")) {
            run.requests = atoll(value);
        } else if (!strcmp(name, "--server-pid")) {
            run.server_pid = atol(value);
        } else if (!strcmp(name, "--sessions")) {
            run.sessions = atoi(value);
        } else {
            usage(argv[0]);
        }
    }
    if (!run.socket || run.clients < 1 || run.in_flight < 1 || run.threads < 0 || run.seconds <= 0 ||
        run.warmup < 0 || run.requests < 0 || run.sessions < 1)
        usage(argv[0]);
    if (run.threads == 0) run.threads = available_cpus();
    if (run.threads > run.clients) run.threads = run.clients;
    signal(SIGPIPE, SIG_IGN);

    worker *workers = calloc((size_t)run.threads, sizeof *workers);
    if (!workers) die("calloc");
    int opened = 0;
    for (int t = 0; t < run.threads; t++) {
        worker *w = &workers[t];
        w->index = t;
        w->nconns = run.clients / run.threads + (t < run.clients % run.threads);
        w->conns = calloc((size_t)w->nconns, sizeof *w->conns);
        if (!w->conns) die("calloc");
        for (int k = 0; k < w->nconns; k++) {
            connection *c = &w->conns[k];
            c->fd = connect_to(run.socket);
            c->session = 2 + opened++ % run.sessions;
            c->ids = calloc((size_t)run.in_flight, sizeof *c->ids);
            c->sent = calloc((size_t)run.in_flight, sizeof *c->sent);
            if (!c->ids || !c->sent) die("calloc");
        }
        if (run.requests) w->quota = run.requests / run.threads + (t < run.requests % run.threads);
    }

    run.t_start = now_ns();
    if (run.requests) {
        run.t_warm = run.t_start;
        run.t_end = UINT64_MAX;
    } else {
        run.t_warm = run.t_start + (uint64_t)(run.warmup * 1e9);
        run.t_end = run.t_warm + (uint64_t)(run.seconds * 1e9);
    }
    for (int t = 0; t < run.threads; t++) {
        if (pthread_create(&workers[t].thread, NULL, work, &workers[t]) != 0) die("pthread_create");
    }
    double user0 = 0, system0 = 0, user1 = 0, system1 = 0, server0 = -1, server1 = -1;
    if (!run.requests) {
        /* The CPU both sides use over the measured window. */
        sleep_until(run.t_warm);
        own_cpu(&user0, &system0);
        if (run.server_pid) server0 = process_cpu(run.server_pid);
        sleep_until(run.t_end);
        own_cpu(&user1, &system1);
        if (run.server_pid) server1 = process_cpu(run.server_pid);
    } else if (run.server_pid) {
        server0 = process_cpu(run.server_pid);
    }
    for (int t = 0; t < run.threads; t++) pthread_join(workers[t].thread, NULL);
    if (run.requests) {
        own_cpu(&user1, &system1);
        if (run.server_pid) server1 = process_cpu(run.server_pid);
    }

    long long measured = 0, replies = 0, errors = 0, issued = 0;
    size_t nlat = 0;
    uint64_t last = run.t_start;
    const char *first_error = NULL;
    int failed = 0;
    for (int t = 0; t < run.threads; t++) {
        worker *w = &workers[t];
        measured += w->measured;
        replies += w->replies;
        errors += w->errors;
        issued += w->issued;
        nlat += w->nlat;
        failed |= w->failed;
        if (w->last_reply > last) last = w->last_reply;
        if (w->errors && !first_error) first_error = w->first_error;
    }
    uint32_t *all = malloc((nlat ? nlat : 1) * sizeof *all);
    if (!all) die("malloc");
    size_t at = 0;
    for (int t = 0; t < run.threads; t++) {
        memcpy(all + at, workers[t].latencies, workers[t].nlat * sizeof *all);
        at += workers[t].nlat;
    }
    qsort(all, nlat, sizeof *all, compare_u32);
#define PERCENTILE(p) (nlat ? (double)all[(size_t)((double)nlat * (p)) < nlat ? (size_t)((double)nlat * (p)) : nlat - 1] / 1000 : 0)
    double window = run.requests ? (double)(last - run.t_start) / 1e9 : run.seconds;
    if (run.requests && replies != run.requests && !errors) {
        errors++;
        first_error = "fewer replies than requests";
    }
    printf("{\"method\":\"%s\",\"clients\":%d,\"inFlight\":%d,\"threads\":%d,\"seconds\":%.6f,"
           "\"requests\":%lld,\"perSecond\":%.1f,\"p50Microseconds\":%.2f,\"p99Microseconds\":%.2f,"
           "\"p999Microseconds\":%.2f,\"maxMicroseconds\":%.2f,\"sent\":%lld,\"replies\":%lld,\"errors\":%lld,"
           "\"generatorUserSeconds\":%.3f,\"generatorSystemSeconds\":%.3f",
           run.method == BAR_HIT_TEST ? "bar/hitTest" : run.method == PUSH_POP ? "stack/push-pop" : "title/back", run.clients, run.in_flight, run.threads, window,
           measured, window > 0 ? (double)measured / window : 0, PERCENTILE(0.5), PERCENTILE(0.99), PERCENTILE(0.999),
           nlat ? (double)all[nlat - 1] / 1000 : 0, issued, replies, errors, user1 - user0, system1 - system0);
    if (server0 >= 0 && server1 >= 0) printf(",\"serverCpuSeconds\":%.3f", server1 - server0);
    if (first_error) {
        printf(",\"firstError\":\"");
        for (const char *p = first_error; *p; p++) {
            if (*p == '"' || *p == '\\') putchar('\\');
            putchar(*p);
        }
        putchar('"');
    }
    printf("}\n");
    return errors || failed ? 1 : 0;
}
