// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe events, a kind of dynamic event, in 6.1's grammar:
 *
 *   p[:[GRP/][EVENT]] PATH:OFFSET[(REF_CTR_OFFSET)][%return] [FETCHARGS]
 *   r[:[GRP/][EVENT]] PATH:OFFSET[(REF_CTR_OFFSET)] [FETCHARGS]
 *
 * written to uprobe_events or dynamic_events, listed there and counted in
 * uprobe_profile. The fetch arguments are the kprobes' grammar
 * (probe_parse.c) read from the task: registers, $stack, $stackN,
 * $retval, $comm, @ADDR, @+FILE_OFFSET and dereferences all in user
 * memory. As in 6.1 the probe is placed (through the kernel's exported
 * uprobe API, compat/uprobe.h) while an array has the event enabled and
 * writes one record per hit into each such array: "(0x<addr>)" or, for
 * return probes, "(0x<ret addr> <- 0x<func>)", then the arguments.
 *
 * An event may have several probes (6.1's append: the same GROUP/EVENT
 * defined again, at another place or with other fetches, with the same
 * arguments' names and types), as kprobe events (kprobe.c). The event is
 * the directory, format and records; each probe is a place with its own
 * consumer, fetches, line in uprobe_events and count in uprobe_profile.
 * As in 6.1, the probes are placed when the event's first array enables
 * it: one appended to an enabled event is placed at its next enabling.
 *
 * Not done: perf's per-process filters.
 * Everything but the handlers runs under lft_lock.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/ctype.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/uprobe.h"
#include "core/trace.h"
#include "events/event.h"
#include "events/dynevent.h"
#include "events/probe.h"
#include "events/probe_parse.h"

#define LFT_UP_GROUP	"uprobes"

/* One probe of an event (probe.h): a place in a file, consumer, count. */
struct lft_up {
	struct lft_pb_probe pb;
	struct path path;
	struct lft_uprobe probe;
	bool placed;			/* registered, until the event is off */
	atomic_long_t nhit;
};

static struct lft_pb_class lft_up_class;

static struct lft_up *lft_up_of(struct lft_pb_probe *p)
{
	return container_of(p, struct lft_up, pb);
}

/* ------------------------------------------------------ the handlers */

/*
 * A hit: one record per array with the event on. @func is where the
 * probe is (the function, for a return probe), @ip the record's second
 * address (where it returns to).
 */
static void lft_up_record(struct lft_up *u, struct pt_regs *regs,
			  unsigned long func, unsigned long ip)
{
	const struct lft_pb_def *def = u->pb.def;
	unsigned int head = u->pb.event->head;
	unsigned long fbase = func - u->probe.offset;
	unsigned int fixed = head + def->size, dsize = 0;
	struct lft_ev_file *f;

	/* The arrays' list and the buffers, as a kprobe's handler has them. */
	preempt_disable_notrace();
	if (def->dynamic)
		dsize = min_t(unsigned int,
			      lft_pb_store_user(def, regs, fbase, NULL,
						head, 0),
			      LFT_RB_MAX_PAYLOAD - fixed);
	lft_ev_for_each_file(f, &u->pb.event->ev) {
		struct lft_rb_res res __uninitialized;
		void *rec = lft_ev_reserve(f, fixed + dsize, &res);
		unsigned long *hd = rec + LFT_ENT_BODY;

		if (!rec)
			continue;
		hd[0] = func;
		if (def->is_return)
			hd[1] = ip;
		lft_pb_store_user(def, regs, fbase, rec, head, dsize);
		lft_ev_commit(f, &res);
	}
	preempt_enable_notrace();
}

static int lft_up_hit(struct uprobe_consumer *uc, struct pt_regs *regs)
{
	struct lft_up *u = container_of(uc, struct lft_up, probe.uc);

	/* Counted at entry, return probes too (as 6.1), which record later. */
	atomic_long_inc(&u->nhit);
	if (u->pb.def->is_return)
		return 0;
	lft_up_record(u, regs, instruction_pointer(regs), 0);
	return 0;
}

static int lft_up_ret(struct uprobe_consumer *uc, unsigned long func,
		      struct pt_regs *regs)
{
	struct lft_up *u = container_of(uc, struct lft_up, probe.uc);

	lft_up_record(u, regs, func, instruction_pointer(regs));
	return 0;
}

static void lft_up_print_head(struct seq_buf *s, const struct lft_pb_def *def,
			      const void *rec)
{
	const unsigned long *hd = rec + LFT_ENT_BODY;

	if (def->is_return)
		seq_buf_printf(s, "(0x%lx <- 0x%lx)", hd[1], hd[0]);
	else
		seq_buf_printf(s, "(0x%lx)", hd[0]);
}

/*
 * Every probe of the event is placed while an array has it on, and only
 * those it had when the first array enabled it (6.1's).
 */
static int lft_up_place(struct lft_pb_probe *p)
{
	struct lft_up *u = lft_up_of(p);
	int ret = lft_uprobe_register(&u->probe, p->def->ref_ctr);

	if (!ret)
		u->placed = true;
	return ret;
}

/* Take a probe out of the task's code; on return no handler of it runs. */
static void lft_up_unplace(struct lft_pb_probe *p)
{
	struct lft_up *u = lft_up_of(p);

	if (!u->placed)
		return;
	lft_uprobe_unregister(&u->probe);
	u->placed = false;
}

/* ------------------------------------------------------ definitions */

static void lft_up_free(struct lft_pb_probe *p)
{
	struct lft_up *u = lft_up_of(p);

	if (u->path.dentry)
		path_put(&u->path);
	kfree(u);
}

/*
 * PATH:OFFSET[(REF)][%return] (word 1), checked in 6.1's order; carets
 * count from the word's start. The file is looked up first.
 */
static int lft_up_parse_place(struct lft_pb_words *w, struct lft_up *u,
			      char *file)
{
	struct lft_pb_def *def = u->pb.def;
	char *arg = strrchr(file, ':'), *rctr, *end, *p;
	int ret;

	*arg++ = '\0';
	ret = kern_path(file, LOOKUP_FOLLOW, &u->path);
	if (ret) {
		u->path.dentry = NULL;
		lft_pb_err(w, 0, LFT_PB_E_FILE_NOT_FOUND);
		return ret;
	}
	if (!d_is_reg(u->path.dentry))
		return lft_pb_err(w, 0, LFT_PB_E_NO_REGULAR_FILE);
	rctr = strchr(arg, '(');
	if (rctr) {
		end = strchr(rctr, ')');
		if (!end)
			return lft_pb_err(w, rctr + strlen(rctr) - file,
					  LFT_PB_E_REFCNT_OPEN_BRACE);
		if (end[1])
			return lft_pb_err(w, end + 1 - file,
					  LFT_PB_E_BAD_REFCNT_SUFFIX);
		*rctr++ = '\0';
		*end = '\0';
		if (kstrtoul(rctr, 0, &def->ref_ctr))
			return lft_pb_err(w, rctr - file, LFT_PB_E_BAD_REFCNT);
	}
	p = strchr(arg, '%');
	if (p) {
		if (strcmp(p, "%return"))
			return lft_pb_err(w, p - file, LFT_PB_E_BAD_ADDR_SUFFIX);
		*p = '\0';
		def->is_return = true;
	}
	if (kstrtoul(arg, 0, &def->offset))
		return lft_pb_err(w, arg - file, LFT_PB_E_BAD_UPROBE_OFFS);
	return 0;
}

/* "p_FILE_0xOFFSET": the file's base name up to its first '.', '-', '_'. */
static void lft_up_default_name(struct lft_pb_def *def)
{
	const char *base = kbasename(def->path);
	size_t len = strcspn(base, ".-_");

	/* 'p' even for return probes, as 6.1. */
	snprintf(def->event, LFT_PB_NAME_LEN, "p_%.*s_0x%lx", (int)len, base,
		 def->offset);
}

static int lft_up_parse_words(struct lft_pb_words *w, struct lft_up *u)
{
	struct lft_pb_def *def = u->pb.def;
	const char *event = w->argv[0][1] == ':' ? &w->argv[0][2] : NULL;
	char *file;
	int i, nargs, ret;

	file = kstrdup(w->argv[1], GFP_KERNEL);
	if (!file)
		return -ENOMEM;
	w->idx = 1;
	ret = lft_up_parse_place(w, u, file);
	if (!ret) {
		def->path = kstrdup(file, GFP_KERNEL);
		if (!def->path)
			ret = -ENOMEM;
	}
	kfree(file);
	if (ret)
		return ret;
	w->idx = 0;
	strscpy(def->group, LFT_UP_GROUP, LFT_PB_NAME_LEN);
	if (event) {
		ret = lft_pb_parse_gname(w, def->group, def->event, event,
					 event - w->argv[0]);
		if (ret)
			return ret;
	}
	if (!def->event[0])
		lft_up_default_name(def);
	nargs = min(w->argc - 2, LFT_PB_MAX_ARGS);
	def->args = kcalloc(nargs ?: 1, sizeof(*def->args), GFP_KERNEL);
	if (!def->args)
		return -ENOMEM;
	for (i = 0; i < nargs; i++) {
		w->idx = i + 2;
		ret = lft_pb_parse_arg(w, def, i, w->argv[i + 2], false);
		if (ret)
			return ret;
		if (def->args[i].type->kind == LFT_PB_STRING)
			def->dynamic = true;
	}
	return 0;
}

/* Whether @line is a uprobe's: 6.1's tests, before any error is logged. */
static bool lft_up_mine(struct lft_pb_words *w)
{
	const char *colon;

	if (w->argc < 2 || (w->argv[0][0] != 'p' && w->argv[0][0] != 'r') ||
	    !strchr(w->argv[1], '/'))
		return false;
	colon = strrchr(w->argv[1], ':');
	return colon && isdigit(colon[1]);
}

/*
 * 6.1 refuses a place some probe already has with another reference
 * counter offset: EINVAL and a warning, no error_log line.
 */
static int lft_up_check_ref_ctr(const struct lft_up *n)
{
	struct lft_up *u;

	list_for_each_entry(u, &lft_up_class.probes, pb.list)
		if (u->probe.inode == n->probe.inode &&
		    u->probe.offset == n->probe.offset &&
		    u->pb.def->ref_ctr != n->pb.def->ref_ctr) {
			pr_warn("Reference counter offset mismatch.\n");
			return -EINVAL;
		}
	return 0;
}

/* 6.1's test for a probe defined twice: the same file and offset. */
static bool lft_up_same_place(const struct lft_pb_probe *a,
			      const struct lft_pb_probe *b)
{
	const struct lft_up *ua = container_of(a, struct lft_up, pb);
	const struct lft_up *ub = container_of(b, struct lft_up, pb);

	return ua->probe.inode == ub->probe.inode &&
	       ua->probe.offset == ub->probe.offset;
}

static int lft_up_create(const char *line)
{
	struct lft_pb_perr perr = {};
	struct lft_pb_words w = { .perr = &perr };
	struct lft_pb_def *def;
	struct lft_up *u;
	int ret;

	ret = lft_pb_split(line, &w);
	if (ret)
		return ret;
	if (!lft_up_mine(&w)) {
		lft_pb_words_free(&w);
		return -ECANCELED;
	}
	ret = -ENOMEM;
	perr.cmd = lft_pb_join(&w);
	u = kzalloc(sizeof(*u), GFP_KERNEL);
	def = kzalloc(sizeof(*def), GFP_KERNEL);
	if (!perr.cmd || !u || !def) {
		kfree(u);
		kfree(def);
		goto out;
	}
	def->kind = LFT_PB_UPROBE;
	def->is_return = w.argv[0][0] == 'r';
	u->pb.cls = &lft_up_class;
	u->pb.def = def;
	ret = lft_up_parse_words(&w, u);
	if (ret)
		goto out_free;
	u->probe.inode = d_real_inode(u->path.dentry);
	u->probe.offset = def->offset;
	u->probe.uc.handler = lft_up_hit;
	if (def->is_return)
		u->probe.uc.ret_handler = lft_up_ret;
	ret = lft_up_check_ref_ctr(u);
	if (!ret)
		ret = lft_pb_add(&u->pb, &perr);
	if (!ret)
		goto out;
out_free:
	lft_pb_log(&lft_up_class, &perr);
	lft_pb_probe_free(&u->pb);
out:
	lft_pb_words_free(&w);
	kfree(perr.cmd);
	return ret;
}

/* ------------------------------------------------ dynamic_events' ops */

static void lft_up_show_place(struct seq_buf *s, const struct lft_pb_def *def)
{
	seq_buf_printf(s, "%s:0x%0*lx", def->path, (int)(sizeof(void *) * 2),
		       def->offset);
	if (def->ref_ctr)
		seq_buf_printf(s, "(0x%lx)", def->ref_ctr);
}

static void lft_up_show(struct seq_buf *s, struct lft_dynev *d)
{
	const struct lft_pb_def *def = container_of(d, struct lft_pb_probe,
						    dyn)->def;

	seq_buf_printf(s, "%c:%s/%s ", def->is_return ? 'r' : 'p', def->group,
		       def->event);
	lft_up_show_place(s, def);
	lft_pb_show_args(s, def);
}

/* "PATH:0xOFFSET[(REF)]" after "-:[GRP/]EVENT", as 6.1 matches it. */
static bool lft_up_match_place(const struct lft_pb_probe *p, const char *word)
{
	char buf[LFT_PB_ARGSTR_LEN + 1];
	struct seq_buf s;

	seq_buf_init(&s, buf, sizeof(buf));
	lft_up_show_place(&s, p->def);
	if (seq_buf_has_overflowed(&s) || seq_buf_used(&s) >= sizeof(buf))
		return false;
	buf[seq_buf_used(&s)] = '\0';
	return !strcmp(buf, word);
}

static void lft_up_show_profile(struct seq_buf *s)
{
	struct lft_up *u;

	list_for_each_entry(u, &lft_up_class.probes, pb.list)
		seq_buf_printf(s, "  %s %-44s %15lu\n", u->pb.def->path,
			       u->pb.def->event, atomic_long_read(&u->nhit));
}

static int lft_up_files(struct lft_array *tr)
{
	return lft_pb_files(&lft_up_class, tr);
}

/* At unload: the arrays are gone, the events off, their probes out. */
static void lft_up_exit(void)
{
	lft_pb_exit(&lft_up_class);
}

static struct lft_pb_class lft_up_class = {
	.dynev = {
		.create = lft_up_create,
		.show = lft_up_show,
		.busy = lft_pb_busy,
		.match = lft_pb_match,
		.remove = lft_pb_remove,
		.files = lft_up_files,
		.exit = lft_up_exit,
	},
	.probes = LIST_HEAD_INIT(lft_up_class.probes),
	.log_sys = "trace_uprobe",
	.append = true,
	.match_len = LFT_PB_ARGSTR_LEN + 1,
	.print_head = lft_up_print_head,
	.arm = lft_up_place,
	.disarm = lft_up_unplace,
	.same_place = lft_up_same_place,
	.match_place = lft_up_match_place,
	.free = lft_up_free,
	.events_file = "uprobe_events",
	.profile_file = "uprobe_profile",
	.show_profile = lft_up_show_profile,
};

/**
 * lft_up_init() - register uprobe events as a kind of dynamic event
 */
void lft_up_init(void)
{
	lft_dynev_register(&lft_up_class.dynev);
}
