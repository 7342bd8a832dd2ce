/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Histogram triggers (hist.c: grammar, triggers, aggregation; hist_print.c:
 * the hist file and the trigger's readback), shared between their files.
 */
#ifndef LFT_EVENTS_HIST_H
#define LFT_EVENTS_HIST_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>

#include "events/event.h"
#include "events/hist_map.h"

/* 6.1's limits: tracing_map's and the trigger's. */
#define LFT_HIST_KEYS_MAX	3
#define LFT_HIST_VALS_MAX	3
#define LFT_HIST_FIELDS_MAX	(LFT_HIST_KEYS_MAX + LFT_HIST_VALS_MAX)
#define LFT_HIST_SORT_MAX	2
#define LFT_HIST_BITS_DEFAULT	11
#define LFT_HIST_STR_MAX	256	/* a string key's room, NUL included */
#define LFT_HIST_STACK_DEPTH	16
#define LFT_HIST_KEY_MAX	(LFT_HIST_STR_MAX + \
				 LFT_HIST_STACK_DEPTH * sizeof(unsigned long))

/* What a field reads. */
enum lft_hf_kind {
	LFT_HF_COUNT,		/* hitcount: 1 a hit */
	LFT_HF_NUM,		/* an integer of 1, 2, 4 or 8 bytes */
	LFT_HF_STR,		/* char name[N] */
	LFT_HF_LOC,		/* __data_loc char[] */
	LFT_HF_CPU,		/* the CPU */
	LFT_HF_TS,		/* common_timestamp */
	LFT_HF_STACK,		/* stacktrace */
};

/* Modifiers, in the order 6.1 picks the one it shows. */
#define LFT_HF_HEX		BIT(0)
#define LFT_HF_SYM		BIT(1)
#define LFT_HF_SYM_OFFSET	BIT(2)
#define LFT_HF_EXECNAME		BIT(3)
#define LFT_HF_SYSCALL		BIT(4)
#define LFT_HF_LOG2		BIT(5)
#define LFT_HF_BUCKET		BIT(6)
#define LFT_HF_USECS		BIT(7)
#define LFT_HF_PERCENT		BIT(8)
#define LFT_HF_GRAPH		BIT(9)
#define LFT_HF_KEY		BIT(10)

/* How sorting compares a key field. */
enum lft_hf_cmp { LFT_HC_NONE, LFT_HC_NUM, LFT_HC_STR };

/**
 * struct lft_hfield - a key or value of a histogram
 * @kind: enum lft_hf_kind
 * @size: the record field's size (LFT_HF_NUM, LFT_HF_STR)
 * @is_signed: the record field is signed
 * @offset: the record field's offset
 * @flags: LFT_HF_*
 * @buckets: .buckets=N
 * @has_field: it reads a field of the event (or a common or generic one:
 *	not hitcount, common_cpu, common_timestamp, stacktrace)
 * @name: what an entry calls it
 * @own_name: @name when it is a field's: a copy, as is @type, since a
 *	histogram shared by name outlives the event it was made on
 * @type: the field's type (matching named triggers)
 * @koff: a key's offset in the compound key
 * @ksize: a key's room there (8-byte aligned)
 * @cmp: a key's comparison when sorting (enum lft_hf_cmp)
 * @cmp_size: its integer width
 * @cmp_signed: and sign
 */
struct lft_hfield {
	u8 kind;
	u16 size;
	bool is_signed;
	u16 offset;
	u32 flags;
	unsigned long buckets;
	bool has_field;
	const char *name;
	char *own_name;
	char *type;
	u16 koff;
	u16 ksize;
	u8 cmp;
	u8 cmp_size;
	bool cmp_signed;
};

struct lft_hist_sort {
	u8 idx;			/* in lft_hist_data.fields */
	bool desc;
};

/**
 * struct lft_hist_data - a histogram: its fields and map, shared by the
 *	triggers of one name
 * @fields: values first (0: hitcount), then keys
 * @nvals: values, hitcount included
 * @nkeys: keys
 * @key_size: bytes of the compound key
 * @sort: sort keys
 * @nsort: how many
 * @timestamps: common_timestamp is used (the array's clock is set)
 * @usecs: common_timestamp.usecs
 * @clock: clock=, as written ("global" by default)
 * @comm: a key is common_pid.execname: elements keep the task's name
 * @map: the entries
 * @clearing: "clear" is emptying @map: hits are ignored
 * @users: triggers using it (lft_lock)
 * @rcu: freed after the last trigger's grace period
 */
struct lft_hist_data {
	struct lft_hfield fields[LFT_HIST_FIELDS_MAX];
	unsigned int nvals;
	unsigned int nkeys;
	unsigned int key_size;
	struct lft_hist_sort sort[LFT_HIST_SORT_MAX];
	unsigned int nsort;
	bool timestamps;
	bool usecs;
	char *clock;
	bool comm;
	struct lft_hmap *map;
	bool clearing;
	unsigned int users;
	struct rcu_head rcu;
};

/**
 * struct lft_hist_trig - a hist trigger on an event in an array
 * @list: in lft_ev_file.hists (RCU)
 * @named: in the list of named triggers, when @name is set (lft_lock)
 * @rcu: freed after a grace period
 * @hd: its histogram
 * @filter: "if FILTER", or NULL
 * @filter_str: its text as read back
 * @name: "name=NAME" as written, or NULL
 * @paused: hits are ignored
 */
struct lft_hist_trig {
	struct list_head list;
	struct list_head named;
	struct rcu_head rcu;
	struct lft_hist_data *hd;
	struct lft_filter *filter;
	char *filter_str;
	char *name;
	bool paused;
};

/* Each key field of @hd, and its index. */
#define lft_hist_for_each_key(i, hd)					\
	for ((i) = (hd)->nvals; (i) < (hd)->nvals + (hd)->nkeys; (i)++)

/* One write's parse: the command as logged, and what it says. */
struct lft_hist_parse {
	struct lft_array *tr;
	char *cmd;		/* "hist:" and the text, for error_log */
	char *loc;		/* "hist:SYS:EV" */
	char *keys, *vals, *sort, *name, *clock;
	unsigned int bits;
	bool pause, cont, clear;
};

/* Errors (hist_parse.c has 6.1's texts). */
enum {
	LFT_HE_NAMED_MISMATCH,
	LFT_HE_TRIGGER_EEXIST,
	LFT_HE_TRIGGER_ENOENT_CLEAR,
	LFT_HE_SET_CLOCK_FAIL,
	LFT_HE_BAD_FIELD_MODIFIER,
	LFT_HE_FIELD_NOT_FOUND,
	LFT_HE_EMPTY_ASSIGNMENT,
	LFT_HE_INVALID_SORT_MODIFIER,
	LFT_HE_EMPTY_SORT_FIELD,
	LFT_HE_TOO_MANY_SORT_FIELDS,
	LFT_HE_INVALID_SORT_FIELD,
};

/* hist_parse.c */
void lft_hist_err(struct lft_hist_parse *p, int err, const char *at);
int lft_hist_parse_attrs(struct lft_hist_parse *p, char *param);
int lft_hist_parse_fields(struct lft_hist_parse *p, const struct lft_event *ev,
			  struct lft_hist_data *hd);
char *lft_hist_split(char *param, char **filter);

/* hist_print.c */
void lft_hist_print_trig(struct seq_buf *s, const struct lft_hist_trig *t);
void lft_hist_print_hist(struct seq_buf *s, struct lft_hist_trig *t);

#endif /* LFT_EVENTS_HIST_H */
