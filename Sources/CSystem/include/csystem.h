#ifndef MONOGRAM_CSYSTEM_H
#define MONOGRAM_CSYSTEM_H

// Glibc's Swift module does not export these; the server needs them for its event loop.
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// Swift cannot see `struct epoll_event`'s packed union comfortably, so these wrap it.
int csystem_epoll_create(void);
int csystem_epoll_add(int epfd, int fd, unsigned int events, unsigned long long token);
int csystem_epoll_mod(int epfd, int fd, unsigned int events, unsigned long long token);
int csystem_epoll_del(int epfd, int fd);
// Waits for events; writes tokens and event masks into the two arrays; returns the count or -1.
int csystem_epoll_wait(int epfd, unsigned long long *tokens, unsigned int *events, int max, int timeout_ms);
// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC.
int csystem_accept(int fd);
int csystem_eventfd(void);
// EPOLLEXCLUSIVE (Linux 4.5): one listening socket shared by every loop wakes one of them.
unsigned int csystem_epoll_exclusive(void);
// Returns freed heap memory to the system (glibc keeps it in its arenas otherwise).
void csystem_malloc_trim(void);
// Bytes written to a TCP socket that its peer has not acknowledged yet (ioctl SIOCOUTQ), or -1.
// How a slow but steady reader is told from one that reads nothing: the count falls as the
// peer takes bytes, even while epoll does not yet report the socket writable.
int csystem_unacknowledged_bytes(int fd);
// Bytes received and not yet read (ioctl FIONREAD), or -1.
int csystem_unread_bytes(int fd);
// pthread_setname_np is a GNU extension the Glibc module hides.
int csystem_set_thread_name(unsigned long thread, const char *name);

#endif
