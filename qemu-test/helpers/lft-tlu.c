// SPDX-License-Identifier: GPL-2.0
/*
 * lft-tlu: a user-space timerlat workload, as rtla's -u threads are.
 *
 *   lft-tlu [-p CPU] [-m CPU] FILE N
 *     -p CPU  pin this task to CPU first (else it may run anywhere)
 *     -m CPU  after the first read, move to CPU (a workload that migrates)
 *   Opens FILE (osnoise/per_cpu/cpuN/timerlat_fd) and reads it N times,
 *   each read one activation. Prints "open: NAME" or "read I: NAME" for an
 *   error (EINVAL, EPERM, EBUSY, ...), else "ok N".
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

static const char *name(int e)
{
	switch (e) {
	case EINVAL: return "EINVAL";
	case EPERM: return "EPERM";
	case EBUSY: return "EBUSY";
	case ENOENT: return "ENOENT";
	default: return strerror(e);
	}
}

int main(int argc, char **argv)
{
	int opt, cpu = -1, to = -1, fd, i, n;
	char c;

	while ((opt = getopt(argc, argv, "p:m:")) != -1) {
		if (opt == 'p')
			cpu = atoi(optarg);
		else if (opt == 'm')
			to = atoi(optarg);
		else
			return 2;
	}
	if (optind != argc - 2)
		return 2;
	n = atoi(argv[optind + 1]);
	if (cpu >= 0 && pin(cpu)) {
		perror("sched_setaffinity");
		return 1;
	}
	fd = open(argv[optind], O_RDONLY);
	if (fd < 0) {
		printf("open: %s\n", name(errno));
		return 0;
	}
	for (i = 1; i <= n; i++) {
		if (read(fd, &c, 1) < 0) {
			printf("read %d: %s\n", i, name(errno));
			return 0;
		}
		if (i == 1 && to >= 0 && pin(to)) {
			perror("sched_setaffinity");
			return 1;
		}
	}
	printf("ok %d\n", n);
	return 0;
}
