// Linux interfaces that Swift's Glibc module does not bring in: epoll and signalfd; and what the
// processor can do. Small inline wrappers keep epoll's packed struct and union out of Swift.
#ifndef CLINUX_H
#define CLINUX_H

#include <stdint.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>
#include <fcntl.h>
#include <spawn.h>

/// epoll_ctl with the descriptor itself as the event's data.
static inline int clinux_epoll_ctl(int epoll, int op, int fd, uint32_t events) {
    struct epoll_event event;
    event.events = events;
    event.data.fd = fd;
    return epoll_ctl(epoll, op, fd, &event);
}

/// epoll_wait into parallel arrays of descriptors and event masks.
static inline int clinux_epoll_wait(int epoll, int *fds, uint32_t *events, int capacity, int timeout_ms) {
    struct epoll_event buffer[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epoll, buffer, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        fds[i] = buffer[i].data.fd;
        events[i] = buffer[i].events;
    }
    return count;
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

/// posix_spawn's flag for a new session (glibc defines it only under _GNU_SOURCE).
static const short CLINUX_POSIX_SPAWN_SETSID = 0x80;
static const int CLINUX_EFD_FLAGS = EFD_NONBLOCK | EFD_CLOEXEC;
static const int CLINUX_SFD_FLAGS = SFD_NONBLOCK | SFD_CLOEXEC;

/// Whether the processor runs code built for Haswell (`-target-cpu haswell`), as LifeStore's
/// AVX2 kernel is: AVX2, FMA, BMI1 and BMI2, with the operating system saving the AVX registers
/// (which __builtin_cpu_supports checks). 0 on other architectures.
static inline int clinux_cpu_has_avx2(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi")
        && __builtin_cpu_supports("bmi2");
#else
    return 0;
#endif
}

#endif
