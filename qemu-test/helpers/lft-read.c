// SPDX-License-Identifier: GPL-2.0
/*
 * lft-read: one read (or poll) of a file, for tests of blocking files.
 *
 *   lft-read [-n] [-s] [-p MS] FILE
 *     -n     open with O_NONBLOCK
 *     -s     splice() one page into a pipe and print what came through
 *     -p MS  poll for input first, up to MS milliseconds; prints
 *            "poll: ready" or "poll: timeout"
 *   Prints what one read(4096) returned, or "error: NAME" (EAGAIN, ...).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int flags = O_RDONLY, ms = -1, fd, opt, sp = 0, pfd[2];
	static char buf[4096];
	struct pollfd p;
	ssize_t n;

	while ((opt = getopt(argc, argv, "nsp:")) != -1) {
		if (opt == 'n')
			flags |= O_NONBLOCK;
		else if (opt == 's')
			sp = 1;
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
	if (n < 0) {
		printf("error: %s\n", errno == EAGAIN ? "EAGAIN" : strerror(errno));
		return 0;
	}
	fwrite(buf, 1, n, stdout);
	return 0;
}
