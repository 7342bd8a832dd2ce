// SPDX-License-Identifier: GPL-2.0
/*
 * events/ftrace/: the formats of lftrace's own entries (functions, graph
 * entries and returns, stacks, markers, printk), as 6.1 describes its
 * internal entries, so that trace-cmd decodes trace_pipe_raw pages. Only
 * the entries lftrace writes are there; as in 6.1 they have a format file
 * (and function and print an id), and no enable.
 *
 * ftrace/print also has a trigger file, as 6.1 gives trace_marker's event:
 * its triggers run on each trace_marker write (core/marker.c), the print
 * entry as their record ("if buf ~ ..." sees the text as written, before
 * the newline a write without one gets). It is no event of events/' lists
 * (set_event, available_events), nor one enable_event can name.
 */
#include <linux/slab.h>

#include "events/event.h"

/* Soft mode (a trigger) has nothing to register: the marker calls it. */
static int lft_ft_print_reg(struct lft_event *ev, bool on)
{
	return 0;
}

/* trace_marker's event (its fields filled at load, from core's). */
static struct lft_event lft_ft_print_ev = {
	.system = "ftrace",
	.name = "print",
	.id = LFT_TRACE_PRINT,
	.reg = lft_ft_print_reg,
	.active = LIST_HEAD_INIT(lft_ft_print_ev.active),
};

static const struct lft_attr lft_ft_print_attrs[] = {
	{ "trigger", 0640, lft_ev_show_trigger, lft_ev_store_trigger,
	  PAGE_SIZE - 1, .big = true },
};

/* events/ftrace/print/trigger, in @dir. */
static int lft_ft_marker_create(struct lft_array *tr, struct dentry *dir)
{
	struct lft_ev_array *ea = tr->events;
	struct lft_ev_file *f = kzalloc(sizeof(*f), GFP_KERNEL);

	if (!f)
		return -ENOMEM;
	f->ev = &lft_ft_print_ev;
	f->tr = tr;
	f->marker = true;
	INIT_LIST_HEAD(&f->node);
	INIT_LIST_HEAD(&f->triggers);
	INIT_LIST_HEAD(&f->list);
	f->ref.tr = tr;
	f->ref.cpu = LFT_RB_ALL_CPUS;
	f->ref.priv = f;
	f->dir = dir;
	f->attrs = lft_create_attrs_owned(&f->ref, dir, lft_ft_print_attrs,
					  ARRAY_SIZE(lft_ft_print_attrs));
	if (!f->attrs) {
		kfree(f);
		return -ENOMEM;
	}
	ea->marker = f;
	/*
	 * And the trigger kinds' files (hist). On failure the array goes, and
	 * lft_ev_ftrace_free() frees @f after its directory.
	 */
	f->kind_attrs = lft_trig_files_create(f);
	return f->kind_attrs ? 0 : -ENOMEM;
}

/**
 * lft_ev_ftrace_free() - free an array's ftrace/print state
 * @tr: the array, its triggers cleared, its directory removed (lft_lock
 *	held, or no file of it open)
 */
void lft_ev_ftrace_free(struct lft_array *tr)
{
	struct lft_ev_array *ea = tr->events;
	struct lft_ev_file *f = ea->marker;

	if (!f)
		return;
	WRITE_ONCE(ea->marker, NULL);
	kfree(f->attrs);
	kfree(f->kind_attrs);
	kfree(f);
}

/*
 * While an option of upstream's that the running kernel lacks (func-args,
 * funcgraph-args, funcgraph-retval) is on in the array, its entries are
 * written in upstream's newest layout, and the format says so: trace-cmd
 * reads the formats when it starts, after the options are set. Off, the
 * running kernel's format, exactly.
 */
static void lft_ft_show_format(struct lft_file_ref *ref, struct seq_buf *s)
{
	const struct lft_entry_desc *d = ref->priv;
	unsigned long flags = READ_ONCE(ref->tr->flags);
	const struct lft_ev_field *f;
	const char *fmt = d->print_fmt;
	unsigned int i, n;

	f = d->fields_of(&n);
	for (i = 0; i < lft_entry_nalts; i++) {
		const struct lft_entry_alt *a = &lft_entry_alts[i];

		if (a->type == d->type && (flags & a->opt)) {
			f = a->fields_of(&n);
			fmt = a->print_fmt;
			break;
		}
	}
	lft_ev_format(s, d->name, d->type, f, n, fmt);
}

static void lft_ft_show_id(struct lft_file_ref *ref, struct seq_buf *s)
{
	const struct lft_entry_desc *d = ref->priv;

	seq_buf_printf(s, "%d\n", d->type);
}

static const struct lft_attr lft_ft_attrs[] = {
	{ "format", 0440, lft_ft_show_format },
	{ "id", 0440, lft_ft_show_id },
};

/**
 * lft_ev_ftrace_create() - an array's events/ftrace/ directory
 * @tr: the array (lft_lock held)
 * @root: its events/ directory
 *
 * Return: 0 or -ENOMEM.
 */
int lft_ev_ftrace_create(struct lft_array *tr, struct dentry *root)
{
	struct dentry *dir = lft_fs_create_dir("ftrace", root);
	unsigned int i;
	int ret = 0;

	/* Its fields are core's print record's (set once: they never change). */
	if (!lft_ft_print_ev.fields) {
		const struct lft_entry_desc *p;

		p = lft_entry_desc(LFT_TRACE_PRINT, UINT_MAX);
		lft_ft_print_ev.fields = p->fields_of(&lft_ft_print_ev.nfields);
	}
	for (i = 0; !ret && i < lft_entry_ndescs; i++) {
		const struct lft_entry_desc *d = &lft_entry_descs[i];
		struct lft_file_ref *ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
		struct dentry *edir;

		if (!ref)
			return -ENOMEM;
		ref->priv = (void *)d;
		edir = lft_fs_create_dir(d->name, dir);
		ret = lft_create_attrs(ref, edir, lft_ft_attrs,
				       d->with_id ? 2 : 1);
		if (!ret && d->type == LFT_TRACE_PRINT)
			ret = lft_ft_marker_create(tr, edir);
	}
	return ret;
}
