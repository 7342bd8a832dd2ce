// SPDX-License-Identifier: GPL-2.0
/*
 * Module events (events/module/), and the work items' events
 * (events/workqueue/): records laid out, described and printed as 6.1's.
 *
 * Not here: workqueue_queue_work, whose record names the workqueue through
 * struct pool_workqueue, which is private to the workqueue code.
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "events/event.h"

struct lft_module_load_rec {
	struct lft_entry ent;
	unsigned int taints;
	u32 name;		/* __data_loc */
	char data[];
};

struct lft_module_free_rec {
	struct lft_entry ent;
	u32 name;		/* __data_loc */
	char data[];
};

/* workqueue_execute_start, workqueue_execute_end */
struct lft_work_rec {
	struct lft_entry ent;
	void *work;
	void *function;
};

static const struct lft_ev_field lft_load_fields[] = {
	F(struct lft_module_load_rec, "unsigned int", taints, 0),
	F(struct lft_module_load_rec, "__data_loc char[]", name, 1),
};

static const struct lft_ev_field lft_free_fields[] = {
	F(struct lft_module_free_rec, "__data_loc char[]", name, 1),
};

static const struct lft_ev_field lft_work_fields[] = {
	F(struct lft_work_rec, "void *", work, 0),
	F(struct lft_work_rec, "void *", function, 0),
};

static void lft_load_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	/* The taints a module can bring, in the kernel's order. */
	static const struct lft_ev_flag names[] = {
		{ BIT(TAINT_PROPRIETARY_MODULE), "P" },
		{ BIT(TAINT_OOT_MODULE), "O" },
		{ BIT(TAINT_FORCED_MODULE), "F" },
		{ BIT(TAINT_CRAP), "C" },
		{ BIT(TAINT_UNSIGNED_MODULE), "E" },
	};
	const struct lft_module_load_rec *r = data;

	seq_buf_printf(s, "%s ", lft_ev_str(data, len, r->name));
	lft_ev_print_flags(s, r->taints, names, ARRAY_SIZE(names), "");
}

static void lft_free_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	const struct lft_module_free_rec *r = data;

	seq_buf_printf(s, "%s", lft_ev_str(data, len, r->name));
}

static void lft_work_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	const struct lft_work_rec *r = data;

	seq_buf_printf(s, "work struct %016lx: function %ps",
		       (unsigned long)r->work, r->function);
}

static void lft_load_probe(void *data, struct module *mod)
{
	size_t len = strlen(mod->name) + 1;

	lft_ev_emit(data, struct lft_module_load_rec, len,
		r->taints = mod->taints;
		r->name = lft_ev_loc(sizeof(*r), len);
		memcpy(r->data, mod->name, len));
}

static void lft_free_probe(void *data, struct module *mod)
{
	size_t len = strlen(mod->name) + 1;

	lft_ev_emit(data, struct lft_module_free_rec, len,
		r->name = lft_ev_loc(sizeof(*r), len);
		memcpy(r->data, mod->name, len));
}

static void lft_work_start_probe(void *data, struct work_struct *work)
{
	lft_ev_emit(data, struct lft_work_rec, 0,
		r->work = work;
		r->function = work->func);
}

static void lft_work_end_probe(void *data, struct work_struct *work,
			       work_func_t function)
{
	lft_ev_emit(data, struct lft_work_rec, 0,
		r->work = work;
		r->function = function);
}

LFT_EVENT("module", module_load, lft_load_probe, lft_load_fields,
	  "\"%s %s\", __get_str(name), __print_flags(REC->taints, \"\", { (1UL << 0), \"P\" }, { (1UL << 12), \"O\" }, { (1UL << 1), \"F\" }, { (1UL << 10), \"C\" }, { (1UL << 13), \"E\" })",
	  lft_load_print);
LFT_EVENT("module", module_free, lft_free_probe, lft_free_fields,
	  "\"%s\", __get_str(name)", lft_free_print);
LFT_EVENT("workqueue", workqueue_execute_start, lft_work_start_probe,
	  lft_work_fields,
	  "\"work struct %p: function %ps\", REC->work, REC->function",
	  lft_work_print);
LFT_EVENT("workqueue", workqueue_execute_end, lft_work_end_probe,
	  lft_work_fields,
	  "\"work struct %p: function %ps\", REC->work, REC->function",
	  lft_work_print);

struct lft_event *const lft_module_events[] = {
	&lft_ev_module_load, &lft_ev_module_free,
	&lft_ev_workqueue_execute_start, &lft_ev_workqueue_execute_end,
};
const unsigned int lft_module_nevents = ARRAY_SIZE(lft_module_events);
