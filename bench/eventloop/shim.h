// epoll for the standalone experiment (Glibc's Swift module does not export it).
#define _GNU_SOURCE
#include <sys/epoll.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <netinet/tcp.h>

static inline int shim_epoll_ctl(int epfd, int op, int fd, unsigned int events) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.fd = fd;
    return epoll_ctl(epfd, op, fd, &ev);
}

static inline int shim_epoll_wait(int epfd, int *fds, unsigned int *events, int max) {
    struct epoll_event buf[256];
    int n = epoll_wait(epfd, buf, max > 256 ? 256 : max, -1);
    for (int i = 0; i < n; i++) { fds[i] = buf[i].data.fd; events[i] = buf[i].events; }
    return n;
}

static inline unsigned int shim_exclusive(void) { return EPOLLEXCLUSIVE; }
static inline int shim_accept(int fd) { return accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC); }
