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
#include <linux/debugfs.h>
#include <linux/slab.h>

#include "events/event.h"
#include "tracers/graph.h"

/* A flexible array member: its offset, size 0 (or the size 6.1 says). */
#define LFT_FT_ARRAY(rec, type, member, name, size, sgn)		\
	{ type, name, offsetof(rec, member), size, sgn }

static const struct lft_ev_field lft_ft_function[] = {
	F(struct lft_fn_entry, "unsigned long", ip, 0),
	F(struct lft_fn_entry, "unsigned long", parent_ip, 0),
};

static const struct lft_ev_field lft_ft_ctx[] = {
	F(struct lft_ctx_entry, "unsigned int", prev_pid, 0),
	F(struct lft_ctx_entry, "unsigned int", next_pid, 0),
	F(struct lft_ctx_entry, "unsigned int", next_cpu, 0),
	F(struct lft_ctx_entry, "unsigned char", prev_prio, 0),
	F(struct lft_ctx_entry, "unsigned char", prev_state, 0),
	F(struct lft_ctx_entry, "unsigned char", next_prio, 0),
	F(struct lft_ctx_entry, "unsigned char", next_state, 0),
};

static const struct lft_ev_field lft_ft_stack[] = {
	F(struct lft_stack_entry, "int", size, 1),
	LFT_FT_ARRAY(struct lft_stack_entry, "unsigned long", caller,
		     "caller[8]", 8 * sizeof(long), 0),
};

static const struct lft_ev_field lft_ft_ustack[] = {
	F(struct lft_ustack_entry, "unsigned int", tgid, 0),
	LFT_FT_ARRAY(struct lft_ustack_entry, "unsigned long", caller,
		     "caller[8]", 8 * sizeof(long), 0),
};

static const struct lft_ev_field lft_ft_print[] = {
	F(struct lft_print_entry, "unsigned long", ip, 0),
	LFT_FT_ARRAY(struct lft_print_entry, "char", buf, "buf[]", 0, 1),
};

static const struct lft_ev_field lft_ft_bprint[] = {
	F(struct lft_bprint_entry, "unsigned long", ip, 0),
	F(struct lft_bprint_entry, "const char *", fmt, 0),
	LFT_FT_ARRAY(struct lft_bprint_entry, "u32", buf, "buf[]", 0, 0),
};

static const struct lft_ev_field lft_ft_graph_ret[] = {
	F(struct lft_graph_ret_entry, "unsigned long", func, 0),
	F(struct lft_graph_ret_entry, "int", depth, 1),
	F(struct lft_graph_ret_entry, "unsigned int", overrun, 0),
	F(struct lft_graph_ret_entry, "unsigned long long", calltime, 0),
	F(struct lft_graph_ret_entry, "unsigned long long", rettime, 0),
};

static const struct lft_ev_field lft_ft_graph_ent[] = {
	F(struct lft_graph_ent_entry, "unsigned long", func, 0),
	F(struct lft_graph_ent_entry, "int", depth, 1),
};

static const struct lft_ev_field lft_ft_raw[] = {
	F(struct lft_raw_entry, "unsigned int", id, 0),
	LFT_FT_ARRAY(struct lft_raw_entry, "char", buf, "buf[]", 0, 1),
};

#define LFT_FT(nm, type, flds, fmt, with_id)				\
	{ nm, type, flds, ARRAY_SIZE(flds), fmt, with_id }

static const struct lft_ft_entry {
	const char *name;
	int id;
	const struct lft_ev_field *fields;
	unsigned int nfields;
	const char *print_fmt;
	bool with_id;
} lft_ft_entries[] = {
	LFT_FT("function", LFT_TRACE_FN, lft_ft_function,
	       "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip",
	       true),
	LFT_FT("context_switch", LFT_TRACE_CTX, lft_ft_ctx,
	       "\"%u:%u:%u  ==> %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu",
	       false),
	LFT_FT("wakeup", LFT_TRACE_WAKE, lft_ft_ctx,
	       "\"%u:%u:%u  ==+ %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu",
	       false),
	LFT_FT("kernel_stack", LFT_TRACE_STACK, lft_ft_stack,
	       "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]",
	       false),
	LFT_FT("print", LFT_TRACE_PRINT, lft_ft_print,
	       "\"%ps: %s\", (void *)REC->ip, REC->buf", true),
	LFT_FT("bprint", LFT_TRACE_BPRINT, lft_ft_bprint,
	       "\"%ps: %s\", (void *)REC->ip, REC->fmt", false),
	LFT_FT("funcgraph_exit", LFT_TRACE_GRAPH_RET, lft_ft_graph_ret,
	       "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth",
	       false),
	LFT_FT("funcgraph_entry", LFT_TRACE_GRAPH_ENT, lft_ft_graph_ent,
	       "\"--> %ps (%d)\", (void *)REC->func, REC->depth", false),
	LFT_FT("user_stack", LFT_TRACE_USER_STACK, lft_ft_ustack,
	       "\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]",
	       false),
	LFT_FT("raw_data", LFT_TRACE_RAW_DATA, lft_ft_raw,
	       "\"id:%04x %08x\", REC->id, (int)REC->buf[0]", false),
};

/* Soft mode (a trigger) has nothing to register: the marker calls it. */
static int lft_ft_print_reg(struct lft_event *ev, bool on)
{
	return 0;
}

/* trace_marker's event: its print fmt is lft_ft_entries[]' "print". */
static struct lft_event lft_ft_print_ev = {
	.system = "ftrace",
	.name = "print",
	.fields = lft_ft_print,
	.nfields = ARRAY_SIZE(lft_ft_print),
	.id = LFT_TRACE_PRINT,
	.reg = lft_ft_print_reg,
	.active = LIST_HEAD_INIT(lft_ft_print_ev.active),
};

static const struct lft_attr lft_ft_print_attrs[] = {
	{ "trigger", 0640, lft_ev_show_trigger, lft_ev_store_trigger,
	  PAGE_SIZE - 1 },
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
	return 0;
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
	kfree(f);
}

static void lft_ft_show_format(struct lft_file_ref *ref, struct seq_buf *s)
{
	const struct lft_ft_entry *e = ref->priv;

	lft_ev_format(s, e->name, e->id, e->fields, e->nfields, e->print_fmt);
}

static void lft_ft_show_id(struct lft_file_ref *ref, struct seq_buf *s)
{
	const struct lft_ft_entry *e = ref->priv;

	seq_buf_printf(s, "%d\n", e->id);
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
	struct dentry *dir = debugfs_create_dir("ftrace", root);
	unsigned int i;
	int ret = 0;

	for (i = 0; !ret && i < ARRAY_SIZE(lft_ft_entries); i++) {
		const struct lft_ft_entry *e = &lft_ft_entries[i];
		struct lft_file_ref *ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
		struct dentry *edir;

		if (!ref)
			return -ENOMEM;
		ref->priv = (void *)e;
		edir = debugfs_create_dir(e->name, dir);
		ret = lft_create_attrs(ref, edir, lft_ft_attrs,
				       e->with_id ? 2 : 1);
		if (!ret && e->id == LFT_TRACE_PRINT)
			ret = lft_ft_marker_create(tr, edir);
	}
	return ret;
}
