// SPDX-License-Identifier: GPL-2.0
/*
 * Claiming fentry sites from the kernel's ftrace, patching them, and
 * handing them back.
 *
 * Claim: only a record nobody uses (flags 0, but for the history bits of
 * 6.4+, LFT_FTRACE_FL_HISTORY) that holds the 5-byte NOP is
 * taken. lftrace sets FTRACE_FL_DISABLED on it, which makes the kernel's
 * ftrace skip it (as it skips a module's records before they are enabled),
 * then queues a call of its trampoline there, in batches of lftrace's own
 * (arch/x86/poke.c: a text write per run of nearby sites) or, for the few
 * sites that patcher must not take, of the kernel's text_poke_queue();
 * under kprobe_mutex (lft_poke_lock()), ftrace_lock and text_mutex (the
 * kernel's order).
 *
 * Release is a hand-back, done as ftrace_module_enable() does for a new
 * module's records: the NOP goes back, then the record is counted against
 * every enabled ftrace_ops (they may have started wanting it meanwhile, as
 * the function tracer on all functions does) and, if some does, ftrace's
 * own code enables it. Clearing the flag without counting would let a later
 * unregister drop a reference never taken, which kills ftrace.
 */
#include <linux/ftrace.h>
#include <linux/memory.h>
#include <asm/nops.h>
#include <asm/text-patching.h>

#include "arch/x86/internal.h"
#include "arch/x86/poke.h"
#include "compat/ftrace.h"
#include "compat/kapi.h"
#include "compat/ksyms.h"


static const u8 lft_nop5[] = { BYTES_NOP5 };
static_assert(sizeof(lft_nop5) == CALL_INSN_SIZE);

/*
 * Sites poked between two reschedule points: what one text_poke_bp_batch()
 * of the kernel takes (its vector is a page of 16-byte entries). Patching
 * every function is some 37k sites; under load (a TCG guest with twenty
 * shell loops, stress/stress.tc) one unbroken run of them kept a CPU for
 * over a minute: soft lockups and RCU stalls. Both locks held are mutexes.
 */
#define LFT_POKE_CHUNK	256

static bool lft_hash_empty(void *hash)
{
	struct lft_ftrace_hash *h = hash;

	return !h || !(h->count || (h->flags & LFT_FTRACE_HASH_FL_MOD));
}

static bool lft_hash_has(void *hash, unsigned long ip)
{
	return !lft_hash_empty(hash) && lft_kcall(ftrace_lookup_ip)(hash, ip);
}

/* Does an ftrace_ops trace @ip? (The kernel's ops_references_ip().) */
static bool lft_ops_references(struct ftrace_ops *ops, unsigned long ip)
{
	void *filter, *nohash;

	if (!(ops->flags & FTRACE_OPS_FL_ENABLED))
		return false;
	/* ftrace_lock is held: the hashes cannot change under us. */
	filter = rcu_dereference_raw(ops->func_hash->filter_hash);
	nohash = rcu_dereference_raw(ops->func_hash->notrace_hash);
	if (lft_hash_empty(filter) && lft_hash_empty(nohash))
		return true;
	if (!lft_hash_empty(filter) && !lft_hash_has(filter, ip))
		return false;
	return !lft_hash_has(nohash, ip);
}

/*
 * How many ftrace_ops want @rec, setting its REGS/TRAMP flags as ftrace
 * would (the kernel's referenced_filters(), which is inlined away). -1
 * when a direct or IPMODIFY ops wants it: ftrace itself refuses those for
 * a late record, so the record stays disabled.
 */
static int lft_referenced_filters(struct dyn_ftrace *rec)
{
	struct ftrace_ops *ops;
	int cnt = 0;

	for (ops = rcu_dereference_raw(*lft_ks.ftrace_ops_list);
	     ops != lft_ks.ftrace_list_end; ops = rcu_dereference_raw(ops->next)) {
		if (!lft_ops_references(ops, rec->ip))
			continue;
		if (ops->flags & (FTRACE_OPS_FL_DIRECT | FTRACE_OPS_FL_IPMODIFY))
			return -1;
		cnt++;
		if (ops->flags & FTRACE_OPS_FL_SAVE_REGS)
			rec->flags |= FTRACE_FL_REGS;
		if (cnt == 1 && ops->trampoline)
			rec->flags |= FTRACE_FL_TRAMP;
		else
			rec->flags &= ~FTRACE_FL_TRAMP;
	}
	return cnt;
}

/*
 * This chunk's sites for lftrace's own batch, and how many; the rest of
 * the chunk is queued to the kernel's. Both are applied together
 * (text_mutex).
 */
static struct lft_poke lft_poke_vec[LFT_POKE_CHUNK];
static unsigned int lft_poke_nr;

/* Apply both batches; the kernel's finish does nothing when it is empty. */
static void lft_queue_flush(void)
{
	lft_poke_apply(lft_poke_vec, lft_poke_nr);
	lft_poke_nr = 0;
	lft_kcall(text_poke_finish)();
}

/*
 * Queue @insn (a call or the NOP) at @ip, the @nth of this batch's sites,
 * in lftrace's batch if it may take the site: every LFT_POKE_CHUNK both
 * batches are applied and the CPU given up.
 */
static void lft_queue_insn(unsigned long ip, const void *insn,
			   unsigned long nth)
{
	if (lft_poke_usable(ip)) {
		lft_poke_vec[lft_poke_nr].ip = ip;
		memcpy(lft_poke_vec[lft_poke_nr].insn, insn, LFT_POKE_LEN);
		lft_poke_nr++;
	} else {
		lft_kcall(text_poke_queue)((void *)ip, insn, CALL_INSN_SIZE,
					   NULL);
	}
	if ((nth + 1) % LFT_POKE_CHUNK == 0) {
		lft_queue_flush();
		cond_resched();
	}
}

/* Queue the call of @s's trampoline (lft_site_tramp()), as above. */
static void lft_queue_call(const struct lft_site *s, unsigned long nth)
{
	u8 call[CALL_INSN_SIZE];

	memcpy(call, text_gen_insn(CALL_INSN_OPCODE, (void *)s->ip,
				   lft_site_tramp(s)), sizeof(call));
	lft_queue_insn(s->ip, call, nth);
}

static void lft_claim(struct lft_site **claim, unsigned long n)
{
	unsigned long i, queued = 0;

	mutex_lock(lft_ks.text_mutex);
	for (i = 0; i < n; i++) {
		struct lft_site *s = claim[i];

		if ((s->rec->flags & ~LFT_FTRACE_FL_HISTORY) ||
		    memcmp((void *)s->ip, lft_nop5, sizeof(lft_nop5)))
			continue;	/* the kernel's: try again next time */
		s->rec->flags |= FTRACE_FL_DISABLED;
		lft_queue_call(s, queued++);
		s->patched = true;
	}
	if (queued % LFT_POKE_CHUNK)
		lft_queue_flush();
	mutex_unlock(lft_ks.text_mutex);
}

static void lft_release(struct lft_site **release, unsigned long n)
{
	unsigned long i;
	int cnt;

	/* Takes text_mutex; ftrace's own pokes are queued ("late") too. */
	lft_kcall(ftrace_arch_code_modify_prepare)();
	for (i = 0; i < n; i++)
		lft_queue_insn(release[i]->ip, lft_nop5, i);
	lft_queue_flush();
	for (i = 0; i < n; i++) {
		struct dyn_ftrace *rec = release[i]->rec;

		release[i]->patched = false;
		if (*lft_ks.ftrace_disabled)
			continue;	/* ftrace is dead: leave its records be */
		cnt = lft_referenced_filters(rec);
		if (cnt < 0)
			continue;
		rec->flags &= ~FTRACE_FL_DISABLED;
		rec->flags += cnt;
		if (cnt && lft_kcall(__ftrace_replace_code)(rec, 1))
			pr_warn("lftrace: ftrace could not take %ps back\n",
				(void *)rec->ip);
	}
	lft_kcall(ftrace_arch_code_modify_post_process)();
}

/**
 * lft_patch_retarget() - point patched sites' calls at the other trampoline
 * @sites: sites lftrace has patched, whose @full is to become @full
 * @n: how many
 * @full: the full trampoline (true) or the lean one
 *
 * A call replaces a call: a CPU meeting the site meanwhile runs one or
 * the other, and both reach the same handler. Called with lft_sites_lock
 * held; takes kprobe_mutex, ftrace_lock and text_mutex.
 */
void lft_patch_retarget(struct lft_site **sites, unsigned long n, bool full)
{
	unsigned long i;

	lft_poke_lock();
	mutex_lock(lft_ks.ftrace_lock);
	WRITE_ONCE(lft_hook_patcher, current);
	mutex_lock(lft_ks.text_mutex);
	for (i = 0; i < n; i++) {
		sites[i]->full = full;
		lft_queue_call(sites[i], i);
	}
	lft_queue_flush();
	mutex_unlock(lft_ks.text_mutex);
	WRITE_ONCE(lft_hook_patcher, NULL);
	mutex_unlock(lft_ks.ftrace_lock);
	lft_poke_unlock();
}

/**
 * lft_patch_sites() - claim and patch, then unpatch and hand back
 * @claim: sites to patch (skipped if the kernel uses them)
 * @nc: how many
 * @release: patched sites to give back
 * @nr: how many
 *
 * Called with lft_sites_lock held; takes kprobe_mutex, ftrace_lock and
 * text_mutex.
 */
void lft_patch_sites(struct lft_site **claim, unsigned long nc,
		     struct lft_site **release, unsigned long nr)
{
	lft_poke_lock();
	mutex_lock(lft_ks.ftrace_lock);
	WRITE_ONCE(lft_hook_patcher, current);
	if (nc && !*lft_ks.ftrace_disabled)
		lft_claim(claim, nc);
	if (nr)
		lft_release(release, nr);
	WRITE_ONCE(lft_hook_patcher, NULL);
	mutex_unlock(lft_ks.ftrace_lock);
	lft_poke_unlock();
}
