// SPDX-License-Identifier: GPL-2.0
/*
 * Patching many fentry sites at once, with one text write per run of
 * nearby sites instead of one per site.
 *
 * The kernel's batch (text_poke_queue()/text_poke_finish()) calls
 * text_poke() for every site in each of the int3 protocol's three passes,
 * and each call maps the page into the poking mm, switches to it and back
 * and flushes: with every function patched (~38k sites) that is most of
 * the cost of "echo function > current_tracer". Here each pass copies a
 * run of sites that fit in two pages (what one text_poke() maps), none
 * far from the one before (LFT_POKE_GAP), into a buffer, changes the
 * sites' bytes there and writes the whole run back in one text_poke():
 * the bytes between the sites are written back as they were, which
 * changes nothing, as text_mutex keeps every other writer out.
 * A run starts at a site and ends with a site, so both pages it touches
 * hold text (two areas of vmalloc never touch: each has a guard page).
 *
 * The passes are the kernel's: INT3 over every site's first byte, sync
 * every CPU, the last four bytes, sync, the new first byte, sync. A CPU
 * that meets an INT3 meanwhile is handled by a die notifier: exc_int3 asks
 * the kernel's own poke handler (which knows only the kernel's batch),
 * then kprobes (no probe there), then notify_die(DIE_INT3). The notifier
 * finds the address in the batch (sorted, searched without locks: it runs
 * as an NMI would) and emulates the site's new instruction. The batch is
 * guarded by a count the patcher holds and each handler takes while it
 * looks: the patcher waits for it to drop before the batch goes.
 *
 * A site with a kprobe registered at its address (armed or not: the
 * kprobes of lftrace's kprobe events are registered disabled) is not in
 * such a batch either: kprobes' handler, which runs before the notifiers,
 * would take the INT3 as its probe's and, for a probe on ftrace (no copied
 * instruction), send the CPU to address 0 with interrupts off. The batch
 * runs with kprobe_mutex held (lft_poke_lock()), so no kprobe comes
 * meanwhile.
 *
 * Sites of the functions on that way, between the INT3 and the notifier
 * (do_int3(), notify_die(), the RCU read lock the notifier chain takes,
 * the die notifiers before ours, ...), must not be in such a batch: their
 * INT3 would be met again before the notifier could handle the first,
 * until the kernel's NMI nesting count overflows (a BUG). The caller gives
 * those to the kernel's batch, whose handler runs first and calls nothing
 * (lft_poke_usable()).
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/atomic.h>
#include <linux/kdebug.h>
#include <linux/kprobes.h>
#include <linux/memory.h>
#include <linux/notifier.h>
#include <linux/rcupdate.h>
#include <linux/sort.h>
#include <asm/text-patching.h>

#include "arch/x86/poke.h"
#include "compat/ksyms.h"
#include "include/lft_test_export.h"

/* The batch being applied; @refs is 0 when there is none. */
static struct {
	const struct lft_poke *vec;
	unsigned int nr;
	atomic_t refs;
} lft_poke_desc;

/* A run's bytes: what one text_poke() can map (text_mutex). */
static u8 lft_poke_buf[2 * PAGE_SIZE];

static atomic_long_t lft_poke_hits;	/* INT3s emulated */
static atomic_long_t lft_poke_nwrites;	/* text_poke() calls made */
static bool lft_poke_ready;

/*
 * Functions an INT3 handled here passes through before the notifier runs
 * (6.1 to 6.12): their sites go through the kernel's batch instead.
 */
static const char * const lft_poke_avoid_names[] = {
	"do_int3", "do_int3_user", "kgdb_ll_trap",
	"kprobe_int3_handler", "get_kprobe", "kprobe_exceptions_notify",
	"notify_die", "atomic_notifier_call_chain", "notifier_call_chain",
	"__rcu_read_lock", "__rcu_read_unlock", "rcu_read_unlock_special",
};

/* Those, and the die notifiers called before ours (registered earlier). */
#define LFT_POKE_AVOID_MAX	(ARRAY_SIZE(lft_poke_avoid_names) + 16)
static unsigned long lft_poke_avoid[LFT_POKE_AVOID_MAX];
static unsigned int lft_poke_navoid;

/* The batch's entry for @ip: a plain binary search (no calls: see above). */
static __always_inline const struct lft_poke *
lft_poke_find(const struct lft_poke *v, unsigned int n, unsigned long ip)
{
	unsigned int lo = 0, hi = n;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (v[mid].ip == ip)
			return &v[mid];
		if (v[mid].ip < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* A call's displacement, byte by byte: no call to memcpy() here either. */
static __always_inline s32 lft_poke_rel32(const u8 *insn)
{
	return (s32)(insn[1] | insn[2] << 8 | insn[3] << 16 |
		     (u32)insn[4] << 24);
}

static int lft_poke_int3(struct notifier_block *nb, unsigned long val,
			 void *data)
{
	struct die_args *args = data;
	struct pt_regs *regs = args->regs;
	const struct lft_poke *p;
	int ret = NOTIFY_DONE;

	if (val != DIE_INT3 || !regs || user_mode(regs))
		return NOTIFY_DONE;
	/* Fully ordered: the batch read below is the one the count guards. */
	if (!atomic_inc_not_zero(&lft_poke_desc.refs))
		return NOTIFY_DONE;
	p = lft_poke_find(READ_ONCE(lft_poke_desc.vec),
			  READ_ONCE(lft_poke_desc.nr),
			  regs->ip - INT3_INSN_SIZE);
	if (p) {
		/* Run the new instruction, as the site will hold it. */
		if (p->insn[0] == CALL_INSN_OPCODE)
			int3_emulate_call(regs, p->ip + LFT_POKE_LEN +
					  lft_poke_rel32(p->insn));
		else
			int3_emulate_jmp(regs, p->ip + LFT_POKE_LEN);
		atomic_long_inc(&lft_poke_hits);
		ret = NOTIFY_STOP;
	}
	atomic_dec(&lft_poke_desc.refs);
	return ret;
}
NOKPROBE_SYMBOL(lft_poke_int3);

/*
 * Of the highest priority, so only the notifiers of that priority
 * registered before it run first (lft_poke_init() keeps their sites out).
 */
static struct notifier_block lft_poke_nb = {
	.notifier_call = lft_poke_int3,
	.priority = INT_MAX,
};

/*
 * A run ends where the next site is further than this: each byte of a
 * run is copied twice and compared once (text_poke() checks what it
 * wrote), and past some hundreds of bytes that costs more than another
 * text_poke(). An estimate: with it, switching every site took 90.1
 * million instructions under TCG; with runs as long as two pages, 110.8.
 */
#define LFT_POKE_GAP	512

enum lft_poke_pass { LFT_POKE_INT3, LFT_POKE_TAIL, LFT_POKE_HEAD };

/* One pass over the batch: a text_poke() per run, then sync every CPU. */
static void lft_poke_pass(const struct lft_poke *v, unsigned int n,
			  enum lft_poke_pass pass)
{
	unsigned int i = 0, j, k;

	while (i < n) {
		unsigned long start = v[i].ip;
		unsigned long end = (start & PAGE_MASK) + 2 * PAGE_SIZE;
		size_t len;

		for (j = i + 1; j < n && v[j].ip + LFT_POKE_LEN <= end &&
		     v[j].ip - v[j - 1].ip <= LFT_POKE_GAP; j++)
			;
		len = v[j - 1].ip + LFT_POKE_LEN - start;
		memcpy(lft_poke_buf, (void *)start, len);
		for (k = i; k < j; k++) {
			u8 *b = lft_poke_buf + (v[k].ip - start);

			if (pass == LFT_POKE_INT3)
				b[0] = INT3_INSN_OPCODE;
			else if (pass == LFT_POKE_TAIL)
				memcpy(b + 1, v[k].insn + 1, LFT_POKE_LEN - 1);
			else
				b[0] = v[k].insn[0];
		}
		lft_kcall(text_poke)((void *)start, lft_poke_buf, len);
		atomic_long_inc(&lft_poke_nwrites);
		i = j;
	}
	lft_kcall(text_poke_sync)();
}

static int lft_poke_cmp(const void *a, const void *b)
{
	const struct lft_poke *x = a, *y = b;

	return x->ip < y->ip ? -1 : x->ip > y->ip;
}

/**
 * lft_poke_apply() - write new 5-byte instructions at many sites
 * @v: the sites (each lft_poke_usable(), each once) and their instructions;
 *	sorted here if they are not in address order
 * @n: how many
 *
 * Called with text_mutex held, in process context; returns once every
 * site holds its new instruction and no CPU is still in the INT3 handler
 * for one of them.
 */
void lft_poke_apply(struct lft_poke *v, unsigned int n)
{
	unsigned int i;

	lockdep_assert_held(lft_ks.text_mutex);
	if (!n)
		return;
	lockdep_assert_held(lft_ks.kprobe_mutex);
	for (i = 1; i < n && v[i - 1].ip < v[i].ip; i++)
		;
	if (i < n)
		sort(v, n, sizeof(*v), lft_poke_cmp, NULL);
	WRITE_ONCE(lft_poke_desc.vec, v);
	WRITE_ONCE(lft_poke_desc.nr, n);
	/* The handler sees the batch before it can meet any of its INT3s. */
	atomic_set_release(&lft_poke_desc.refs, 1);
	lft_poke_pass(v, n, LFT_POKE_INT3);
	lft_poke_pass(v, n, LFT_POKE_TAIL);
	lft_poke_pass(v, n, LFT_POKE_HEAD);
	/* A handler that took the count before the last sync may still look. */
	if (!atomic_dec_and_test(&lft_poke_desc.refs))
		atomic_cond_read_acquire(&lft_poke_desc.refs, !VAL);
}

/**
 * lft_poke_lock() - keep kprobes from being registered while a batch runs
 *
 * Taken before ftrace_lock (the kernel's order: register_kprobe() holds
 * kprobe_mutex when it arms a probe on ftrace). Without lftrace's batch
 * this does nothing.
 */
void lft_poke_lock(void)
{
	if (lft_poke_ready)
		mutex_lock(lft_ks.kprobe_mutex);
}

/**
 * lft_poke_unlock() - the end of lft_poke_lock()
 */
void lft_poke_unlock(void)
{
	if (lft_poke_ready)
		mutex_unlock(lft_ks.kprobe_mutex);
}

/**
 * lft_poke_usable() - may lft_poke_apply() patch the site at @ip?
 * @ip: a site's address
 *
 * Called under lft_poke_lock().
 *
 * Return: false when the kernel lacks what it needs, when a kprobe is
 * registered at @ip, or when @ip is in a function the INT3 handling
 * passes through (the kernel's batch must patch those).
 */
bool lft_poke_usable(unsigned long ip)
{
	unsigned int i;

	if (!lft_poke_ready)
		return false;
	lockdep_assert_held(lft_ks.kprobe_mutex);
	if (lft_kcall(get_kprobe)((void *)ip))
		return false;
	for (i = 0; i < lft_poke_navoid; i++)
		/* The site is at the function's start, or after its ENDBR. */
		if (ip - lft_poke_avoid[i] < 8)
			return false;
	return true;
}

/**
 * lft_poke_int3_hits() - how many INT3s of lftrace's batches were emulated
 *
 * Return: the count since load.
 */
unsigned long lft_poke_int3_hits(void)
{
	return atomic_long_read(&lft_poke_hits);
}
LFT_TEST_EXPORT(lft_poke_int3_hits);

/**
 * lft_poke_writes() - how many text writes lftrace's batches made
 *
 * Return: the count since load.
 */
unsigned long lft_poke_writes(void)
{
	return atomic_long_read(&lft_poke_nwrites);
}
LFT_TEST_EXPORT(lft_poke_writes);

/**
 * lft_poke_init() - find what the batch patcher needs, hook INT3
 *
 * Without text_poke() or text_poke_sync() every site goes through the
 * kernel's batch (lft_poke_usable() says no).
 *
 * Return: 0 or a negative errno.
 */
int lft_poke_init(void)
{
	struct notifier_block *nb;
	unsigned int i;
	int ret;

	if (!lft_ks.text_poke || !lft_ks.text_poke_sync || !lft_ks.die_chain ||
	    !lft_ks.kprobe_mutex || !lft_ks.get_kprobe)
		return 0;
	for (i = 0; i < ARRAY_SIZE(lft_poke_avoid_names); i++)
		lft_poke_avoid[i] = lft_ksym_lookup(lft_poke_avoid_names[i]);
	lft_poke_navoid = i;
	ret = register_die_notifier(&lft_poke_nb);
	if (ret)
		return ret;
	/*
	 * The notifiers of the same priority registered before ours run
	 * first (the kernel's hw_breakpoint and kprobes ones): their sites
	 * stay the kernel's batch's. One registered later runs after ours.
	 */
	rcu_read_lock();
	for (nb = rcu_dereference(lft_ks.die_chain->head);
	     nb && nb != &lft_poke_nb; nb = rcu_dereference(nb->next)) {
		if (lft_poke_navoid == LFT_POKE_AVOID_MAX)
			break;
		lft_poke_avoid[lft_poke_navoid++] =
			(unsigned long)nb->notifier_call;
	}
	rcu_read_unlock();
	/* Too many to know them all: do not batch at all. */
	if (nb != &lft_poke_nb) {
		pr_warn("too many die notifiers: patching through the kernel's batches\n");
		unregister_die_notifier(&lft_poke_nb);
		return 0;
	}
	lft_poke_ready = true;
	return 0;
}

/**
 * lft_poke_exit() - unhook INT3; no batch may be running
 */
void lft_poke_exit(void)
{
	if (!lft_poke_ready)
		return;
	lft_poke_ready = false;
	/* Waits for RCU: no CPU is in the notifier after this. */
	unregister_die_notifier(&lft_poke_nb);
}
