// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe events: a kind of dynamic event (events/dynevent.c has the
 * files' grammar), kprobe_events and kprobe_profile at the top level (as
 * 6.1 has them), the events' probes and the handlers that write their
 * records.
 *
 * An event may have several probes (6.1's "append": the same GROUP/EVENT
 * defined again at another place, with the same arguments' names and
 * types). The event is the directory, the format and the records; each
 * probe is a place with its own kprobe or kretprobe, its own fetches (the
 * same fields, which may be read from other registers) and its own line
 * in kprobe_events and kprobe_profile. Enabling the event arms them all.
 *
 * As in 6.1, the probe is registered (disabled) when the event is
 * defined, so that a bad place fails the write, and armed while an array
 * has the event enabled (the registry's reg hook). A probe at a function's
 * fentry site (entry or return) is served from lftrace's own fentry hook
 * instead when lftrace can hold the site: a kprobe there goes through the
 * kernel's ftrace, which never calls it while lftrace owns the site (for
 * the function tracer, say), so it would stay silent. A deleted event's
 * records go with it: the buffer of every array that had it enabled is
 * cleared (lft_event_remove()), as 6.1 does.
 * Everything but the handlers runs under lft_lock.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/fs.h>
#include <linux/hashtable.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "arch/x86/fentry.h"
#include "arch/x86/fret.h"
#include "compat/ksyms.h"
#include "core/trace.h"
#include "events/event.h"
#include "events/dynevent.h"
#include "events/kprobe.h"
#include "events/probe.h"

/* One kprobe event: what its directory shows and its records hold. */
struct lft_kp_event {
	struct lft_event ev;
	/*
	 * The first probe's definition, kept until the event goes even if
	 * that probe goes first: the fields' names and the printer read it
	 * (every probe's arguments have the same names and types).
	 */
	struct lft_pb_def *def;
	struct lft_ev_field *fields;
	unsigned int head;		/* bytes before the arguments */
	struct list_head probes;	/* its lft_kp, oldest first */
};

/* One probe of an event: a place, its kprobe and its counts. */
struct lft_kp {
	struct lft_kp_event *event;
	struct lft_dynev dyn;		/* its line in dynamic_events */
	struct list_head list;		/* lft_kp_list, in creation order */
	struct list_head sibling;	/* in event->probes */
	struct lft_pb_def *def;
	struct kretprobe rp;		/* rp.kp alone for p probes */
	unsigned long __percpu *nhit;
	struct hlist_node hook;		/* in lft_kp_hooked while on the hook */
	bool on_hook;			/* served by lftrace's fentry hook */
	bool on_site_kprobe;		/* armed as a kprobe on ftrace */
};

static struct lft_dynev_ops lft_kp_dynev_ops;

/* Every probe, as 6.1 lists them: in the order they were defined. */
static LIST_HEAD(lft_kp_list);
/*
 * The probes lftrace's fentry hook serves, keyed by their function's
 * address (RCU for the hook): a site's handler and the arming of a probe
 * (the hook asks lft_kp_want() of every site) look at that address's
 * probes only, so neither grows with the number of probes enabled.
 * Probes of one address are kept in the order they were hooked.
 */
#define LFT_KP_HASH_BITS	10
static DEFINE_HASHTABLE(lft_kp_hooked, LFT_KP_HASH_BITS);
static unsigned int lft_kp_nr_hooked;

#define lft_kp_for_each_hooked(k, addr)					\
	hash_for_each_possible_rcu(lft_kp_hooked, k, hook, addr)

static unsigned long lft_kp_addr(const struct lft_kp *k)
{
	return (unsigned long)k->rp.kp.addr;
}

/* ------------------------------------------------------ the handlers */

static void lft_kp_record(struct lft_kp *k, struct pt_regs *regs,
			  unsigned long ip, unsigned long ret_ip)
{
	const struct lft_pb_def *def = k->def;
	unsigned int head = k->event->head;
	unsigned int fixed = head + def->size, dsize = 0;
	struct lft_ev_file *f;

	/* Strings are measured first and cut to what a record can hold. */
	if (def->dynamic)
		dsize = min_t(unsigned int,
			      lft_pb_store(def, regs, NULL, head, 0),
			      LFT_RB_MAX_PAYLOAD - fixed);
	lft_ev_for_each_file(f, &k->event->ev) {
		struct lft_rb_res res __uninitialized;
		void *rec = lft_ev_reserve(f, fixed + dsize, &res);
		unsigned long *hd = rec + LFT_ENT_BODY;

		if (!rec)
			continue;
		hd[0] = ip;
		if (def->is_return)
			hd[1] = ret_ip;
		if (def->nargs)
			lft_pb_store(def, regs, rec, head, dsize);
		/* Stacks from the probed code, as the kernel's (its regs). */
		lft_ev_commit_regs(f, &res, regs);
	}
}

static int lft_kp_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct lft_kp *k = container_of(kp, struct lft_kp, rp.kp);

	raw_cpu_inc(*k->nhit);
	lft_kp_record(k, regs, (unsigned long)kp->addr, 0);
	return 0;
}

static int lft_kp_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct lft_kp *k = container_of(rp, struct lft_kp, rp);

	raw_cpu_inc(*k->nhit);
	lft_kp_record(k, regs, (unsigned long)rp->kp.addr,
		      get_kretprobe_retaddr(ri));
	return 0;
}

#define LFT_KP_FRET_NODES	1024	/* frames hooked at once, all tasks */

/* A hooked function returns: regs->ip is where to, regs->ax the value. */
static void lft_kp_fret(unsigned long func, int depth, u64 calltime,
			struct pt_regs *regs)
{
	struct lft_kp *k;

	lft_kp_for_each_hooked(k, func) {
		if (lft_kp_addr(k) != func ||
		    !k->def->is_return || !READ_ONCE(k->on_hook))
			continue;
		raw_cpu_inc(*k->nhit);
		lft_kp_record(k, regs, func, instruction_pointer(regs));
	}
}

/**
 * lft_kprobe_hit() - lftrace's fentry hook at a site kprobe events want
 * @ip: the function
 * @parent_ip: its caller
 * @regs: the registers at its entry
 *
 * Called with preemption off, as a kprobe's handler would be, and with
 * regs->ip just past the int3 a kprobe at @ip would have hit, as the
 * kernel's kprobes on ftrace set it: %ip and stacks are the kprobe's.
 */
static void lft_kprobe_hit(unsigned long ip, unsigned long parent_ip,
		    struct pt_regs *regs)
{
	unsigned long orig_ip = instruction_pointer(regs);
	bool ret = false;
	struct lft_kp *k;

	instruction_pointer_set(regs, ip + sizeof(kprobe_opcode_t));
	lft_kp_for_each_hooked(k, ip) {
		if (lft_kp_addr(k) != ip || !READ_ONCE(k->on_hook))
			continue;
		if (k->def->is_return) {
			ret = true;
			continue;
		}
		raw_cpu_inc(*k->nhit);
		lft_kp_record(k, regs, ip, 0);
	}
	instruction_pointer_set(regs, orig_ip);
	/* One return hook serves every return probe of the function. */
	if (ret)
		lft_fret_hook(regs, ip, 0, lft_kp_fret);
}

static void lft_kp_reclaim(const struct lft_fentry_ops *other);
static struct lft_fentry_ops lft_kp_fentry = {
	.hit = lft_kprobe_hit,
	.reclaim = lft_kp_reclaim,
	.order = 60,	/* last: see function_graph's */
	.all_regs = true,	/* fetch args name any register */
};

static bool lft_kp_want(unsigned long ip, void *data)
{
	struct lft_kp *k;
	bool want = false;

	rcu_read_lock();
	lft_kp_for_each_hooked(k, ip)
		if (lft_kp_addr(k) == ip) {
			want = true;
			break;
		}
	rcu_read_unlock();
	return want;
}

/* Ask the hook for the sites of the hooked probes (lft_lock held). */
static int lft_kp_hook_update(void)
{
	return lft_fentry_update(&lft_kp_fentry, lft_kp_nr_hooked ?
				 lft_kp_want : NULL, NULL);
}

/* After the probes of its address hooked before it (lft_lock held). */
static void lft_kp_hash_add(struct lft_kp *k)
{
	struct hlist_head *head;
	struct hlist_node *last = NULL, *n;

	head = &lft_kp_hooked[hash_min(lft_kp_addr(k), HASH_BITS(lft_kp_hooked))];
	hlist_for_each(n, head)
		last = n;
	if (last)
		hlist_add_behind_rcu(&k->hook, last);
	else
		hlist_add_head_rcu(&k->hook, head);
	lft_kp_nr_hooked++;
}

/*
 * Leave the hook; on return no CPU is in lft_kprobe_hit() or
 * lft_kp_fret() for @k.
 */
static void lft_kp_unhook(struct lft_kp *k)
{
	WRITE_ONCE(k->on_hook, false);
	hash_del_rcu(&k->hook);
	lft_kp_nr_hooked--;
	lft_kp_hook_update();
	/* The hook runs where RCU may not watch (idle, entry code). */
	synchronize_rcu_tasks_rude();
	if (k->def->is_return)
		lft_fret_stop();
}

/*
 * A probe at +0: lftrace's hook serves it if lftrace holds the
 * site (already, or now for this probe). Else the site is the kernel's
 * (its ftrace or a kprobe of its own) and the kprobe is armed there.
 */
static bool lft_kp_hook(struct lft_kp *k)
{
	if (k->def->offset)
		return false;
	/* Return probes: the function's return hooked from its entry. */
	if (k->def->is_return && lft_fret_start(LFT_KP_FRET_NODES))
		return false;
	lft_kp_hash_add(k);
	if (!lft_kp_hook_update() && lft_fentry_patched(lft_kp_addr(k))) {
		WRITE_ONCE(k->on_hook, true);
		return true;
	}
	lft_kp_unhook(k);
	return false;
}

/*
 * Before another user of lftrace's hook asks for its sites (lft_lock
 * held): a probe at +0 armed as a kprobe on the kernel's ftrace (the
 * kernel held the site when it was enabled) keeps the site the kernel's through its ftrace even
 * once the kernel's own user is gone, and lftrace could not patch it for
 * the function tracer, say. Each such probe is moved to lftrace's hook
 * when the kernel lets go of the site, else armed again as it was.
 */
static void lft_kp_reclaim(const struct lft_fentry_ops *other)
{
	struct lft_kp *k;

	list_for_each_entry(k, &lft_kp_list, list) {
		if (!k->on_site_kprobe)
			continue;
		disable_kprobe(&k->rp.kp);
		if (lft_kp_hook(k))
			k->on_site_kprobe = false;
		else
			enable_kprobe(&k->rp.kp);
	}
}

static int lft_kp_arm(struct lft_kp *k)
{
	int ret;

	if (lft_kp_hook(k))
		return 0;
	ret = enable_kprobe(&k->rp.kp);
	if (!ret && (k->rp.kp.flags & KPROBE_FLAG_FTRACE))
		k->on_site_kprobe = true;
	return ret;
}

static void lft_kp_disarm(struct lft_kp *k)
{
	if (k->on_hook) {
		lft_kp_unhook(k);
		return;
	}
	k->on_site_kprobe = false;
	disable_kprobe(&k->rp.kp);
}

/*
 * The registry's hook: arm every probe of the event while an array has
 * it enabled; if one cannot be armed, none is (as 6.1 rolls back).
 */
static int lft_kp_reg(struct lft_event *ev, bool on)
{
	struct lft_kp_event *kev = container_of(ev, struct lft_kp_event, ev);
	struct lft_kp *k;
	int ret;

	if (!on) {
		list_for_each_entry(k, &kev->probes, sibling)
			lft_kp_disarm(k);
		return 0;
	}
	list_for_each_entry(k, &kev->probes, sibling) {
		ret = lft_kp_arm(k);
		if (ret) {
			list_for_each_entry_continue_reverse(k, &kev->probes,
							     sibling)
				lft_kp_disarm(k);
			return ret;
		}
	}
	return 0;
}

/* A function's bare name: 6.1 leaves out the module here. */
static void lft_kp_print_name(struct seq_buf *s, unsigned long ip)
{
	char name[KSYM_SYMBOL_LEN];

	snprintf(name, sizeof(name), "%ps", (void *)ip);
	*strchrnul(name, ' ') = '\0';
	seq_buf_printf(s, "%s", name);
}

/* A code address as 6.1's output shows it, "+off/size" or not. */
static void lft_kp_print_ip(struct seq_buf *s, unsigned long ip, bool offs)
{
	/* The rethook trampoline: the return address a hooked frame shows. */
	if (ip && ip == (unsigned long)lft_ks.arch_rethook_trampoline)
		seq_buf_printf(s, "[unknown/kretprobe'd]");
	else if (offs)
		seq_buf_printf(s, "%pS", (void *)ip);
	else
		lft_kp_print_name(s, ip);
}

static void lft_kp_print(struct seq_buf *s, const void *rec, unsigned int len)
{
	const struct lft_entry *ent = rec;
	struct lft_event *ev = lft_event_by_id(ent->type);
	const unsigned long *head = rec + LFT_ENT_BODY;
	struct lft_kp_event *kev;

	if (!ev)
		return;
	/* Any probe's record: they all have the first one's fields. */
	kev = container_of(ev, struct lft_kp_event, ev);
	seq_buf_printf(s, "(");
	if (kev->def->is_return) {
		lft_kp_print_ip(s, head[1], true);
		seq_buf_printf(s, " <- ");
		lft_kp_print_ip(s, head[0], false);
	} else {
		lft_kp_print_ip(s, head[0], true);
	}
	seq_buf_printf(s, ")");
	lft_pb_print_args(s, kev->def, rec, len, kev->head);
}

/* -------------------------------------------------- symbol lookups */

static int lft_kp_count_one(void *data, unsigned long addr)
{
	(*(unsigned int *)data)++;
	return 0;
}

static unsigned int lft_kp_sym_count(const char *sym)
{
	unsigned int n = 0;

	lft_kcall(kallsyms_on_each_match_symbol)(lft_kp_count_one, sym, &n);
	/* Not in the kernel's own table: a module's, found or not. */
	if (!n && lft_ksym_lookup(sym))
		n = 1;
	return n;
}

static int lft_kp_sym_entry(const char *sym, unsigned long offs)
{
	if (!lft_ksym_lookup(sym))
		return -ENOENT;
	/* Without IBT, only +0 is the entry (x86's rule). */
	return offs == 0;
}

static const struct lft_pb_symcheck lft_kp_syms = {
	.count = lft_kp_sym_count,
	.entry = lft_kp_sym_entry,
};

/* @SYM[+|-OFFS] arguments' addresses; -ENOENT names a missing one. */
static int lft_kp_resolve_args(struct lft_pb_def *def)
{
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		struct lft_pb_arg *a = &def->args[i];
		char *sym, *p;
		long off = 0;
		unsigned long addr;

		if (!a->sym || a->base == LFT_PB_DATA)
			continue;
		sym = kstrdup(a->sym, GFP_KERNEL);
		if (!sym)
			return -ENOMEM;
		p = strpbrk(sym, "+-");
		if (p) {
			if (kstrtol(p, 0, &off)) {
				kfree(sym);
				return -EINVAL;
			}
			*p = '\0';
		}
		addr = lft_ksym_lookup(sym);
		kfree(sym);
		if (!addr)
			return -ENOENT;
		a->param = addr + off;
	}
	return 0;
}

/* ------------------------------------------------------ definitions */

static struct lft_kp_event *lft_kp_find(const char *group, const char *event)
{
	struct lft_kp *k;

	list_for_each_entry(k, &lft_kp_list, list)
		if (!strcmp(k->def->group, group) &&
		    !strcmp(k->def->event, event))
			return k->event;
	return NULL;
}

static void lft_kp_fields_free(struct lft_kp_event *kev)
{
	if (kev->fields)
		lft_pb_arg_fields_free(kev->def, kev->fields +
				       lft_pb_head_fields(kev->def));
	kfree(kev->fields);
}

static void lft_kp_event_free(struct lft_kp_event *kev)
{
	lft_kp_fields_free(kev);
	kfree(kev->ev.print_fmt);
	lft_pb_def_free(kev->def);
	kfree(kev);
}

static void lft_kp_free(struct lft_kp *k)
{
	free_percpu(k->nhit);
	/* The event's own definition goes with the event. */
	if (!k->event || k->def != k->event->def)
		lft_pb_def_free(k->def);
	kfree(k);
}

/* The format file's fields: the head's, then one per argument. */
static int lft_kp_fields(struct lft_kp_event *kev)
{
	const struct lft_pb_def *def = kev->def;
	struct lft_ev_field *fl;

	fl = kcalloc(def->nargs + 2, sizeof(*fl), GFP_KERNEL);
	if (!fl)
		return -ENOMEM;
	kev->fields = fl;
	kev->ev.fields = fl;
	kev->ev.nfields = def->nargs + lft_pb_head_fields(def);
	kev->head = lft_pb_head_set(def, fl);
	return lft_pb_arg_fields(def, fl + lft_pb_head_fields(def), kev->head);
}

/* A new event for @def's first probe; lft_event_add() is the caller's. */
static struct lft_kp_event *lft_kp_event_new(struct lft_pb_def *def)
{
	struct lft_kp_event *kev = kzalloc(sizeof(*kev), GFP_KERNEL);

	if (!kev)
		return NULL;
	kev->def = def;
	INIT_LIST_HEAD(&kev->probes);
	kev->ev.print_fmt = lft_pb_print_fmt(def);
	if (!kev->ev.print_fmt || lft_kp_fields(kev)) {
		/* The definition is still the caller's. */
		lft_kp_fields_free(kev);
		kfree(kev->ev.print_fmt);
		kfree(kev);
		return NULL;
	}
	kev->ev.system = def->group;
	kev->ev.name = def->event;
	kev->ev.print = lft_kp_print;
	kev->ev.reg = lft_kp_reg;
	kev->ev.is_probe = true;
	return kev;
}

static void lft_kp_log(struct lft_pb_perr *perr, int code, unsigned int pos)
{
	if (perr->cmd && code)
		lft_err_log(NULL, "trace_kprobe", perr->cmd,
			    lft_pb_err_text[code], pos);
}

/*
 * Where 6.1's caret goes for the command's word @n (0: "p:EVENT"): the
 * word's start, or past the command and a space when it has fewer words.
 */
static unsigned int lft_kp_word_pos(const char *cmd, unsigned int n)
{
	const char *p = cmd;

	while (n--) {
		p = strchr(p, ' ');
		if (!p)
			return strlen(cmd) + 1;
		p++;
	}
	return p - cmd;
}

/*
 * 6.1's test for a probe defined twice: the same symbol and offset (an
 * address probe's symbol counts as "unknown", so any two with the same
 * arguments are the same) and the same arguments as written.
 */
static bool lft_kp_same_probe(const struct lft_pb_def *a,
			      const struct lft_pb_def *b)
{
	unsigned int i;

	if (strcmp(a->symbol ?: "unknown", b->symbol ?: "unknown") ||
	    (a->symbol ? a->offset : 0) != (b->symbol ? b->offset : 0))
		return false;
	for (i = 0; i < a->nargs; i++)
		if (strcmp(a->args[i].comm, b->args[i].comm))
			return false;
	return true;
}

/*
 * May @def be appended to @kev as one more probe? 6.1's rules and
 * errors: the same kind of probe, the same arguments' names and types as
 * the event's oldest probe, and not a copy of one of its probes.
 */
static int lft_kp_append_check(struct lft_kp_event *kev,
			       const struct lft_pb_def *def,
			       struct lft_pb_perr *perr)
{
	struct lft_kp *k = list_first_entry(&kev->probes, struct lft_kp,
					    sibling);
	unsigned int i;

	if (k->def->is_return != def->is_return) {
		lft_kp_log(perr, LFT_PB_E_DIFF_PROBE_TYPE, 0);
		return -EEXIST;
	}
	i = lft_pb_diff_arg(def, k->def);
	if (i) {
		/* Argument i is the command's word i + 1. */
		lft_kp_log(perr, LFT_PB_E_DIFF_ARG_TYPE,
			   lft_kp_word_pos(perr->cmd ?: "", i + 1));
		return -EEXIST;
	}
	list_for_each_entry(k, &kev->probes, sibling)
		if (lft_kp_same_probe(k->def, def)) {
			lft_kp_log(perr, LFT_PB_E_SAME_PROBE, 0);
			return -EEXIST;
		}
	return 0;
}

/* Register the probe, disabled; its errors as 6.1 reports them. */
static int lft_kp_register(struct lft_kp *k, struct lft_pb_perr *perr)
{
	const struct lft_pb_def *def = k->def;
	unsigned int sym_pos = strchrnul(perr->cmd, ' ') - perr->cmd + 1;
	struct kprobe *kp = &k->rp.kp;
	int ret = lft_kp_resolve_args(k->def);

	if (!ret) {
		if (def->symbol) {
			kp->symbol_name = def->symbol;
			kp->offset = def->offset;
		} else {
			kp->addr = (kprobe_opcode_t *)def->addr;
		}
		kp->flags = KPROBE_FLAG_DISABLED;
		if (def->is_return) {
			k->rp.handler = lft_kp_ret;
			k->rp.maxactive = def->maxactive;
			ret = register_kretprobe(&k->rp);
		} else {
			kp->pre_handler = lft_kp_pre;
			ret = register_kprobe(kp);
		}
	}
	if (ret == -EILSEQ)
		lft_kp_log(perr, LFT_PB_E_BAD_INSN_BNDRY, sym_pos);
	else if (ret == -ENOENT)
		lft_kp_log(perr, LFT_PB_E_BAD_PROBE_ADDR, sym_pos);
	else if (ret && ret != -ENOMEM && ret != -EEXIST)
		lft_kp_log(perr, LFT_PB_E_FAIL_REG_PROBE, sym_pos);
	return ret;
}

static void lft_kp_unregister(struct lft_kp *k)
{
	if (k->def->is_return)
		unregister_kretprobe(&k->rp);
	else
		unregister_kprobe(&k->rp.kp);
}

/*
 * One definition line: a new event with its first probe, or one more
 * probe on an existing event. As in 6.1, a probe appended to an enabled
 * event is armed at once.
 */
static int lft_kp_create(const char *line)
{
	struct lft_kp_event *kev;
	struct lft_pb_perr perr;
	struct lft_pb_def *def;
	struct lft_kp *k;
	int ret;

	def = lft_pb_parse(line, &lft_kp_syms, &perr);
	if (IS_ERR(def)) {
		lft_kp_log(&perr, perr.code, perr.pos);
		kfree(perr.cmd);
		return PTR_ERR(def);
	}
	kev = lft_kp_find(def->group, def->event);
	if (kev) {
		ret = lft_kp_append_check(kev, def, &perr);
		if (ret)
			goto out_def;
	}
	ret = -ENOMEM;
	k = kzalloc(sizeof(*k), GFP_KERNEL);
	if (!k)
		goto out_def;
	k->def = def;
	k->nhit = alloc_percpu(unsigned long);
	if (!k->nhit)
		goto out_free;
	if (!kev) {
		kev = lft_kp_event_new(def);
		if (!kev)
			goto out_free;
		k->event = kev;
		ret = lft_kp_register(k, &perr);
		if (ret)
			goto out_event;
		ret = lft_event_add(&kev->ev);
		if (ret) {
			if (ret == -EEXIST)
				lft_kp_log(&perr, LFT_PB_E_EVENT_EXIST, 0);
			lft_kp_unregister(k);
			goto out_event;
		}
	} else {
		k->event = kev;
		ret = lft_kp_register(k, &perr);
		if (ret)
			goto out_free;
		if (kev->ev.users) {
			ret = lft_kp_arm(k);
			if (ret) {
				lft_kp_unregister(k);
				goto out_free;
			}
		}
	}
	list_add_tail(&k->sibling, &kev->probes);
	list_add_tail(&k->list, &lft_kp_list);
	lft_dynev_add(&k->dyn, &lft_kp_dynev_ops);
	kfree(perr.cmd);
	return 0;
out_event:
	lft_kp_free(k);		/* the definition goes with the event */
	lft_kp_event_free(kev);
	kfree(perr.cmd);
	return ret;
out_free:
	k->event = NULL;
	lft_kp_free(k);
	kfree(perr.cmd);
	return ret;
out_def:
	lft_pb_def_free(def);
	kfree(perr.cmd);
	return ret;
}

/*
 * Remove one probe. As in 6.1, a probe with siblings goes even while its
 * event is enabled (disarmed first); the last one takes the event with
 * it, which the registry refuses (EBUSY) while the event is enabled or a
 * file of it is open.
 */
static int lft_kp_remove(struct lft_kp *k)
{
	struct lft_kp_event *kev = k->event;
	bool last = list_is_singular(&kev->probes);
	int ret;

	if (last) {
		ret = lft_event_remove(&kev->ev);
		if (ret)
			return ret;
	} else if (kev->ev.users) {
		lft_kp_disarm(k);
	}
	list_del(&k->sibling);
	list_del(&k->list);
	lft_dynev_del(&k->dyn);
	/* Waits for the probe's handlers: none uses @k after it. */
	lft_kp_unregister(k);
	lft_kp_free(k);
	if (last)
		lft_kp_event_free(kev);
	return 0;
}

/* "PLACE [NAME=ARG ...]" after "-:EVENT": narrows which probe goes. */
static bool lft_kp_match_head(struct lft_kp *k, int argc, char **argv)
{
	const struct lft_pb_def *def = k->def;
	char buf[LFT_PB_NAME_LEN * 2];
	int i;

	if (!argc)
		return true;
	if (!def->symbol)
		snprintf(buf, sizeof(buf), "0x%p", k->rp.kp.addr);
	else if (def->offset)
		snprintf(buf, sizeof(buf), "%s+%u", def->symbol,
			 (unsigned int)def->offset);
	else
		snprintf(buf, sizeof(buf), "%s", def->symbol);
	if (strcmp(buf, argv[0]))
		return false;
	if (argc - 1 > def->nargs)
		return false;
	for (i = 1; i < argc; i++) {
		snprintf(buf, sizeof(buf), "%s=%s", def->args[i - 1].name,
			 def->args[i - 1].comm);
		if (strcmp(buf, argv[i]))
			return false;
	}
	return true;
}

/* "-:[GRP/]EVENT [PLACE [ARGS]]" names this probe. */
static bool lft_kp_match(const char *group, const char *event, int argc,
			 char **argv, struct lft_dynev *d)
{
	struct lft_kp *k = container_of(d, struct lft_kp, dyn);

	return (!*event || !strcmp(k->def->event, event)) &&
	       (!group || !strcmp(k->def->group, group)) &&
	       lft_kp_match_head(k, argc, argv);
}

static bool lft_kp_busy(struct lft_dynev *d)
{
	return container_of(d, struct lft_kp, dyn)->event->ev.users;
}

/* An enabled event's last probe stays (EBUSY), the others go. */
static int lft_kp_remove_dyn(struct lft_dynev *d)
{
	return lft_kp_remove(container_of(d, struct lft_kp, dyn));
}

static void lft_kp_show(struct seq_buf *s, struct lft_dynev *d)
{
	struct lft_kp *k = container_of(d, struct lft_kp, dyn);

	lft_pb_def_show(k->def, (unsigned long)k->rp.kp.addr, k->rp.maxactive,
			s);
}

/* ---------------------------------------------------------- files */

static void lft_kp_show_profile(struct seq_buf *s)
{
	struct lft_kp *k;

	list_for_each_entry(k, &lft_kp_list, list) {
		unsigned long hits = 0, missed = k->rp.kp.nmissed;
		int cpu;

		for_each_possible_cpu(cpu)
			hits += *per_cpu_ptr(k->nhit, cpu);
		if (k->def->is_return)
			missed += k->rp.nmissed;
		seq_buf_printf(s, "  %-44s %15lu %15lu\n", k->def->event, hits,
			       missed);
	}
}

/* kprobe_events and kprobe_profile, at the top level as 6.1 has them. */
static int lft_kp_files(struct lft_array *tr)
{
	int ret = lft_dynev_file(tr, "kprobe_events", 0640, &lft_kp_dynev_ops,
				 NULL);

	return ret ? ret : lft_dynev_file(tr, "kprobe_profile", 0440,
					  &lft_kp_dynev_ops,
					  lft_kp_show_profile);
}

/**
 * lft_kp_boot() - the kprobe_event= parameter: define and enable probes
 * @defs: definitions separated by ';', with ',' for spaces (6.1's syntax)
 *
 * Called with lft_lock held, once the top level's events/ exists.
 *
 * Return: 0, or the first failing definition's errno (after a message).
 */
int lft_kp_boot(const char *defs)
{
	char *copy = kstrdup(defs, GFP_KERNEL), *p, *line;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	p = copy;
	while (!ret && (line = strsep(&p, ";"))) {
		char *c;
		struct lft_kp *k;
		struct lft_ev_file *f;

		for (c = line; *c; c++)
			if (*c == ',')
				*c = ' ';
		if (!*skip_spaces(line))
			continue;
		ret = lft_kp_create(line);
		if (ret) {
			pr_err("kprobe_event: cannot add '%s': %d\n", line, ret);
			break;
		}
		k = list_last_entry(&lft_kp_list, struct lft_kp, list);
		f = lft_ev_file_find(&lft_top, &k->event->ev);
		ret = f ? lft_ev_enable(f, true) : -ENOENT;
		if (ret)
			pr_err("kprobe_event: cannot enable '%s': %d\n", line,
			       ret);
	}
	kfree(copy);
	return ret;
}

/*
 * At unload: the arrays are gone (their events disabled); the registry's
 * list still links the events, so they leave it here.
 */
static void lft_kp_exit(void)
{
	struct lft_kp *k, *tmp;

	list_for_each_entry_safe(k, tmp, &lft_kp_list, list) {
		struct lft_kp_event *kev = k->event;
		bool last = list_is_singular(&kev->probes);

		list_del(&k->sibling);
		list_del(&k->list);
		lft_dynev_del(&k->dyn);
		lft_kp_unregister(k);
		lft_kp_free(k);
		if (last) {
			list_del(&kev->ev.list);
			lft_kp_event_free(kev);
		}
	}
}

static struct lft_dynev_ops lft_kp_dynev_ops = {
	.create = lft_kp_create,
	.show = lft_kp_show,
	.busy = lft_kp_busy,
	.match = lft_kp_match,
	.remove = lft_kp_remove_dyn,
	.files = lft_kp_files,
	.exit = lft_kp_exit,
};

/**
 * lft_kp_init() - register kprobe events as a kind of dynamic event
 */
void lft_kp_init(void)
{
	lft_dynev_register(&lft_kp_dynev_ops);
}
