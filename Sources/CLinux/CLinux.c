// Most of CLinux is inline in the header; this file holds what needs state of its own.
#include "CLinux.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/// Whether the process's last words are taken: by the deadline's thread, or by the code that
/// calls clinux_exit_claim() before it writes its own.
static atomic_int clinux_exit_claimed = 0;

struct clinux_deadline {
    int fd;
    int status;
    unsigned char *report;
    size_t length;
    struct timespec when;
};

static void *clinux_deadline_thread(void *argument) {
    struct clinux_deadline *deadline = argument;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline->when, NULL) == EINTR) {}
    if (atomic_exchange(&clinux_exit_claimed, 1) != 0) return NULL;
    size_t offset = 0;
    while (offset < deadline->length) {
        ssize_t written = write(deadline->fd, deadline->report + offset, deadline->length - offset);
        if (written < 0) {
            if (errno == EINTR) continue;
            break;
        }
        offset += (size_t)written;
    }
    _exit(deadline->status);
}

int clinux_exit_deadline_start(int fd, const void *report, size_t length, int64_t timeout_ns, int status) {
    struct clinux_deadline *deadline = malloc(sizeof *deadline);
    if (deadline == NULL) return ENOMEM;
    deadline->report = malloc(length > 0 ? length : 1);
    if (deadline->report == NULL) {
        free(deadline);
        return ENOMEM;
    }
    memcpy(deadline->report, report, length);
    deadline->fd = fd;
    deadline->status = status;
    deadline->length = length;
    clock_gettime(CLOCK_MONOTONIC, &deadline->when);
    if (timeout_ns < 0) timeout_ns = 0;
    int64_t nanoseconds = (int64_t)deadline->when.tv_nsec + timeout_ns % 1000000000;
    deadline->when.tv_sec += (time_t)(timeout_ns / 1000000000 + nanoseconds / 1000000000);
    deadline->when.tv_nsec = (long)(nanoseconds % 1000000000);
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    pthread_t thread;
    int result = pthread_create(&thread, &attributes, clinux_deadline_thread, deadline);
    pthread_attr_destroy(&attributes);
    if (result != 0) {
        free(deadline->report);
        free(deadline);
    }
    return result;
}

int clinux_exit_claim(void) {
    return atomic_exchange(&clinux_exit_claimed, 1) == 0;
}
