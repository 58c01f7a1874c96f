/*
 * Records, in the order they happen, the calls that decide whether a reply can run ahead of the sync that
 * makes its change durable: for a process started with LD_PRELOAD naming this library and SYNC_RECORD_LOG
 * naming a file, one line per call to that file:
 *
 *     Q <id> ...   a read from a socket, with the ids of the requests it holds ("id": and digits)
 *     W <path>     a write to a file whose name ends in -wal (SQLite's write-ahead log), after it returned
 *     S <path>     fsync or fdatasync of a file, after it returned
 *     R <id> ...   a write to a socket, with the ids of the replies it holds, before it is made
 *
 * A line is written under one lock, so the file's order is the order the calls took effect. Used by
 * Tests/EndToEndTests/SyncOrderEndToEndTests.swift (Linux only: LD_PRELOAD).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int log_fd = -2;

static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_pwrite64)(int, const void *, size_t, off64_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);

static void resolve(void) {
    if (!real_write) real_write = dlsym(RTLD_NEXT, "write");
    if (!real_read) real_read = dlsym(RTLD_NEXT, "read");
    if (!real_writev) real_writev = dlsym(RTLD_NEXT, "writev");
    if (!real_pwrite) real_pwrite = dlsym(RTLD_NEXT, "pwrite");
    if (!real_pwrite64) real_pwrite64 = dlsym(RTLD_NEXT, "pwrite64");
    if (!real_fsync) real_fsync = dlsym(RTLD_NEXT, "fsync");
    if (!real_fdatasync) real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
}

/* The log's descriptor, opened on first use; -1 when SYNC_RECORD_LOG is not set. Called holding the lock. */
static int log_descriptor(void) {
    if (log_fd == -2) {
        const char *path = getenv("SYNC_RECORD_LOG");
        log_fd = path ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600) : -1;
    }
    return log_fd;
}

static int is_socket(int fd) {
    struct stat st;
    return fd >= 0 && fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode);
}

/* The file's path when it names a regular file ("" otherwise). */
static void file_path(int fd, char *out, size_t size) {
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, out, size - 1);
    out[n > 0 ? n : 0] = 0;
}

static int ends_with(const char *s, const char *suffix) {
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix);
}

/* Appends " <id>" for every "id": followed by digits in the bytes. */
static size_t append_ids(char *line, size_t used, size_t size, const char *bytes, size_t length) {
    static const char key[] = "\"id\":";
    for (size_t i = 0; i + sizeof key - 1 < length && used + 24 < size; i++) {
        if (memcmp(bytes + i, key, sizeof key - 1)) continue;
        size_t j = i + sizeof key - 1;
        while (j < length && bytes[j] == ' ') j++;
        if (j >= length || bytes[j] < '0' || bytes[j] > '9') continue;
        line[used++] = ' ';
        while (j < length && bytes[j] >= '0' && bytes[j] <= '9' && used + 2 < size) line[used++] = bytes[j++];
    }
    return used;
}

static void record(const char *line, size_t length) {
    int fd = log_descriptor();
    if (fd >= 0) real_write(fd, line, length);
}

static void record_ids(char kind, const void *bytes, size_t length) {
    char line[8192];
    size_t used = 0;
    line[used++] = kind;
    used = append_ids(line, used, sizeof line, bytes, length);
    line[used++] = '\n';
    record(line, used);
}

static void record_file(char kind, int fd, int wal_only) {
    char path[4096], line[4200];
    file_path(fd, path, sizeof path);
    if (wal_only && !ends_with(path, "-wal")) return;
    int n = snprintf(line, sizeof line, "%c %s\n", kind, path);
    record(line, (size_t)n);
}

/* Records a call on a file that succeeded: a write to the log (W, -wal files only) or a sync (S). */
static void record_done(char kind, int fd, int succeeded) {
    if (!succeeded) return;
    pthread_mutex_lock(&lock);
    record_file(kind, fd, kind == 'W');
    pthread_mutex_unlock(&lock);
}

ssize_t write(int fd, const void *bytes, size_t length) {
    resolve();
    if (is_socket(fd)) {
        pthread_mutex_lock(&lock);
        record_ids('R', bytes, length);
        ssize_t n = real_write(fd, bytes, length);
        pthread_mutex_unlock(&lock);
        return n;
    }
    ssize_t n = real_write(fd, bytes, length);
    if (fd != log_fd) record_done('W', fd, n > 0);
    return n;
}

ssize_t writev(int fd, const struct iovec *parts, int count) {
    resolve();
    if (!is_socket(fd)) return real_writev(fd, parts, count);
    size_t total = 0;
    for (int k = 0; k < count; k++) total += parts[k].iov_len;
    char *joined = malloc(total ? total : 1);
    size_t at = 0;
    for (int k = 0; joined && k < count; k++) {
        memcpy(joined + at, parts[k].iov_base, parts[k].iov_len);
        at += parts[k].iov_len;
    }
    pthread_mutex_lock(&lock);
    if (joined) record_ids('R', joined, total);
    ssize_t n = real_writev(fd, parts, count);
    pthread_mutex_unlock(&lock);
    free(joined);
    return n;
}

ssize_t read(int fd, void *bytes, size_t length) {
    resolve();
    ssize_t n = real_read(fd, bytes, length);
    if (n > 0 && is_socket(fd)) {
        pthread_mutex_lock(&lock);
        record_ids('Q', bytes, (size_t)n);
        pthread_mutex_unlock(&lock);
    }
    return n;
}

ssize_t pwrite(int fd, const void *bytes, size_t length, off_t offset) {
    resolve();
    ssize_t n = real_pwrite(fd, bytes, length, offset);
    record_done('W', fd, n > 0);
    return n;
}

ssize_t pwrite64(int fd, const void *bytes, size_t length, off64_t offset) {
    resolve();
    ssize_t n = real_pwrite64(fd, bytes, length, offset);
    record_done('W', fd, n > 0);
    return n;
}

int fsync(int fd) {
    resolve();
    int status = real_fsync(fd);
    record_done('S', fd, status == 0);
    return status;
}

int fdatasync(int fd) {
    resolve();
    int status = real_fdatasync(fd);
    record_done('S', fd, status == 0);
    return status;
}
