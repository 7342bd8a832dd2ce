// SPDX-License-Identifier: GPL-2.0
/*
 * Module events (events/module/), and the work items' events
 * (events/workqueue/): records laid out, described and printed as 6.1's.
 *
 * workqueue_queue_work is handed a struct pool_workqueue, private to the
 * workqueue code: the four members its record needs (the pool's CPU, the
 * workqueue's name) are found in the kernel's BTF at load, and without BTF
 * the event is left out.
 */
#include <linux/btf.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "events/event.h"

/* workqueue_queue_work */
struct lft_queue_work_rec {
	struct lft_entry ent;
	void *work;
	void *function;
	u32 workqueue;		/* __data_loc */
	int req_cpu;
	int cpu;
	char data[];
};

/* workqueue_activate_work */
struct lft_work_ptr_rec {
	struct lft_entry ent;
	void *work;
};

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

#define QW(type, member, sgn) F(struct lft_queue_work_rec, type, member, sgn)
static const struct lft_ev_field lft_queue_fields[] = {
	QW("void *", work, 0),
	QW("void *", function, 0),
	QW("__data_loc char[]", workqueue, 1),
	QW("int", req_cpu, 1),
	QW("int", cpu, 1),
};

static const struct lft_ev_field lft_activate_fields[] = {
	F(struct lft_work_ptr_rec, "void *", work, 0),
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
		       lft_ev_p(r->work), r->function);
}

static void lft_queue_print(struct seq_buf *s, const void *data,
			    unsigned int len)
{
	const struct lft_queue_work_rec *r = data;

	seq_buf_printf(s, "work struct=%016lx function=%ps workqueue=%s req_cpu=%d cpu=%d",
		       lft_ev_p(r->work), r->function,
		       lft_ev_str(data, len, r->workqueue), r->req_cpu, r->cpu);
}

static void lft_activate_print(struct seq_buf *s, const void *data,
			       unsigned int len)
{
	seq_buf_printf(s, "work struct %016lx", lft_ev_p(
		       ((const struct lft_work_ptr_rec *)data)->work));
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

/* Offsets in the workqueue code's structures, from lft_queue_setup(). */
static struct {
	int pwq_pool, pwq_wq, pool_cpu, wq_name;
	u32 name_len;
} lft_wq;

static const char *lft_queue_setup(void)
{
	static const struct {
		const char *sname, *member;
		u16 kind;
		u32 size;
		int *off;
	} m[] = {
		{ "pool_workqueue", "pool", BTF_KIND_PTR, 8, &lft_wq.pwq_pool },
		{ "pool_workqueue", "wq", BTF_KIND_PTR, 8, &lft_wq.pwq_wq },
		{ "worker_pool", "cpu", BTF_KIND_INT, 4, &lft_wq.pool_cpu },
		{ "workqueue_struct", "name", BTF_KIND_ARRAY, 0,
		  &lft_wq.wq_name },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(m); i++) {
		u32 size = m[i].size;
		int off = lft_btf_member(m[i].sname, m[i].member, m[i].kind,
					 &size);

		if (off < 0)
			return off == -EOPNOTSUPP ?
			       "no vmlinux BTF to find struct pool_workqueue's members in" :
			       "struct pool_workqueue is not as this event reads it";
		*m[i].off = off;
		if (m[i].kind == BTF_KIND_ARRAY)
			lft_wq.name_len = size;
	}
	return NULL;
}

/* The pointer at byte @off of @p. */
static const void *lft_wq_ptr(const void *p, int off)
{
	return *(const void *const *)((const char *)p + off);
}

/* @pwq is the tracepoint's struct pool_workqueue *, opaque outside it. */
static void lft_queue_probe(void *data, int req_cpu, void *pwq,
			    struct work_struct *work)
{
	const char *name = (const char *)lft_wq_ptr(pwq, lft_wq.pwq_wq) +
			   lft_wq.wq_name;
	const char *pool = lft_wq_ptr(pwq, lft_wq.pwq_pool);
	unsigned int len = strnlen(name, lft_wq.name_len - 1) + 1;

	lft_ev_emit(data, struct lft_queue_work_rec, len,
		r->work = work;
		r->function = work->func;
		r->workqueue = lft_ev_loc(offsetof(struct lft_queue_work_rec,
						   data), len);
		memcpy(r->data, name, len - 1);
		r->data[len - 1] = '\0';
		r->req_cpu = req_cpu;
		r->cpu = *(const int *)(pool + lft_wq.pool_cpu));
}

static void lft_activate_probe(void *data, struct work_struct *work)
{
	lft_ev_emit(data, struct lft_work_ptr_rec, 0, r->work = work);
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
LFT_EVENT_SETUP("workqueue", workqueue_queue_work, lft_queue_probe,
		lft_queue_fields,
		"\"work struct=%p function=%ps workqueue=%s req_cpu=%d cpu=%d\", REC->work, REC->function, __get_str(workqueue), REC->req_cpu, REC->cpu",
		lft_queue_print, lft_queue_setup);
LFT_EVENT("workqueue", workqueue_activate_work, lft_activate_probe,
	  lft_activate_fields, "\"work struct %p\", REC->work",
	  lft_activate_print);
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
	&lft_ev_workqueue_queue_work, &lft_ev_workqueue_activate_work,
	&lft_ev_workqueue_execute_start, &lft_ev_workqueue_execute_end,
};
const unsigned int lft_module_nevents = ARRAY_SIZE(lft_module_events);
