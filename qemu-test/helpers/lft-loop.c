// SPDX-License-Identifier: GPL-2.0
/*
 * lft-loop: run a system call in a tight loop, as a load for tracing tests
 * and benchmarks. Prints the number of calls made.
 *
 *   lft-loop N getppid     N getppid() calls
 *   lft-loop N read        N 1-byte reads of /dev/zero
 *   lft-loop N open        N open+close of /proc/self/stat
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int bad_usage(void)
{
	fprintf(stderr, "usage: lft-loop N getppid|read|open\n");
	return 2;
}

int main(int argc, char **argv)
{
	unsigned long n, i;
	char *end, c;
	int fd = -1;

	if (argc != 3)
		return bad_usage();
	n = strtoul(argv[1], &end, 0);
	if (*argv[1] == '\0' || *end != '\0')
		return bad_usage();

	if (!strcmp(argv[2], "getppid")) {
		for (i = 0; i < n; i++)
			syscall(SYS_getppid);
	} else if (!strcmp(argv[2], "read")) {
		fd = open("/dev/zero", O_RDONLY);
		if (fd < 0) {
			perror("/dev/zero");
			return 1;
		}
		for (i = 0; i < n; i++) {
			if (read(fd, &c, 1) != 1) {
				perror("read");
				return 1;
			}
		}
		close(fd);
	} else if (!strcmp(argv[2], "open")) {
		for (i = 0; i < n; i++) {
			fd = open("/proc/self/stat", O_RDONLY);
			if (fd < 0) {
				perror("/proc/self/stat");
				return 1;
			}
			close(fd);
		}
	} else {
		return bad_usage();
	}
	printf("%lu\n", n);
	return 0;
}
