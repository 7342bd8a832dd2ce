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

/* One probe of an event (probe.h): a place, its kprobe and its counts. */
struct lft_kp {
	struct lft_pb_probe pb;
	struct kretprobe rp;		/* rp.kp alone for p probes */
	unsigned long __percpu *nhit;
	struct hlist_node hook;		/* in lft_kp_hooked while on the hook */
	bool on_hook;			/* served by lftrace's fentry hook */
	bool on_site_kprobe;		/* armed as a kprobe on ftrace */
};

static struct lft_pb_class lft_kp_class;

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

static struct lft_kp *lft_kp_of(struct lft_pb_probe *p)
{
	return container_of(p, struct lft_kp, pb);
}

static unsigned long lft_kp_addr(const struct lft_kp *k)
{
	return (unsigned long)k->rp.kp.addr;
}

/* ------------------------------------------------------ the handlers */

/* @edata: a return probe's, what its entry saved (lft_pb_save_edata()). */
static void lft_kp_record(struct lft_kp *k, struct pt_regs *regs,
			  unsigned long ip, unsigned long ret_ip,
			  const unsigned long *edata)
{
	const struct lft_pb_def *def = k->pb.def;
	unsigned int head = k->pb.event->head;
	unsigned int fixed = head + def->size, dsize = 0;
	struct lft_ev_file *f;

	/* Strings are measured first and cut to what a record can hold. */
	if (def->dynamic)
		dsize = min_t(unsigned int,
			      lft_pb_store_ret(def, regs, edata, NULL, head, 0),
			      LFT_RB_MAX_PAYLOAD - fixed);
	lft_ev_for_each_file(f, &k->pb.event->ev) {
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
		/* Stacks from the probed code, as the kernel's (its regs). */
		lft_ev_commit_regs(f, &res, regs);
	}
}

static int lft_kp_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct lft_kp *k = container_of(kp, struct lft_kp, rp.kp);

	raw_cpu_inc(*k->nhit);
	lft_kp_record(k, regs, (unsigned long)kp->addr, 0, NULL);
	return 0;
}

/* A return probe's entry: the arguments its $argN read (6.12). */
static int lft_kp_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	lft_pb_save_edata(regs, (unsigned long *)ri->data);
	return 0;
}

static int lft_kp_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct lft_kp *k = container_of(rp, struct lft_kp, rp);

	raw_cpu_inc(*k->nhit);
	lft_kp_record(k, regs, (unsigned long)rp->kp.addr,
		      get_kretprobe_retaddr(ri), (unsigned long *)ri->data);
	return 0;
}

#define LFT_KP_FRET_NODES	1024	/* frames hooked at once, all tasks */

/* A hooked function returns: regs->ip is where to, regs->ax the value. */
static void lft_kp_fret(unsigned long func, int depth, u64 calltime,
			struct pt_regs *regs)
{
	const unsigned long *edata = lft_fret_data();
	struct lft_kp *k;

	lft_kp_for_each_hooked(k, func) {
		if (lft_kp_addr(k) != func ||
		    !k->pb.def->is_return || !READ_ONCE(k->on_hook))
			continue;
		raw_cpu_inc(*k->nhit);
		lft_kp_record(k, regs, func, instruction_pointer(regs), edata);
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
		if (k->pb.def->is_return) {
			ret = true;
			continue;
		}
		raw_cpu_inc(*k->nhit);
		lft_kp_record(k, regs, ip, 0, NULL);
	}
	instruction_pointer_set(regs, orig_ip);
	/*
	 * One return hook serves every return probe of the function, with
	 * the arguments their $argN read.
	 */
	if (ret) {
		unsigned long edata[LFT_PB_EDATA_MAX];

		BUILD_BUG_ON(LFT_PB_EDATA_MAX > LFT_FRET_DATA);
		lft_pb_save_edata(regs, edata);
		lft_fret_hook_save(regs, ip, lft_kp_fret, edata,
				   LFT_PB_EDATA_MAX);
	}
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
	if (k->pb.def->is_return)
		lft_fret_stop();
}

/*
 * A probe at +0: lftrace's hook serves it if lftrace holds the
 * site (already, or now for this probe). Else the site is the kernel's
 * (its ftrace or a kprobe of its own) and the kprobe is armed there.
 */
static bool lft_kp_hook(struct lft_kp *k)
{
	if (k->pb.def->offset)
		return false;
	/* Return probes: the function's return hooked from its entry. */
	if (k->pb.def->is_return && lft_fret_start(LFT_KP_FRET_NODES))
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
	struct lft_pb_probe *p;

	list_for_each_entry(p, &lft_kp_class.probes, list) {
		struct lft_kp *k = lft_kp_of(p);

		if (!k->on_site_kprobe)
			continue;
		disable_kprobe(&k->rp.kp);
		if (lft_kp_hook(k))
			k->on_site_kprobe = false;
		else
			enable_kprobe(&k->rp.kp);
	}
}

static int lft_kp_arm(struct lft_pb_probe *p)
{
	struct lft_kp *k = lft_kp_of(p);
	int ret;

	if (lft_kp_hook(k))
		return 0;
	ret = enable_kprobe(&k->rp.kp);
	if (!ret && (k->rp.kp.flags & KPROBE_FLAG_FTRACE))
		k->on_site_kprobe = true;
	return ret;
}

static void lft_kp_disarm(struct lft_pb_probe *p)
{
	struct lft_kp *k = lft_kp_of(p);

	if (k->on_hook) {
		lft_kp_unhook(k);
		return;
	}
	k->on_site_kprobe = false;
	disable_kprobe(&k->rp.kp);
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

/* "(place)" or "(where to <- function)", before the arguments. */
static void lft_kp_print_head(struct seq_buf *s, const struct lft_pb_def *def,
			      const void *rec)
{
	const unsigned long *head = rec + LFT_ENT_BODY;

	seq_buf_printf(s, "(");
	if (def->is_return) {
		lft_kp_print_ip(s, head[1], true);
		seq_buf_printf(s, " <- ");
		lft_kp_print_ip(s, head[0], false);
	} else {
		lft_kp_print_ip(s, head[0], true);
	}
	seq_buf_printf(s, ")");
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

/* ------------------------------------------------------ definitions */

static void lft_kp_free(struct lft_pb_probe *p)
{
	struct lft_kp *k = lft_kp_of(p);

	free_percpu(k->nhit);
	kfree(k);
}

/*
 * 6.1's test for a probe defined twice (its arguments are probe.c's): the
 * same symbol and offset; an address probe's symbol counts as "unknown",
 * so any two with the same arguments are the same.
 */
static bool lft_kp_same_place(const struct lft_pb_probe *pa,
			      const struct lft_pb_probe *pb)
{
	const struct lft_pb_def *a = pa->def, *b = pb->def;

	return !strcmp(a->symbol ?: "unknown", b->symbol ?: "unknown") &&
	       (a->symbol ? a->offset : 0) == (b->symbol ? b->offset : 0);
}

/* Register the probe, disabled; its errors as 6.1 reports them. */
static int lft_kp_register(struct lft_kp *k, struct lft_pb_perr *perr)
{
	const struct lft_pb_def *def = k->pb.def;
	struct kprobe *kp = &k->rp.kp;
	int ret = lft_pb_resolve_syms(k->pb.def);
	int code = LFT_PB_E_NONE;

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
			if (def->edata) {
				k->rp.entry_handler = lft_kp_entry;
				k->rp.data_size = LFT_PB_EDATA_MAX *
						  sizeof(unsigned long);
			}
			k->rp.maxactive = def->maxactive;
			ret = register_kretprobe(&k->rp);
		} else {
			kp->pre_handler = lft_kp_pre;
			ret = register_kprobe(kp);
		}
	}
	if (ret == -EILSEQ)
		code = LFT_PB_E_BAD_INSN_BNDRY;
	else if (ret == -ENOENT)
		code = LFT_PB_E_BAD_PROBE_ADDR;
	else if (ret && ret != -ENOMEM && ret != -EEXIST)
		code = LFT_PB_E_FAIL_REG_PROBE;
	if (code) {
		/* At the place: the command's second word. */
		perr->code = code;
		perr->pos = strchrnul(perr->cmd, ' ') - perr->cmd + 1;
	}
	return ret;
}

static void lft_kp_unregister(struct lft_kp *k)
{
	if (k->pb.def->is_return)
		unregister_kretprobe(&k->rp);
	else
		unregister_kprobe(&k->rp.kp);
}

/*
 * A probe added: registered, disabled (a bad place fails the write); as
 * in 6.1, one appended to an enabled event is armed at once.
 */
static int lft_kp_attach(struct lft_pb_probe *p, struct lft_pb_perr *perr)
{
	struct lft_kp *k = lft_kp_of(p);
	int ret = lft_kp_register(k, perr);

	if (ret || !p->event->ev.users)
		return ret;
	ret = lft_kp_arm(p);
	if (ret)
		lft_kp_unregister(k);
	return ret;
}

/* Waits for the probe's handlers: none uses it after this. */
static void lft_kp_detach(struct lft_pb_probe *p)
{
	lft_kp_unregister(lft_kp_of(p));
}

/* One definition line: a new event, or one more probe on an event. */
static int lft_kp_create(const char *line)
{
	struct lft_pb_perr perr;
	struct lft_pb_def *def;
	struct lft_kp *k;
	int ret = -ENOMEM;

	def = lft_pb_parse(line, &lft_kp_syms, &perr);
	if (IS_ERR(def)) {
		lft_pb_log(&lft_kp_class, &perr);
		kfree(perr.cmd);
		return PTR_ERR(def);
	}
	k = kzalloc(sizeof(*k), GFP_KERNEL);
	if (!k) {
		lft_pb_def_free(def);
		goto out;
	}
	k->pb.cls = &lft_kp_class;
	k->pb.def = def;
	k->nhit = alloc_percpu(unsigned long);
	if (k->nhit)
		ret = lft_pb_add(&k->pb, &perr);
	if (ret) {
		lft_pb_log(&lft_kp_class, &perr);
		lft_pb_probe_free(&k->pb);
	}
out:
	kfree(perr.cmd);
	return ret;
}

/* "PLACE" after "-:EVENT", as the listing shows it. */
static bool lft_kp_match_place(const struct lft_pb_probe *p, const char *word)
{
	const struct lft_kp *k = container_of(p, struct lft_kp, pb);
	const struct lft_pb_def *def = p->def;
	char buf[LFT_PB_NAME_LEN * 2];

	if (!def->symbol)
		snprintf(buf, sizeof(buf), "0x%p", k->rp.kp.addr);
	else if (def->offset)
		snprintf(buf, sizeof(buf), "%s+%u", def->symbol,
			 (unsigned int)def->offset);
	else
		snprintf(buf, sizeof(buf), "%s", def->symbol);
	return !strcmp(buf, word);
}

static void lft_kp_show(struct seq_buf *s, struct lft_dynev *d)
{
	struct lft_kp *k = container_of(d, struct lft_kp, pb.dyn);

	lft_pb_def_show(k->pb.def, (unsigned long)k->rp.kp.addr,
			k->rp.maxactive, s);
}

/* ---------------------------------------------------------- files */

static void lft_kp_show_profile(struct seq_buf *s)
{
	struct lft_kp *k;

	list_for_each_entry(k, &lft_kp_class.probes, pb.list) {
		unsigned long hits = 0, missed = k->rp.kp.nmissed;
		int cpu;

		for_each_possible_cpu(cpu)
			hits += *per_cpu_ptr(k->nhit, cpu);
		if (k->pb.def->is_return)
			missed += k->rp.nmissed;
		seq_buf_printf(s, "  %-44s %15lu %15lu\n", k->pb.def->event,
			       hits, missed);
	}
}

static int lft_kp_files(struct lft_array *tr)
{
	return lft_pb_files(&lft_kp_class, tr);
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
		struct lft_pb_probe *p;
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
		p = list_last_entry(&lft_kp_class.probes, struct lft_pb_probe,
				    list);
		f = lft_ev_file_find(&lft_top, &p->event->ev);
		ret = f ? lft_ev_enable(f, true) : -ENOENT;
		if (ret)
			pr_err("kprobe_event: cannot enable '%s': %d\n", line,
			       ret);
	}
	kfree(copy);
	return ret;
}

static void lft_kp_exit(void)
{
	lft_pb_exit(&lft_kp_class);
}

static struct lft_pb_class lft_kp_class = {
	.dynev = {
		.create = lft_kp_create,
		.show = lft_kp_show,
		.busy = lft_pb_busy,
		.match = lft_pb_match,
		.remove = lft_pb_remove,
		.files = lft_kp_files,
		.exit = lft_kp_exit,
	},
	.probes = LIST_HEAD_INIT(lft_kp_class.probes),
	.log_sys = "trace_kprobe",
	.append = true,
	.match_len = LFT_PB_NAME_LEN * 2,
	.print_head = lft_kp_print_head,
	.arm = lft_kp_arm,
	.disarm = lft_kp_disarm,
	.attach = lft_kp_attach,
	.detach = lft_kp_detach,
	.same_place = lft_kp_same_place,
	.match_place = lft_kp_match_place,
	.free = lft_kp_free,
	.events_file = "kprobe_events",
	.profile_file = "kprobe_profile",
	.show_profile = lft_kp_show_profile,
};

/**
 * lft_kp_init() - register kprobe events as a kind of dynamic event
 */
void lft_kp_init(void)
{
	lft_dynev_register(&lft_kp_class.dynev);
}
