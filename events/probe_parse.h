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

/* One argument being parsed (probe_parse.c; probe_btf.c's members). */
struct lft_pb_argctx {
	struct lft_pb_words *w;
	struct lft_pb_arg *a;
	unsigned int slot;	/* the program slot 6.1 would be at */
	int inner;		/* where the innermost fetch of +OFFS(...) is */
	const char *func;	/* a return probe's function, for BTF */
	const char *btf_func;	/* an entry probe's, for parameter names */
	bool is_return, at_entry;
	bool btf_var, btf_char_ptr;	/* the value is that parameter's */
	bool btf_char_array;	/* a member that is an array of bytes */
	bool btf;		/* names are parameters (lft_pb_btf_on()) */
	bool ret_args;		/* a return probe's read entry values */
	u8 kind;		/* the probe's, enum lft_pb_probe_kind */
	/* A member's (PARAM->FIELD): its type from BTF, bitfield. */
	bool btf_member;
	const char *btf_type;
	u32 btf_bitsize, btf_bitoff;
	int btf_offs;		/* the last member's place, for carets */
	/* Nested levels so far; one of them a cast or this_cpu_*(). */
	u8 depth;
	bool nest_new;
};

int lft_pb_push_deref(struct lft_pb_argctx *c, long off, bool user, int offs);
int lft_pb_push_cpu(struct lft_pb_argctx *c, int offs);
int lft_pb_parse_btf_var(struct lft_pb_argctx *c, char *arg, int offs);
int lft_pb_parse_current(struct lft_pb_argctx *c, char *arg, int offs);
int lft_pb_btf_cast(struct lft_pb_argctx *c, char *cast, int coffs,
		    char *field, int foffs);

#endif /* LFT_EVENTS_PROBE_PARSE_H */
