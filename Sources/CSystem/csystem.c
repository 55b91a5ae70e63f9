#define _GNU_SOURCE
#include "csystem.h"
#include <pthread.h>
#include <malloc.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>

int csystem_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

static int ctl(int epfd, int op, int fd, unsigned int events, unsigned long long token) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &ev);
}

int csystem_epoll_add(int epfd, int fd, unsigned int events, unsigned long long token) {
    return ctl(epfd, EPOLL_CTL_ADD, fd, events, token);
}

int csystem_epoll_mod(int epfd, int fd, unsigned int events, unsigned long long token) {
    return ctl(epfd, EPOLL_CTL_MOD, fd, events, token);
}

int csystem_epoll_del(int epfd, int fd) { return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL); }

int csystem_epoll_wait(int epfd, unsigned long long *tokens, unsigned int *events, int max, int timeout_ms) {
    struct epoll_event buf[256];
    if (max > 256) max = 256;
    int n = epoll_wait(epfd, buf, max, timeout_ms);
    for (int i = 0; i < n; i++) {
        tokens[i] = buf[i].data.u64;
        events[i] = buf[i].events;
    }
    return n;
}

int csystem_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

int csystem_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int csystem_set_thread_name(unsigned long thread, const char *name) { return pthread_setname_np((pthread_t)thread, name); }

unsigned int csystem_epoll_exclusive(void) { return EPOLLEXCLUSIVE; }

void csystem_malloc_trim(void) { malloc_trim(0); }

int csystem_unacknowledged_bytes(int fd) {
    int count = 0;
    return ioctl(fd, SIOCOUTQ, &count) == 0 ? count : -1;
}

int csystem_unread_bytes(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : -1;
}
