// SPDX-License-Identifier: GPL-2.0
/*
 * lft-chrt: run a command under a scheduling policy (busybox has no chrt),
 * for the wakeup latency tracers' tests.
 *
 *   lft-chrt -f PRIO CMD [ARGS...]     SCHED_FIFO, priority PRIO (1..99)
 *   lft-chrt -r PRIO CMD [ARGS...]     SCHED_RR, priority PRIO (1..99)
 *   lft-chrt -o CMD [ARGS...]          SCHED_OTHER
 *   lft-chrt -d RUNTIME_NS DEADLINE_NS PERIOD_NS CMD [ARGS...]
 *                                      SCHED_DEADLINE (sched_setattr)
 *
 *   lft-chrt -p PID -f PRIO | -r PRIO | -o
 *                                      the policy of task PID, no CMD
 *
 * Without -p the policy is set on this process, which then execs CMD
 * (searched in PATH). Errors go to stderr and exit with status 1.
 */
#include <errno.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SCHED_DEADLINE
#define SCHED_DEADLINE 6
#endif

/* The sched_setattr() argument, as in include/uapi/linux/sched/types.h. */
struct lft_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime;
	uint64_t sched_deadline;
	uint64_t sched_period;
};

static int print_usage(void)
{
	fprintf(stderr,
		"usage: lft-chrt -f PRIO | -r PRIO | -o | -d RUNTIME_NS DEADLINE_NS PERIOD_NS  CMD [ARGS...]\n"
		"       lft-chrt -p PID -f PRIO | -r PRIO | -o\n");
	return 1;
}

/* Parse a whole decimal number; exit on anything else. */
static unsigned long long number(const char *what, const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (!*s || *end || *s == '-' || errno) {
		fprintf(stderr, "lft-chrt: bad %s '%s'\n", what, s);
		exit(1);
	}
	return v;
}

int main(int argc, char **argv)
{
	struct sched_param sp = { 0 };
	struct lft_sched_attr attr;
	pid_t pid = 0;
	int cmd;

	if (argc > 3 && !strcmp(argv[1], "-p")) {
		/* As if the command line began at "-p PID", without a CMD. */
		pid = number("pid", argv[2]);
		argv += 2;
		argc = argc - 2 + 1;
	}
	if (argc < 3 && !(pid && argc == 2 && !strcmp(argv[1], "-o")))
		return print_usage();
	if (!strcmp(argv[1], "-d")) {
		if (argc < 6)
			return print_usage();
		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.sched_policy = SCHED_DEADLINE;
		attr.sched_runtime = number("runtime", argv[2]);
		attr.sched_deadline = number("deadline", argv[3]);
		attr.sched_period = number("period", argv[4]);
		if (syscall(SYS_sched_setattr, pid, &attr, 0)) {
			perror("lft-chrt: sched_setattr");
			return 1;
		}
		cmd = 5;
	} else if (!strcmp(argv[1], "-o")) {
		if (sched_setscheduler(pid, SCHED_OTHER, &sp)) {
			perror("lft-chrt: sched_setscheduler");
			return 1;
		}
		cmd = 2;
	} else if (!strcmp(argv[1], "-f") || !strcmp(argv[1], "-r")) {
		if (argc < 4)
			return print_usage();
		sp.sched_priority = number("priority", argv[2]);
		if (sp.sched_priority < 1 || sp.sched_priority > 99) {
			fprintf(stderr, "lft-chrt: priority %s not in 1..99\n",
				argv[2]);
			return 1;
		}
		if (sched_setscheduler(pid, argv[1][1] == 'f' ? SCHED_FIFO :
				       SCHED_RR, &sp)) {
			perror("lft-chrt: sched_setscheduler");
			return 1;
		}
		cmd = 3;
	} else {
		return print_usage();
	}
	if (pid)
		return 0;
	execvp(argv[cmd], argv + cmd);
	fprintf(stderr, "lft-chrt: %s: %s\n", argv[cmd], strerror(errno));
	return 1;
}
