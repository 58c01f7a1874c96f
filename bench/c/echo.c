/*
 * The physical limit navd is measured against: a bare echo server on a Unix socket, one thread, no
 * framework. It splits what each connection sends at Content-Length frames ("Content-Length: N\r\n\r\n"
 * then N bytes) and writes every whole frame back, headers and body, once per read burst, as the SwiftNIO
 * echo server of navd-bench does (`navd-bench --echo-server`). It parses no JSON.
 *
 *     echo SOCKET
 *
 * It serves until it is killed. epoll on Linux, poll(2) elsewhere (or with -DBENCH_USE_POLL).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#if defined(__linux__) && !defined(BENCH_USE_POLL)
#define USE_EPOLL 1
#include <sys/epoll.h>
#else
#define USE_EPOLL 0
#include <poll.h>
#endif

#include "frame.h"

/* One connection: what it sent that is not yet a whole frame, and what is due back that the socket did
 * not take yet. */
typedef struct {
    int fd;
    struct buffer in;
    struct buffer out;
    int want_write; /* the descriptor is watched for writability */
} connection;

static connection **connections; /* by descriptor */
static int connections_size;

static void die(const char *what) {
    perror(what);
    exit(1);
}

static connection *connection_for(int fd) {
    if (fd >= connections_size) {
        int size = connections_size ? connections_size : 64;
        while (size <= fd) size *= 2;
        connections = realloc(connections, sizeof *connections * (size_t)size);
        if (!connections) die("realloc");
        memset(connections + connections_size, 0, sizeof *connections * (size_t)(size - connections_size));
        connections_size = size;
    }
    if (!connections[fd]) {
        connections[fd] = calloc(1, sizeof(connection));
        if (!connections[fd]) die("calloc");
        connections[fd]->fd = fd;
    }
    return connections[fd];
}

#if USE_EPOLL
static int ep;

/* Watches the connection for input, and for room to write when `write_too`; `add` on the first call. */
static void watch(connection *c, int write_too, int add) {
    struct epoll_event ev = {.events = EPOLLIN | (write_too ? EPOLLOUT : 0), .data.fd = c->fd};
    if (epoll_ctl(ep, add ? EPOLL_CTL_ADD : EPOLL_CTL_MOD, c->fd, &ev) != 0) die("epoll_ctl");
    c->want_write = write_too;
}
#else
static struct pollfd *polled;
static int polled_count, polled_size;

/* poll(2) reads the wishes before every wait. */
static void watch(connection *c, int write_too, int add) {
    (void)add;
    c->want_write = write_too;
}
#endif

static void drop(connection *c) {
#if USE_EPOLL
    epoll_ctl(ep, EPOLL_CTL_DEL, c->fd, NULL);
#endif
    close(c->fd);
    connections[c->fd] = NULL;
    free(c->in.data);
    free(c->out.data);
    free(c);
}

/* Writes what is due; returns -1 when the connection is gone. */
static int flush_out(connection *c) {
    while (c->out.end > c->out.start) {
        ssize_t n = write(c->fd, c->out.data + c->out.start, c->out.end - c->out.start);
        if (n > 0) {
            c->out.start += (size_t)n;
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (!c->want_write) watch(c, 1, 0);
            return 0;
        } else {
            return -1;
        }
    }
    c->out.start = c->out.end = 0;
    if (c->want_write) watch(c, 0, 0);
    return 0;
}

/* Reads one burst (until a read comes back short, at most four reads, as NIO's default reads per
 * wake-up), moves every whole frame to the output, then writes once. Returns -1 when the connection is gone. */
static int serve(connection *c) {
    for (int reads = 0; reads < 4; reads++) {
        buffer_reserve(&c->in, 65536);
        size_t room = c->in.capacity - c->in.end;
        ssize_t n = read(c->fd, c->in.data + c->in.end, room);
        if (n == 0) return -1;
        if (n < 0) {
            if (errno == EINTR) continue;
            if (errno == EAGAIN || errno == EWOULDBLOCK) break;
            return -1;
        }
        c->in.end += (size_t)n;
        size_t body, length;
        while (next_frame(&c->in, &body, &length)) {
            size_t frame_start = c->in.start;
            size_t frame_end = body + length;
            buffer_append(&c->out, c->in.data + frame_start, frame_end - frame_start);
            c->in.start = frame_end;
        }
        buffer_compact(&c->in);
        if ((size_t)n < room) break; /* a short read: the socket is empty, no need to ask again */
    }
    return flush_out(c);
}

static int accept_one(int listener) {
    int fd = accept(listener, NULL, NULL);
    if (fd < 0) return -1;
    if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) != 0) die("fcntl");
    connection *c = connection_for(fd);
    watch(c, 0, 1);
#if !USE_EPOLL
    if (polled_count == polled_size) {
        polled_size = polled_size ? polled_size * 2 : 64;
        polled = realloc(polled, sizeof *polled * (size_t)polled_size);
        if (!polled) die("realloc");
    }
    polled[polled_count++] = (struct pollfd){.fd = fd, .events = POLLIN};
#endif
    return fd;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s SOCKET\n", argv[0]);
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(argv[1]) >= sizeof address.sun_path) {
        fprintf(stderr, "echo: socket path too long: %s\n", argv[1]);
        return 2;
    }
    strcpy(address.sun_path, argv[1]);
    unlink(argv[1]);
    int listener = socket(AF_UNIX, SOCK_STREAM, 0);
    if (listener < 0) die("socket");
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0) die("bind");
    if (listen(listener, 256) != 0) die("listen");
    fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK);

#if USE_EPOLL
    ep = epoll_create1(0);
    if (ep < 0) die("epoll_create1");
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = listener};
    if (epoll_ctl(ep, EPOLL_CTL_ADD, listener, &ev) != 0) die("epoll_ctl");
    struct epoll_event events[256];
    for (;;) {
        int ready = epoll_wait(ep, events, 256, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            die("epoll_wait");
        }
        for (int i = 0; i < ready; i++) {
            int fd = events[i].data.fd;
            if (fd == listener) {
                while (accept_one(listener) >= 0) {}
                continue;
            }
            connection *c = connections[fd];
            if (!c) continue;
            int gone = 0;
            if (events[i].events & (EPOLLIN | EPOLLHUP | EPOLLERR)) gone = serve(c) < 0;
            if (!gone && (events[i].events & EPOLLOUT)) gone = flush_out(c) < 0;
            if (gone) drop(c);
        }
    }
#else
    for (;;) {
        /* Slot 0 is the listener; the others follow the connections' wishes. */
        if (polled_count == 0) {
            polled_size = 64;
            polled = malloc(sizeof *polled * (size_t)polled_size);
            if (!polled) die("malloc");
            polled[polled_count++] = (struct pollfd){.fd = listener, .events = POLLIN};
        }
        for (int i = 1; i < polled_count; i++) {
            connection *c = connections[polled[i].fd];
            polled[i].events = (short)(POLLIN | (c && c->want_write ? POLLOUT : 0));
        }
        int ready = poll(polled, (nfds_t)polled_count, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            die("poll");
        }
        int count = polled_count;
        for (int i = 1; i < count; i++) {
            short revents = polled[i].revents;
            if (!revents) continue;
            connection *c = connections[polled[i].fd];
            int gone = 0;
            if (revents & (POLLIN | POLLHUP | POLLERR)) gone = serve(c) < 0;
            if (!gone && (revents & POLLOUT)) gone = flush_out(c) < 0;
            if (gone) {
                drop(c);
                polled[i].fd = -1;
            }
        }
        if (polled[0].revents & POLLIN) {
            while (accept_one(listener) >= 0) {}
        }
        /* Closed slots go. */
        int kept = 1;
        for (int i = 1; i < polled_count; i++) {
            if (polled[i].fd >= 0) polled[kept++] = polled[i];
        }
        polled_count = kept;
    }
#endif
}
