// SPDX-License-Identifier: GPL-2.0
/*
 * lft-read: one read (or poll) of a file, for tests of blocking files.
 *
 *   lft-read [-n] [-p MS] FILE
 *     -n     open with O_NONBLOCK
 *     -p MS  poll for input first, up to MS milliseconds; prints
 *            "poll: ready" or "poll: timeout"
 *   Prints what one read(4096) returned, or "error: NAME" (EAGAIN, ...).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int flags = O_RDONLY, ms = -1, fd, opt;
	static char buf[4096];
	struct pollfd p;
	ssize_t n;

	while ((opt = getopt(argc, argv, "np:")) != -1) {
		if (opt == 'n')
			flags |= O_NONBLOCK;
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
	n = read(fd, buf, sizeof(buf));
	if (n < 0) {
		printf("error: %s\n", errno == EAGAIN ? "EAGAIN" : strerror(errno));
		return 0;
	}
	fwrite(buf, 1, n, stdout);
	return 0;
}
