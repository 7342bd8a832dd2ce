// SPDX-License-Identifier: GPL-2.0
/*
 * Resolution of the non-exported kernel symbols lftrace depends on.
 *
 * kallsyms_lookup_name() itself has not been exported since 5.7. Its address
 * is found by registering a kprobe on it: the kprobe core resolves the name
 * for us and leaves the address in kp.addr. The address is valid even when
 * registration fails (e.g. when the kernel's ftrace, which kprobes-on-ftrace
 * rides on, has been disabled), so it is taken regardless of the result.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "compat/ksyms.h"
#include "compat/rethook.h"
#include "include/lft_test_export.h"

struct lft_kernel_syms lft_ks;

static unsigned long (*lft_kallsyms_lookup_name)(const char *name);
/* Called directly too (see LFT_KCALLS in compat/ksyms.h). */
DEFINE_STATIC_CALL_NULL(lft_kc_kallsyms_lookup_name, *lft_kallsyms_lookup_name);

DEFINE_STATIC_CALL_NULL(lft_kc_text_poke_bp, *lft_ks.text_poke_bp);
DEFINE_STATIC_CALL_NULL(lft_kc_text_poke_queue, *lft_ks.text_poke_queue);
DEFINE_STATIC_CALL_NULL(lft_kc_text_poke_finish, *lft_ks.text_poke_finish);
DEFINE_STATIC_CALL_NULL(lft_kc_text_poke, *lft_ks.text_poke);
DEFINE_STATIC_CALL_NULL(lft_kc_text_poke_sync, *lft_ks.text_poke_sync);
DEFINE_STATIC_CALL_NULL(lft_kc_get_kprobe, *lft_ks.get_kprobe);
DEFINE_STATIC_CALL_NULL(lft_kc_ftrace_rec_iter_start, *lft_ks.ftrace_rec_iter_start);
DEFINE_STATIC_CALL_NULL(lft_kc_ftrace_rec_iter_next, *lft_ks.ftrace_rec_iter_next);
DEFINE_STATIC_CALL_NULL(lft_kc_ftrace_rec_iter_record, *lft_ks.ftrace_rec_iter_record);
DEFINE_STATIC_CALL_NULL(lft_kc_ftrace_arch_code_modify_prepare, *lft_ks.ftrace_arch_code_modify_prepare);
DEFINE_STATIC_CALL_NULL(lft_kc_ftrace_arch_code_modify_post_process, *lft_ks.ftrace_arch_code_modify_post_process);
DEFINE_STATIC_CALL_NULL(lft_kc___ftrace_replace_code, *lft_ks.__ftrace_replace_code);
DEFINE_STATIC_CALL_NULL(lft_kc_ftrace_lookup_ip, *lft_ks.ftrace_lookup_ip);
DEFINE_STATIC_CALL_NULL(lft_kc_module_address, *lft_ks.module_address);
DEFINE_STATIC_CALL_NULL(lft_kc_sched_clock_stable, *lft_ks.sched_clock_stable);
DEFINE_STATIC_CALL_NULL(lft_kc_is_module_address, *lft_ks.is_module_address);
DEFINE_STATIC_CALL_NULL(lft_kc_rethook_alloc, *lft_ks.rethook_alloc);
DEFINE_STATIC_CALL_NULL(lft_kc_rethook_stop, *lft_ks.rethook_stop);
DEFINE_STATIC_CALL_NULL(lft_kc_rethook_free, *lft_ks.rethook_free);
DEFINE_STATIC_CALL_NULL(lft_kc_stack_trace_save_user, *lft_ks.stack_trace_save_user);
DEFINE_STATIC_CALL_NULL(lft_kc_stack_trace_save_regs, *lft_ks.stack_trace_save_regs);
DEFINE_STATIC_CALL_NULL(lft_kc_bpf_get_btf_vmlinux, *lft_ks.bpf_get_btf_vmlinux);
DEFINE_STATIC_CALL_NULL(lft_kc_btf_find_by_name_kind, *lft_ks.btf_find_by_name_kind);
DEFINE_STATIC_CALL_NULL(lft_kc_btf_type_by_id, *lft_ks.btf_type_by_id);
DEFINE_STATIC_CALL_NULL(lft_kc_btf_name_by_offset, *lft_ks.btf_name_by_offset);
DEFINE_STATIC_CALL_NULL(lft_kc_bpf_find_btf_id, *lft_ks.bpf_find_btf_id);
DEFINE_STATIC_CALL_NULL(lft_kc_btf_put, *lft_ks.btf_put);
DEFINE_STATIC_CALL_NULL(lft_kc_kallsyms_on_each_match_symbol, *lft_ks.kallsyms_on_each_match_symbol);
DEFINE_STATIC_CALL_NULL(lft_kc_path_mount, *lft_ks.path_mount);
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
DEFINE_STATIC_CALL_NULL(lft_kc_rethook_add_node, *lft_ks.rethook_add_node);
#endif

/* Each direct call, with the slot of lft_ks its target is resolved into. */
struct lft_kcall_slot {
	struct static_call_key *key;
	void *tramp;
	void **slot;
};

#define LFT_KCALL(fn) \
	{ &STATIC_CALL_KEY(lft_kc_##fn), STATIC_CALL_TRAMP_ADDR(lft_kc_##fn), \
	  (void **)&lft_ks.fn }

static const struct lft_kcall_slot lft_kcall_slots[] = {
	LFT_KCALL(text_poke_bp),
	LFT_KCALL(text_poke_queue),
	LFT_KCALL(text_poke_finish),
	LFT_KCALL(text_poke),
	LFT_KCALL(text_poke_sync),
	LFT_KCALL(get_kprobe),
	LFT_KCALL(ftrace_rec_iter_start),
	LFT_KCALL(ftrace_rec_iter_next),
	LFT_KCALL(ftrace_rec_iter_record),
	LFT_KCALL(ftrace_arch_code_modify_prepare),
	LFT_KCALL(ftrace_arch_code_modify_post_process),
	LFT_KCALL(__ftrace_replace_code),
	LFT_KCALL(ftrace_lookup_ip),
	LFT_KCALL(module_address),
	LFT_KCALL(sched_clock_stable),
	LFT_KCALL(is_module_address),
	LFT_KCALL(rethook_alloc),
	LFT_KCALL(rethook_stop),
	LFT_KCALL(rethook_free),
	LFT_KCALL(stack_trace_save_user),
	LFT_KCALL(stack_trace_save_regs),
	LFT_KCALL(bpf_get_btf_vmlinux),
	LFT_KCALL(btf_find_by_name_kind),
	LFT_KCALL(btf_type_by_id),
	LFT_KCALL(btf_name_by_offset),
	LFT_KCALL(bpf_find_btf_id),
	LFT_KCALL(btf_put),
	LFT_KCALL(kallsyms_on_each_match_symbol),
	LFT_KCALL(path_mount),
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	LFT_KCALL(rethook_add_node),
#endif
};

#define LFT_KSYM(member) { .name = #member, .slot = (void **)&lft_ks.member }
/* Some kernels lack it: its slot stays NULL there, and users allow that. */
#define LFT_KSYM_OPT(member) \
	{ .name = #member, .slot = (void **)&lft_ks.member, \
	  .flags = LFT_KSYM_OPTIONAL }
/* A section's bound, which the linker script defines; some kernels lack it. */
#define LFT_KSYM_SECTION(sym, member) \
	{ .name = sym, .slot = (void **)&lft_ks.member, \
	  .flags = LFT_KSYM_OPTIONAL | LFT_KSYM_BOUND }

static const struct lft_ksym lft_ksym_table[] = {
	LFT_KSYM(text_poke_bp),
	LFT_KSYM(text_poke_queue),
	LFT_KSYM(text_poke_finish),
	LFT_KSYM(text_mutex),
	LFT_KSYM_OPT(text_poke),
	LFT_KSYM_OPT(text_poke_sync),
	LFT_KSYM_OPT(die_chain),
	LFT_KSYM_OPT(kprobe_mutex),
	LFT_KSYM_OPT(get_kprobe),
	LFT_KSYM(ftrace_lock),
	LFT_KSYM(ftrace_rec_iter_start),
	LFT_KSYM(ftrace_rec_iter_next),
	LFT_KSYM(ftrace_rec_iter_record),
	LFT_KSYM(sched_clock_stable),
	LFT_KSYM(is_module_address),
	LFT_KSYM(ftrace_arch_code_modify_prepare),
	LFT_KSYM(ftrace_arch_code_modify_post_process),
	LFT_KSYM(__ftrace_replace_code),
	LFT_KSYM(ftrace_ops_list),
	LFT_KSYM(ftrace_list_end),
	LFT_KSYM(ftrace_lookup_ip),
	LFT_KSYM(ftrace_disabled),
	LFT_KSYM(stack_trace_save_user),
	LFT_KSYM(stack_trace_save_regs),
	LFT_KSYM(rethook_alloc),
	LFT_KSYM(rethook_stop),
	LFT_KSYM(rethook_free),
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	LFT_KSYM(rethook_add_node),
#endif
	LFT_KSYM(kallsyms_on_each_match_symbol),
	LFT_KSYM(arch_rethook_trampoline),
	{ .name = "__module_address", .slot = (void **)&lft_ks.module_address },
	LFT_KSYM_SECTION("__irqentry_text_start", irqentry_text_start),
	LFT_KSYM_SECTION("__irqentry_text_end", irqentry_text_end),
	LFT_KSYM_OPT(bpf_get_btf_vmlinux),
	LFT_KSYM_OPT(btf_find_by_name_kind),
	LFT_KSYM_OPT(btf_type_by_id),
	LFT_KSYM_OPT(btf_name_by_offset),
	/* 6.1 has bpf_find_btf_id static: then no BTF-typed $retval. */
	LFT_KSYM_OPT(bpf_find_btf_id),
	LFT_KSYM_OPT(btf_put),
	LFT_KSYM_OPT(path_mount),
	LFT_KSYM_OPT(trace_hardirqs_on),
	LFT_KSYM_OPT(trace_hardirqs_off),
	LFT_KSYM_OPT(trace_hardirqs_on_prepare),
	LFT_KSYM_OPT(trace_hardirqs_off_finish),
	LFT_KSYM_OPT(trace_preempt_on),
	LFT_KSYM_OPT(trace_preempt_off),
	LFT_KSYM_OPT(rcu_read_lock_any_held),
	LFT_KSYM_OPT(rcu_lockdep_current_cpu_online),
	LFT_KSYM_OPT(ftrace_events),
	LFT_KSYM_OPT(event_mutex),
};

static unsigned long lft_find_kallsyms_lookup_name(void)
{
	struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };
	unsigned long addr;
	int ret;

	ret = register_kprobe(&kp);
	addr = (unsigned long)kp.addr;
	if (!ret)
		unregister_kprobe(&kp);
	return addr;
}

/**
 * lft_ksym_lookup() - address of a kernel symbol, exported or not
 * @name: symbol name as listed in /proc/kallsyms
 *
 * Only valid after lftrace's init has run (lft_ksyms_init()).
 *
 * Return: the symbol's address, or 0 when @name is NULL, empty or unknown.
 */
unsigned long lft_ksym_lookup(const char *name)
{
	if (!lft_kallsyms_lookup_name || !name || !*name)
		return 0;
	return static_call(lft_kc_kallsyms_lookup_name)(name);
}
LFT_TEST_EXPORT(lft_ksym_lookup);

/**
 * lft_ksyms_resolve() - resolve every entry of a symbol table
 * @table: entries to resolve
 * @n: number of entries
 *
 * Every missing symbol is reported with pr_err() by name, not only the
 * first, so that one load attempt lists everything a kernel lacks. An
 * entry marked LFT_KSYM_OPTIONAL may be missing: its slot is then set to
 * NULL, silently. On failure no slot is modified.
 *
 * Return: 0 when all required symbols were found, -ENOENT otherwise.
 */
int lft_ksyms_resolve(const struct lft_ksym *table, size_t n)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < n; i++) {
		if (!(table[i].flags & LFT_KSYM_OPTIONAL) &&
		    !lft_ksym_lookup(table[i].name)) {
			pr_err("cannot resolve kernel symbol '%s'\n",
			       table[i].name);
			ret = -ENOENT;
		}
	}
	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		*table[i].slot = (void *)lft_ksym_lookup(table[i].name);
	return 0;
}
LFT_TEST_EXPORT(lft_ksyms_resolve);

/**
 * lft_ksyms_table() - the table of symbols lftrace resolves at load
 * @n: set to the number of entries
 *
 * Return: the table; its slots point into &lft_ks.
 */
const struct lft_ksym *lft_ksyms_table(size_t *n)
{
	*n = ARRAY_SIZE(lft_ksym_table);
	return lft_ksym_table;
}
LFT_TEST_EXPORT(lft_ksyms_table);

/**
 * lft_ksyms_init() - find kallsyms_lookup_name and resolve lft_ks
 *
 * Return: 0, or -ENOENT after naming each required symbol that could not
 * be found.
 */
int lft_ksyms_init(void)
{
	size_t i;
	int ret;

	lft_kallsyms_lookup_name = (void *)lft_find_kallsyms_lookup_name();
	if (!lft_kallsyms_lookup_name) {
		pr_err("cannot resolve kernel symbol 'kallsyms_lookup_name' (is CONFIG_KPROBES set?)\n");
		return -ENOENT;
	}
	static_call_update(lft_kc_kallsyms_lookup_name, lft_kallsyms_lookup_name);
	ret = lft_ksyms_resolve(lft_ksym_table, ARRAY_SIZE(lft_ksym_table));
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(lft_kcall_slots); i++)
		if (*lft_kcall_slots[i].slot)
			__static_call_update(lft_kcall_slots[i].key,
					     lft_kcall_slots[i].tramp,
					     *lft_kcall_slots[i].slot);
	return 0;
}

struct lft_tp_query {
	const char *name;
	struct tracepoint *tp;
};

static void lft_tp_match(struct tracepoint *tp, void *priv)
{
	struct lft_tp_query *q = priv;

	if (!strcmp(tp->name, q->name))
		q->tp = tp;
}

/**
 * lft_tp_find() - a tracepoint of the kernel proper, by name
 * @name: e.g. "sched_switch"
 *
 * Return: the tracepoint, or NULL if this kernel has none of that name.
 */
struct tracepoint *lft_tp_find(const char *name)
{
	struct lft_tp_query q = { .name = name };

	for_each_kernel_tracepoint(lft_tp_match, &q);
	return q.tp;
}
LFT_TEST_EXPORT(lft_tp_find);

/**
 * lft_rethook_create() - a rethook with a pool of @num nodes of @size
 *	bytes, each a struct rethook_node followed by the user's fields
 * @handler: its handler (LFT_RETHOOK_HANDLER)
 * @size: a node's size
 * @num: how many
 *
 * Kernels before rethook's objpool take the nodes one by one, allocated
 * by the user; later ones allocate the pool themselves. Either way
 * rethook_free() frees the nodes. Process context.
 *
 * Return: the rethook, or NULL when memory is short.
 */
struct rethook *lft_rethook_create(rethook_handler_t handler, size_t size,
				   unsigned int num)
{
	struct rethook *rh;
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	unsigned int i;

	rh = lft_kcall(rethook_alloc)(NULL, handler);
	for (i = 0; rh && i < num; i++) {
		struct rethook_node *n = kzalloc(size, GFP_KERNEL);

		if (!n) {
			/* Frees the nodes added so far, then itself. */
			lft_kcall(rethook_free)(rh);
			return NULL;
		}
		lft_kcall(rethook_add_node)(rh, n);
	}
#else
	rh = lft_kcall(rethook_alloc)(NULL, handler, size, num);
#endif
	return IS_ERR(rh) ? NULL : rh;
}

/**
 * lft_rethook_check() - does lft_rethook_get() take @rh's nodes?
 * @rh: a rethook just made by lft_rethook_create(), nothing hooked yet
 *
 * Takes a node from the pool as a hooked entry would, checks that it is
 * one of @rh's, and puts it back as rethook_recycle() would. Process
 * context.
 *
 * Return: 0, or -ENODEV when the pool is not what compat/rethook.h takes
 * nodes from.
 */
int lft_rethook_check(struct rethook *rh)
{
	struct rethook_node *rn;
	int ret = 0;

	preempt_disable();
	rn = lft_rethook_get(rh);
	if (!rn || rn->rethook != rh)
		ret = -ENODEV;
	if (rn)
		lft_rethook_put(rn, rh);
	preempt_enable();
	if (ret)
		pr_err("lftrace: the kernel's rethook pool is not as compat/rethook.h expects\n");
	return ret;
}
