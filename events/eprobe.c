// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes (eprobes), a kind of dynamic event, in 6.1's grammar:
 *
 *   e[:[GRP/][EVENT]] SYS.EVENT [FETCHARGS] [if FILTER]
 *
 * An eprobe is an event of its own (group "eprobes", named after the
 * attached event by default) whose record holds values fetched from the
 * attached event's record: "$FIELD" is a field of it, the rest of the
 * fetch grammar is the kprobes' (probe_parse.c, probe_fetch.c).
 *
 * As in 6.1, enabling the eprobe in an array hooks it on the attached
 * event in that same array the way a trigger is hooked (the attached
 * event goes to soft mode, "0*" in its enable file, so its record is made
 * even when it is not enabled itself) and each record of the attached
 * event that passes FILTER makes one record of the eprobe. The hook is
 * not a trigger the trigger file shows. Kprobe, uprobe and eprobe events
 * cannot be attached to. Everything but lft_ep_hit() runs under lft_lock.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/rculist.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/behave.h"
#include "core/trace.h"
#include "events/event.h"
#include "events/dynevent.h"
#include "events/probe.h"
#include "events/probe_parse.h"

#define LFT_EP_GROUP	"eprobes"
/* The arguments follow the common fields, unaligned (12 bytes on RT). */
#define LFT_EP_HEAD	sizeof(struct lft_entry)

/* One eprobe (probe.h: an event's only probe) and where it is hooked. */
struct lft_ep {
	struct lft_pb_probe pb;
	struct list_head hooks;		/* its lft_ep_hook, one per array */
};

/* The eprobe enabled in one array: hooked on the attached event there. */
struct lft_ep_hook {
	struct lft_trig_hook hook;	/* in src->triggers (RCU) */
	struct list_head node;		/* in ep->hooks */
	struct lft_ep *ep;
	struct lft_ev_file *file;	/* the eprobe's own event there */
	struct lft_ev_file *src;	/* the attached event there */
	struct lft_filter *filter;	/* on the attached event's record */
	struct rcu_head rcu;
};

static struct lft_pb_class lft_ep_class;

/* ------------------------------------------------------ the handler */

/*
 * An eprobe hooked on an event sees its record (written or in scratch
 * space): called from the attached event's probe (any context, RCU held),
 * before its own record is committed, as 6.1's trigger runs.
 */
static void lft_ep_hit(struct lft_trig_hook *th, const void *rec,
		       unsigned int len)
{
	struct lft_ep_hook *h = container_of(th, struct lft_ep_hook, hook);
	const struct lft_pb_def *def = h->ep->pb.def;
	unsigned int head = LFT_EP_HEAD, fixed = head + def->size;
	unsigned int dsize = 0;
	struct lft_rb_res res __uninitialized;
	void *out;

	if (h->filter && !lft_filter_match(h->filter, rec, len))
		return;
	if (def->dynamic)
		dsize = min_t(unsigned int,
			      lft_pb_store_rec(def, rec, len, NULL, head, 0),
			      LFT_RB_MAX_PAYLOAD - fixed);
	out = lft_ev_reserve(h->file, fixed + dsize, &res);
	if (!out)
		return;
	lft_pb_store_rec(def, rec, len, out, head, dsize);
	lft_ev_commit(h->file, &res);
}

/* Eprobes as a kind of trigger: no command, hooked by the eprobe itself. */
static struct lft_trig_kind lft_ep_kind = {
	.hit = lft_ep_hit,
};

/* "(SYS.EVENT)", before the arguments. */
static void lft_ep_print_head(struct seq_buf *s, const struct lft_pb_def *def,
			      const void *rec)
{
	seq_buf_printf(s, "(%s.%s)", def->ev_sys, def->ev_name);
}

/* -------------------------------------------------- enable, disable */

/* The events an eprobe may attach to: not probes (6.1's rule). */
static struct lft_event *lft_ep_source(const char *sys, const char *name)
{
	struct lft_event *ev;

	list_for_each_entry(ev, &lft_ev_list, list)
		if (!ev->is_probe && !strcmp(ev->system, sys) &&
		    !strcmp(ev->name, name))
			return ev;
	return NULL;
}

static void lft_ep_hook_free(struct rcu_head *rcu)
{
	struct lft_ep_hook *h = container_of(rcu, struct lft_ep_hook, rcu);

	lft_filter_free(h->filter);
	kfree(h);
}

static int lft_ep_hook_on(struct lft_ep *ep, struct lft_ev_file *f)
{
	const struct lft_pb_def *def = ep->pb.def;
	struct lft_ep_hook *h;
	struct lft_ev_file *src;
	int ret;

	src = lft_ev_file_lookup(f->tr, def->ev_sys, def->ev_name);
	if (!src || src->ev->is_probe)
		return -ENOENT;
	h = kzalloc(sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->ep = ep;
	h->file = f;
	h->src = src;
	if (def->filter) {
		ret = lft_filter_compile(f->tr, src->ev, def->filter, false,
					 &h->filter);
		if (ret)
			goto out;
	}
	/* The attached event's probe on, its records made for us. */
	ret = lft_ev_soft(src, true);
	if (ret)
		goto out;
	list_add_tail(&h->node, &ep->hooks);
	h->hook.kind = &lft_ep_kind;
	list_add_tail_rcu(&h->hook.list, &src->triggers);
	lft_ev_trig_update(src);
	return 0;
out:
	lft_filter_free(h->filter);
	kfree(h);
	return ret;
}

static void lft_ep_hook_off(struct lft_ep_hook *h)
{
	struct lft_ev_file *src = h->src;

	list_del(&h->node);
	list_del_rcu(&h->hook.list);
	lft_ev_trig_update(src);
	lft_ev_soft(src, false);
	call_rcu(&h->rcu, lft_ep_hook_free);
}

/* The registry's per-array hook: on while the array has the event on. */
static int lft_ep_file_reg(struct lft_ev_file *f, bool on)
{
	/* The event's only probe. */
	struct lft_ep *ep = list_first_entry(&lft_pb_event_of(f->ev)->probes,
					    struct lft_ep, pb.sibling);
	struct lft_ep_hook *h;

	if (on)
		return lft_ep_hook_on(ep, f);
	list_for_each_entry(h, &ep->hooks, node) {
		if (h->file == f) {
			lft_ep_hook_off(h);
			break;
		}
	}
	return 0;
}

/* ------------------------------------------------------ definitions */

/* 6.1's reading of a field's type: how an eprobe reads its value. */
static u8 lft_ep_field_kind(const char *type)
{
	if (strstr(type, "__data_loc") && strstr(type, "char"))
		return LFT_PB_FIELD_DYN;
	if (strstr(type, "__rel_loc") && strstr(type, "char"))
		return LFT_PB_FIELD_REL;
	if (strchr(type, '[') && strstr(type, "char"))
		return LFT_PB_FIELD_STATIC;
	if (!strcmp(type, "char *") || !strcmp(type, "const char *"))
		return LFT_PB_FIELD_PTR;
	return LFT_PB_FIELD_NUM;
}

/* An argument's $FIELD: the attached event's field, or $comm. */
static int lft_ep_resolve(struct lft_pb_arg *a, const struct lft_event *src)
{
	unsigned int i;

	for (i = 0; i < src->nfields; i++) {
		const struct lft_ev_field *fl = &src->fields[i];

		if (strcmp(fl->name, a->field))
			continue;
		a->param = fl->offset;
		a->fsize = fl->size;
		a->fsigned = fl->is_signed;
		a->fkind = lft_ep_field_kind(fl->type);
		return 0;
	}
	if (!strcmp(a->field, "comm") || !strcmp(a->field, "COMM")) {
		a->base = LFT_PB_COMM;
		return 0;
	}
	return -ENOENT;
}

/* "if FILTER": its words joined, checked against the attached event. */
static int lft_ep_parse_filter(struct lft_pb_words *w, struct lft_pb_def *def,
			       const struct lft_event *src, int first)
{
	struct lft_filter *flt = NULL;
	size_t len = 0;
	int i, ret;

	w->idx = first;
	if (first >= w->argc)
		return lft_pb_err(w, 0, LFT_PB_E_NO_EP_FILTER);
	for (i = first; i < w->argc; i++)
		len += strlen(w->argv[i]) + 1;
	def->filter = kzalloc(len, GFP_KERNEL);
	if (!def->filter)
		return -ENOMEM;
	for (i = first; i < w->argc; i++) {
		if (i > first)
			strcat(def->filter, " ");
		strcat(def->filter, w->argv[i]);
	}
	/* Its errors go to error_log as the filter's own, as 6.1's do. */
	ret = lft_filter_compile(&lft_top, src, def->filter, true, &flt);
	lft_filter_free(flt);
	return ret ? -EINVAL : 0;
}

/*
 * The words after the command's name, in 6.1's order of checks: the
 * name, the attached event, the filter, then each argument.
 */
static int lft_ep_parse_words(struct lft_pb_words *w, struct lft_pb_def *def,
			      struct lft_event **srcp)
{
	struct lft_pb_perr *perr = w->perr;
	const char *event = strchr(&w->argv[0][1], ':');
	int i, nargs, filter = 0, ret;
	struct lft_event *src;

	strscpy(def->group, LFT_EP_GROUP, LFT_PB_NAME_LEN);
	if (event) {
		event++;
		ret = lft_pb_parse_gname(w, def->group, def->event, event,
					 event - w->argv[0]);
		if (ret)
			return ret;
	}
	w->idx = 1;
	ret = lft_pb_parse_gname(w, def->ev_sys, def->ev_name, w->argv[1], 0);
	if (ret || !def->ev_sys[0] || !def->ev_name[0]) {
		/* 6.1 logs the name's error, then this. */
		if (ret) {
			perr->prev = perr->code;
			perr->prev_pos = perr->pos;
		}
		return lft_pb_err(w, 0, LFT_PB_E_NO_EVENT_INFO);
	}
	if (!def->event[0])
		strscpy(def->event, def->ev_name, LFT_PB_NAME_LEN);
	for (i = 2; i < w->argc && !filter; i++)
		if (!strcmp(w->argv[i], "if"))
			filter = i;
	src = lft_ep_source(def->ev_sys, def->ev_name);
	if (!src) {
		lft_pb_err(w, 0, LFT_PB_E_BAD_ATTACH_EVENT);
		return -ENODEV;
	}
	*srcp = src;
	if (filter) {
		ret = lft_ep_parse_filter(w, def, src, filter + 1);
		if (ret)
			return ret;
	}
	/* 6.1 takes no more arguments than a probe has, and ignores the rest. */
	nargs = min((filter ?: w->argc) - 2, LFT_PB_MAX_ARGS);
	def->args = kcalloc(nargs ?: 1, sizeof(*def->args), GFP_KERNEL);
	if (!def->args)
		return -ENOMEM;
	for (i = 0; i < nargs; i++) {
		struct lft_pb_arg *a = &def->args[i];

		w->idx = i + 2;
		ret = lft_pb_parse_arg(w, def, i, w->argv[i + 2], false);
		if (ret)
			return ret;
		if (a->base == LFT_PB_FIELD && lft_ep_resolve(a, src)) {
			if (LFT_EP_FIELD_BAD_VAR)
				return lft_pb_err(w, a->param, LFT_PB_E_BAD_VAR);
			lft_pb_err(w, 0, LFT_PB_E_BAD_ATTACH_ARG);
			return -ENOENT;
		}
		if (a->type->kind == LFT_PB_STRING)
			def->dynamic = true;
	}
	return 0;
}

static void lft_ep_free(struct lft_pb_probe *p)
{
	kfree(container_of(p, struct lft_ep, pb));
}

static int lft_ep_create(const char *line)
{
	struct lft_pb_perr perr = {};
	struct lft_pb_words w = { .perr = &perr };
	struct lft_event *src = NULL;
	struct lft_pb_def *def;
	struct lft_ep *ep;
	int ret;

	ret = lft_pb_split(line, &w);
	if (ret)
		return ret;
	/* Not an eprobe's line: another kind may take it. */
	if (w.argc < 2 || w.argv[0][0] != 'e') {
		lft_pb_words_free(&w);
		return -ECANCELED;
	}
	ret = -ENOMEM;
	perr.cmd = lft_pb_join(&w);
	ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	def = kzalloc(sizeof(*def), GFP_KERNEL);
	if (!perr.cmd || !ep || !def) {
		kfree(ep);
		lft_pb_def_free(def);
		goto out;
	}
	def->kind = LFT_PB_EPROBE;
	ep->pb.cls = &lft_ep_class;
	ep->pb.def = def;
	INIT_LIST_HEAD(&ep->hooks);
	ret = lft_ep_parse_words(&w, def, &src);
	if (!ret)
		ret = lft_pb_add(&ep->pb, &perr);
	if (ret) {
		lft_pb_log(&lft_ep_class, &perr);
		lft_pb_probe_free(&ep->pb);
	}
out:
	lft_pb_words_free(&w);
	kfree(perr.cmd);
	return ret;
}

/* ------------------------------------------------ dynamic_events' ops */

static void lft_ep_show(struct seq_buf *s, struct lft_dynev *d)
{
	const struct lft_pb_def *def = container_of(d, struct lft_pb_probe,
						    dyn)->def;

	seq_buf_printf(s, "e:%s/%s %s.%s", def->group, def->event, def->ev_sys,
		       def->ev_name);
	lft_pb_show_args(s, def);
}

/* "SYS.EVENT" (or "SYS/EVENT") after "-:[GRP/]EVENT": the attached one. */
static bool lft_ep_match_place(const struct lft_pb_probe *p, const char *word)
{
	const struct lft_pb_def *def = p->def;
	const char *slash = strchr(word, '/') ?: strchr(word, '.');

	return slash && !strncmp(def->ev_sys, word, slash - word) &&
	       !def->ev_sys[slash - word] && !strcmp(def->ev_name, slash + 1);
}

/* At unload: the arrays are gone, so are the hooks. */
static void lft_ep_exit(void)
{
	lft_pb_exit(&lft_ep_class);
}

/* One probe per event: 6.1's eprobes do not append. */
static struct lft_pb_class lft_ep_class = {
	.dynev = {
		.create = lft_ep_create,
		.show = lft_ep_show,
		.busy = lft_pb_busy,
		.match = lft_pb_match,
		.remove = lft_pb_remove,
		.exit = lft_ep_exit,
	},
	.probes = LIST_HEAD_INIT(lft_ep_class.probes),
	.log_sys = "event_probe",
	.bare_head = LFT_EP_HEAD,
	.match_len = LFT_PB_NAME_LEN + LFT_PB_ARGSTR_LEN + 2,
	.print_head = lft_ep_print_head,
	.file_reg = lft_ep_file_reg,
	.match_place = lft_ep_match_place,
	.free = lft_ep_free,
};

/**
 * lft_ep_init() - register eprobes as a kind of dynamic event and of trigger
 */
void lft_ep_init(void)
{
	lft_trig_kind_register(&lft_ep_kind);
	lft_dynev_register(&lft_ep_class.dynev);
}
