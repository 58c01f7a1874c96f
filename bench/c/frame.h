/*
 * Byte buffers and Content-Length frames, shared by the load generator and the echo server.
 *
 * A frame is "Content-Length: N\r\n\r\n" then N bytes, as navd frames a connection whose first byte is a
 * letter (docs/protocol.md, "Framing"). Both programs only ever see frames the other side made, so the
 * header is read as navd-bench's SwiftNIO echo server reads it: the digits after the first colon, up to
 * the blank line.
 */
#ifndef BENCH_FRAME_H
#define BENCH_FRAME_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buffer {
    char *data;
    size_t start;    /* the first byte not yet consumed */
    size_t end;      /* one past the last byte held */
    size_t capacity; /* bytes allocated */
};

/* Makes room for `more` bytes after `end`. */
static inline void buffer_reserve(struct buffer *b, size_t more) {
    if (b->capacity - b->end >= more) return;
    size_t capacity = b->capacity ? b->capacity : 4096;
    while (capacity - b->end < more) capacity *= 2;
    b->data = realloc(b->data, capacity);
    if (!b->data) {
        perror("realloc");
        exit(1);
    }
    b->capacity = capacity;
}

static inline void buffer_append(struct buffer *b, const char *bytes, size_t count) {
    buffer_reserve(b, count);
    memcpy(b->data + b->end, bytes, count);
    b->end += count;
}

/* Drops the consumed bytes: free when everything was consumed, a move otherwise (only when a frame was
 * cut by a read, which is rare for small frames). */
static inline void buffer_compact(struct buffer *b) {
    if (b->start == b->end) {
        b->start = b->end = 0;
    } else if (b->start > 0 && b->capacity - b->end < 4096) {
        memmove(b->data, b->data + b->start, b->end - b->start);
        b->end -= b->start;
        b->start = 0;
    }
}

/* When a whole frame starts at `b->start`: 1, with its body's offset in `b->data` and its length. */
static inline int next_frame(const struct buffer *b, size_t *body, size_t *length) {
    const char *head = b->data + b->start, *end = b->data + b->end;
    /* The blank line: a short header, so a plain scan for "\r\n\r\n" (glibc's memmem costs more here). */
    const char *blank = NULL;
    for (const char *p = head; p + 3 < end; p++) {
        if (p[0] == '\r' && p[1] == '\n' && p[2] == '\r' && p[3] == '\n') {
            blank = p;
            break;
        }
    }
    if (!blank) return 0;
    const char *p = memchr(head, ':', (size_t)(blank - head));
    size_t n = 0;
    if (p) {
        for (p++; p < blank; p++) {
            if (*p >= '0' && *p <= '9') n = n * 10 + (size_t)(*p - '0');
        }
    }
    size_t body_offset = (size_t)(blank + 4 - b->data);
    if (b->end - body_offset < n) return 0;
    *body = body_offset;
    *length = n;
    return 1;
}

#endif
