/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parts of kprobe_parse.c that the other probe kinds' parsers
 * (eprobe.c, uprobe.c) share: a command split in words, error carets in
 * 6.1's places, [GROUP/]EVENT names and the fetch arguments, whose
 * grammar is common to kprobes, eprobes and uprobes (struct lft_kp_def's
 * kind says what each may fetch).
 */
#ifndef LFT_EVENTS_PROBE_PARSE_H
#define LFT_EVENTS_PROBE_PARSE_H

#include "events/kprobe.h"

/* A command split in words, and each word's place in the joined text. */
struct lft_kp_words {
	char *copy;		/* the words point into it */
	int argc;
	char **argv;
	unsigned int *start;
	unsigned int len;	/* of the joined text */
	struct lft_kp_perr *perr;
	int idx;		/* the word errors refer to */
};

int lft_kp_err(struct lft_kp_words *w, int offs, int code);
int lft_kp_split(const char *line, struct lft_kp_words *w);
void lft_kp_words_free(struct lft_kp_words *w);
char *lft_kp_join(struct lft_kp_words *w);
int lft_kp_parse_gname(struct lft_kp_words *w, char *group, char *event,
		       const char *text, int offs);
int lft_kp_parse_arg(struct lft_kp_words *w, struct lft_kp_def *def,
		     unsigned int i, const char *text, bool at_entry);

#endif /* LFT_EVENTS_PROBE_PARSE_H */
