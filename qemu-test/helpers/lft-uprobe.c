// SPDX-License-Identifier: GPL-2.0
/*
 * lft-uprobe: a function for uprobe tests to probe, and where it is.
 *
 *   lft-uprobe off      print lft_up_target()'s offset in this file (hex),
 *                       as uprobe_events takes it (PATH:OFFSET)
 *   lft-uprobe off caller  the same for main(), its caller: a second place,
 *                       hit once a run
 *   lft-uprobe run N    call lft_up_target(i, word) for i = 0..N-1 (words
 *                       "alpha", "beta", "gamma" in turn) and print the sum
 *                       of what it returned
 *
 * Static and not position-independent: every run has the function, its
 * caller and its return address at the same places, so two tracers' lines
 * about the same runs can be compared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const words[] = { "alpha", "beta", "gamma" };

/* What the probes see: x in %di, s in %si, the value in %ax. */
long lft_up_target(long x, const char *s)
{
	return x * 2 + s[0];
}

/* Called through this, which another file could change: never inlined. */
long (*lft_up_call)(long x, const char *s) = lft_up_target;

/* The offset in our file of @addr, from the mapping that holds it. */
static int print_offset(unsigned long addr)
{
	unsigned long start, end, pgoff;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f) {
		perror("/proc/self/maps");
		return 1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &start, &end, &pgoff) != 3)
			continue;
		if (addr >= start && addr < end) {
			printf("0x%lx\n", addr - start + pgoff);
			fclose(f);
			return 0;
		}
	}
	fclose(f);
	fprintf(stderr, "lft-uprobe: no mapping holds %#lx\n", addr);
	return 1;
}

int main(int argc, char **argv)
{
	unsigned long i, n;
	long sum = 0;

	if (argc == 2 && !strcmp(argv[1], "off"))
		return print_offset((unsigned long)lft_up_target);
	if (argc == 3 && !strcmp(argv[1], "off") && !strcmp(argv[2], "caller"))
		return print_offset((unsigned long)main);
	if (argc != 3 || strcmp(argv[1], "run")) {
		fprintf(stderr, "usage: lft-uprobe off [caller] | run N\n");
		return 2;
	}
	n = strtoul(argv[2], NULL, 0);
	for (i = 0; i < n; i++)
		sum += lft_up_call(i, words[i % 3]);
	printf("%ld\n", sum);
	return 0;
}
