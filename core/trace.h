/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing core: trace arrays (the top level; instances later), their
 * ring buffers and the entries written into them, the tracer registry, and
 * the output engine that turns entries into the lines of "trace".
 */
#ifndef LFT_CORE_TRACE_H
#define LFT_CORE_TRACE_H

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/seq_buf.h>
#include <linux/string.h>
#include <linux/types.h>

#include "ringbuf/ringbuf.h"
#include "core/fs.h"

/* Entry types: the kernel's numbers, which trace-cmd knows them by. */
enum lft_entry_type {
	LFT_TRACE_FN = 1,
	LFT_TRACE_CTX = 2,
	LFT_TRACE_WAKE = 3,
	LFT_TRACE_STACK = 4,
	LFT_TRACE_PRINT = 5,
	LFT_TRACE_BPRINT = 6,
	LFT_TRACE_GRAPH_RETADDR = 9,	/* lftrace's number: core/entries.h */
	LFT_TRACE_GRAPH_RET = 10,
	LFT_TRACE_GRAPH_ENT = 11,
	LFT_TRACE_USER_STACK = 12,
	LFT_TRACE_HWLAT = 15,
	LFT_TRACE_OSNOISE = 16,
	LFT_TRACE_TIMERLAT = 17,
	LFT_TRACE_RAW_DATA = 18,
};

/* Context flag bits, as the kernel stores them in an entry. */
#define LFT_FLAG_IRQS_OFF	0x01
#define LFT_FLAG_NEED_RESCHED	0x04
#define LFT_FLAG_HARDIRQ	0x08
#define LFT_FLAG_SOFTIRQ	0x10
#define LFT_FLAG_NMI		0x40
#define LFT_FLAG_BH_OFF		0x80
/* 0x20 says need-resched-lazy on PREEMPT_RT 6.1, preempt-resched elsewhere. */
#ifdef LFT_HAVE_PREEMPT_LAZY
#define LFT_FLAG_NEED_RESCHED_LAZY 0x20
#define LFT_FLAG_PREEMPT_RESCHED 0
#else
#define LFT_FLAG_NEED_RESCHED_LAZY 0
#define LFT_FLAG_PREEMPT_RESCHED 0x20
#endif

/*
 * Every entry starts like the kernel's struct trace_entry (PREEMPT_RT 6.1
 * adds the lazy preemption count: a 12-byte header, records shift).
 */
struct lft_entry {
	u16 type;
	u8 flags;
	u8 preempt_count;	/* low nibble: preempt depth; high: migrate */
	s32 pid;
#ifdef LFT_HAVE_PREEMPT_LAZY
	u8 preempt_lazy_count;
#endif
};

/* Where a record's first long-aligned member lies (8 bytes on, 16 on RT). */
#define LFT_ENT_BODY	ALIGN(sizeof(struct lft_entry), sizeof(long))

#define LFT_STACK_MAX		64	/* frames kept in a stack entry */
/* A stack frame in the tracer's trampoline, where the kernel marks it. */
#define LFT_STACK_TRAMP		((unsigned long)INT_MAX)
#define LFT_USTACK_MAX		8	/* the kernel's FTRACE_STACK_ENTRIES */

/*
 * The records of each type (struct lft_fn_entry for LFT_TRACE_FN, ...):
 * described in core/entries.h, made by core/entry_gen.h.
 */
#include "core/entry_gen.h"

/**
 * struct lft_ev_field - one field of a record, as its "format" lists it
 * @type: its C type as the kernel shows it ("char", "pid_t", "__data_loc
 *	char[]", ...)
 * @name: its name, with "[N]" for an array
 * @offset: its offset in the record
 * @size: its size
 * @is_signed: the "signed:" column
 * @count: for a generated array field, its element count, which the
 *	format shows after @name as "[N]" (the kernel's own sizes, like
 *	TASK_COMM_LEN, may be enum constants, which have no text to paste);
 *	0 otherwise
 */
struct lft_ev_field {
	const char *type;
	const char *name;
	u16 offset;
	u16 size;
	u8 is_signed;
	u16 count;
};

/*
 * The common fields: struct lft_entry as every format file lists it before
 * a record's own fields (core/entries.c), and as filters and histograms
 * find its members by name. The one description of the header.
 */
extern const struct lft_ev_field lft_entry_fields[];
extern const unsigned int lft_entry_nfields;

struct lft_print_iter;
struct lft_rb_entry;

/**
 * struct lft_entry_desc - one type of lftrace's own records
 *	(core/entries.h): events/ftrace/<name>/ and how it prints
 * @name: its directory in events/ftrace/
 * @type: its type number
 * @with_id: whether the directory has an "id" file
 * @min_len: the shortest record of the type; renderers see no shorter one
 * @fields_of: its fields, and how many in *@n
 * @print_fmt: its format file's print fmt
 * @print: a line's body after the context (false: not printed)
 * @raw: options/raw's line body
 * @hex: options/hex's fields
 * @bin: options/bin's fields
 */
struct lft_entry_desc {
	const char *name;
	int type;
	bool with_id;
	unsigned int min_len;
	const struct lft_ev_field *(*fields_of)(unsigned int *n);
	const char *print_fmt;
	bool (*print)(struct lft_print_iter *it, struct seq_buf *s,
		      const struct lft_rb_entry *e, const void *data);
	void (*raw)(struct lft_print_iter *it, struct seq_buf *s,
		    const struct lft_rb_entry *e, const void *data);
	void (*hex)(struct seq_buf *s, const void *data);
	void (*bin)(struct seq_buf *s, const void *data);
};

extern const struct lft_entry_desc lft_entry_descs[];
extern const unsigned int lft_entry_ndescs;
const struct lft_entry_desc *lft_entry_desc(int type, unsigned int len);

/**
 * struct lft_entry_alt - upstream's newest layout of a record type, which
 *	lftrace writes while an option these kernels lack is on
 *	(LFT_ENTRY_ALT in core/entries.h)
 * @type: the record's type
 * @opt: the LFT_OPT_* bit that selects it
 * @min_len: its length without a flexible array's elements
 * @fields_of: its fields, and how many in *@n
 * @print_fmt: its format file's print fmt
 */
struct lft_entry_alt {
	int type;
	unsigned long opt;
	unsigned int min_len;
	const struct lft_ev_field *(*fields_of)(unsigned int *n);
	const char *print_fmt;
};

extern const struct lft_entry_alt lft_entry_alts[];
extern const unsigned int lft_entry_nalts;

/* Trace options (options/, trace_options) lftrace implements. */
#define LFT_OPT_BLOCK		BIT(0)
#define LFT_OPT_PRINTK		BIT(1)
#define LFT_OPT_PRINTK_MSGONLY	BIT(2)
#define LFT_OPT_CONTEXT_INFO	BIT(3)
#define LFT_OPT_OVERWRITE	BIT(4)
#define LFT_OPT_IRQ_INFO	BIT(5)
#define LFT_OPT_MARKERS		BIT(6)
#define LFT_OPT_DISABLE_ON_FREE	BIT(7)
#define LFT_OPT_PAUSE_ON_TRACE	BIT(8)
#define LFT_OPT_RECORD_TGID	BIT(9)
#define LFT_OPT_SYM_OFFSET	BIT(10)
#define LFT_OPT_SYM_ADDR	BIT(11)
#define LFT_OPT_VERBOSE		BIT(12)
#define LFT_OPT_RAW		BIT(13)
#define LFT_OPT_HEX		BIT(14)
#define LFT_OPT_BIN		BIT(15)
#define LFT_OPT_ANNOTATE	BIT(16)
#define LFT_OPT_LATENCY_FMT	BIT(17)
#define LFT_OPT_STACKTRACE	BIT(18)
#define LFT_OPT_PRINT_PARENT	BIT(19)
#define LFT_OPT_FUNC_FORK	BIT(20)
#define LFT_OPT_FUNC_STACK	BIT(21)	/* function tracer: func_stack_trace */
/* function_graph's options (funcgraph-*, sleep-time, graph-time). */
#define LFT_OPT_GRAPH_OVERRUN	BIT(22)
#define LFT_OPT_GRAPH_CPU	BIT(23)
#define LFT_OPT_GRAPH_OVERHEAD	BIT(24)
#define LFT_OPT_GRAPH_PROC	BIT(25)
#define LFT_OPT_GRAPH_DURATION	BIT(26)
#define LFT_OPT_GRAPH_ABSTIME	BIT(27)
#define LFT_OPT_GRAPH_IRQS	BIT(28)
#define LFT_OPT_GRAPH_TAIL	BIT(29)
#define LFT_OPT_SLEEP_TIME	BIT(30)
#define LFT_OPT_GRAPH_TIME	BIT(31)
#define LFT_OPT_EVENT_FORK	BIT(32)	/* events/pid.c */
#define LFT_OPT_HASH_PTR	BIT(33)	/* events/core.c: event lines */
#define LFT_OPT_FUNC_TRACE	BIT(34)	/* latency tracers trace functions */
#define LFT_OPT_RECORD_CMD	BIT(35)	/* events/core.c: comms recorded */
#define LFT_OPT_USERSTACK	BIT(36)	/* stack.c: user stack after entries */
#define LFT_OPT_DISPLAY_GRAPH	BIT(37)	/* latency tracers: graph records */
#define LFT_OPT_PRINTK_DEST	BIT(38)	/* printk.c: lftrace_printk's array */
#define LFT_OPT_COPY_MARKER	BIT(39)	/* marker.c: the top's markers copied */
/* Upstream's newer options (none of these kernels has them). */
#define LFT_OPT_GRAPH_RETVAL	BIT(40)	/* funcgraph-retval (6.5) */
#define LFT_OPT_GRAPH_RETVAL_HEX BIT(41)	/* funcgraph-retval-hex (6.5) */
#define LFT_OPT_GRAPH_RETADDR	BIT(42)	/* funcgraph-retaddr (6.13) */
#define LFT_OPT_GRAPH_ARGS	BIT(43)	/* funcgraph-args (6.15) */
#define LFT_OPT_FUNC_ARGS	BIT(44)	/* func-args (6.15) */
/* Arguments a record keeps: the x86-64 ABI's argument registers. */
#define LFT_FN_NARGS		6
#define LFT_OPT_DEFAULTS	(LFT_OPT_PRINTK | LFT_OPT_CONTEXT_INFO | \
				 LFT_OPT_RECORD_CMD | \
				 LFT_OPT_OVERWRITE | LFT_OPT_IRQ_INFO | \
				 LFT_OPT_MARKERS | LFT_OPT_ANNOTATE | \
				 LFT_OPT_HASH_PTR | LFT_OPT_FUNC_TRACE | \
				 LFT_OPT_PRINT_PARENT | LFT_OPT_GRAPH_CPU | \
				 LFT_OPT_GRAPH_OVERHEAD | \
				 LFT_OPT_GRAPH_DURATION | LFT_OPT_GRAPH_IRQS | \
				 LFT_OPT_SLEEP_TIME | LFT_OPT_GRAPH_TIME | \
				 LFT_OPT_PRINTK_DEST | LFT_OPT_COPY_MARKER)
/* Off in a new instance, whatever the top level has (as the kernel's). */
#define LFT_OPT_ZEROED		(LFT_OPT_EVENT_FORK | LFT_OPT_FUNC_FORK | \
				 LFT_OPT_PRINTK_DEST | LFT_OPT_COPY_MARKER)


#define LFT_RAW_MAX		3072	/* longest trace_marker_raw write */
#define LFT_TRACE_BUF_SIZE	1024	/* longest trace_marker write */
#define LFT_DEFAULT_BUF_SIZE	1441792UL	/* trace_buf_size, per CPU */

struct lft_array;
struct lft_file_ref;
struct lft_print_iter;
struct dentry;

/**
 * struct lft_tracer - a tracer, as listed in available_tracers
 * @name: its name
 * @init: start tracing on @tr (called with lft_lock held)
 * @reset: stop tracing on @tr (called with lft_lock held)
 * @print_line: print an entry of a type the core does not know; return
 *	false to leave it to the core ("Unknown type")
 * @print_entry: print any entry, whole line included, before the core
 *	would (function_graph's own format); false leaves it to the core
 * @print_header: the header after "# tracer:", instead of the core's
 * @array_init: set up the tracer's per-array state and files, for every
 *	array (called with lft_lock held, before the array is in use)
 * @array_free: free it (the array's tracer was reset already)
 * @lat_note: lines of its own in the latency header (before "started at")
 * @option_changed: an option changed while it runs (lft_lock held)
 * @start: tracing_on was switched to 1 while it runs (lft_lock held)
 * @stop: tracing_on was switched to 0 while it runs (lft_lock held)
 * @allow_instances: may run in instances/ too
 * @print_max: "trace" shows the max (snapshot) buffer: a latency tracer
 * @list: registry link
 */
struct lft_tracer {
	const char *name;
	int (*init)(struct lft_array *tr);
	void (*reset)(struct lft_array *tr);
	int (*array_init)(struct lft_array *tr);
	void (*array_free)(struct lft_array *tr);
	bool (*print_line)(struct lft_array *tr, struct seq_buf *s,
			   const struct lft_entry *ent, unsigned int len);
	bool (*print_entry)(struct lft_print_iter *it, struct seq_buf *s,
			    const struct lft_rb_entry *e, const void *data);
	void (*print_header)(struct lft_print_iter *it, struct lft_rb *rb,
			     struct seq_buf *s, int cpu);
	void (*lat_note)(struct lft_array *tr, struct seq_buf *s);
	void (*option_changed)(struct lft_array *tr, unsigned long bit,
			       bool on);
	void (*start)(struct lft_array *tr);
	void (*stop)(struct lft_array *tr);
	bool allow_instances;
	bool print_max;
	struct list_head list;
};

/* When a subsystem's boot options apply, around the ftrace= tracer. */
enum lft_boot_stage {
	LFT_BOOT_BEFORE_TRACER,	/* e.g. function filters */
	LFT_BOOT_AFTER_TRACER,	/* e.g. events to enable */
};

/**
 * struct lft_subsys - a part of lftrace above core (a tracer family, the
 *	events) that core calls back; core/main.c lists them
 * @name: for messages
 * @init: at load, before any array exists: register tracers and the like
 * @stop: at unload, before the top level's files go: stop what it runs
 * @exit: at unload, after the arrays are gone (also after a failed load)
 * @boot: apply its boot options (module parameters) at @stage; lft_lock held
 * @array_init: its files and state in a new array, after core's and the
 *	tracers' (lft_lock held; @ref is the array's own file reference)
 * @array_free: undo @array_init (lft_lock held); must cope with an array
 *	it never set up, and with being called twice
 * @option_changed: an option of @tr changed (lft_lock held)
 * @marker: trace_marker's record of @tr is about to be committed (@rec,
 *	@len bytes; preemption off): returns what @marker_post needs, 0 for
 *	nothing
 * @marker_post: after the commit, with what @marker returned (preemption
 *	off)
 * @print: print a record of a type core and the tracer do not know;
 *	false if it is not one of the subsystem's either
 * @list: registry link
 */
struct lft_subsys {
	const char *name;
	int (*init)(void);
	void (*stop)(void);
	void (*exit)(void);
	int (*boot)(enum lft_boot_stage stage);
	int (*array_init)(struct lft_array *tr, struct lft_file_ref *ref);
	void (*array_free)(struct lft_array *tr);
	void (*option_changed)(struct lft_array *tr, unsigned long bit,
			       bool on);
	unsigned int (*marker)(struct lft_array *tr, const void *rec,
			       unsigned int len);
	void (*marker_post)(struct lft_array *tr, unsigned int post);
	bool (*print)(struct lft_array *tr, struct seq_buf *s,
		      const void *rec, unsigned int len);
	struct list_head list;
};

/*
 * The latency header's data about the max trace (latency tracers fill it;
 * zero otherwise, as in the kernel).
 */
struct lft_lat_info {
	unsigned long latency_ns;
	int cpu;
	char comm[TASK_COMM_LEN];
	int pid;
	uid_t uid;
	long nice, policy, rt_priority;
	unsigned long critical_start, critical_end;
};

/*
 * What a reader knows beyond the entry itself, for the output engine.
 * @lat and @annotate are fixed when the file is opened, as in the kernel.
 */
struct lft_print_iter {
	struct lft_array *tr;
	bool lat;			/* latency-format lines */
	u64 time_start;			/* lat: times count from it */
	unsigned long *skipped;		/* per CPU: entries before it */
	u64 next_ts;			/* lat: the next entry's time, or this one's */
	unsigned long idx;		/* entries printed so far (+1 in pipes) */
	bool annotate;			/* the buffer overran: mark CPU starts */
	unsigned long *started;		/* annotate: CPUs seen (bitmap) */
	/*
	 * The next entry of a CPU, for printers that fold it into the line
	 * of the current one (function_graph's leaves), and stepping past
	 * it; NULL where the reader cannot look ahead (the console dump).
	 */
	const void *(*peek)(struct lft_print_iter *it, int cpu,
			    struct lft_rb_entry *e);
	void (*skip)(struct lft_print_iter *it, int cpu);
	void *owner;			/* the reader, for peek and skip */
	void *priv;			/* a printer's state; kfree()d at close */
};

struct lft_array {
	const char *name;		/* NULL at the top level */
	struct dentry *dir;
	struct lft_rb *rb;		/* READ_ONCE: a snapshot swaps it */
	struct lft_rb *snap;		/* snapshot buffer, once allocated */
	int iter_readers;		/* open trace/snapshot readers */
	bool tracing_on;
	unsigned long flags;		/* LFT_OPT_* */
	cpumask_var_t cpumask;		/* tracing_cpumask */
	bool expanded;			/* buffer at its full size yet */
	unsigned long *cpu_size;	/* requested bytes per CPU */
	int buffer_percent;
	struct lft_tracer *tracer;
	bool dying;			/* being made or removed: no opens */
	int ref;			/* open files (instances: rmdir EBUSY) */
	int stop_count;			/* readers of trace pausing it */
	u64 time_start;			/* latency-format times count from it */
	u64 max_time_start;		/* the same, for the max trace (snap) */
	unsigned long lat_saved;	/* options a latency tracer forced, */
	unsigned long lat_forced;	/* and what they were before */
	struct lft_lat_info lat;	/* the latency header's task data */
	int trace_cpu;			/* its CPU# for the live buffer */
	unsigned long max_latency;	/* tracing_max_latency, ns */
	void *fn;			/* function tracer state */
	void *events;			/* events/ state (events/files.c) */
	struct list_head errs;		/* error_log (errlog.c) */
	int n_errs;
	struct list_head list;		/* instances */
	struct list_head marker_copy;	/* copy_trace_marker (marker.c) */
};

extern struct mutex lft_lock;
extern struct lft_array lft_top;

/* array.c */
int lft_array_init(struct lft_array *tr, struct dentry *parent);
void lft_array_destroy(struct lft_array *tr);
int lft_array_expand(struct lft_array *tr);
int lft_array_set_subbuf(struct lft_array *tr, unsigned int order);
int lft_array_resize(struct lft_array *tr, unsigned long size, int cpu);
void lft_array_set_on(struct lft_array *tr, bool on);
void lft_array_pause(struct lft_array *tr, bool pause);
bool lft_array_on(struct lft_array *tr);

/*
 * May entries be written now, on this CPU? (tracing_on, tracing_cpumask)
 * Inline: every writer asks on every event.
 */
static inline bool lft_array_writable(struct lft_array *tr)
{
	return READ_ONCE(tr->tracing_on) && !READ_ONCE(tr->stop_count) &&
	       cpumask_test_cpu(raw_smp_processor_id(), tr->cpumask);
}

int lft_open_check(struct inode *inode, struct file *file);
int lft_release(struct inode *inode, struct file *file);
bool lft_array_retire(struct lft_array *tr);
void lft_array_revive(struct lft_array *tr);
ssize_t lft_write_switch(const char __user *ubuf, size_t cnt, loff_t *ppos,
			 const bool *cur, int (*set)(bool on));
void lft_array_clear(struct lft_array *tr, int cpu);
void lft_array_clear_shown(struct lft_array *tr, int cpu);
int lft_array_set_clock(struct lft_array *tr, enum lft_rb_clock clock);
int lft_array_wait(struct lft_array *tr, int cpu, int percent);
u64 lft_ns_split(u64 ns, u32 *usec);
unsigned int lft_gen_ctx(struct lft_entry *ent, u16 type);
unsigned int lft_gen_ctx_dec(struct lft_entry *ent, u16 type);
/*
 * An entry's header for the current context, with @pc as the preemption
 * count to show. Inline: the function tracer and the event writers fill
 * one per record, and the flags then go straight into the record.
 */
static __always_inline unsigned int lft_gen_ctx_pc(struct lft_entry *ent,
						   u16 type, unsigned int pc)
{
	unsigned int irq = pc & (NMI_MASK | HARDIRQ_MASK);
	unsigned int softirq = softirq_count();	/* not in pc on RT */
	unsigned int flags = 0;

	if (irqs_disabled())
		flags |= LFT_FLAG_IRQS_OFF;
	/* Most records come from tasks with bottom halves on: none of these. */
	if (unlikely(irq | softirq)) {
		if (irq & NMI_MASK)
			flags |= LFT_FLAG_NMI;
		if (irq & HARDIRQ_MASK)
			flags |= LFT_FLAG_HARDIRQ;
		if (softirq & SOFTIRQ_OFFSET)	/* in_serving_softirq() */
			flags |= LFT_FLAG_SOFTIRQ;
		if (softirq >> (SOFTIRQ_SHIFT + 1))
			flags |= LFT_FLAG_BH_OFF;
	}
	if (tif_need_resched())
		flags |= LFT_FLAG_NEED_RESCHED;
#ifdef LFT_HAVE_PREEMPT_LAZY
	if (test_thread_flag(TIF_NEED_RESCHED_LAZY))
		flags |= LFT_FLAG_NEED_RESCHED_LAZY;
	ent->preempt_lazy_count = current_thread_info()->preempt_lazy_count;
#else
	if (test_preempt_need_resched())
		flags |= LFT_FLAG_PREEMPT_RESCHED;
#endif
	ent->type = type;
	ent->flags = flags;
	ent->preempt_count = min_t(unsigned int, pc & 0xff, 0xf) |
		min_t(unsigned int, current->migration_disabled, 0xf) << 4;
	ent->pid = current->pid;
	return flags;
}

/* Both reservations' end: the header of a record just reserved, if any. */
static __always_inline void *lft_trace_reserved(struct lft_entry *ent,
						u16 type, unsigned int held)
{
	if (likely(ent))
		lft_gen_ctx_pc(ent, type, preempt_count() - held -
			       LFT_RB_RESERVE_PREEMPT);
	return ent;
}

/**
 * lft_trace_reserve() - room for a record in a buffer, its header filled
 * @rb: the array's buffer (checked writable by the caller)
 * @type: the record's type
 * @size: the record's size, header included
 * @held: preemption levels the caller holds above the code it records
 *	(1 for a hook or probe that disabled preemption, else 0)
 * @res: for lft_rb_commit() or lft_commit()
 *
 * Every writer of a record with its own context reserves through here:
 * the header is written after the reservation, from registers, with the
 * preemption depth of the recorded code.
 *
 * Return: the record, or NULL (the buffer dropped it).
 */
static __always_inline void *lft_trace_reserve(struct lft_rb *rb, u16 type,
					       unsigned int size,
					       unsigned int held,
					       struct lft_rb_res *res)
{
	return lft_trace_reserved(lft_rb_reserve(rb, size, res), type, held);
}

/**
 * lft_trace_reserve_at() - lft_trace_reserve() with sched_clock() read
 * @rb: the array's buffer (checked writable by the caller)
 * @type: the record's type
 * @size: the record's size, header included
 * @held: as for lft_trace_reserve()
 * @res: for lft_rb_commit() or lft_commit()
 * @now: sched_clock(), read just before with preemption off
 *
 * For writers that time something with sched_clock() (the graph tracer's
 * call and return times): a buffer on the "local" clock stamps the record
 * with @now instead of reading the clock again.
 *
 * Return: the record, or NULL (the buffer dropped it).
 */
static __always_inline void *lft_trace_reserve_at(struct lft_rb *rb, u16 type,
						  unsigned int size,
						  unsigned int held,
						  struct lft_rb_res *res,
						  u64 now)
{
	return lft_trace_reserved(lft_rb_reserve_at(rb, size, res,
						    LFT_RB_CLOCK_LOCAL, now),
				  type, held);
}

/**
 * lft_trace_reserve_hdr() - lft_trace_reserve() with the header given
 * @rb: the array's buffer
 * @hdr: the context to record (of an earlier record, or from elsewhere)
 * @type: the record's type, written over @hdr's
 * @size: the record's size, header included
 * @res: for lft_rb_commit() or lft_commit()
 *
 * Return: the record, or NULL.
 */
static __always_inline void *lft_trace_reserve_hdr(struct lft_rb *rb,
						   const struct lft_entry *hdr,
						   u16 type, unsigned int size,
						   struct lft_rb_res *res)
{
	struct lft_entry *ent = lft_rb_reserve(rb, size, res);

	if (likely(ent)) {
		*ent = *hdr;
		ent->type = type;
	}
	return ent;
}

/* tracer.c */
int lft_tracer_register(struct lft_tracer *t);
struct lft_tracer *lft_tracer_find(const char *name);
int lft_tracer_set(struct lft_array *tr, const char *name);
int lft_tracers_show(struct lft_array *tr, struct seq_buf *s);
int lft_tracers_init(void);
void lft_tracers_stop(void);
void lft_tracers_exit(void);
int lft_tracers_array_init(struct lft_array *tr);
void lft_tracers_array_free(struct lft_array *tr);

/*
 * subsys.c. The subsystems are defined above core (tracers/, events/);
 * core/main.c lists them in the order they set up.
 */
extern struct lft_subsys lft_function_subsys;
extern struct lft_subsys lft_latency_subsys;
extern struct lft_subsys lft_hwlat_subsys;
extern struct lft_subsys lft_osnoise_subsys;
extern struct lft_subsys lft_events_subsys;
int lft_subsys_init(struct lft_subsys *const *table, unsigned int n);
void lft_subsys_stop(void);
void lft_subsys_exit(void);
int lft_subsys_boot(enum lft_boot_stage stage);
int lft_subsys_array_init(struct lft_array *tr, struct lft_file_ref *ref);
void lft_subsys_array_free(struct lft_array *tr);
void lft_subsys_option_changed(struct lft_array *tr, unsigned long bit,
			       bool on);
unsigned int lft_subsys_marker(struct lft_array *tr, const void *rec,
			       unsigned int len);
void lft_subsys_marker_post(struct lft_array *tr, unsigned int post);
bool lft_subsys_print(struct lft_array *tr, struct seq_buf *s,
		      const void *rec, unsigned int len);
extern struct lft_tracer lft_nop_tracer;

/* output.c */
bool lft_time_in_ns(enum lft_rb_clock clock);
void lft_print_header(struct lft_print_iter *it, struct lft_rb *rb,
		      struct seq_buf *s, int cpu);
void lft_print_default_header(struct lft_print_iter *it, struct lft_rb *rb,
			      struct seq_buf *s, int cpu);
bool lft_print_body(struct lft_print_iter *it, struct seq_buf *s,
		    const struct lft_rb_entry *e, const void *data);
bool lft_print_lat_top(struct lft_print_iter *it, struct lft_rb *rb,
		       struct seq_buf *s, int cpu);
void lft_print_flags(struct seq_buf *s, const struct lft_entry *ent);
void lft_print_entry(struct lft_print_iter *it, struct seq_buf *s,
		     const struct lft_rb_entry *e, const void *data);
void lft_print_sym(struct seq_buf *s, unsigned long ip, unsigned long flags);
void lft_print_duration(struct seq_buf *s, u64 ns);
void lft_print_context(struct lft_print_iter *it, struct seq_buf *s,
		       const struct lft_rb_entry *e, const struct lft_entry *ent);

/* render.c */
bool lft_render_alt(struct lft_print_iter *it, struct seq_buf *s,
		    const struct lft_rb_entry *e, const void *data);
void lft_put_hex(struct seq_buf *s, const void *mem, size_t len);
void lft_put_bytes(struct seq_buf *s, const void *mem, size_t len);
void lft_print_lost(struct seq_buf *s, const struct lft_rb_entry *e);
void lft_print_raw_data(struct seq_buf *s, const struct lft_raw_entry *r,
			unsigned int len);

/* printk.c */
int lft_printk_init(void);
void lft_printk_exit(void);
void lft_printk_dest_set(struct lft_array *tr, bool on);
bool lft_printk_dest_refused(struct lft_array *tr, bool on);
void lft_printk_array_gone(struct lft_array *tr);
void lft_printk_formats_show(struct seq_buf *s);
void lft_print_bprint(struct seq_buf *s, const struct lft_bprint_entry *b,
		      unsigned int len);

/* instances.c */
int lft_instances_create(struct dentry *parent);
void lft_instances_exit(void);
void lft_arrays_for_each(void (*fn)(struct lft_array *tr, void *data),
			 void *data);

/*
 * Take one from a command's or trigger's count (-1: unlimited); false when
 * it is used up. Any context.
 */
static inline bool lft_count_take(atomic_long_t *count)
{
	long c = atomic_long_read(count);

	do {
		if (c < 0)
			return true;
		if (!c)
			return false;
	} while (!atomic_long_try_cmpxchg(count, &c, c - 1));
	return true;
}

/* pidset.c: pid filter files */
struct lft_pidset;
bool lft_pidset_has(struct lft_pidset *s, pid_t pid);
void lft_pidset_change(struct lft_pidset *s, pid_t pid, bool on);
void lft_pidset_free(struct lft_pidset __rcu **slot);
int lft_pid_file_create(const char *name, struct lft_array *tr,
			struct lft_pidset __rcu **slot,
			void (*changed)(struct lft_array *tr));

/* taskinfo.c: what lft_taskinfo_start() records */
#define LFT_TI_CMDLINE		BIT(0)
#define LFT_TI_TGID		BIT(1)
DECLARE_PER_CPU(bool, lft_taskinfo_save);

/**
 * lft_taskinfo_note() - an entry was committed on this CPU
 *
 * The next context switch here records the tasks' comms and tgids
 * (saved_cmdlines, saved_tgids). Inline: every record's writer calls it.
 */
static __always_inline void lft_taskinfo_note(void)
{
	this_cpu_write(lft_taskinfo_save, true);
}

int lft_taskinfo_start(unsigned int what);
void lft_taskinfo_note_now(void);
void lft_taskinfo_stop(unsigned int what);
int lft_tgid_find(int pid);
void lft_tgid_show(struct seq_buf *s);
void lft_taskinfo_exit(void);

/* stack.c */
int lft_stack_init(void);
void lft_stack_exit(void);

/*
 * Does a commit to @tr add stack entries (options/stacktrace,
 * userstacktrace)? Without, a writer can commit with lft_rb_commit() and
 * lft_taskinfo_note(), and keep no copy of the header.
 */
static inline bool lft_commit_stacks(struct lft_array *tr)
{
	return READ_ONCE(tr->flags) & (LFT_OPT_STACKTRACE | LFT_OPT_USERSTACK);
}

void lft_commit(struct lft_array *tr, struct lft_rb *rb,
		struct lft_rb_res *res, const struct lft_entry *ctx, int skip);
void lft_stack_record(struct lft_array *tr, struct lft_rb *rb,
		      const struct lft_entry *ctx, int skip);
void lft_stack_record_from(struct lft_array *tr, struct lft_rb *rb,
			   const struct lft_entry *ctx, int skip,
			   unsigned long from, unsigned long to);
void lft_stack_record_regs(struct lft_array *tr, struct lft_rb *rb,
			   const struct lft_entry *ctx, struct pt_regs *regs);
void lft_commit_regs(struct lft_array *tr, struct lft_rb *rb,
		     struct lft_rb_res *res, const struct lft_entry *ctx,
		     struct pt_regs *regs);

/* cmdline.c */
struct task_struct;
int lft_cmdline_init(void);
void lft_cmdline_exit(void);
/*
 * A task's comm without its task_lock, as the kernel's tracers copy it:
 * callers run inside scheduler tracepoints and interrupts, where the lock
 * may be held by the context they interrupted (a deadlock found by
 * latency/switch.tc). A concurrent rename may tear the copy, never
 * overrun it.
 */
static inline void lft_comm_copy(char *dst, struct task_struct *tsk)
{
	memcpy(dst, tsk->comm, TASK_COMM_LEN);
	dst[TASK_COMM_LEN - 1] = '\0';
}

bool lft_cmdline_record(struct task_struct *tsk, bool wait);
void lft_cmdline_find(int pid, char *comm);
void lft_cmdline_show(struct seq_buf *s);
int lft_cmdline_resize(unsigned int n);
unsigned int lft_cmdline_size(void);

/* parser.c: ftrace's word-at-a-time command parsing */
struct lft_parser {
	char *buf;
	size_t idx, size;
	bool cont;
};

int lft_parser_init(struct lft_parser *p, size_t size);
void lft_parser_free(struct lft_parser *p);
ssize_t lft_parser_get(struct lft_parser *p, const char __user *ubuf,
		       size_t cnt, loff_t *ppos);
bool lft_parser_ready(struct lft_parser *p);
void lft_parser_clear(struct lft_parser *p);

/* errlog.c */
void lft_err_log(struct lft_array *tr, const char *loc, const char *cmd,
		 const char *err, u16 pos);
void lft_err_clear(struct lft_array *tr);
void lft_err_log_create(struct lft_array *tr, struct lft_file_ref *ref);

/* warn.c */
int lft_warn_init(void);
void lft_warn_exit(void);

/* params.c, files.c */
extern unsigned long lft_buf_size;
extern unsigned long lft_tracing_thresh;	/* ns; 0 = off */
int lft_params_early(void);
int lft_params_apply(void);
void lft_params_exit(void);

/* options.c */
void lft_option_set(struct lft_array *tr, unsigned long bit, bool on);
int lft_option_parse(struct lft_array *tr, const char *word);
void lft_options_show(struct lft_array *tr, struct seq_buf *s);
int lft_options_create(struct lft_array *tr);

/* files.c, reader.c, marker.c */
void *lft_kzalloc_kept(size_t size);
void lft_raw_create(struct dentry *dir, struct lft_file_ref *ref);
void lft_readme_create(struct lft_array *tr);
struct lft_file_ref;
int lft_files_create(struct lft_array *tr);
int lft_marker_create(struct lft_array *tr, struct lft_file_ref *ref);
void lft_marker_copy_set(struct lft_array *tr, bool on);
void lft_marker_array_gone(struct lft_array *tr);
extern const struct file_operations lft_trace_fops;
extern const struct file_operations lft_pipe_fops;
extern const struct file_operations lft_snapshot_fops;

/* snapshot.c */
ssize_t lft_snapshot_write(struct file *file, const char __user *ubuf,
			   size_t cnt, loff_t *ppos);
bool lft_snapshot_has_data(struct lft_array *tr, struct lft_rb *rb, int cpu);
void lft_snapshot_help(struct lft_array *tr, struct seq_buf *s, int cpu);
void lft_snapshot_free(struct lft_array *tr);
int lft_snapshot_alloc(struct lft_array *tr);
void lft_array_snapshot(struct lft_array *tr);
void lft_snapshot_swap(struct lft_array *tr);
bool lft_snapshot_swap_if(struct lft_array *tr, bool (*cond)(void *arg),
			  void *arg);

/*
 * Which array a file of the tree belongs to, and for per-CPU files, the CPU.
 * Every file's i_private starts with the array pointer (lft_open_check()).
 */
struct lft_file_ref {
	struct lft_array *tr;
	int cpu;			/* LFT_RB_ALL_CPUS for top-level files */
	void *priv;			/* the file's object (events: an event) */
	/* Attr files only (lft_ref_lock): how many are open; gone: none may open. */
	int opens;
	bool gone;
};

struct lft_file_ref *lft_file_ref(struct lft_array *tr, int cpu);
void lft_file_refs_free(void);
bool lft_file_ref_retire(struct lft_file_ref *ref, bool gone);

/* A file that shows text and/or takes writes (files.c). */
struct lft_attr {
	const char *name;
	umode_t mode;
	void (*show)(struct lft_file_ref *ref, struct seq_buf *s);
	/* Gets the written text, NUL-terminated; returns 0 or an errno. */
	int (*store)(struct lft_file_ref *ref, char *buf, size_t cnt);
	size_t max;		/* longest write accepted (longer: -EINVAL) */
	bool truncate;		/* longer writes are cut to max instead */
	bool big;		/* content may exceed a page (up to 1 MiB) */
	/* An open for writing with O_TRUNC ("echo >"): clear first. */
	void (*trunc)(struct lft_file_ref *ref);
};

int lft_create_attrs(struct lft_file_ref *ref, struct dentry *dir,
		     const struct lft_attr *attrs, size_t n);
void *lft_create_attrs_owned(struct lft_file_ref *ref, struct dentry *dir,
			     const struct lft_attr *attrs, size_t n);

#endif /* LFT_CORE_TRACE_H */
