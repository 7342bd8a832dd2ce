// SPDX-License-Identifier: GPL-2.0
/*
 * lft-loop: run a system call in a tight loop, as a load for tracing tests
 * and benchmarks. Prints the number of calls made.
 *
 *   lft-loop N getppid     N getppid() calls
 *   lft-loop N read        N 1-byte reads of /dev/zero
 *   lft-loop N open        N open+close of /proc/self/stat
 *   lft-loop N sysopen     the same through the legacy open system call
 *                          (the kernel's do_sys_open(), which openat skips)
 *   lft-loop N pingpong    N round trips of one byte between this process
 *                          and a child over two pipes: on one CPU, two
 *                          context switches each
 *   lft-loop N cat FILE    N times: open FILE, read it to its end in 64 KiB
 *                          reads and close it, as "cat FILE" does; for
 *                          timing a tracing file's open and its read
 *   lft-loop N write FILE  N times: open FILE (truncating it), write all
 *                          of stdin (read once, before the clock starts)
 *                          and close it, as "echo ... > FILE" does; for
 *                          timing a tracefs write and its commit at close
 *   lft-loop -t N ...      print the ns per call instead (under QEMU's
 *                          -icount shift=0, that is instructions per call)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int bad_usage(void)
{
	fprintf(stderr, "usage: lft-loop [-t] N getppid|read|open|sysopen|pingpong|cat FILE|write FILE\n");
	return 2;
}

/* All of stdin, in one buffer: what each write of "write FILE" writes. */
static char *slurp(size_t *len)
{
	size_t cap = 1 << 16;
	char *buf = malloc(cap), *more;
	ssize_t r;

	*len = 0;
	while (buf) {
		if (*len == cap) {
			cap *= 2;
			more = realloc(buf, cap);
			if (!more)
				break;
			buf = more;
		}
		r = read(0, buf + *len, cap - *len);
		if (r == 0)
			return buf;
		if (r < 0) {
			perror("stdin");
			break;
		}
		*len += r;
	}
	free(buf);
	return NULL;
}

/*
 * Open, write @buf whole and close: a tracefs file may take less than
 * the whole write (the kernel's set_ftrace_filter takes one word per
 * write), so write on from where it stopped, as echo does.
 */
static int write_file(const char *path, const char *buf, size_t len)
{
	size_t done = 0;
	ssize_t w;
	int fd;

	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	while (done < len) {
		w = write(fd, buf + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			perror(path);
			close(fd);
			return 1;
		}
		done += w;
	}
	if (close(fd)) {
		perror(path);
		return 1;
	}
	return 0;
}

/* N round trips with a child: it echoes each byte back. */
static int round_trips(unsigned long n)
{
	int there[2], back[2], status;
	unsigned long i;
	pid_t child;
	char c = 0;

	if (pipe(there) || pipe(back)) {
		perror("pipe");
		return 1;
	}
	child = fork();
	if (child < 0) {
		perror("fork");
		return 1;
	}
	if (!child) {
		close(there[1]);
		close(back[0]);
		while (read(there[0], &c, 1) == 1)
			if (write(back[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	close(there[0]);
	close(back[1]);
	for (i = 0; i < n; i++) {
		if (write(there[1], &c, 1) != 1 || read(back[0], &c, 1) != 1) {
			perror("pingpong");
			return 1;
		}
	}
	close(there[1]);
	if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
	    WEXITSTATUS(status)) {
		fprintf(stderr, "pingpong: the child failed\n");
		return 1;
	}
	return 0;
}

/* One "cat FILE": the whole file read, and closed. */
static int cat_file(const char *path)
{
	static char buf[1 << 16];
	int fd = open(path, O_RDONLY);
	ssize_t r;

	if (fd < 0) {
		perror(path);
		return 1;
	}
	while ((r = read(fd, buf, sizeof(buf))) > 0)
		;
	if (r < 0)
		perror(path);
	close(fd);
	return r < 0;
}

int main(int argc, char **argv)
{
	unsigned long n, i;
	struct timespec t0, t1;
	char *end, c, *buf = NULL;
	int fd = -1, timed = 0;
	size_t len = 0;

	if (argc >= 4 && !strcmp(argv[1], "-t")) {
		timed = 1;
		argv++;
		argc--;
	}
	if (argc == 4 && !strcmp(argv[2], "write")) {
		buf = slurp(&len);
		if (!buf)
			return 1;
	} else if (argc != 3 && !(argc == 4 && !strcmp(argv[2], "cat"))) {
		return bad_usage();
	}
	n = strtoul(argv[1], &end, 0);
	if (*argv[1] == '\0' || *end != '\0')
		return bad_usage();

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (buf) {
		for (i = 0; i < n; i++)
			if (write_file(argv[3], buf, len))
				return 1;
	} else if (!strcmp(argv[2], "getppid")) {
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
	} else if (!strcmp(argv[2], "sysopen")) {
		for (i = 0; i < n; i++) {
			fd = syscall(SYS_open, "/proc/self/stat", O_RDONLY);
			if (fd < 0) {
				perror("/proc/self/stat");
				return 1;
			}
			close(fd);
		}
	} else if (!strcmp(argv[2], "cat")) {
		for (i = 0; i < n; i++)
			if (cat_file(argv[3]))
				return 1;
	} else if (!strcmp(argv[2], "pingpong")) {
		if (round_trips(n))
			return 1;
	} else {
		return bad_usage();
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (timed)
		printf("%.1f\n", n ? ((t1.tv_sec - t0.tv_sec) * 1e9 +
				      (t1.tv_nsec - t0.tv_nsec)) / n : 0.0);
	else
		printf("%lu\n", n);
	return 0;
}
