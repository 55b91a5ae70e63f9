// The floor for `make bench`'s hit phase: the least an HTTP/1.1 server on epoll can do per
// keep-alive request on loopback. One thread, level-triggered epoll, no parsing beyond finding
// the end of each request head ("\r\n\r\n"), and for every request the very bytes of one
// Monogram cache hit (head and body, captured once from the server by bench/run.py and passed
// as a file), written with one write per read (requests that arrive together are answered with
// one writev). Per request the kernel sees what it must: a read and a write (plus an
// epoll_wait shared by every connection ready at once). bench/run.py pins it to the server core
// like Monogram and nginx and reports Monogram ÷ floor and nginx ÷ floor.
//
//   floor -r response-file [-p port]   (port 0: any free port)
// Prints "listening on http://127.0.0.1:PORT" once ready; exits on SIGTERM or SIGINT.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

enum { MAX_FDS = 65536, INPUT = 8192, BATCH = 64 };

typedef struct {
    char *input;     // a partial request head carried to the next read
    size_t have;     // bytes in input
    size_t owed;     // answers not yet fully written (the kernel's buffer was full)
    size_t offset;   // bytes of the first owed answer already written
} conn_t;

static conn_t *conns[MAX_FDS];
static char *response;
static size_t response_size;
static volatile sig_atomic_t stop;

static void on_signal(int sig) { (void)sig; stop = 1; }

static void drop(int epfd, int fd) {
    epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
    close(fd);
    if (conns[fd]) {
        free(conns[fd]->input);
        free(conns[fd]);
        conns[fd] = NULL;
    }
}

// Writes what is owed; 0 when all of it went, 1 when the kernel's buffer is full, -1 on error.
static int flush_owed(int fd, conn_t *c) {
    struct iovec v[BATCH];
    while (c->owed) {
        int n = (int)(c->owed < BATCH ? c->owed : BATCH);
        for (int i = 0; i < n; i++) {
            v[i].iov_base = response + (i == 0 ? c->offset : 0);
            v[i].iov_len = response_size - (i == 0 ? c->offset : 0);
        }
        ssize_t wrote = n == 1 ? write(fd, v[0].iov_base, v[0].iov_len) : writev(fd, v, n);
        if (wrote < 0) return errno == EAGAIN || errno == EINTR ? 1 : -1;
        size_t total = c->offset + (size_t)wrote;
        c->owed -= total / response_size;
        c->offset = total % response_size;
        if (wrote < (ssize_t)(v[0].iov_len + (size_t)(n - 1) * response_size)) return 1;
    }
    return 0;
}

static void serve(int epfd, int fd) {
    conn_t *c = conns[fd];
    char *buffer = c->input;
    ssize_t got = read(fd, buffer + c->have, INPUT - c->have);
    if (got == 0 || (got < 0 && errno != EAGAIN && errno != EINTR)) { drop(epfd, fd); return; }
    if (got < 0) return;
    size_t end = c->have + (size_t)got, start = 0;
    for (char *p; (p = memmem(buffer + start, end - start, "\r\n\r\n", 4)); ) {
        c->owed++;
        start = (size_t)(p - buffer) + 4;
    }
    c->have = end - start;
    if (start && c->have) memmove(buffer, buffer + start, c->have);
    if (c->have == INPUT) { drop(epfd, fd); return; } // a head larger than the buffer
    int state = flush_owed(fd, c);
    if (state < 0) { drop(epfd, fd); return; }
    if (state) { // the kernel's buffer is full: wait until it drains
        struct epoll_event ev = {.events = EPOLLIN | EPOLLOUT, .data.fd = fd};
        epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &ev);
    }
}

int main(int argc, char **argv) {
    const char *path = NULL;
    int port = 0;
    for (int opt; (opt = getopt(argc, argv, "r:p:")) != -1;) {
        if (opt == 'r') path = optarg;
        else if (opt == 'p') port = atoi(optarg);
        else { fprintf(stderr, "usage: floor -r response-file [-p port]\n"); return 2; }
    }
    if (!path) { fprintf(stderr, "usage: floor -r response-file [-p port]\n"); return 2; }
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); return 1; }
    fseek(f, 0, SEEK_END);
    response_size = (size_t)ftell(f);
    rewind(f);
    response = malloc(response_size);
    if (!response_size || fread(response, 1, response_size, f) != response_size) { fprintf(stderr, "floor: cannot read %s\n", path); return 1; }
    fclose(f);

    signal(SIGPIPE, SIG_IGN);
    struct sigaction sa = {.sa_handler = on_signal};
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);

    int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int on = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(listener, (struct sockaddr *)&addr, sizeof addr) || listen(listener, 4096)) { perror("floor: bind/listen"); return 1; }
    socklen_t len = sizeof addr;
    getsockname(listener, (struct sockaddr *)&addr, &len);

    int epfd = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event ev = {.events = EPOLLIN, .data.fd = listener};
    epoll_ctl(epfd, EPOLL_CTL_ADD, listener, &ev);
    printf("listening on http://127.0.0.1:%d\n", ntohs(addr.sin_port));
    fflush(stdout);

    struct epoll_event events[256];
    while (!stop) {
        int n = epoll_wait(epfd, events, 256, 500);
        for (int i = 0; i < n; i++) {
            int fd = events[i].data.fd;
            if (fd == listener) {
                for (int client; (client = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0;) {
                    if (client >= MAX_FDS) { close(client); continue; }
                    setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
                    conns[client] = calloc(1, sizeof(conn_t));
                    conns[client]->input = malloc(INPUT);
                    struct epoll_event cev = {.events = EPOLLIN, .data.fd = client};
                    epoll_ctl(epfd, EPOLL_CTL_ADD, client, &cev);
                }
                continue;
            }
            conn_t *c = conns[fd];
            if (!c) continue;
            if (events[i].events & (EPOLLERR | EPOLLHUP) && !(events[i].events & EPOLLIN)) { drop(epfd, fd); continue; }
            if (events[i].events & EPOLLOUT) {
                int state = flush_owed(fd, c);
                if (state < 0) { drop(epfd, fd); continue; }
                if (state == 0) {
                    struct epoll_event cev = {.events = EPOLLIN, .data.fd = fd};
                    epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &cev);
                }
            }
            if (events[i].events & EPOLLIN) serve(epfd, fd);
        }
    }
    return 0;
}
