/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static events: lftrace's own probes on the kernel's tracepoints, each
 * writing a record with the kernel's layout for that event, described once
 * (struct lft_event) for its probe, format file and printer.
 */
#ifndef LFT_EVENTS_EVENT_H
#define LFT_EVENTS_EVENT_H

#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/seq_buf.h>
#include <linux/stddef.h>

#include "core/trace.h"

struct tracepoint;

/**
 * struct lft_ev_field - one field of an event's record, as "format" lists it
 * @type: its C type as the kernel shows it ("char", "pid_t", "__data_loc
 *	char[]", ...)
 * @name: its name, with "[N]" for an array
 * @offset: its offset in the record
 * @size: its size
 * @is_signed: the "signed:" column
 */
struct lft_ev_field {
	const char *type;
	const char *name;
	u16 offset;
	u16 size;
	u8 is_signed;
};

/* A field of record struct @rec: its type text, member, name text, sign. */
#define LFT_EV_FIELD(rec, type, member, name, sgn)			\
	{ type, name, offsetof(rec, member),				\
	  sizeof_field(rec, member), sgn }

/* The usual case, named as its member; short, for the dense field tables. */
#define F(rec, type, member, sgn) LFT_EV_FIELD(rec, type, member, #member, sgn)

/**
 * struct lft_ev_flag - one name of a flags field, for lft_ev_print_flags()
 * @mask: its bits (all must be set; a composite mask goes first)
 * @name: what to print
 *
 * Laid out as the kernel's struct trace_print_flags, so that its name
 * tables (the gfp flags') initialise ours.
 */
struct lft_ev_flag {
	unsigned long mask;
	const char *name;
};

/**
 * struct lft_event - a static event
 * @system: its subsystem directory ("sched")
 * @name: its name, also the tracepoint's
 * @probe: the tracepoint probe; its data is this struct
 * @fields: the record's fields after the common header
 * @nfields: how many
 * @print_fmt: the "print fmt:" text of 6.1's format file
 * @print: the line's text after "name: ", from the record
 * @setup: optional, called once at load after the tracepoint is found:
 *	NULL if the probe can run on this kernel, else why not (the event is
 *	then left out with that reason logged)
 * @id: the record type (common_type), given at load
 * @tp: the kernel's tracepoint, found at load (NULL: the event is left out)
 * @users: arrays that enabled it (lft_lock); the probe is registered while
 *	there are any
 * @active: the arrays' files that have it enabled (RCU, for the probe)
 */
struct lft_event {
	const char *system;
	const char *name;
	void *probe;
	const struct lft_ev_field *fields;
	unsigned int nfields;
	const char *print_fmt;
	void (*print)(struct seq_buf *s, const void *rec, unsigned int len);
	const char *(*setup)(void);
	int id;
	struct tracepoint *tp;
	int users;
	struct list_head active;
};

/* Defines struct lft_event lft_ev_@ev, for an event table. */
#define LFT_EVENT(sys, ev, probe_fn, flds, fmt, print_fn)		\
	LFT_EVENT_SETUP(sys, ev, probe_fn, flds, fmt, print_fn, NULL)

/* The same, for an event that must check this kernel first (@setup_fn). */
#define LFT_EVENT_SETUP(sys, ev, probe_fn, flds, fmt, print_fn, setup_fn) \
	static struct lft_event lft_ev_##ev = {				\
		.system = sys, .name = #ev, .probe = probe_fn,		\
		.fields = flds, .nfields = ARRAY_SIZE(flds),		\
		.print_fmt = fmt, .print = print_fn, .setup = setup_fn,	\
	}

/* An event in one array: its enable file's state. */
struct lft_ev_file {
	struct lft_event *ev;
	struct lft_array *tr;
	bool enabled;
	struct list_head node;		/* in ev->active while enabled */
};

/* Per array: one file per known event, in lft_events order. */
struct lft_ev_array {
	struct lft_ev_file *files;
	unsigned int n;
};

/* For the probes: each array that has @ev enabled. */
#define lft_ev_for_each_file(f, ev)					\
	list_for_each_entry_rcu(f, &(ev)->active, node)

/* A __data_loc word: the data's length in the high half, offset in the low. */
static inline u32 lft_ev_loc(unsigned int offset, unsigned int len)
{
	return len << 16 | offset;
}

/* The string a __data_loc word points at, if it lies within the record. */
static inline const char *lft_ev_str(const void *rec, unsigned int reclen,
				     u32 loc)
{
	unsigned int off = loc & 0xffff, len = loc >> 16;
	const char *str = (const char *)rec + off;

	if (!len || off + len > reclen || str[len - 1])
		return "";
	return str;
}

void *lft_ev_reserve(struct lft_ev_file *f, unsigned int size,
		     struct lft_rb_res *res);
void lft_ev_commit(struct lft_ev_file *f, struct lft_rb_res *res);

/*
 * A probe's body: for each array that has @ev enabled, a record of type
 * @type plus @extra bytes, filled by the statements that follow (which
 * see it as "r"), then committed.
 */
#define lft_ev_emit(ev, type, extra, ...)				\
	do {								\
		struct lft_event *__ev = (ev);				\
		struct lft_ev_file *__f;				\
									\
		lft_ev_for_each_file(__f, __ev) {			\
			struct lft_rb_res __res;			\
			type *r = lft_ev_reserve(__f, sizeof(type) + (extra), \
						 &__res);		\
									\
			if (r) {					\
				__VA_ARGS__;				\
				lft_ev_commit(__f, &__res);		\
			}						\
		}							\
	} while (0)

/* The event tables (one file per subsystem): lft_SYS_events[], lft_SYS_nevents. */
#define LFT_EV_TABLE(sys)						\
	extern struct lft_event *const lft_##sys##_events[];		\
	extern const unsigned int lft_##sys##_nevents

LFT_EV_TABLE(sched);
LFT_EV_TABLE(irq);
LFT_EV_TABLE(signal);
LFT_EV_TABLE(timer);
LFT_EV_TABLE(syscalls);
LFT_EV_TABLE(kmem);
LFT_EV_TABLE(vmscan);
LFT_EV_TABLE(module);
LFT_EV_TABLE(net);
LFT_EV_TABLE(block);

/* kmem.c: gfp flags as the kernel's show_gfp_flags() prints them. */
void lft_print_gfp(struct seq_buf *s, unsigned long flags);

/* btf.c: a member of a structure private to the kernel, from its BTF. */
int lft_btf_member(const char *sname, const char *member, u16 kind,
		   u32 *size);

/* core.c */
void lft_ev_print_flags(struct seq_buf *s, unsigned long value,
			const struct lft_ev_flag *table, unsigned int n,
			const char *sep);
int lft_events_init(void);
void lft_events_exit(void);
struct lft_event *lft_event_by_id(int id);
bool lft_event_print(struct seq_buf *s, const void *rec, unsigned int len);
int lft_ev_enable(struct lft_ev_file *f, bool on);
unsigned int lft_events_count(void);
struct lft_event *lft_event_nth(unsigned int i);

/* files.c */
int lft_events_array_init(struct lft_array *tr);
void lft_events_array_free(struct lft_array *tr);

#endif /* LFT_EVENTS_EVENT_H */
