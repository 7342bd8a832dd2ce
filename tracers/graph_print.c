// SPDX-License-Identifier: GPL-2.0
/*
 * The graph printer: function_graph's output, as 6.1 prints it, and the
 * latency tracers' with display-graph (their own columns: lat_graph.c);
 * it names neither. With function_graph's default options (funcgraph-cpu,
 * -overhead, -duration, -irqs):
 *
 *    0)               |  vfs_read() {
 *    0)   0.420 us    |    rw_verify_area();      <- entry + its return
 *    0) + 12.478 us   |  }
 *
 * An entry whose next entry on the same CPU is its own return is a leaf,
 * printed on one line: the printer peeks at that CPU's next entry through
 * the reader and steps past it. A change of task on a CPU prints the
 * kernel's separator block; entering and leaving interrupt entry code the
 * arrows; trace_marker and lftrace_printk() lines become comments at the
 * current depth. A return without its entry (lost) names its function.
 * funcgraph-abstime, -proc and latency-format add columns before the
 * duration; funcgraph-irqs off hides what ran in interrupt entry code.
 */
#include <linux/kallsyms.h>
#include <linux/slab.h>

#include "compat/ksyms.h"
#include "core/trace.h"
#include "tracers/graph_print.h"

#define LFT_GRAPH_INDENT	2
#define LFT_GRAPH_MATCH_DEPTH	50	/* entries remembered per CPU */
#define LFT_GRAPH_PROC_LEN	14

struct lft_graph_cpu {
	int last_pid;
	int depth;		/* comments print at depth + 1 */
	int depth_irq;		/* funcgraph-irqs off: in irq code from here */
	unsigned long enter[LFT_GRAPH_MATCH_DEPTH];
};

/* Without the section's bounds (NULL) no address is in it. */
static bool lft_graph_in_irq_text(unsigned long addr)
{
	return addr >= (unsigned long)lft_ks.irqentry_text_start &&
	       addr < (unsigned long)lft_ks.irqentry_text_end;
}

/* Per-reader state, made at the first entry (not for the console dump). */
static struct lft_graph_cpu *lft_graph_state(struct lft_print_iter *it,
					     int cpu)
{
	struct lft_graph_cpu *c = it->priv;
	int i;

	if (!c && it->peek) {
		c = kcalloc(nr_cpu_ids, sizeof(*c), GFP_KERNEL);
		for (i = 0; c && i < nr_cpu_ids; i++) {
			c[i].last_pid = -1;
			c[i].depth_irq = -1;
		}
		it->priv = c;
	}
	return c ? &c[cpu] : NULL;
}

static void lft_graph_cpu_col(struct seq_buf *s, int cpu)
{
	int width = snprintf(NULL, 0, "%u", nr_cpu_ids - 1);

	seq_buf_printf(s, " %*d) ", width, cpu);
}

/* "comm-pid" centred in 14 columns, the comm cut to 7 characters. */
static void lft_graph_proc(struct seq_buf *s, int pid)
{
	char comm[TASK_COMM_LEN];
	int len, spaces = 0;

	lft_cmdline_find(pid, comm);
	comm[7] = '\0';
	len = strlen(comm) + snprintf(NULL, 0, "%d", pid) + 1;
	if (len < LFT_GRAPH_PROC_LEN)
		spaces = LFT_GRAPH_PROC_LEN - len;
	seq_buf_printf(s, "%*s%s-%d%*s", spaces / 2, "", comm, pid,
		       spaces - spaces / 2, "");
}

/* A new task on this CPU: the separator block. */
static void lft_graph_verif_pid(struct seq_buf *s, struct lft_graph_cpu *c,
				int cpu, int pid)
{
	int prev;

	if (!c || c->last_pid == pid)
		return;
	prev = c->last_pid;
	c->last_pid = pid;
	if (prev == -1)
		return;
	seq_buf_printf(s, " ------------------------------------------\n");
	lft_graph_cpu_col(s, cpu);
	lft_graph_proc(s, prev);
	seq_buf_printf(s, " => ");
	lft_graph_proc(s, pid);
	seq_buf_printf(s, "\n ------------------------------------------\n\n");
}

static bool lft_graph_ctx(struct lft_print_iter *it)
{
	return READ_ONCE(it->tr->flags) & LFT_OPT_CONTEXT_INFO;
}

/* The columns before the duration: time, CPU, task, context flags. */
static void lft_graph_columns(struct lft_print_iter *it, struct seq_buf *s,
			      const struct lft_rb_entry *e,
			      const struct lft_entry *ent, unsigned long fl)
{
	if (!lft_graph_ctx(it))
		return;
	if (fl & LFT_OPT_GRAPH_ABSTIME) {
		u32 usec;
		u64 sec = lft_ns_split(e->ts, &usec);

		seq_buf_printf(s, "%5llu.%06u |  ", sec, usec);
	}
	if (fl & LFT_GRAPH_REL_TIME)
		seq_buf_printf(s, "%9llu us |  ",
			       div_u64(e->ts - it->time_start, NSEC_PER_USEC));
	if (fl & LFT_OPT_GRAPH_CPU)
		lft_graph_cpu_col(s, e->cpu);
	if (fl & LFT_OPT_GRAPH_PROC) {
		lft_graph_proc(s, ent->pid);
		seq_buf_printf(s, " | ");
	}
	if (it->lat) {
		seq_buf_printf(s, " ");
		lft_print_flags(s, ent);
		seq_buf_printf(s, " | ");
	}
}

enum { LFT_FILL_NONE, LFT_FILL_FULL, LFT_FILL_START, LFT_FILL_END };

static void lft_graph_duration(struct lft_print_iter *it, struct seq_buf *s,
			       u64 ns, int fill, unsigned long fl)
{
	static const char marks[] = { '$', '@', '*', '#', '!', '+' };
	static const u64 limits[] = { 1000000000ULL, 100000000ULL, 10000000ULL,
				      1000000ULL, 100000ULL, 10000ULL };
	char mark = ' ';
	int i;

	if (!lft_graph_ctx(it) || !(fl & LFT_OPT_GRAPH_DURATION))
		return;
	switch (fill) {
	case LFT_FILL_FULL:
		seq_buf_printf(s, "              |  ");
		return;
	case LFT_FILL_START:
		seq_buf_printf(s, "  ");
		return;
	case LFT_FILL_END:
		seq_buf_printf(s, " |");
		return;
	}
	for (i = 0; i < ARRAY_SIZE(limits); i++) {
		if (ns > limits[i]) {
			mark = marks[i];
			break;
		}
	}
	if (!(fl & LFT_OPT_GRAPH_OVERHEAD))
		mark = ' ';
	seq_buf_printf(s, "%c ", mark);
	lft_print_duration(s, ns);
	seq_buf_printf(s, "|  ");
}

/* The arrows around interrupt entry code. */
static void lft_graph_irq(struct lft_print_iter *it, struct seq_buf *s,
			  const struct lft_rb_entry *e,
			  const struct lft_entry *ent, unsigned long addr,
			  bool enter, unsigned long fl)
{
	if (!lft_graph_in_irq_text(addr))
		return;
	lft_graph_columns(it, s, e, ent, fl);
	lft_graph_duration(it, s, 0, LFT_FILL_START, fl);
	seq_buf_printf(s, "%s", enter ? "==========>" : "<==========");
	lft_graph_duration(it, s, 0, LFT_FILL_END, fl);
	seq_buf_printf(s, "\n");
}

static void lft_graph_prologue(struct lft_print_iter *it, struct seq_buf *s,
			       struct lft_graph_cpu *c,
			       const struct lft_rb_entry *e,
			       const struct lft_entry *ent,
			       unsigned long enter_irq, unsigned long fl)
{
	lft_graph_verif_pid(s, c, e->cpu, ent->pid);
	if (enter_irq)
		lft_graph_irq(it, s, e, ent, enter_irq, true, fl);
	lft_graph_columns(it, s, e, ent, fl);
}

/*
 * funcgraph-irqs off: is this entry in interrupt entry code, or under it?
 * (The tracer records no calls in hardirq context then; this hides what
 * it recorded before the option changed, and softirq entry code.)
 */
static bool lft_graph_irq_entry(struct lft_print_iter *it,
				struct lft_graph_cpu *c, unsigned long func,
				int depth, unsigned long fl)
{
	if ((fl & LFT_OPT_GRAPH_IRQS) || !c)
		return false;
	if (c->depth_irq >= 0)
		return true;
	if (!lft_graph_in_irq_text(func))
		return false;
	c->depth_irq = depth;
	return true;
}

static bool lft_graph_irq_return(struct lft_print_iter *it,
				 struct lft_graph_cpu *c, int depth,
				 unsigned long fl)
{
	if ((fl & LFT_OPT_GRAPH_IRQS) || !c || c->depth_irq < 0)
		return false;
	if (c->depth_irq >= depth)
		c->depth_irq = -1;
	return true;
}

static void lft_graph_leaf(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_graph_call *c,
			   const struct lft_graph_rv *r, unsigned long fl)
{
	bool retval = (fl & LFT_OPT_GRAPH_RETVAL) && r->has_retval;
	bool retaddr = (fl & LFT_OPT_GRAPH_RETADDR) && c->has_retaddr;

	lft_graph_call_name(s, c);
	seq_buf_printf(s, ";");
	if (retval || retaddr)
		seq_buf_printf(s, " /*");
	if (retaddr)
		lft_graph_retaddr(it, s, c->retaddr);
	if (retval)
		lft_graph_retval(s, r->retval, fl);
	if (retval || retaddr)
		seq_buf_printf(s, " */");
	seq_buf_printf(s, "\n");
}

static void lft_graph_entry(struct lft_print_iter *it, struct seq_buf *s,
			    const struct lft_rb_entry *e,
			    const struct lft_graph_call *call,
			    unsigned long fl)
{
	struct lft_graph_cpu *c = lft_graph_state(it, e->cpu);
	const struct lft_graph_call saved = *call;
	struct lft_graph_rv r;
	struct lft_rb_entry ne;
	const void *next;
	bool leaf = false;

	if (lft_graph_irq_entry(it, c, saved.func, saved.depth, fl))
		return;
	lft_graph_prologue(it, s, c, e, &saved.ent, saved.func, fl);
	/* A leaf: the very next entry on this CPU is its return. */
	next = it->peek ? it->peek(it, e->cpu, &ne) : NULL;
	if (next && lft_graph_rv_read(&ne, next, &r))
		leaf = r.ent.type == LFT_TRACE_GRAPH_RET &&
		       r.ent.pid == saved.ent.pid && r.func == saved.func;
	if (leaf) {
		it->skip(it, e->cpu);
		if (c) {
			c->depth = saved.depth - 1;
			if (saved.depth >= 0 && saved.depth < LFT_GRAPH_MATCH_DEPTH)
				c->enter[saved.depth] = 0;
		}
		lft_graph_duration(it, s, r.rettime - r.calltime, LFT_FILL_NONE, fl);
		seq_buf_printf(s, "%*s", saved.depth * LFT_GRAPH_INDENT, "");
		lft_graph_leaf(it, s, &saved, &r, fl);
		lft_graph_irq(it, s, e, &saved.ent, r.func, false, fl);
		return;
	}
	if (c) {
		c->depth = saved.depth;
		if (saved.depth >= 0 && saved.depth < LFT_GRAPH_MATCH_DEPTH)
			c->enter[saved.depth] = saved.func;
	}
	lft_graph_duration(it, s, 0, LFT_FILL_FULL, fl);
	seq_buf_printf(s, "%*s", saved.depth * LFT_GRAPH_INDENT, "");
	lft_graph_call_name(s, &saved);
	seq_buf_printf(s, " {");
	if ((fl & LFT_OPT_GRAPH_RETADDR) && saved.has_retaddr) {
		seq_buf_printf(s, " /*");
		lft_graph_retaddr(it, s, saved.retaddr);
		seq_buf_printf(s, " */");
	}
	seq_buf_printf(s, "\n");
}

static void lft_graph_return(struct lft_print_iter *it, struct seq_buf *s,
			     const struct lft_rb_entry *e,
			     const struct lft_graph_rv *r, unsigned long fl)
{
	struct lft_graph_cpu *c = lft_graph_state(it, e->cpu);
	bool match = true;

	if (lft_graph_irq_return(it, c, r->depth, fl))
		return;
	if (c) {
		c->depth = r->depth - 1;
		if (r->depth >= 0 && r->depth < LFT_GRAPH_MATCH_DEPTH) {
			match = c->enter[r->depth] == r->func;
			c->enter[r->depth] = 0;
		}
	}
	lft_graph_prologue(it, s, c, e, &r->ent, 0, fl);
	lft_graph_duration(it, s, r->rettime - r->calltime, LFT_FILL_NONE, fl);
	seq_buf_printf(s, "%*s", r->depth * LFT_GRAPH_INDENT, "");
	/*
	 * funcgraph-retval names the function with its value; else a return
	 * whose entry was lost says whose it is, and funcgraph-tail too.
	 */
	if (fl & LFT_OPT_GRAPH_RETVAL) {
		seq_buf_printf(s, "} /* %ps", (void *)r->func);
		if (r->has_retval)
			lft_graph_retval(s, r->retval, fl);
		seq_buf_printf(s, " */\n");
	} else if (match && !(fl & LFT_OPT_GRAPH_TAIL)) {
		seq_buf_printf(s, "}\n");
	} else {
		seq_buf_printf(s, "} /* %ps */\n", (void *)r->func);
	}
	if ((fl & LFT_OPT_GRAPH_OVERRUN))
		seq_buf_printf(s, " (Overruns: %u)\n", r->overrun);
	lft_graph_irq(it, s, e, &r->ent, r->func, false, fl);
}

/*
 * Entries other than the graph's own, as comments at the current depth:
 * markers and lftrace_printk() lines their text alone, the rest (events,
 * the wakeup tracers' switch lines) what their line shows after the
 * context. False, having printed nothing, for a type nothing knows.
 */
static bool lft_graph_comment(struct lft_print_iter *it, struct seq_buf *s,
			      const struct lft_rb_entry *e, const void *data,
			      unsigned long fl)
{
	const struct lft_entry *ent = data;
	struct lft_graph_cpu *c = lft_graph_state(it, e->cpu);
	int depth = c ? c->depth : 0;
	unsigned int len = s->len;
	char *start;

	lft_graph_prologue(it, s, c, e, ent, 0, fl);
	lft_graph_duration(it, s, 0, LFT_FILL_FULL, fl);
	if (depth > 0)
		seq_buf_printf(s, "%*s", (depth + 1) * LFT_GRAPH_INDENT, "");
	seq_buf_printf(s, "/* ");
	start = s->buffer + s->len;
	if (ent->type == LFT_TRACE_PRINT) {
		const struct lft_print_entry *p = data;
		int n = strnlen(p->buf, e->len - sizeof(*p));

		seq_buf_printf(s, "%.*s", n, p->buf);
	} else if (ent->type == LFT_TRACE_BPRINT) {
		lft_print_bprint(s, data, e->len);
	} else if (!lft_print_body(it, s, e, data)) {
		s->len = len;
		return false;
	}
	if (s->len && s->buffer + s->len > start &&
	    s->buffer[s->len - 1] == '\n')
		s->len--;
	seq_buf_printf(s, " */\n");
	return true;
}

/**
 * lft_graph_print_flags() - print an entry as function_graph does
 * @it: the reader
 * @s: where to print
 * @e: the entry's time, CPU and length
 * @data: the entry
 * @fl: the columns: LFT_OPT_GRAPH_* bits and LFT_GRAPH_REL_TIME
 *
 * function_graph's columns follow its options; the latency tracers'
 * display-graph has fixed ones, as the kernel's print_graph_function_flags()
 * serves both.
 *
 * Return: false for entries the core prints its own way (functions and
 * stacks, as in the kernel).
 */
bool lft_graph_print_flags(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data,
			   unsigned long fl)
{
	const struct lft_entry *ent = data;

	switch (ent->type) {
	case LFT_TRACE_GRAPH_ENT:
	case LFT_TRACE_GRAPH_RETADDR: {
		struct lft_graph_call call;

		if (!lft_graph_call_read(e, data, &call))
			return false;
		lft_graph_entry(it, s, e, &call, fl);
		return true;
	}
	case LFT_TRACE_GRAPH_RET: {
		struct lft_graph_rv r;

		if (!lft_graph_rv_read(e, data, &r))
			return false;
		lft_graph_return(it, s, e, &r, fl);
		return true;
	}
	case LFT_TRACE_FN:
	case LFT_TRACE_STACK:
		return false;
	case LFT_TRACE_PRINT:
		if (e->len < sizeof(struct lft_print_entry))
			return false;
		break;
	case LFT_TRACE_BPRINT:
		if (e->len < sizeof(struct lft_bprint_entry))
			return false;
		break;
	}
	return lft_graph_comment(it, s, e, data, fl);
}

/**
 * lft_graph_print_entry() - print an entry while function_graph is the
 *	tracer
 * @it: the reader
 * @s: where to print
 * @e: the entry's time, CPU and length
 * @data: the entry
 *
 * Return: false for entries the core prints its own way.
 */
bool lft_graph_print_entry(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data)
{
	/*
	 * Everything but functions and stacks goes through the graph's
	 * printer, events as comments in the graph, as in the kernel.
	 */
	return lft_graph_print_flags(it, s, e, data,
				     READ_ONCE(it->tr->flags) &
				     LFT_GRAPH_OPT_COLUMNS);
}

/* Latency-format's legend, as wide as the columns before the flags. */
static void lft_graph_lat_legend(struct seq_buf *s, int width)
{
	static const char * const lines[] = {
		"  _-----=> irqs-off        ",
		" / _----=> need-resched    ",
		"| / _---=> hardirq/softirq ",
		"|| / _--=> preempt-depth   ",
		"||| /                      ",
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lines); i++)
		seq_buf_printf(s, "#%*s%s\n", width, "", lines[i]);
}

/**
 * lft_graph_header_flags() - the column header of a graph trace
 * @it: the reader
 * @rb: the buffer shown
 * @s: where to print
 * @cpu: the CPU of a per-CPU file, or LFT_RB_ALL_CPUS
 * @fl: the columns, as for lft_graph_print_flags()
 */
void lft_graph_header_flags(struct lft_print_iter *it, struct lft_rb *rb,
			    struct seq_buf *s, int cpu, unsigned long fl)
{
	static const struct {
		unsigned long opt;
		const char *title, *bar;
	} cols[] = {
		{ LFT_OPT_GRAPH_ABSTIME, "     TIME       ", "      |         " },
		{ LFT_GRAPH_REL_TIME, "   REL TIME     ", "      |         " },
		{ LFT_OPT_GRAPH_CPU, " CPU", " |  " },
		{ LFT_OPT_GRAPH_PROC, "  TASK/PID       ", "   |    |        " },
		{ LFT_OPT_LATENCY_FMT, "||||   ", "||||   " },
		{ LFT_OPT_GRAPH_DURATION, "  DURATION   ", "   |   |      " },
	};
	int width = 0;
	size_t i;

	if (!lft_graph_ctx(it))
		return;
	/* The flags column follows the option, whoever chose the rest. */
	fl = (fl & ~LFT_OPT_LATENCY_FMT) |
	     (READ_ONCE(it->tr->flags) & LFT_OPT_LATENCY_FMT);
	/* Latency format: nothing at all for an empty buffer. */
	if (it->lat) {
		if (!lft_print_lat_top(it, rb, s, cpu))
			return;
		/* The legend stands over the flags: past the columns before. */
		for (i = 0; cols[i].opt != LFT_OPT_LATENCY_FMT; i++)
			if (fl & cols[i].opt)
				width += strlen(cols[i].title);
		lft_graph_lat_legend(s, width);
	}
	seq_buf_printf(s, "#");
	for (i = 0; i < ARRAY_SIZE(cols); i++)
		if (fl & cols[i].opt)
			seq_buf_printf(s, "%s", cols[i].title);
	seq_buf_printf(s, "               FUNCTION CALLS\n#");
	for (i = 0; i < ARRAY_SIZE(cols); i++)
		if (fl & cols[i].opt)
			seq_buf_printf(s, "%s", cols[i].bar);
	seq_buf_printf(s, "               |   |   |   |\n");
}

/**
 * lft_graph_print_header() - the column header of function_graph's trace
 * @it: the reader
 * @rb: the buffer shown
 * @s: where to print
 * @cpu: the CPU of a per-CPU file, or LFT_RB_ALL_CPUS
 */
void lft_graph_print_header(struct lft_print_iter *it, struct lft_rb *rb,
			    struct seq_buf *s, int cpu)
{
	lft_graph_header_flags(it, rb, s, cpu, READ_ONCE(it->tr->flags) &
			       LFT_GRAPH_OPT_COLUMNS);
}
