// SPDX-License-Identifier: GPL-2.0
// LDLIBS: -ltraceevent
/*
 * lft-kbuf: decode ring-buffer data pages (as trace_pipe_raw gives them)
 * with libtraceevent's kbuffer, the decoder trace-cmd uses, and print each
 * event as "ts len first-bytes-hex" (-a: all its bytes); pages that report
 * missed events print "# missed N" (N = -1 when the count was not stored)
 * before their events.
 *
 *   lft-kbuf [-a] FILE
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/kbuffer.h>

int main(int argc, char **argv)
{
	unsigned long long ts;
	static char page[4096];
	struct kbuffer *kbuf;
	unsigned char *data;
	int i, n, len, all = 0;
	FILE *f;

	if (argc == 3 && !strcmp(argv[1], "-a")) {
		all = 1;
		argv++;
		argc--;
	}
	if (argc != 2) {
		fprintf(stderr, "usage: lft-kbuf [-a] FILE\n");
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	kbuf = kbuffer_alloc(KBUFFER_LSIZE_8, KBUFFER_ENDIAN_LITTLE);
	if (!kbuf)
		return 1;
	while (fread(page, 1, sizeof(page), f) == sizeof(page)) {
		if (kbuffer_load_subbuffer(kbuf, page) < 0) {
			fprintf(stderr, "lft-kbuf: bad page\n");
			return 1;
		}
		n = kbuffer_missed_events(kbuf);
		if (n)
			printf("# missed %d\n", n);
		for (data = kbuffer_read_event(kbuf, &ts); data;
		     data = kbuffer_next_event(kbuf, &ts)) {
			len = kbuffer_event_size(kbuf);
			printf("%llu %d ", ts, len);
			for (i = 0; i < len && (all || i < 8); i++)
				printf("%02x", data[i]);
			printf("\n");
		}
	}
	fclose(f);
	kbuffer_free(kbuf);
	return 0;
}
