// SPDX-License-Identifier: GPL-2.0
/*
 * lft-pages FILE: what a trace_pipe_raw reader got, page by page (the
 * pages as read() returned them, 4096 bytes each): how many, their data
 * bytes, how many carry the missed-events flag, and how many held how
 * much (one page per read: small pages are wake-ups that found a few
 * records).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MISSED_EVENTS	(1ULL << 31)
#define MISSED_STORED	(1ULL << 30)	/* the data length is below */

int main(int argc, char **argv)
{
	static const unsigned int upto[] = { 64, 256, 1024, 2048, 3072, 4000 };
	static const char * const names[] = { "<64", "<256", "<1k", "<2k",
		"<3k", "<4000", "full" };
	long n = 0, missed = 0, bytes = 0, size[7] = { 0 };
	unsigned char pg[4096];
	unsigned int i;
	uint64_t c;
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: lft-pages FILE\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	while (fread(pg, 1, sizeof(pg), f) == sizeof(pg)) {
		memcpy(&c, pg + 8, sizeof(c));
		if (c & MISSED_EVENTS)
			missed++;
		/* The kernel adds the flags as ints: the bits above are set too. */
		c &= MISSED_STORED - 1;
		bytes += c;
		n++;
		for (i = 0; i < 6 && c >= upto[i]; i++)
			;
		size[i]++;
	}
	printf("pages %ld bytes %ld missed %ld sizes", n, bytes, missed);
	for (i = 0; i < 7; i++)
		printf(" %s %ld", names[i], size[i]);
	printf("\n");
	return 0;
}
