// SPDX-License-Identifier: GPL-2.0
/*
 * Trace options: options/<name> (0 or 1) and trace_options ("name" or
 * "noname" per line). Only options whose behaviour lftrace implements are
 * listed, in the kernel's order; each takes effect where noted.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "core/trace.h"

static const struct {
	const char *name;
	unsigned long bit;
	bool top_only;		/* not in instances */
	const char *tracer;	/* an option of this tracer only */
	bool global;		/* one value for all arrays on every kernel */
} lft_options[] = {
	{ "print-parent", LFT_OPT_PRINT_PARENT },	/* output.c: functions */
	{ "sym-offset", LFT_OPT_SYM_OFFSET },	/* output.c: symbols */
	{ "sym-addr", LFT_OPT_SYM_ADDR },	/* output.c: symbols */
	{ "verbose", LFT_OPT_VERBOSE },		/* output.c: header, latency */
	{ "raw", LFT_OPT_RAW },			/* render.c */
	{ "hex", LFT_OPT_HEX },			/* render.c */
	{ "bin", LFT_OPT_BIN },			/* render.c */
	{ "block", LFT_OPT_BLOCK },		/* reader.c: poll */
	{ "trace_printk", LFT_OPT_PRINTK, true },	/* printk.c */
	{ "annotate", LFT_OPT_ANNOTATE },	/* reader.c */
	{ "userstacktrace", LFT_OPT_USERSTACK },	/* stack.c */
	{ "printk-msg-only", LFT_OPT_PRINTK_MSGONLY, true },	/* output.c */
	{ "context-info", LFT_OPT_CONTEXT_INFO },	/* output.c */
	{ "latency-format", LFT_OPT_LATENCY_FMT },	/* output.c */
	{ "record-cmd", LFT_OPT_RECORD_CMD },	/* events/core.c */
	{ "record-tgid", LFT_OPT_RECORD_TGID },	/* output.c, events/core.c */
	{ "overwrite", LFT_OPT_OVERWRITE },	/* the ring buffer's mode */
	{ "disable_on_free", LFT_OPT_DISABLE_ON_FREE },	/* files.c */
	{ "irq-info", LFT_OPT_IRQ_INFO },	/* output.c */
	{ "markers", LFT_OPT_MARKERS },		/* marker.c */
	{ "event-fork", LFT_OPT_EVENT_FORK },	/* events/pid.c */
	/* 6.12's; lftrace has it on 6.1 too, for lftrace_printk(). */
	{ "trace_printk_dest", LFT_OPT_PRINTK_DEST },	/* printk.c */
	/* 6.16's (upstream's newest), on every kernel. */
	{ "copy_trace_marker", LFT_OPT_COPY_MARKER },	/* marker.c */
	{ "pause-on-trace", LFT_OPT_PAUSE_ON_TRACE },	/* reader.c */
	{ "hash-ptr", LFT_OPT_HASH_PTR },	/* events/core.c */
	{ "function-trace", LFT_OPT_FUNC_TRACE },	/* tracers/latency.c */
	{ "function-fork", LFT_OPT_FUNC_FORK },	/* tracers/function.c */
	{ "display-graph", LFT_OPT_DISPLAY_GRAPH },	/* tracers/lat_graph.c */
	{ "stacktrace", LFT_OPT_STACKTRACE },	/* stack.c */
	{ "func_stack_trace", LFT_OPT_FUNC_STACK, false, "function" },
	/* Upstream's (6.15), lftrace's addition here: tracers/fn_hook.c. */
	{ "func-args", LFT_OPT_FUNC_ARGS, false, "function" },
	/*
	 * tracers/graph_print.c, fgraph.c: function_graph runs in instances
	 * too (upstream's since 6.11); these are each array's own, or one
	 * value for all where the kernel keeps them so (lft_option_shared()).
	 */
	{ "funcgraph-overrun", LFT_OPT_GRAPH_OVERRUN, false, "function_graph" },
	{ "funcgraph-cpu", LFT_OPT_GRAPH_CPU, false, "function_graph" },
	{ "funcgraph-overhead", LFT_OPT_GRAPH_OVERHEAD, false, "function_graph" },
	{ "funcgraph-proc", LFT_OPT_GRAPH_PROC, false, "function_graph" },
	{ "funcgraph-duration", LFT_OPT_GRAPH_DURATION, false, "function_graph" },
	{ "funcgraph-abstime", LFT_OPT_GRAPH_ABSTIME, false, "function_graph" },
	{ "funcgraph-irqs", LFT_OPT_GRAPH_IRQS, false, "function_graph" },
	{ "funcgraph-tail", LFT_OPT_GRAPH_TAIL, false, "function_graph" },
	/* Upstream's (6.5, 6.13, 6.15), lftrace's addition on every kernel. */
	{ "funcgraph-retval", LFT_OPT_GRAPH_RETVAL, false, "function_graph" },
	{ "funcgraph-retval-hex", LFT_OPT_GRAPH_RETVAL_HEX, false,
	  "function_graph" },
	{ "funcgraph-retaddr", LFT_OPT_GRAPH_RETADDR, false, "function_graph" },
	{ "funcgraph-args", LFT_OPT_GRAPH_ARGS, false, "function_graph" },
	/*
	 * tracers/fgraph_files.c's sleep time: each array's own, the top
	 * level's for the profiler too (upstream's since 6.19), or one value
	 * for all (6.12's). graph-time, tracers/profile.c's, is one value for
	 * every array on every kernel: the profiler reads the top level's.
	 */
	{ "sleep-time", LFT_OPT_SLEEP_TIME, false, "function_graph" },
	{ "graph-time", LFT_OPT_GRAPH_TIME, false, "function_graph", true },
};

/**
 * lft_option_set() - turn an option of an array on or off
 * @tr: the array
 * @bit: the option's LFT_OPT_* bit
 * @on: the new value
 *
 * Called with lft_lock held.
 */
void lft_option_set(struct lft_array *tr, unsigned long bit, bool on)
{
	unsigned long flags = READ_ONCE(tr->flags);

	/* The destination moves: another array's flag may go. */
	if (bit == LFT_OPT_PRINTK_DEST && !!(flags & bit) != on)
		lft_printk_dest_set(tr, on);
	WRITE_ONCE(tr->flags, on ? flags | bit : flags & ~bit);
	if (bit == LFT_OPT_COPY_MARKER)
		lft_marker_copy_set(tr, on);
	if (bit == LFT_OPT_OVERWRITE) {
		lft_rb_set_overwrite(tr->rb, on);
		if (tr->snap)
			lft_rb_set_overwrite(tr->snap, on);
	}
	if (!!(flags & bit) != on)
		lft_subsys_option_changed(tr, bit, on);
	if (!!(flags & bit) != on && tr->tracer &&
	    tr->tracer->option_changed)
		tr->tracer->option_changed(tr, bit, on);
}

/*
 * Is option @i one value for every array? graph-time is on every kernel;
 * every tracer's option is where the kernel keeps them in the tracer
 * (6.12's struct tracer_flags: LFT_TRACER_OPTS_SHARED).
 */
static bool lft_option_shared(size_t i)
{
	return lft_options[i].global ||
	       (LFT_TRACER_OPTS_SHARED && lft_options[i].tracer);
}

struct lft_opt_change {
	unsigned long bit;
	bool on;
};

static void lft_option_set_one(struct lft_array *tr, void *data)
{
	struct lft_opt_change *c = data;

	lft_option_set(tr, c->bit, c->on);
}

/*
 * A user's write of option @i: what the kernel refuses (the top level's
 * trace_printk_dest while lftrace_printk() writes there) is -EINVAL. A
 * shared option changes in every array, so that each reads its own flags
 * and a new instance copies the value with the top level's flags.
 * lft_lock held.
 */
static int lft_option_write(struct lft_array *tr, size_t i, bool on)
{
	struct lft_opt_change c = { .bit = lft_options[i].bit, .on = on };

	if (c.bit == LFT_OPT_PRINTK_DEST && lft_printk_dest_refused(tr, on))
		return -EINVAL;
	if (lft_option_shared(i))
		lft_arrays_for_each(lft_option_set_one, &c);
	else
		lft_option_set(tr, c.bit, on);
	return 0;
}

/*
 * Is option @i in @tr's trace_options? Tracer options are, while their
 * tracer is current (their files exist all the time, as in the kernel).
 */
static bool lft_option_listed(struct lft_array *tr, size_t i)
{
	if (lft_options[i].top_only && tr->name)
		return false;
	return !lft_options[i].tracer ||
	       !strcmp(lft_options[i].tracer, tr->tracer->name);
}

/**
 * lft_option_parse() - apply "name" or "noname" (trace_options syntax)
 * @tr: the array
 * @word: the option, optionally prefixed with "no"
 *
 * Return: 0, or -EINVAL for an unknown option or a refused value.
 */
int lft_option_parse(struct lft_array *tr, const char *word)
{
	bool on = strncmp(word, "no", 2) != 0;
	const char *name = on ? word : word + 2;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lft_options); i++) {
		if (!lft_option_listed(tr, i))
			continue;
		if (!strcmp(name, lft_options[i].name))
			return lft_option_write(tr, i, on);
	}
	return -EINVAL;
}

void lft_options_show(struct lft_array *tr, struct seq_buf *s)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lft_options); i++)
		if (lft_option_listed(tr, i))
			seq_buf_printf(s, "%s%s\n",
				       tr->flags & lft_options[i].bit ? "" : "no",
				       lft_options[i].name);
}

struct lft_opt_file {
	struct lft_array *tr;
	unsigned long bit;
	size_t i;		/* in lft_options[] */
};

static ssize_t lft_opt_read(struct file *file, char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct lft_opt_file *of = file->f_inode->i_private;
	char buf[3];

	snprintf(buf, sizeof(buf), "%d\n", !!(READ_ONCE(of->tr->flags) &
					      of->bit));
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

static ssize_t lft_opt_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct lft_opt_file *of = file->f_inode->i_private;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	mutex_lock(&lft_lock);
	ret = lft_option_write(of->tr, of->i, val);
	mutex_unlock(&lft_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations lft_opt_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.release = lft_release,
	.read = lft_opt_read,
	.write = lft_opt_write,
	.llseek = default_llseek,
};

/* options/: one file per option. */
int lft_options_create(struct lft_array *tr)
{
	struct lft_opt_file *of;
	struct dentry *dir;
	size_t i;

	of = lft_kzalloc_kept(ARRAY_SIZE(lft_options) * sizeof(*of));
	if (!of)
		return -ENOMEM;
	dir = lft_fs_create_dir("options", tr->dir);
	for (i = 0; i < ARRAY_SIZE(lft_options); i++) {
		if (lft_options[i].top_only && tr->name)
			continue;
		of[i].tr = tr;
		of[i].bit = lft_options[i].bit;
		of[i].i = i;
		lft_fs_create_file(lft_options[i].name, 0640, dir, &of[i],
				   &lft_opt_fops);
	}
	return 0;
}
