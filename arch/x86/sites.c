// SPDX-License-Identifier: GPL-2.0
/*
 * The table of fentry sites lftrace may patch, and who wants each.
 *
 * The kernel's ftrace records are the authoritative list of sites, for
 * vmlinux and every module: they are read under ftrace_lock, skipping
 * records ftrace itself disabled (the "ghosts" of overridden weak
 * functions) and lftrace's own. Sites are keyed by address, since names
 * are ambiguous. A module notifier adds the sites of a module as it comes
 * (and patches those the users want, as ftrace does for its filters) and
 * drops them, without touching its text, as it goes.
 *
 * lft_fentry_update() records what a user wants and patches or unpatches
 * the sites whose set of users became non-empty or empty.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/bsearch.h>
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>
#include <asm/cpufeature.h>
#include <asm/ibt.h>

#include "arch/x86/internal.h"
#include "arch/x86/poke.h"
#include "compat/ksyms.h"
#include "include/lft_test_export.h"

DEFINE_MUTEX(lft_sites_lock);
struct lft_site *lft_sites;
unsigned long lft_nr_sites;
/* Changes whenever a module's sites come or go (lft_sites_lock). */
static unsigned long lft_sites_generation;

/*
 * The users holding a slot, and what each wants. Slots change under
 * lft_slots_lock (and lft_sites_lock, so the table's readers may hold
 * either); a user's want/data under lft_sites_lock.
 */
static DEFINE_MUTEX(lft_slots_lock);
static struct {
	struct lft_fentry_ops *ops;
	lft_fn_want_t want;
	void *data;
} lft_slots[LFT_FENTRY_SLOTS];

static int lft_site_cmp(const void *a, const void *b)
{
	const struct lft_site *x = a, *y = b;

	return x->ip < y->ip ? -1 : x->ip > y->ip;
}

/*
 * Is this record a site to offer? Called with ftrace_lock held. @mod is
 * the module being added, or NULL at load (all of vmlinux and modules).
 */
static bool lft_rec_eligible(struct dyn_ftrace *rec, struct module *mod)
{
	struct module *m;
	bool core;

	if (rec->flags & FTRACE_FL_DISABLED)
		return false;
	if (within_module(rec->ip, THIS_MODULE))
		return false;
	if (mod)
		return within_module_core(rec->ip, mod);
	/* Only core text: init text is freed under us. */
	preempt_disable();
	m = lft_kcall(module_address)(rec->ip);
	core = !m || within_module_core(rec->ip, m);
	preempt_enable();
	return core;
}

/* Collect the eligible records (of @mod, or all) into a new array. */
static struct lft_site *lft_sites_collect(struct module *mod,
					  unsigned long *nr)
{
	struct ftrace_rec_iter *it;
	struct dyn_ftrace *rec;
	struct lft_site *v;
	unsigned long n = 0, cap = 0;

	mutex_lock(lft_ks.ftrace_lock);
	for (it = lft_kcall(ftrace_rec_iter_start)(); it;
	     it = lft_kcall(ftrace_rec_iter_next)(it))
		cap++;
	v = cap ? vzalloc(array_size(cap, sizeof(*v))) : NULL;
	for (it = v ? lft_kcall(ftrace_rec_iter_start)() : NULL; it && n < cap;
	     it = lft_kcall(ftrace_rec_iter_next)(it)) {
		rec = lft_kcall(ftrace_rec_iter_record)(it);
		if (!lft_rec_eligible(rec, mod))
			continue;
		v[n].ip = rec->ip;
		v[n].rec = rec;
		n++;
	}
	mutex_unlock(lft_ks.ftrace_lock);
	if (v)
		sort(v, n, sizeof(*v), lft_site_cmp, NULL);
	*nr = n;
	return v;
}

/* The users bits for one site, from every user's want(). */
static u8 lft_site_users(unsigned long ip)
{
	u8 users = 0;
	int u;

	for (u = 0; u < LFT_FENTRY_SLOTS; u++)
		if (lft_slots[u].want && lft_slots[u].want(ip, lft_slots[u].data))
			users |= BIT(u);
	return users;
}

/* The slots of users that read every register (lft_sites_lock). */
static u8 lft_slots_all_regs(void)
{
	u8 mask = 0;
	int u;

	for (u = 0; u < LFT_FENTRY_SLOTS; u++)
		if (lft_slots[u].ops && lft_slots[u].ops->all_regs)
			mask |= BIT(u);
	return mask;
}

/*
 * Patch what became wanted and unpatch what became unwanted, from sites
 * [from, to) whose users bits are already set, each with the trampoline
 * its users need. Called with lft_sites_lock held.
 *
 * A patched site whose users change trampolines is re-pointed: to the
 * full one before the handler learns of the new users (one of them reads
 * every register), to the lean one after (none of its users does any
 * more). The full trampoline serves any user, so a site is never lean
 * while the handler may call a user that needs it full.
 */
static int lft_sites_apply(unsigned long from, unsigned long to)
{
	struct lft_site **claim, **release, **up, **down;
	unsigned long i, nc = 0, nr = 0, nu = 0, nd = 0;
	u8 all_regs = lft_slots_all_regs();
	int ret = -ENOMEM;

	claim = kvmalloc_array(to - from + 1, sizeof(*claim), GFP_KERNEL);
	release = kvmalloc_array(to - from + 1, sizeof(*release), GFP_KERNEL);
	up = kvmalloc_array(to - from + 1, sizeof(*up), GFP_KERNEL);
	down = kvmalloc_array(to - from + 1, sizeof(*down), GFP_KERNEL);
	if (!claim || !release || !up || !down)
		goto out;
	for (i = from; i < to; i++) {
		struct lft_site *s = &lft_sites[i];
		bool full = s->users & all_regs;

		if (s->users && !s->patched) {
			s->full = full;
			claim[nc++] = s;
		} else if (!s->users && s->patched) {
			release[nr++] = s;
		} else if (s->patched && full != s->full) {
			if (full)
				up[nu++] = s;
			else
				down[nd++] = s;
		}
	}
	if (nu)
		lft_patch_retarget(up, nu, true);
	/* The handler learns of new users before their sites call it. */
	ret = lft_hook_publish();
	if (!ret && (nc || nr))
		lft_patch_sites(claim, nc, release, nr);
	if (!ret && nd)
		lft_patch_retarget(down, nd, false);
	if (!ret)
		ret = lft_hook_publish();
out:
	kvfree(claim);
	kvfree(release);
	kvfree(up);
	kvfree(down);
	return ret;
}

/**
 * lft_slots_order() - the slots of registered users, in calling order
 * @order: filled in: by each user's order, then by slot
 *
 * Called with lft_sites_lock held.
 *
 * Return: how many.
 */
unsigned int lft_slots_order(u8 *order)
{
	unsigned int n = 0, i, j;
	int slot;

	for (slot = 0; slot < LFT_FENTRY_SLOTS; slot++) {
		if (!lft_slots[slot].ops)
			continue;
		/* Insertion sort: at most LFT_FENTRY_SLOTS entries. */
		for (i = n; i > 0; i--) {
			j = order[i - 1];
			if (lft_slots[j].ops->order <= lft_slots[slot].ops->order)
				break;
			order[i] = j;
		}
		order[i] = slot;
		n++;
	}
	return n;
}

/*
 * Give @ops a slot whose call is its entry point. Process context, without
 * lft_sites_lock (the slot's call is patched text).
 */
static int lft_slot_get(struct lft_fentry_ops *ops)
{
	int slot, ret = 0;

	mutex_lock(&lft_slots_lock);
	if (ops->slot)
		goto out;
	for (slot = 0; slot < LFT_FENTRY_SLOTS; slot++)
		if (!lft_slots[slot].ops)
			break;
	if (slot == LFT_FENTRY_SLOTS) {
		ret = -EBUSY;
		goto out;
	}
	/* The call is in place before any site can name the slot. */
	lft_hook_set_slot(slot, ops->hit);
	mutex_lock(&lft_sites_lock);
	WRITE_ONCE(lft_slots[slot].ops, ops);
	mutex_unlock(&lft_sites_lock);
	ops->slot = slot + 1;
out:
	mutex_unlock(&lft_slots_lock);
	return ret;
}

/* Before @ops's sites are patched: others holding sites give them back. */
static void lft_slots_reclaim(struct lft_fentry_ops *ops)
{
	struct lft_fentry_ops *other;
	int slot;

	for (slot = 0; slot < LFT_FENTRY_SLOTS; slot++) {
		other = READ_ONCE(lft_slots[slot].ops);
		if (other && other != ops && other->reclaim)
			other->reclaim(ops);
	}
}

/**
 * lft_fentry_update() - set which sites a user wants, and patch to match
 * @ops: the user; its first update with sites gives it a slot
 * @want: says, for a function's address, whether @ops wants it; NULL
 *	for none (the user stops)
 * @data: passed to @want
 *
 * @want is kept and asked again for the sites of modules loaded later.
 * Sites the kernel's own ftrace or kprobes use stay theirs: they are
 * skipped, and tried again at the next update. Other users' @reclaim
 * callbacks run first. Process context.
 *
 * Return: 0, -EBUSY (every slot taken) or -ENOMEM (the previous state is
 * kept for the handler).
 */
int lft_fentry_update(struct lft_fentry_ops *ops, lft_fn_want_t want,
		      void *data)
{
	unsigned long i;
	int ret, slot;

	if (want) {
		ret = lft_slot_get(ops);
		if (ret)
			return ret;
		lft_slots_reclaim(ops);
	}
	slot = READ_ONCE(ops->slot) - 1;
	if (slot < 0)
		return 0;	/* has no sites */
	mutex_lock(&lft_sites_lock);
	lft_slots[slot].want = want;
	lft_slots[slot].data = data;
	for (i = 0; i < lft_nr_sites; i++) {
		struct lft_site *s = &lft_sites[i];
		bool on = want && want(s->ip, data);

		s->users = on ? s->users | BIT(slot) : s->users & ~BIT(slot);
		if (!(i & 1023))
			cond_resched();
	}
	ret = lft_sites_apply(0, lft_nr_sites);
	mutex_unlock(&lft_sites_lock);
	return ret;
}
LFT_TEST_EXPORT(lft_fentry_update);

/**
 * lft_fentry_unregister() - give up a user's sites and its slot
 * @ops: the user
 *
 * Returns once no CPU can be in @ops->hit any more (its module may go).
 */
void lft_fentry_unregister(struct lft_fentry_ops *ops)
{
	int slot;

	mutex_lock(&lft_slots_lock);
	slot = ops->slot - 1;
	if (slot < 0)
		goto out;
	/*
	 * Giving sites back fails only without memory, and the sites must
	 * not stay patched to a user that goes: try until it works.
	 */
	while (lft_fentry_update(ops, NULL, NULL))
		msleep(20);
	/* The handler runs where RCU may not watch (idle, entry code). */
	synchronize_rcu_tasks_rude();
	mutex_lock(&lft_sites_lock);
	WRITE_ONCE(lft_slots[slot].ops, NULL);
	mutex_unlock(&lft_sites_lock);
	lft_hook_set_slot(slot, NULL);
	ops->slot = 0;
out:
	mutex_unlock(&lft_slots_lock);
}
LFT_TEST_EXPORT(lft_fentry_unregister);

/* A module comes: add its sites, patching those the users want. */
static void lft_sites_add_module(struct module *mod)
{
	struct lft_site *add, *v;
	unsigned long n, i;

	add = lft_sites_collect(mod, &n);
	if (!add || !n) {
		vfree(add);
		return;
	}
	mutex_lock(&lft_sites_lock);
	v = vzalloc(array_size(lft_nr_sites + n, sizeof(*v)));
	if (!v) {
		mutex_unlock(&lft_sites_lock);
		vfree(add);
		pr_warn("no memory for the functions of %s\n",
			mod->name);
		return;
	}
	memcpy(v, lft_sites, lft_nr_sites * sizeof(*v));
	for (i = 0; i < n; i++)
		add[i].users = lft_site_users(add[i].ip);
	memcpy(v + lft_nr_sites, add, n * sizeof(*v));
	sort(v, lft_nr_sites + n, sizeof(*v), lft_site_cmp, NULL);
	vfree(lft_sites);
	lft_sites = v;
	lft_nr_sites += n;
	WRITE_ONCE(lft_sites_generation, lft_sites_generation + 1);
	if (lft_sites_apply(0, lft_nr_sites))
		pr_warn("cannot trace the functions of %s\n",
			mod->name);
	mutex_unlock(&lft_sites_lock);
	vfree(add);
}

/*
 * A module goes: forget its sites without touching its text (it is about
 * to be freed; our calls in it are harmless until then).
 */
static void lft_sites_drop_module(struct module *mod)
{
	unsigned long i, j = 0;

	mutex_lock(&lft_sites_lock);
	for (i = 0; i < lft_nr_sites; i++)
		if (!within_module(lft_sites[i].ip, mod))
			lft_sites[j++] = lft_sites[i];
	if (j != lft_nr_sites) {
		lft_nr_sites = j;
		WRITE_ONCE(lft_sites_generation, lft_sites_generation + 1);
		lft_hook_publish();
	}
	mutex_unlock(&lft_sites_lock);
}

static int lft_sites_module_notify(struct notifier_block *nb,
				   unsigned long state, void *data)
{
	struct module *mod = data;

	if (mod == THIS_MODULE)
		return NOTIFY_OK;
	if (state == MODULE_STATE_COMING)
		lft_sites_add_module(mod);
	else if (state == MODULE_STATE_GOING)
		lft_sites_drop_module(mod);
	return NOTIFY_OK;
}

/*
 * First of all notifiers: ftrace enables a module's records before any
 * notifier runs, and code run from later notifiers (KUnit runs a module's
 * suites from its own) is then traced like the kernel's ftrace traces it.
 */
static struct notifier_block lft_sites_module_nb = {
	.notifier_call = lft_sites_module_notify,
	.priority = INT_MAX,
};

/**
 * lft_sites_for_each() - call @fn for every site, in address order
 * @fn: returns non-zero to stop
 * @data: passed to @fn
 * @names: fill in the names (slower)
 *
 * Return: what @fn returned last.
 */
int lft_sites_for_each(int (*fn)(const struct lft_site_info *si, void *data),
		       void *data, bool names)
{
	char name[KSYM_SYMBOL_LEN];
	struct lft_site_info si = { .name = name };
	unsigned long i;
	int ret = 0;

	name[0] = '\0';
	mutex_lock(&lft_sites_lock);
	for (i = 0; i < lft_nr_sites && !ret; i++) {
		si.ip = lft_sites[i].ip;
		si.patched = lft_sites[i].patched;
		si.tramp = lft_site_tramp(&lft_sites[i]);
		si.users = lft_sites[i].users;
		if (names)
			sprint_symbol_no_offset(name, si.ip);
		ret = fn(&si, data);
		if (!(i & 255))
			cond_resched();
	}
	mutex_unlock(&lft_sites_lock);
	return ret;
}

/**
 * lft_sites_next() - the first site at or after a position of the table
 * @idx: where to start
 * @patched: only sites lftrace has patched
 * @si: filled in, name included (@si->name must point to KSYM_SYMBOL_LEN)
 *
 * For files that list the sites a piece at a time.
 *
 * Return: the site's position, or -ENOENT past the end.
 */
long lft_sites_next(unsigned long idx, bool patched, struct lft_site_info *si)
{
	long ret = -ENOENT;

	mutex_lock(&lft_sites_lock);
	for (; idx < lft_nr_sites; idx++) {
		if (patched && !lft_sites[idx].patched)
			continue;
		si->ip = lft_sites[idx].ip;
		si->patched = lft_sites[idx].patched;
		si->tramp = lft_site_tramp(&lft_sites[idx]);
		si->users = lft_sites[idx].users;
		sprint_symbol_no_offset((char *)si->name, si->ip);
		ret = idx;
		break;
	}
	mutex_unlock(&lft_sites_lock);
	return ret;
}

/**
 * lft_fentry_patched() - is lftrace's call in place at a site?
 * @ip: the site's address
 *
 * Return: true if @ip is a site lftrace has patched.
 */
bool lft_fentry_patched(unsigned long ip)
{
	struct lft_site key = { .ip = ip }, *s;
	bool ret;

	mutex_lock(&lft_sites_lock);
	s = bsearch(&key, lft_sites, lft_nr_sites, sizeof(*s), lft_site_cmp);
	ret = s && s->patched;
	mutex_unlock(&lft_sites_lock);
	return ret;
}
LFT_TEST_EXPORT(lft_fentry_patched);

/**
 * lft_fentry_site() - the fentry site of a function
 * @func: the function's address (its symbol's)
 *
 * Return: the site's address (@func, or just past its ENDBR), or 0 if
 * the function has none lftrace knows of (not traceable).
 */
unsigned long lft_fentry_site(unsigned long func)
{
	struct lft_site key = { .ip = func }, *s;

	mutex_lock(&lft_sites_lock);
	s = bsearch(&key, lft_sites, lft_nr_sites, sizeof(*s), lft_site_cmp);
	if (!s && ENDBR_INSN_SIZE) {
		key.ip = func + ENDBR_INSN_SIZE;
		s = bsearch(&key, lft_sites, lft_nr_sites, sizeof(*s),
			    lft_site_cmp);
	}
	mutex_unlock(&lft_sites_lock);
	return s ? key.ip : 0;
}

unsigned long lft_sites_count(void)
{
	return READ_ONCE(lft_nr_sites);
}

/* What the table looks up by address stays valid while this is the same. */
unsigned long lft_sites_gen(void)
{
	return READ_ONCE(lft_sites_generation);
}

/**
 * lft_fentry_init() - read the sites and watch modules
 *
 * Return: 0 or a negative errno.
 */
int lft_fentry_init(void)
{
	int ret;

	/*
	 * Where the CPU enforces indirect branch tracking, every indirect
	 * call lftrace makes lands on a function whose address is taken (so
	 * keeps its ENDBR) and the private functions are called directly
	 * (lft_kcall()): proven on Bochs' CET model (harness/ibt.sh). Where
	 * the kernel tracks call depth (retbleed=stuff), the fentry
	 * trampoline counts its entry as the kernel's do (tramp.S); the
	 * harness checks the count balances (harness/call_depth.sh).
	 */
	ret = lft_poke_init();
	if (ret)
		return ret;
	lft_sites = lft_sites_collect(NULL, &lft_nr_sites);
	if (!lft_sites) {
		lft_poke_exit();
		return -ENOMEM;
	}
	ret = register_module_notifier(&lft_sites_module_nb);
	if (ret) {
		vfree(lft_sites);
		lft_sites = NULL;
		lft_poke_exit();
	}
	return ret;
}

/**
 * lft_fentry_exit() - unpatch everything and wait until no CPU is inside
 * the trampoline or a handler, before the module's text goes away
 */
void lft_fentry_exit(void)
{
	int slot;

	unregister_module_notifier(&lft_sites_module_nb);
	for (slot = 0; slot < LFT_FENTRY_SLOTS; slot++)
		if (lft_slots[slot].ops)
			lft_fentry_unregister(lft_slots[slot].ops);
	lft_hook_exit();
	lft_poke_exit();
	vfree(lft_sites);
	lft_sites = NULL;
	lft_nr_sites = 0;
}
