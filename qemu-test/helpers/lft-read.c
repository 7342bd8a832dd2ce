// SPDX-License-Identifier: GPL-2.0
// LDLIBS: -lpthread
/*
 * lft-read: one read (or poll) of a file, for tests of blocking files.
 *
 *   lft-read [-n] [-s] [-i] [-p MS] FILE
 *     -n     open with O_NONBLOCK
 *     -s     splice() one page into a pipe and print what came through
 *     -i     once the read (or splice) sleeps, ioctl(fd, 0) from another
 *            thread (trace-cmd's way to stop a recorder); prints
 *            "ioctl: N" (its return) before what the read returned
 *     -p MS  poll for input first, up to MS milliseconds; prints
 *            "poll: ready" or "poll: timeout"
 *   Prints what one read(4096) returned, or "error: NAME" (EAGAIN, ...).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static int the_fd, ioctl_ret = -2;
static int read_done;	/* set by the reader, seen by the waker */
static pid_t reader_tid;

/* The reader's state letter, from /proc (S: asleep), or 0. */
static char task_state(pid_t tid)
{
	char path[64], buf[256], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/* Wait (by state, not by time) until the reader sleeps, then wake it. */
static void *waker(void *arg)
{
	while (task_state(reader_tid) != 'S') {
		if (__atomic_load_n(&read_done, __ATOMIC_ACQUIRE))
			return NULL;	/* it never slept: no ioctl (-2) */
		usleep(1000);
	}
	ioctl_ret = ioctl(the_fd, 0);
	return NULL;
}

int main(int argc, char **argv)
{
	int flags = O_RDONLY, ms = -1, fd, opt, sp = 0, wake = 0, pfd[2];
	pthread_t th;
	static char buf[4096];
	struct pollfd p;
	ssize_t n;

	while ((opt = getopt(argc, argv, "nsip:")) != -1) {
		if (opt == 'n')
			flags |= O_NONBLOCK;
		else if (opt == 's')
			sp = 1;
		else if (opt == 'i')
			wake = 1;
		else if (opt == 'p')
			ms = atoi(optarg);
		else
			return 2;
	}
	if (optind != argc - 1)
		return 2;
	fd = open(argv[optind], flags);
	if (fd < 0) {
		perror(argv[optind]);
		return 1;
	}
	if (ms >= 0) {
		p.fd = fd;
		p.events = POLLIN;
		if (poll(&p, 1, ms) < 0) {
			perror("poll");
			return 1;
		}
		printf("poll: %s\n", p.revents & POLLIN ? "ready" : "timeout");
		if (!(p.revents & POLLIN))
			return 0;
	}
	if (wake) {
		the_fd = fd;
		reader_tid = syscall(SYS_gettid);
		if (pthread_create(&th, NULL, waker, NULL)) {
			perror("pthread_create");
			return 1;
		}
	}
	if (sp) {
		if (pipe(pfd) < 0) {
			perror("pipe");
			return 1;
		}
		n = splice(fd, NULL, pfd[1], NULL, sizeof(buf), 0);
		if (n > 0)
			n = read(pfd[0], buf, sizeof(buf));
	} else {
		n = read(fd, buf, sizeof(buf));
	}
	if (wake) {
		__atomic_store_n(&read_done, 1, __ATOMIC_RELEASE);
		pthread_join(th, NULL);
		printf("ioctl: %d\n", ioctl_ret);
	}
	if (n < 0) {
		printf("error: %s\n", errno == EAGAIN ? "EAGAIN" : strerror(errno));
		return 0;
	}
	fwrite(buf, 1, n, stdout);
	return 0;
}
