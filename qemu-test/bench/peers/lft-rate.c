// SPDX-License-Identifier: GPL-2.0
/*
 * lft-rate: getppid() at a fixed rate on every CPU, for the loss bench
 * (qemu-test/bench/peers/run --loss).
 *
 *   lft-rate RATE MS   one process per online CPU, bound to it, each making
 *                      RATE getppid() calls a second for MS ms of
 *                      CLOCK_MONOTONIC time; prints "calls C late L us U":
 *                      calls made in all, how many were made more than a
 *                      period after they were due (the CPU could not keep
 *                      the rate), and the longest CPU's time in us (over
 *                      MS ms: the rate was not what was asked)
 *
 * Each process spins on the clock (the vDSO's: no system call, so no
 * event) until the next call is due. Under QEMU's -icount the clock is
 * instructions, so the rate is in guest time whatever the host's load.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* One CPU's share: its counts through a pipe to the parent. */
static void run(int cpu, long long rate, long long ms, int out)
{
	long long calls = rate * ms / 1000, period = 1000000000LL / rate;
	long long start, due, late = 0, i, res[3];
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		perror("sched_setaffinity");
	start = now_ns();
	for (i = 0; i < calls; i++) {
		due = start + i * period;
		if (now_ns() > due + period)
			late++;
		while (now_ns() < due)
			;
		syscall(SYS_getppid);
	}
	res[0] = calls;
	res[1] = late;
	res[2] = (now_ns() - start) / 1000;
	if (write(out, res, sizeof(res)) != sizeof(res))
		perror("write");
}

static int bad_usage(void)
{
	fprintf(stderr, "usage: lft-rate RATE MS\n");
	return 2;
}

int main(int argc, char **argv)
{
	long long rate, ms, calls = 0, late = 0, us = 0, res[3];
	int cpus, c, p[2];

	if (argc != 3)
		return bad_usage();
	rate = atoll(argv[1]);
	ms = atoll(argv[2]);
	if (rate <= 0 || ms <= 0)
		return bad_usage();
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (pipe(p))
		return 1;
	for (c = 0; c < cpus; c++) {
		if (fork() == 0) {
			run(c, rate, ms, p[1]);
			_exit(0);
		}
	}
	for (c = 0; c < cpus; c++) {
		if (read(p[0], res, sizeof(res)) != sizeof(res))
			return 1;
		calls += res[0];
		late += res[1];
		if (res[2] > us)
			us = res[2];
	}
	while (wait(NULL) > 0)
		;
	printf("calls %lld late %lld us %lld\n", calls, late, us);
	return 0;
}
