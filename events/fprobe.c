// SPDX-License-Identifier: GPL-2.0
/*
 * fprobe events ("f:", a function's entry or, with %return, its exit) and
 * tracepoint probe events ("t:", any kernel tracepoint, bare ones too): a
 * kind of dynamic event on the probe base (probe.h), with upstream's
 * grammar on every kernel (6.12 has the kind, 6.1 lacks it): groups
 * "fprobes" and "tracepoints", default names SYM__entry, SYM__exit and
 * the tracepoint's, arguments named from BTF ($argN, $arg*, parameters by
 * name, a typed $retval), no registers.
 *
 * An f: probe is served by lftrace's own function-entry hook (its own
 * struct lft_fentry_ops), its returns hooked from there (arch/x86/fret.c),
 * while an array has its event enabled. A t: probe is a probe of the
 * tracepoint (tracepoint_probe_register) taking up to LFT_FP_TP_ARGS
 * arguments, which are laid out as a function's would be at its entry
 * (the tracepoint's first argument where a function's first is), so the
 * same fetches read them and BTF names them from the tracepoint's
 * iterator, __traceiter_NAME. A tracepoint not found may be a module's
 * not loaded yet: as upstream, the probe is kept and attached when the
 * module comes (and detached when it goes).
 *
 * Everything but the handlers runs under lft_lock.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/ctype.h>
#include <linux/glob.h>
#include <linux/hashtable.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "arch/x86/fentry.h"
#include "arch/x86/fret.h"
#include "compat/ksyms.h"
#include "core/trace.h"
#include "events/dynevent.h"
#include "events/event.h"
#include "events/probe.h"
#include "events/probe_parse.h"

#define LFT_FP_GROUP		"fprobes"
#define LFT_TP_GROUP		"tracepoints"
#define LFT_FP_TP_ARGS		10	/* a tracepoint's arguments we take */
#define LFT_FP_FRET_NODES	1024	/* frames hooked at once, all tasks */
#define LFT_FP_TP_ITER		"__traceiter_"
#define LFT_FP_TP_STUB		"__probestub_"

struct lft_fp;

/* Where the kernel holds a site: a kprobe (or kretprobe) serves it. */
struct lft_fp_kp {
	struct kretprobe rp;		/* rp.kp alone for entry probes */
	struct lft_fp_site *site;
};

/*
 * One function an f: probe is on: its place is a name, or a glob the
 * functions' names are matched against as upstream's fprobe matches it.
 */
struct lft_fp_site {
	struct lft_fp *fp;
	unsigned long ip;		/* its fentry site (0: its module went) */
	struct module *mod;		/* the function's */
	bool on_hook;			/* in lft_fp_hooked, served */
	struct lft_fp_kp *kp;		/* served by a kprobe instead */
	struct hlist_node hook;
};

/* One probe of an event (probe.h). */
struct lft_fp {
	struct lft_pb_probe pb;
	bool tpoint;			/* t: */
	struct module *mod;		/* t: where the tracepoint is */
	struct tracepoint *tp;		/* t: NULL until found */
	unsigned long tp_ip;		/* t: the address its records name */
	bool armed;
	bool fret;			/* f: holds lftrace's return hooks */
	unsigned int nr_sites;		/* f: its functions */
	struct lft_fp_site *sites;
};

static struct lft_pb_class lft_fp_class;

#define LFT_FP_HASH_BITS	8
static DEFINE_HASHTABLE(lft_fp_hooked, LFT_FP_HASH_BITS);
static unsigned int lft_fp_nr_hooked;

static struct lft_fp *lft_fp_of(struct lft_pb_probe *p)
{
	return container_of(p, struct lft_fp, pb);
}

/* ------------------------------------------------------ the handlers */

/* @edata: a return probe's, what its entry saved (lft_pb_save_edata()). */
static void lft_fp_record(struct lft_fp *fp, struct pt_regs *regs,
			  unsigned long ip, unsigned long ret_ip,
			  const unsigned long *edata)
{
	const struct lft_pb_def *def = fp->pb.def;
	unsigned int head = fp->pb.event->head;
	unsigned int fixed = head + def->size, dsize = 0;
	struct lft_ev_file *f;

	if (def->dynamic)
		dsize = min_t(unsigned int,
			      lft_pb_store_ret(def, regs, edata, NULL, head, 0),
			      LFT_RB_MAX_PAYLOAD - fixed);
	lft_ev_for_each_file(f, &fp->pb.event->ev) {
		struct lft_rb_res res __uninitialized;
		void *rec = lft_ev_reserve(f, fixed + dsize, &res);
		unsigned long *hd = rec + LFT_ENT_BODY;

		if (!rec)
			continue;
		hd[0] = ip;
		if (def->is_return)
			hd[1] = ret_ip;
		if (def->nargs)
			lft_pb_store_ret(def, regs, edata, rec, head, dsize);
		lft_ev_commit(f, &res);
	}
}

#define lft_fp_for_each_hooked(s, ip)					\
	hash_for_each_possible_rcu(lft_fp_hooked, s, hook, ip)

/* A hooked function returns: regs->ip is where to, regs->ax the value. */
static void lft_fp_fret(unsigned long func, int depth, u64 calltime,
			struct pt_regs *regs)
{
	const unsigned long *edata = lft_fret_data();
	struct lft_fp_site *s;

	lft_fp_for_each_hooked(s, func)
		if (s->ip == func && s->fp->pb.def->is_return &&
		    READ_ONCE(s->on_hook))
			lft_fp_record(s->fp, regs, func,
				      instruction_pointer(regs), edata);
}

/* lftrace's fentry hook at a site f: probes want. */
static void lft_fp_hit(unsigned long ip, unsigned long parent_ip,
		       struct pt_regs *regs)
{
	struct lft_fp_site *s;
	bool ret = false;

	lft_fp_for_each_hooked(s, ip) {
		if (s->ip != ip || !READ_ONCE(s->on_hook))
			continue;
		if (s->fp->pb.def->is_return)
			ret = true;
		else
			lft_fp_record(s->fp, regs, ip, 0, NULL);
	}
	/*
	 * One return hook serves every return probe of the function, with
	 * the arguments their $argN read.
	 */
	if (ret) {
		unsigned long edata[LFT_PB_EDATA_MAX];

		BUILD_BUG_ON(LFT_PB_EDATA_MAX > LFT_FRET_DATA);
		lft_pb_save_edata(regs, edata);
		lft_fret_hook_save(regs, ip, lft_fp_fret, edata,
				   LFT_PB_EDATA_MAX);
	}
}

/*
 * Where the kernel holds the site (its own ftrace user came first: its
 * fprobe on the function, say), lftrace's hook cannot be there: a kprobe
 * at the site serves the probe instead, with the same registers.
 */
static int lft_fp_kp_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct lft_fp_kp *k = container_of(kp, struct lft_fp_kp, rp.kp);

	lft_fp_record(k->site->fp, regs, k->site->ip, 0, NULL);
	return 0;
}

static int lft_fp_kp_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	lft_pb_save_edata(regs, (unsigned long *)ri->data);
	return 0;
}

static int lft_fp_kp_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct lft_fp_kp *k = container_of(get_kretprobe(ri), struct lft_fp_kp,
					   rp);

	/* Where it returns to, past every rethook trampoline (as fprobes). */
	lft_fp_record(k->site->fp, regs, k->site->ip, instruction_pointer(regs),
		      (unsigned long *)ri->data);
	return 0;
}

static int lft_fp_kp_on(struct lft_fp_site *s)
{
	const struct lft_pb_def *def = s->fp->pb.def;
	struct lft_fp_kp *k = kzalloc(sizeof(*k), GFP_KERNEL);
	struct kprobe *kp;
	int ret;

	if (!k)
		return -ENOMEM;
	k->site = s;
	kp = &k->rp.kp;
	kp->addr = (kprobe_opcode_t *)s->ip;
	if (def->is_return) {
		k->rp.handler = lft_fp_kp_ret;
		k->rp.entry_handler = lft_fp_kp_entry;
		k->rp.data_size = LFT_PB_EDATA_MAX * sizeof(unsigned long);
		k->rp.maxactive = def->maxactive;
		ret = register_kretprobe(&k->rp);
	} else {
		kp->pre_handler = lft_fp_kp_pre;
		ret = register_kprobe(kp);
	}
	if (ret)
		kfree(k);
	else
		s->kp = k;
	return ret;
}

/* Waits for the kprobe's handlers: none runs for @s after this. */
static void lft_fp_kp_off(struct lft_fp_site *s)
{
	if (!s->kp)
		return;
	if (s->fp->pb.def->is_return)
		unregister_kretprobe(&s->kp->rp);
	else
		unregister_kprobe(&s->kp->rp.kp);
	kfree(s->kp);
	s->kp = NULL;
}

static void lft_fp_reclaim(const struct lft_fentry_ops *other);
static struct lft_fentry_ops lft_fp_fentry = {
	.hit = lft_fp_hit,
	.reclaim = lft_fp_reclaim,
	.order = 55,	/* before kprobes' hook, after the tracers' */
};

/*
 * A tracepoint's probe: its arguments as a function's at its entry (the
 * first in di, ..., the seventh on, past a return address, on "the
 * stack"), so that $argN and parameters by name read them.
 */
static void lft_fp_tp_probe(void *data, unsigned long a1, unsigned long a2,
			    unsigned long a3, unsigned long a4,
			    unsigned long a5, unsigned long a6,
			    unsigned long a7, unsigned long a8,
			    unsigned long a9, unsigned long a10)
{
	struct lft_fp *fp = data;
	unsigned long stack[1 + LFT_FP_TP_ARGS - 6] = { 0, a7, a8, a9, a10 };
	struct pt_regs regs = {
		.di = a1, .si = a2, .dx = a3, .cx = a4, .r8 = a5, .r9 = a6,
		.sp = (unsigned long)stack, .ip = fp->tp_ip,
		.cs = __KERNEL_CS, .flags = X86_EFLAGS_FIXED,
	};

	lft_fp_record(fp, &regs, fp->tp_ip, 0, NULL);
}

/* ----------------------------------------------------------- arming */

static bool lft_fp_want(unsigned long ip, void *data)
{
	struct lft_fp_site *s;
	bool want = false;

	rcu_read_lock();
	lft_fp_for_each_hooked(s, ip)
		if (s->ip == ip) {
			want = true;
			break;
		}
	rcu_read_unlock();
	return want;
}

static int lft_fp_hook_update(void)
{
	return lft_fentry_update(&lft_fp_fentry, lft_fp_nr_hooked ?
				 lft_fp_want : NULL, NULL);
}

/*
 * The sites of @fp that @all or the kernel holds (lftrace's call is not
 * there) off the hook: 0 when none was on it. On return no CPU is in
 * lft_fp_hit() or lft_fp_fret() for them.
 */
static unsigned int lft_fp_unhook_sites(struct lft_fp *fp, bool all)
{
	unsigned int i, n = 0;

	for (i = 0; i < fp->nr_sites; i++) {
		struct lft_fp_site *s = &fp->sites[i];

		if (!s->on_hook || (!all && lft_fentry_patched(s->ip)))
			continue;
		WRITE_ONCE(s->on_hook, false);
		hash_del_rcu(&s->hook);
		lft_fp_nr_hooked--;
		n++;
	}
	if (!n)
		return 0;
	lft_fp_hook_update();
	/* The hook runs where RCU may not watch (idle, entry code). */
	synchronize_rcu_tasks_rude();
	return n;
}

/* Every site of @fp off the hook and its kprobes gone; returns stopped. */
static void lft_fp_unhook(struct lft_fp *fp)
{
	unsigned int i;

	lft_fp_unhook_sites(fp, true);
	for (i = 0; i < fp->nr_sites; i++)
		lft_fp_kp_off(&fp->sites[i]);
	if (fp->fret) {
		fp->fret = false;
		lft_fret_stop();
	}
}

static int lft_fp_hook(struct lft_fp *fp)
{
	unsigned int i, n = 0;
	int ret;

	if (fp->pb.def->is_return) {
		ret = lft_fret_start(LFT_FP_FRET_NODES);
		if (ret)
			return ret;
		fp->fret = true;
	}
	for (i = 0; i < fp->nr_sites; i++) {
		struct lft_fp_site *s = &fp->sites[i];

		if (!s->ip)	/* its module went */
			continue;
		hash_add_rcu(lft_fp_hooked, &s->hook, s->ip);
		lft_fp_nr_hooked++;
		WRITE_ONCE(s->on_hook, true);
		n++;
	}
	ret = n ? lft_fp_hook_update() : 0;
	/* The sites the kernel holds: a kprobe each. */
	n -= lft_fp_unhook_sites(fp, ret);
	if (!n && fp->fret) {
		fp->fret = false;
		lft_fret_stop();
	}
	for (i = 0; i < fp->nr_sites; i++) {
		struct lft_fp_site *s = &fp->sites[i];

		if (!s->ip || s->on_hook)
			continue;
		ret = lft_fp_kp_on(s);
		if (ret) {
			lft_fp_unhook(fp);
			return ret;
		}
	}
	return 0;
}

/*
 * Before another user of lftrace's hook asks for sites (lft_lock held):
 * a probe served by a kprobe keeps its site the kernel's; it moves to
 * lftrace's hook if the kernel has let go of the site meanwhile.
 */
static void lft_fp_reclaim(const struct lft_fentry_ops *other)
{
	static bool busy;	/* our own update asks the others again */
	struct lft_pb_probe *p;

	if (busy)
		return;
	busy = true;
	list_for_each_entry(p, &lft_fp_class.probes, list) {
		struct lft_fp *fp = lft_fp_of(p);
		unsigned int i;

		for (i = 0; i < fp->nr_sites && !fp->sites[i].kp; i++)
			;
		if (i == fp->nr_sites)
			continue;
		lft_fp_unhook(fp);
		if (lft_fp_hook(fp))
			fp->armed = false;
	}
	busy = false;
}

static int lft_fp_tp_on(struct lft_fp *fp)
{
	return fp->tp ? tracepoint_probe_register(fp->tp, lft_fp_tp_probe, fp) :
			0;
}

static void lft_fp_tp_off(struct lft_fp *fp)
{
	if (!fp->tp)
		return;
	tracepoint_probe_unregister(fp->tp, lft_fp_tp_probe, fp);
	tracepoint_synchronize_unregister();
}

static int lft_fp_arm(struct lft_pb_probe *p)
{
	struct lft_fp *fp = lft_fp_of(p);
	int ret = fp->tpoint ? lft_fp_tp_on(fp) : lft_fp_hook(fp);

	fp->armed = !ret;
	return ret;
}

static void lft_fp_disarm(struct lft_pb_probe *p)
{
	struct lft_fp *fp = lft_fp_of(p);

	if (!fp->armed)
		return;
	fp->armed = false;
	if (fp->tpoint)
		lft_fp_tp_off(fp);
	else
		lft_fp_unhook(fp);
}

/* -------------------------------------------------------- printing */

/* A function's bare name, as upstream's output shows it. */
static void lft_fp_print_name(struct seq_buf *s, unsigned long ip)
{
	char name[KSYM_SYMBOL_LEN];

	snprintf(name, sizeof(name), "%ps", (void *)ip);
	*strchrnul(name, ' ') = '\0';
	seq_buf_printf(s, "%s", name);
}

static void lft_fp_print_head(struct seq_buf *s, const struct lft_pb_def *def,
			      const void *rec)
{
	const unsigned long *head = rec + LFT_ENT_BODY;

	if (def->is_return) {
		seq_buf_printf(s, "(%pS <- ", (void *)head[1]);
		lft_fp_print_name(s, head[0]);
		seq_buf_printf(s, ")");
	} else {
		seq_buf_printf(s, "(%pS)", (void *)head[0]);
	}
}

/* --------------------------------------------------------- parsing */

/* f[N]'s maxactive, kept for the listing as upstream keeps it. */
static int lft_fp_parse_maxact(struct lft_pb_words *w, struct lft_pb_def *def,
			       const char *event)
{
	const char *s = &w->argv[0][1];
	char buf[LFT_PB_NAME_LEN];
	size_t len;

	if (!isdigit(*s))
		return 0;
	len = event ? event - s - 1 : strlen(s);
	if (len > LFT_PB_NAME_LEN - 1)
		return lft_pb_err(w, 1, LFT_PB_E_BAD_MAXACT);
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (kstrtouint(buf, 0, &def->maxactive) || !def->maxactive)
		return lft_pb_err(w, 1, LFT_PB_E_BAD_MAXACT);
	if (def->maxactive > LFT_PB_MAXACT_MAX)
		return lft_pb_err(w, 1, LFT_PB_E_MAXACT_TOO_BIG);
	return 0;
}

/* SYM[%return] or TRACEPOINT, then whether $retval makes it a return probe. */
static int lft_fp_parse_place(struct lft_pb_words *w, struct lft_pb_def *def,
			      bool tpoint)
{
	char *sym, *p;
	int i;

	w->idx = 1;
	sym = kstrdup(w->argv[1], GFP_KERNEL);
	if (!sym)
		return -ENOMEM;
	def->symbol = sym;
	p = strchr(sym, '%');
	if (p) {
		if (tpoint || strcmp(p, "%return"))
			return lft_pb_err(w, p - sym, LFT_PB_E_BAD_ADDR_SUFFIX);
		*p = '\0';
		def->is_return = true;
		return 0;
	}
	if (tpoint) {
		for (p = sym; isalnum(*p) || *p == '_'; p++)
			;
		if (*p)
			return lft_pb_err(w, p - sym, LFT_PB_E_BAD_TP_NAME);
	}
	for (i = 2; i < w->argc; i++) {
		p = strstr(w->argv[i], "$retval");
		if (!p || isalnum(p[7]) || p[7] == '_')
			continue;
		if (tpoint) {
			w->idx = i;
			return lft_pb_err(w, p - w->argv[i],
					  LFT_PB_E_RETVAL_ON_PROBE);
		}
		def->is_return = true;
		break;
	}
	return 0;
}

static void lft_fp_default_name(struct lft_pb_def *def, bool tpoint)
{
	char *p;

	if (tpoint)
		snprintf(def->event, LFT_PB_NAME_LEN, "%s%s",
			 isdigit(*def->symbol) ? "_" : "", def->symbol);
	else
		snprintf(def->event, LFT_PB_NAME_LEN, "%s__%s", def->symbol,
			 def->is_return ? "exit" : "entry");
	for (p = def->event + 1; *p; p++)
		if (*p == ':' || *p == '.')
			*p = '_';
}

static int lft_fp_parse_words(struct lft_pb_words *w, struct lft_pb_def *def,
			      bool tpoint)
{
	const char *event, *func;
	int ret;

	event = strchr(&w->argv[0][1], ':');
	if (event)
		event++;
	ret = lft_fp_parse_maxact(w, def, event);
	if (!ret)
		ret = lft_fp_parse_place(w, def, tpoint);
	if (ret)
		return ret;
	w->idx = 0;
	if (def->maxactive && !def->is_return)
		return lft_pb_err(w, 1, LFT_PB_E_BAD_MAXACT_TYPE);
	strscpy(def->group, tpoint ? LFT_TP_GROUP : LFT_FP_GROUP,
		LFT_PB_NAME_LEN);
	if (event) {
		ret = lft_pb_parse_gname(w, def->group, def->event, event,
					 event - w->argv[0]);
		if (ret)
			return ret;
	}
	if (!def->event[0])
		lft_fp_default_name(def, tpoint);
	/* What BTF describes: the function, or the tracepoint's iterator. */
	func = strchr(def->symbol, ':');
	def->btf = tpoint ? kasprintf(GFP_KERNEL, LFT_FP_TP_ITER "%s",
				      def->symbol) :
			    kstrdup(func ? func + 1 : def->symbol, GFP_KERNEL);
	if (!def->btf)
		return -ENOMEM;
	return lft_pb_parse_args(w, def, true);
}

/* One "f:" or "t:" line into a definition, errors noted in @perr. */
static struct lft_pb_def *lft_fp_parse(const char *line, bool *tpoint,
				       struct lft_pb_perr *perr)
{
	struct lft_pb_words w = { .perr = perr };
	struct lft_pb_def *def;
	int ret;

	memset(perr, 0, sizeof(*perr));
	ret = lft_pb_split(line, &w);
	if (ret)
		return ERR_PTR(ret);
	ret = -ECANCELED;
	if (w.argc < 2 || (w.argv[0][0] != 'f' && w.argv[0][0] != 't'))
		goto out;
	*tpoint = w.argv[0][0] == 't';
	perr->cmd = lft_pb_join(&w);
	def = kzalloc(sizeof(*def), GFP_KERNEL);
	ret = -ENOMEM;
	if (!perr->cmd || !def) {
		kfree(def);
		goto out;
	}
	def->kind = LFT_PB_FPROBE;
	def->variant = *tpoint;
	ret = lft_fp_parse_words(&w, def, *tpoint);
	lft_pb_words_free(&w);
	if (ret) {
		lft_pb_def_free(def);
		return ERR_PTR(ret);
	}
	return def;
out:
	lft_pb_words_free(&w);
	return ERR_PTR(ret);
}

/* ------------------------------------------------------ definitions */

/* A tracepoint of a module, by name (the module's list is stable here). */
static struct tracepoint *lft_fp_mod_tp(struct module *mod, const char *name)
{
	unsigned int i;

	for (i = 0; i < mod->num_tracepoints; i++) {
		struct tracepoint *tp =
			tracepoint_ptr_deref(&mod->tracepoints_ptrs[i]);

		if (!strcmp(tp->name, name))
			return tp;
	}
	return NULL;
}

/* What a t: probe's records name: upstream's stub, else the iterator. */
static unsigned long lft_fp_tp_addr(const char *name)
{
	char sym[KSYM_NAME_LEN];
	unsigned long addr;

	snprintf(sym, sizeof(sym), LFT_FP_TP_STUB "%s", name);
	addr = lft_ksym_lookup(sym);
	if (addr)
		return lft_fentry_site(addr) ?: addr;
	snprintf(sym, sizeof(sym), LFT_FP_TP_ITER "%s", name);
	return lft_ksym_lookup(sym);
}

/* A glob's matching: the functions, counted, then filled in. */
struct lft_fp_glob {
	const char *glob;
	struct lft_fp *fp;
	unsigned int n;
};

static int lft_fp_glob_one(const struct lft_site_info *si, void *data)
{
	struct lft_fp_glob *g = data;
	char name[KSYM_NAME_LEN];

	/* "name" or "name [module]": the name is matched, as upstream. */
	strscpy(name, si->name, sizeof(name));
	*strchrnul(name, ' ') = '\0';
	if (!glob_match(g->glob, name))
		return 0;
	if (g->fp->sites && g->n < g->fp->nr_sites)
		g->fp->sites[g->n].ip = si->ip;
	g->n++;
	return 0;
}

/* Upstream's fprobe takes its place as a glob of function names. */
static bool lft_fp_is_glob(const char *sym)
{
	return strpbrk(sym, "*?[");
}

/* @fp's sites: the function its place names, or every one its glob does. */
static int lft_fp_find_sites(struct lft_fp *fp)
{
	const char *sym = fp->pb.def->symbol;
	struct lft_fp_glob g = { .glob = sym, .fp = fp };
	unsigned long func = 0;
	unsigned int i;

	if (lft_fp_is_glob(sym)) {
		lft_sites_for_each(lft_fp_glob_one, &g, true);
		if (!g.n)
			return -EINVAL;
		fp->sites = kcalloc(g.n, sizeof(*fp->sites), GFP_KERNEL);
		if (!fp->sites)
			return -ENOMEM;
		fp->nr_sites = g.n;
		g.n = 0;
		/* Sites come and go with modules: those found both times. */
		lft_sites_for_each(lft_fp_glob_one, &g, true);
		fp->nr_sites = min(g.n, fp->nr_sites);
	} else {
		func = lft_ksym_lookup(sym);
		func = func ? lft_fentry_site(func) : 0;
		if (!func)
			return -EINVAL;
		fp->sites = kcalloc(1, sizeof(*fp->sites), GFP_KERNEL);
		if (!fp->sites)
			return -ENOMEM;
		fp->nr_sites = 1;
		fp->sites[0].ip = func;
	}
	for (i = 0; i < fp->nr_sites; i++) {
		struct lft_fp_site *s = &fp->sites[i];

		s->fp = fp;
		preempt_disable();
		s->mod = lft_kcall(module_address)(s->ip);
		preempt_enable();
	}
	return 0;
}

static int lft_fp_resolve(struct lft_fp *fp)
{
	const struct lft_pb_def *def = fp->pb.def;
	unsigned long func = 0;

	if (fp->tpoint) {
		fp->tp = lft_tp_find(def->symbol);
		if (!fp->tp) {
			/* A loaded module's, or one of a module to come. */
			char sym[KSYM_NAME_LEN];

			snprintf(sym, sizeof(sym), "__tracepoint_%s",
				 def->symbol);
			fp->tp = (struct tracepoint *)lft_ksym_lookup(sym);
			if (fp->tp && strcmp(fp->tp->name, def->symbol))
				fp->tp = NULL;
			func = (unsigned long)fp->tp;
		}
		fp->tp_ip = lft_fp_tp_addr(def->symbol);
	} else {
		return lft_fp_find_sites(fp);
	}
	preempt_disable();
	fp->mod = func ? lft_kcall(module_address)(func) : NULL;
	preempt_enable();
	return 0;
}

/* A probe added: its place found; one appended to an enabled event armed. */
static int lft_fp_attach(struct lft_pb_probe *p, struct lft_pb_perr *perr)
{
	struct lft_fp *fp = lft_fp_of(p);
	/* Upstream's fprobes resolve @SYM arguments first (BAD_PROBE_ADDR). */
	int ret = lft_pb_resolve_syms(p->def), sym = ret;

	if (!ret)
		ret = lft_fp_resolve(fp);

	if (!ret && p->event->ev.users)
		ret = lft_fp_arm(p);
	if (ret && perr->cmd) {
		/* Upstream's fprobe finds no such function to register. */
		perr->code = ret == -ENOMEM ? LFT_PB_E_NONE :
			     sym == -ENOENT ? LFT_PB_E_BAD_PROBE_ADDR :
					      LFT_PB_E_FAIL_REG_PROBE;
		perr->pos = strchrnul(perr->cmd, ' ') - perr->cmd + 1;
	}
	return ret;
}

static void lft_fp_detach(struct lft_pb_probe *p)
{
	lft_fp_disarm(p);
}

static void lft_fp_free(struct lft_pb_probe *p)
{
	kfree(lft_fp_of(p)->sites);
	kfree(lft_fp_of(p));
}

static bool lft_fp_same_place(const struct lft_pb_probe *a,
			      const struct lft_pb_probe *b)
{
	return lft_fp_of((struct lft_pb_probe *)a)->tpoint ==
	       lft_fp_of((struct lft_pb_probe *)b)->tpoint &&
	       !strcmp(a->def->symbol, b->def->symbol);
}

/* As upstream: the symbol, without %return. */
static bool lft_fp_match_place(const struct lft_pb_probe *p, const char *word)
{
	return !strcmp(p->def->symbol, word);
}

static int lft_fp_create(const char *line)
{
	struct lft_pb_perr perr;
	struct lft_pb_def *def;
	struct lft_fp *fp;
	bool tpoint = false;
	int ret = -ENOMEM;

	def = lft_fp_parse(line, &tpoint, &perr);
	if (IS_ERR(def)) {
		lft_pb_log(&lft_fp_class, &perr);
		kfree(perr.cmd);
		return PTR_ERR(def);
	}
	fp = kzalloc(sizeof(*fp), GFP_KERNEL);
	if (!fp) {
		lft_pb_def_free(def);
		goto out;
	}
	fp->pb.cls = &lft_fp_class;
	fp->pb.def = def;
	fp->tpoint = tpoint;
	ret = lft_pb_add(&fp->pb, &perr);
	if (ret) {
		lft_pb_log(&lft_fp_class, &perr);
		lft_pb_probe_free(&fp->pb);
	}
out:
	kfree(perr.cmd);
	return ret;
}

static void lft_fp_show(struct seq_buf *s, struct lft_dynev *d)
{
	struct lft_fp *fp = container_of(d, struct lft_fp, pb.dyn);
	const struct lft_pb_def *def = fp->pb.def;

	seq_buf_printf(s, "%c", fp->tpoint ? 't' : 'f');
	if (def->is_return && def->maxactive)
		seq_buf_printf(s, "%u", def->maxactive);
	seq_buf_printf(s, ":%s/%s %s%s", def->group, def->event, def->symbol,
		       def->is_return ? "%return" : "");
	lft_pb_show_args(s, def);
}

/* ---------------------------------------------------------- modules */

/*
 * A module coming or going (lft_lock held): a going module's functions'
 * probes leave the hook for good (its sites went with it: the hook drops
 * them first), its tracepoints' probes until it comes again; a coming
 * module's tracepoints get the probes that wait for them.
 */
static void lft_fp_module(struct module *mod, unsigned long state,
			  bool tpoint)
{
	struct lft_pb_probe *p;

	list_for_each_entry(p, &lft_fp_class.probes, list) {
		struct lft_fp *fp = lft_fp_of(p);
		bool armed = fp->armed;
		unsigned int i;

		if (fp->tpoint != tpoint)
			continue;
		if (!tpoint && state == MODULE_STATE_GOING) {
			for (i = 0; i < fp->nr_sites &&
			     fp->sites[i].mod != mod; i++)
				;
			if (i == fp->nr_sites)
				continue;
			/* Its other functions stay probed. */
			lft_fp_disarm(p);
			for (i = 0; i < fp->nr_sites; i++) {
				if (fp->sites[i].mod != mod)
					continue;
				fp->sites[i].ip = 0;
				fp->sites[i].mod = NULL;
			}
			if (armed && lft_fp_arm(p))
				pr_warn("an f: probe on %s lost its other functions\n",
					p->def->symbol);
		} else if (state == MODULE_STATE_GOING && fp->mod == mod) {
			lft_fp_disarm(p);
			fp->tp = NULL;
			fp->armed = armed;	/* again when it comes */
			fp->mod = NULL;
		} else if (state == MODULE_STATE_COMING && tpoint && !fp->tp) {
			fp->tp = lft_fp_mod_tp(mod, p->def->symbol);
			if (!fp->tp)
				continue;
			fp->mod = mod;
			fp->tp_ip = lft_fp_tp_addr(p->def->symbol);
			if (fp->armed && lft_fp_tp_on(fp))
				fp->armed = false;
		}
	}
}

static int lft_fp_tp_module(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	struct tp_module *tpm = data;

	if (state != MODULE_STATE_COMING && state != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&lft_lock);
	lft_fp_module(tpm->mod, state, true);
	mutex_unlock(&lft_lock);
	return NOTIFY_OK;
}

static struct notifier_block lft_fp_tp_module_nb = {
	.notifier_call = lft_fp_tp_module,
};

static int lft_fp_fn_module(struct notifier_block *nb, unsigned long state,
			    void *data)
{
	if (state != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&lft_lock);
	lft_fp_module(data, state, false);
	mutex_unlock(&lft_lock);
	return NOTIFY_OK;
}

static struct notifier_block lft_fp_fn_module_nb = {
	.notifier_call = lft_fp_fn_module,
};

static void lft_fp_exit(void)
{
	lft_pb_exit(&lft_fp_class);
	unregister_tracepoint_module_notifier(&lft_fp_tp_module_nb);
	unregister_module_notifier(&lft_fp_fn_module_nb);
	lft_fentry_unregister(&lft_fp_fentry);
}

static struct lft_pb_class lft_fp_class = {
	.dynev = {
		.create = lft_fp_create,
		.show = lft_fp_show,
		.busy = lft_pb_busy,
		.match = lft_pb_match,
		.remove = lft_pb_remove,
		.exit = lft_fp_exit,
	},
	.probes = LIST_HEAD_INIT(lft_fp_class.probes),
	.log_sys = "trace_fprobe",
	.append = true,
	.match_len = LFT_PB_ARGSTR_LEN + 1,
	.print_head = lft_fp_print_head,
	.arm = lft_fp_arm,
	.disarm = lft_fp_disarm,
	.attach = lft_fp_attach,
	.detach = lft_fp_detach,
	.same_place = lft_fp_same_place,
	.match_place = lft_fp_match_place,
	.free = lft_fp_free,
};

/**
 * lft_fp_init() - register fprobe and tracepoint probe events as a kind
 *	of dynamic event
 */
void lft_fp_init(void)
{
	if (register_tracepoint_module_notifier(&lft_fp_tp_module_nb))
		pr_warn("t: probes on module tracepoints are not attached\n");
	if (register_module_notifier(&lft_fp_fn_module_nb))
		pr_warn("f: probes on module functions may outlive them\n");
	lft_dynev_register(&lft_fp_class.dynev);
}
