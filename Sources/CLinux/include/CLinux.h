// Linux interfaces that Swift's Glibc module does not bring in: epoll, signalfd, pidfd, the peer's
// credentials and groups on a Unix socket; and what
// the processor can do. Small inline wrappers keep epoll's packed struct and union out of Swift.
#ifndef CLINUX_H
#define CLINUX_H

#include <stdint.h>
#include <errno.h>
#include <time.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>
#include <fcntl.h>
#include <spawn.h>
#include <malloc.h>
#include <sys/syscall.h>
#include <stddef.h>

/// epoll_ctl with the descriptor itself as the event's data.
static inline int clinux_epoll_ctl(int epoll, int op, int fd, uint32_t events) {
    struct epoll_event event;
    event.events = events;
    event.data.fd = fd;
    return epoll_ctl(epoll, op, fd, &event);
}

/// epoll_wait into parallel arrays of descriptors and event masks, waiting at most `timeout_ns`
/// nanoseconds (negative: no limit). Uses epoll_pwait2 (Linux 5.11) for a timeout finer than a
/// millisecond, so a 10 ms timer fires on time rather than up to a millisecond late; on older
/// kernels, epoll_wait with the timeout rounded up to whole milliseconds.
static inline int clinux_epoll_wait(int epoll, int *fds, uint32_t *events, int capacity, int64_t timeout_ns) {
    struct epoll_event buffer[256];
    if (capacity > 256) capacity = 256;
    int count;
    static int no_pwait2 = 0;
    if (timeout_ns < 0) {
        count = epoll_wait(epoll, buffer, capacity, -1);
    } else {
        count = -1;
        if (!no_pwait2) {
            struct timespec timeout = { (time_t)(timeout_ns / 1000000000), (long)(timeout_ns % 1000000000) };
            count = epoll_pwait2(epoll, buffer, capacity, &timeout, NULL);
            if (count < 0 && errno == ENOSYS) no_pwait2 = 1;
        }
        if (no_pwait2) {
            int64_t ms = (timeout_ns + 999999) / 1000000;
            count = epoll_wait(epoll, buffer, capacity, ms > 2147483647 ? 2147483647 : (int)ms);
        }
    }
    for (int i = 0; i < count; i++) {
        fds[i] = buffer[i].data.fd;
        events[i] = buffer[i].events;
    }
    return count;
}

/// Gives memory the allocator holds free back to the system (glibc's malloc_trim).
static inline void clinux_release_free_memory(void) {
    malloc_trim(0);
}

/// Caps the number of malloc arenas (glibc's mallopt M_ARENA_MAX): each reserves 64 MiB of
/// address space, which counts against RLIMIT_AS. 1 on success.
static inline int clinux_set_malloc_arena_max(int count) {
    return mallopt(M_ARENA_MAX, count);
}

/// Reads one signal number from a signalfd; -1 when none is pending.
static inline int clinux_read_signal(int fd) {
    struct signalfd_siginfo info;
    if (read(fd, &info, sizeof info) != (ssize_t)sizeof info) return -1;
    return (int)info.ssi_signo;
}

/// The peer's credentials on a Unix socket (SO_PEERCRED).
static inline int clinux_peer_credentials(int fd, uint32_t *pid, uint32_t *uid, uint32_t *gid) {
    // struct ucred's layout, without needing _GNU_SOURCE (which would clash with Swift's Glibc module).
    struct { int32_t pid; uint32_t uid; uint32_t gid; } credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *pid = (uint32_t)credentials.pid;
    *uid = (uint32_t)credentials.uid;
    *gid = (uint32_t)credentials.gid;
    return 0;
}

#ifndef SO_PEERGROUPS
#define SO_PEERGROUPS 59
#endif

/// The peer's supplementary groups on a Unix socket as they were when it connected
/// (SO_PEERGROUPS, Linux 4.13): at most `capacity` of them into `groups`. The number of groups,
/// or -1 with errno set: ERANGE when there are more than `capacity` (`*needed` then says how
/// many), ENOPROTOOPT on kernels without SO_PEERGROUPS.
static inline int clinux_peer_groups(int fd, uint32_t *groups, int capacity, int *needed) {
    socklen_t length = (socklen_t)((capacity > 0 ? capacity : 0) * sizeof(uint32_t));
    int result = getsockopt(fd, SOL_SOCKET, SO_PEERGROUPS, groups, &length);
    *needed = (int)(length / sizeof(uint32_t));
    return result == 0 ? *needed : -1;
}

/// accept, with the new descriptor non-blocking and close-on-exec.
static inline int clinux_accept(int listener) {
    int fd = accept(listener, 0, 0);
    if (fd < 0) return fd;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

static const uint32_t CLINUX_EPOLLIN = EPOLLIN;
static const uint32_t CLINUX_EPOLLOUT = EPOLLOUT;
static const uint32_t CLINUX_EPOLLERR = EPOLLERR;
static const uint32_t CLINUX_EPOLLHUP = EPOLLHUP;
static const uint32_t CLINUX_EPOLLRDHUP = EPOLLRDHUP;
static const int CLINUX_EPOLL_CLOEXEC = EPOLL_CLOEXEC;
/// Declared by glibc 2.34+ only for _GNU_SOURCE.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);

/// Makes a spawned child close every descriptor from `from` on, so it holds no pipe or socket
/// of its parent's open (a daemon that kept a client's pipe would keep the client's reader waiting).
static inline int clinux_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// Declared by glibc only for _GNU_SOURCE.
extern int pipe2(int fds[2], int flags);

/// A pipe whose two ends are close-on-exec from the start: no child spawned meanwhile by
/// another thread inherits them.
static inline int clinux_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

/// pidfd_open(2) (Linux 5.3; glibc wraps it only from 2.36): a close-on-exec descriptor that
/// polls readable once the process `pid` has exited. -1 with errno set (ENOSYS on older kernels).
static inline int clinux_pidfd_open(pid_t pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}

/// A hard deadline for a short-lived process: a thread of its own sleeps `timeout_ns` (on the
/// monotonic clock), then writes `report` (copied now) to `fd` and ends the process with
/// `_exit(status)`, whatever its other threads are doing, unless clinux_exit_claim() was
/// called first. 0, or an error number.
int clinux_exit_deadline_start(int fd, const void *report, size_t length, int64_t timeout_ns, int status);

/// Takes the process's last words: 1 when the caller may write its own report and exit (the
/// deadline will not fire any more), 0 when the deadline's thread is already writing its
/// report (the caller should then just wait for the end).
int clinux_exit_claim(void);

/// posix_spawn's flag for a new session (glibc defines it only under _GNU_SOURCE).
static const short CLINUX_POSIX_SPAWN_SETSID = 0x80;
static const int CLINUX_EFD_FLAGS = EFD_NONBLOCK | EFD_CLOEXEC;
static const int CLINUX_SFD_FLAGS = SFD_NONBLOCK | SFD_CLOEXEC;

/// Whether the processor runs code built for Haswell (`-target-cpu haswell`), as LifeEngine's
/// AVX2 kernel is: AVX2, FMA, BMI1, BMI2, POPCNT, LZCNT, MOVBE and F16C, with the operating system saving the AVX registers
/// (which __builtin_cpu_supports checks). 0 on other architectures.
static inline int clinux_cpu_has_avx2(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    // Everything -target-cpu haswell lets the compiler use on its own, not only the vector
    // units: popcnt, lzcnt, movbe and f16c can appear in any code it compiles.
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi")
        && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("lzcnt")
        && __builtin_cpu_supports("movbe") && __builtin_cpu_supports("f16c");
#else
    return 0;
#endif
}

#endif
