/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Static events: lftrace's own probes on the kernel's tracepoints, each
 * writing a record with the kernel's layout for that event. Each is
 * described once, in events/defs/<sys>.h, from which events/generate.h
 * makes its struct lft_event: probe, fields, print fmt and printer.
 */
#ifndef LFT_EVENTS_EVENT_H
#define LFT_EVENTS_EVENT_H

#include <linux/list.h>
#include <linux/rculist.h>
#include <linux/seq_buf.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "core/trace.h"
#include "events/filter.h"

struct tracepoint;
struct trace_event;
struct pt_regs;
struct lft_ev_file;

/* A field of record struct @rec: its type text, member, name text, sign. */
#define LFT_EV_FIELD(rec, type, member, name, sgn)			\
	{ type, name, offsetof(rec, member),				\
	  sizeof_field(rec, member), sgn }

/* The usual case, named as its member; short, for the dense field tables. */
#define F(rec, type, member, sgn) LFT_EV_FIELD(rec, type, member, #member, sgn)

/**
 * struct lft_ev_flag - one name of a flags field or value, for
 *	__print_flags() and __print_symbolic() (lft_ev_pflags(), lft_ev_psym())
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
 * @print: the line's text after "name: ", from the record (with
 *	@own_name, the whole text, name included)
 * @own_name: @print writes the event's name too (a kernel event's own
 *	output function, events/generic.c: syscall events print
 *	"sys_openat(...)", no "name: ")
 * @fields_of: a generated event's field table (events/generate.h), which
 *	lft_events_init() turns into @fields and @nfields
 * @proto: a generated event's tracepoint prototype as text, checked
 *	against the kernel's own at load (NULL: not checked)
 * @reg: a dynamic event's own hook, registered (@on) when the first array
 *	enables it and unregistered when the last disables it; NULL for a
 *	tracepoint's event
 * @file_reg: optional, a dynamic event's hook for each array: called when
 *	an array's file attaches (@on, after @reg) and detaches (eprobes
 *	hook on the attached event in that array)
 * @is_probe: a kprobe, uprobe or eprobe event (eprobes cannot attach to it)
 * @setup: optional, called once at load after the tracepoint is found:
 *	NULL if the probe can run on this kernel, else why not (the event is
 *	then left out with that reason logged)
 * @id: the record type (common_type), given at load or lft_event_add():
 *	@kid if set, else an id the kernel's allocator gave (@own_type)
 * @own_type: what holds that id in the kernel (NULL: the id is @kid)
 * @tp: the kernel's tracepoint, found at load (NULL: the event is left out)
 * @own_tp: lftrace's own tracepoint of the event (core/own_tp.h), which
 *	@tp is then, whatever the kernel has: its source is lftrace's (the
 *	osnoise family's), it takes no id of the kernel's (perf, given its
 *	id, refuses it rather than count the kernel's event of that name)
 * @users: arrays that enabled it (lft_lock); the probe is registered while
 *	there are any
 * @active: the arrays' files that have it enabled (RCU, for the probe)
 * @list: in the registry, in the order events/ lists them
 * @pid_offs: offsets of the fields naming the tasks a scheduler event is
 *	about, for set_event_pid (0: none)
 * @kid: the kernel's id for the same event (its common_type), 0 if the
 *	kernel has none
 * @rank: its place in available_events and set_event, smallest first, as
 *	the kernel lists them (lft_events_order())
 */
struct lft_event {
	const char *system;
	const char *name;
	void *probe;
	const struct lft_ev_field *fields;
	unsigned int nfields;
	const char *print_fmt;
	void (*print)(struct seq_buf *s, const void *rec, unsigned int len);
	bool own_name;
	const struct lft_ev_field *(*fields_of)(unsigned int *n);
	const char *proto;
	int (*reg)(struct lft_event *ev, bool on);
	int (*file_reg)(struct lft_ev_file *f, bool on);
	bool is_probe;
	const char *(*setup)(void);
	int id;
	struct trace_event *own_type;
	struct tracepoint *tp;
	struct tracepoint *own_tp;
	int users;
	struct list_head active;
	struct list_head list;
	u16 pid_offs[2];
	u16 kid;
	long rank;
};

/* A subsystem's directory in one array. */
struct lft_ev_sys {
	struct list_head list;		/* in lft_ev_array.systems */
	char *name;
	struct dentry *dir;
	struct lft_file_ref ref;	/* its files' (priv: this) */
	void *attrs;			/* its files' memory */
	unsigned int nevents;
	struct lft_filter *filter;	/* what its filter file reads */
};

/* An event in one array: its directory and state there. */
struct lft_ev_file {
	struct lft_event *ev;
	struct lft_array *tr;
	bool enabled;			/* probe on: in ev->active */
	bool was_enabled;		/* ever was: its removal empties the buffer */
	struct list_head node;		/* in ev->active while enabled */
	struct list_head list;		/* in lft_ev_array.files */
	struct lft_ev_sys *sys;
	struct dentry *dir;
	struct lft_file_ref ref;	/* its files' (priv: this) */
	void *attrs;			/* its files' memory */
	void *kind_attrs;		/* the trigger kinds' files' memory */
	struct lft_filter __rcu *filter;
	/* Triggers (trigger.c): the probe reads trig_mode and soft_disabled. */
	struct list_head triggers;	/* RCU: lft_trig_hook, every kind */
	u8 trig_mode;			/* LFT_EV_TRIG* */
	u8 slow;			/* LFT_EV_SLOW_*: the probe's slow path */
	bool soft_disabled;		/* probe on for triggers, no records */
	bool pid_check;			/* the array's pid lists are set */
	bool marker;			/* ftrace/print: trace_marker's */
	u8 taskinfo;			/* LFT_TI_* it holds (record-cmd/tgid) */
	unsigned int soft;		/* triggers needing the probe */
};

#define LFT_EV_TRIG		BIT(0)	/* has triggers */
#define LFT_EV_TRIG_COND	BIT(1)	/* they need the record */

/* Why the probe takes its slow path (any set); changed under lft_lock. */
#define LFT_EV_SLOW_TRIG	BIT(0)	/* triggers */
#define LFT_EV_SLOW_SOFT	BIT(1)	/* soft mode */
#define LFT_EV_SLOW_PID		BIT(2)	/* pid lists */
#define LFT_EV_SLOW_FILTER	BIT(3)	/* a filter */

/* Per array: one lft_ev_file per known event, in registry order. */
struct lft_ev_array {
	struct list_head files;
	struct list_head systems;
	struct dentry *root;		/* events/ */
	struct lft_array *tr;
	/* set_event_pid, set_event_notrace_pid (pid.c) */
	struct lft_pidset __rcu *pids;
	struct lft_pidset __rcu *notrace_pids;
	bool fork_probes;
	/* events/ftrace/print: its triggers run on trace_marker writes. */
	struct lft_ev_file *marker;
	/* An event once enabled here was removed: empty the buffer. */
	bool clear_pending;
};

/* Each event of array @tr (lft_lock held). */
#define lft_ev_for_each_in(f, tr)					\
	list_for_each_entry(f, lft_ev_files_of(tr), list)

struct list_head *lft_ev_files_of(struct lft_array *tr);

/* For the probes: each array that has @ev enabled. */
#define lft_ev_for_each_file(f, ev)					\
	list_for_each_entry_rcu(f, &(ev)->active, node)

/* A __data_loc word: the data's length in the high half, offset in the low. */
static inline u32 lft_ev_loc(unsigned int offset, unsigned int len)
{
	return len << 16 | offset;
}

/*
 * Writes @src into the room __data_loc word @loc gives in record @rec,
 * cut to that room and NUL-padded: a string (a device's name) can change
 * between its measure and this copy, and must not then overrun the record.
 */
static inline void lft_ev_put_str(void *rec, u32 loc, const char *src)
{
	char *dst = (char *)rec + (loc & 0xffff);
	unsigned int room = loc >> 16;
	size_t n;

	if (!room)
		return;
	n = strnlen(src, room - 1);
	memcpy(dst, src, n);
	memset(dst + n, 0, room - n);
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
void *lft_ev_reserve_hdr(struct lft_ev_file *f, unsigned int size,
			 struct lft_rb_res *res, const struct lft_entry *hdr);
void lft_ev_commit(struct lft_ev_file *f, struct lft_rb_res *res);
void lft_ev_commit_regs(struct lft_ev_file *f, struct lft_rb_res *res,
			struct pt_regs *regs);

/**
 * struct lft_ev_table - one file's static events, as events/generate.h
 *	makes them (lft_<sys>_table), for lft_events_init()
 * @events: the events, in the order their description lists them
 * @n: how many
 */
struct lft_ev_table {
	struct lft_event *const *events;
	unsigned int n;
};

/* Declares the table of @name (lft_<sys>): lft_<sys>_table. */
#define LFT_EV_TABLE(name)						\
	extern const struct lft_ev_table __PASTE(name, _table)

/*
 * print.c: what a generated printer (events/generate.h) calls for the
 * kernel's print helpers. __print_flags() and __print_symbolic() write into
 * one scratch buffer per line, as the kernel's do into its per-line
 * sequence; each returns its own NUL-terminated text there.
 */
#define LFT_EV_PBUF_SIZE	512

struct lft_ev_pbuf {
	unsigned int used;
	char buf[LFT_EV_PBUF_SIZE];
};

__printf(2, 3) void lft_ev_printf(struct seq_buf *s, const char *fmt, ...);
const char *lft_ev_pflags(struct lft_ev_pbuf *p, unsigned long val,
			  const char *delim, const struct lft_ev_flag *table,
			  unsigned int n);
const char *lft_ev_psym(struct lft_ev_pbuf *p, unsigned long val,
			const struct lft_ev_flag *table, unsigned int n);

/* core.c */
int lft_events_init(const struct lft_ev_table *const *tables,
		    unsigned int ntables);
void lft_events_exit(void);
struct lft_event *lft_event_by_id(int id);
bool lft_event_print(struct seq_buf *s, const void *rec, unsigned int len,
		     bool hash);
bool lft_ev_hashing(void);
int lft_ev_enable(struct lft_ev_file *f, bool on);
int lft_event_add(struct lft_event *ev);
void lft_events_order(void);
int lft_event_remove(struct lft_event *ev);
void lft_events_removed(void);
void lft_event_disable(struct lft_event *ev);
void lft_event_orphan(struct lft_event *ev);
extern struct list_head lft_ev_list;

int lft_ev_soft(struct lft_ev_file *f, bool on);
void lft_ev_slow_update(struct lft_ev_file *f);
void lft_ev_soft_switch(struct lft_ev_file *f, bool on, atomic_long_t *count);

/* fn_cmds.c: the enable_event and disable_event function commands */
int lft_ev_cmds_init(void);
void lft_ev_cmds_exit(void);

/* subsys.c */
extern bool lft_tp_printk;	/* records to the kernel log too (tp_printk) */

/* trigger.c */

struct lft_trig_kind;

/**
 * struct lft_trig_hook - a trigger on an event in an array, of any kind
 * @list: in lft_ev_file.triggers (RCU): the built-in commands first,
 *	newest first, then the registered kinds' in the order they came (as
 *	6.1 lists hist triggers after the others)
 * @kind: what it is
 */
struct lft_trig_hook {
	struct list_head list;
	const struct lft_trig_kind *kind;
};

/**
 * struct lft_trig_kind - a kind of trigger beside the built-in commands,
 *	registered by the code that provides it (as the kernel's
 *	register_event_command()); trigger.c knows kinds only by this
 * @name: its command in trigger files (listed among the available ones),
 *	or NULL: no user writes it and it is not a user's trigger (eprobes
 *	hook the events they attach to themselves)
 * @store: a write of "[!]@name..." to @f's trigger file: @remove for "!",
 *	@param what follows the command (NULL if nothing); lft_lock held
 * @hit: @h's event wrote @rec (from its probe, RCU, before the record
 *	is committed)
 * @show: @h's line in its trigger file (lft_lock held), or NULL: none
 * @clear: remove every trigger of this kind on @f (lft_lock held), or
 *	NULL
 * @pause: enable_hist and disable_hist act on @f's triggers of this kind
 *	(from a probe), or NULL
 * @attr: a file of its own in each event's directory, or NULL
 * @node: in the registered kinds' list
 */
struct lft_trig_kind {
	const char *name;
	int (*store)(struct lft_ev_file *f, bool remove, char *param);
	void (*hit)(struct lft_trig_hook *h, const void *rec,
		    unsigned int len);
	void (*show)(struct lft_trig_hook *h, struct seq_buf *s);
	void (*clear)(struct lft_ev_file *f);
	void (*pause)(struct lft_ev_file *f, bool paused);
	const struct lft_attr *attr;
	struct list_head node;
};

/* The first trigger of kind @k after @pos in the list @head, or NULL. */
static inline struct lft_trig_hook *
lft_trig_next(struct list_head *head, struct list_head *pos,
	      const struct lft_trig_kind *k)
{
	struct lft_trig_hook *h;

	/* Raw: under RCU from probes, under lft_lock from the files. */
	for (pos = rcu_dereference_raw(list_next_rcu(pos)); pos != head;
	     pos = rcu_dereference_raw(list_next_rcu(pos))) {
		h = list_entry(pos, struct lft_trig_hook, list);
		if (h->kind == k)
			return h;
	}
	return NULL;
}

/*
 * Each of @f's triggers of kind @k (under RCU or lft_lock). The list holds
 * every kind: a kind walks its own.
 */
#define lft_trig_for_each(h, f, k)					\
	for (h = lft_trig_next(&(f)->triggers, &(f)->triggers, k); h;	\
	     h = lft_trig_next(&(f)->triggers, &(h)->list, k))

void lft_trig_kind_register(struct lft_trig_kind *k);
void *lft_trig_files_create(struct lft_ev_file *f);
void lft_ev_show_trigger(struct lft_file_ref *ref, struct seq_buf *s);
int lft_ev_store_trigger(struct lft_file_ref *ref, char *buf, size_t cnt);
unsigned int lft_ev_trigger(struct lft_ev_file *f, const void *rec,
			    unsigned int len);
void lft_ev_trigger_post(struct lft_ev_file *f, unsigned int post,
			 struct pt_regs *regs);
void lft_ev_triggers_clear(struct lft_ev_file *f);
void lft_ev_trig_update(struct lft_ev_file *f);

/* hist.c: hist triggers, a kind of trigger */
void lft_hist_trig_init(void);

/* eprobe.c */
void lft_ep_init(void);

/* uprobe.c */
void lft_up_init(void);

/* fprobe.c */
void lft_fp_init(void);

/* pid.c */
void lft_ev_pid_fields(struct lft_event *ev);
bool lft_ev_pid_ignored(struct lft_ev_file *f);
bool lft_ev_pid_rec_ok(struct lft_ev_file *f, const void *rec);
int lft_ev_pid_files(struct lft_array *tr);
void lft_ev_pid_free_all(struct lft_array *tr);

/* ftrace.c */
int lft_ev_ftrace_create(struct lft_array *tr, struct dentry *root);
void lft_ev_ftrace_free(struct lft_array *tr);

/**
 * lft_ev_marker() - trace_marker's event in an array, when it has triggers
 * @tr: the array
 *
 * Called with preemption off, which keeps the triggers for
 * lft_ev_trigger() and lft_ev_trigger_post().
 *
 * Return: events/ftrace/print there, or NULL when it has no triggers.
 */
static inline struct lft_ev_file *lft_ev_marker(struct lft_array *tr)
{
	struct lft_ev_array *ea = READ_ONCE(tr->events);
	struct lft_ev_file *f = ea ? READ_ONCE(ea->marker) : NULL;

	return f && READ_ONCE(f->trig_mode) ? f : NULL;
}

/* files.c */
void lft_ev_format(struct seq_buf *s, const char *name, int id,
		   const struct lft_ev_field *fields, unsigned int n,
		   const char *print_fmt);
int lft_events_array_init(struct lft_array *tr);
void lft_events_array_free(struct lft_array *tr);
void lft_ev_taskinfo_option(struct lft_array *tr);
int lft_ev_file_add(struct lft_array *tr, struct lft_event *ev);
struct lft_ev_file *lft_ev_file_find(struct lft_array *tr,
				     struct lft_event *ev);
struct lft_ev_file *lft_ev_file_lookup(struct lft_array *tr, const char *sys,
				       const char *name);
bool lft_ev_file_retire(struct lft_ev_file *f, bool gone);
int lft_ev_set_word(struct lft_array *tr, char *word);
void lft_ev_file_del(struct lft_ev_file *f);

#endif /* LFT_EVENTS_EVENT_H */
