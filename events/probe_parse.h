/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of probe_parse.c that the probe kinds' own parsers
 * (eprobe.c, uprobe.c) share: a command split in words, error carets in
 * 6.1's places, [GROUP/]EVENT names and the fetch arguments, whose
 * grammar is common to kprobes, eprobes and uprobes (struct lft_pb_def's
 * kind says what each may fetch).
 */
#ifndef LFT_EVENTS_PROBE_PARSE_H
#define LFT_EVENTS_PROBE_PARSE_H

#include "events/probe.h"

/* A command split in words, and each word's place in the joined text. */
struct lft_pb_words {
	char *copy;		/* the words point into it */
	int argc;
	char **argv;
	unsigned int *start;
	unsigned int len;	/* of the joined text */
	struct lft_pb_perr *perr;
	int idx;		/* the word errors refer to */
};

int lft_pb_err(struct lft_pb_words *w, int offs, int code);
int lft_pb_split(const char *line, struct lft_pb_words *w);
void lft_pb_words_free(struct lft_pb_words *w);
char *lft_pb_join(struct lft_pb_words *w);
int lft_pb_parse_gname(struct lft_pb_words *w, char *group, char *event,
		       const char *text, int offs);
int lft_pb_parse_args(struct lft_pb_words *w, struct lft_pb_def *def,
		      bool at_entry);
int lft_pb_parse_arg(struct lft_pb_words *w, struct lft_pb_def *def,
		     unsigned int i, const char *text, bool at_entry);

#endif /* LFT_EVENTS_PROBE_PARSE_H */
