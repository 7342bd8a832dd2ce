/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel symbols lftrace needs but the kernel does not export. They are all
 * resolved once, at load, in compat/ksyms.c; code elsewhere calls them through
 * lft_ks so that the list of private kernel interfaces we depend on is in
 * one place and a missing one stops the load instead of failing later.
 */
#ifndef LFT_COMPAT_KSYMS_H
#define LFT_COMPAT_KSYMS_H

#include <linux/types.h>
#include <linux/mutex.h>
#include <linux/ftrace.h>
#include <linux/rethook.h>
#include <linux/static_call.h>
#include <asm/text-patching.h>

struct kprobe;
struct path;

struct btf;
struct btf_type;

struct lft_kernel_syms {
	/* Text patching (arch/x86): batched int3-based code modification. */
	void (*text_poke_bp)(void *addr, const void *opcode, size_t len,
			     const void *emulate);
	void (*text_poke_queue)(void *addr, const void *opcode, size_t len,
				const void *emulate);
	void (*text_poke_finish)(void);
	struct mutex *text_mutex;
	/*
	 * One write of text, and a sync of every CPU: lftrace's own batches
	 * (arch/x86/poke.c); without them the kernel's batch does it all.
	 */
	void *(*text_poke)(void *addr, const void *opcode, size_t len);
	void (*text_poke_sync)(void);
	/* The die notifiers, which an INT3 of such a batch passes through. */
	struct atomic_notifier_head *die_chain;
	/*
	 * The kprobes an INT3 also passes through, before the notifiers: a
	 * site with one registered (armed or not) stays with the kernel's
	 * batch, and none is registered while lftrace's batch runs.
	 */
	struct mutex *kprobe_mutex;
	struct kprobe *(*get_kprobe)(void *addr);
	/* The kernel's ftrace records are the authoritative list of sites. */
	struct mutex *ftrace_lock;
	struct ftrace_rec_iter *(*ftrace_rec_iter_start)(void);
	struct ftrace_rec_iter *(*ftrace_rec_iter_next)(struct ftrace_rec_iter *it);
	struct dyn_ftrace *(*ftrace_rec_iter_record)(struct ftrace_rec_iter *it);
	/* Handing a site back to ftrace (arch/x86/patch.c). */
	void (*ftrace_arch_code_modify_prepare)(void);
	void (*ftrace_arch_code_modify_post_process)(void);
	int (*__ftrace_replace_code)(struct dyn_ftrace *rec, bool enable);
	struct ftrace_ops __rcu **ftrace_ops_list;
	struct ftrace_ops *ftrace_list_end;
	void *(*ftrace_lookup_ip)(void *hash, unsigned long ip);
	int *ftrace_disabled;
	/* Which module holds an address (site discovery); preemption off. */
	struct module *(*module_address)(unsigned long addr);
	/* Picks the default trace clock, as the kernel does. */
	int (*sched_clock_stable)(void);
	/* Is a trace_printk format still in a live module? */
	bool (*is_module_address)(unsigned long addr);
	/* Function returns (arch/x86/fret.c), through the kernel's rethook. */
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	struct rethook *(*rethook_alloc)(void *data, rethook_handler_t handler);
#else
	struct rethook *(*rethook_alloc)(void *data, rethook_handler_t handler,
					 int size, int num);
#endif
	void (*rethook_stop)(struct rethook *rh);
	void (*rethook_free)(struct rethook *rh);
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	void (*rethook_add_node)(struct rethook *rh, struct rethook_node *node);
#endif
	/* options/userstacktrace (core/stack.c). */
	unsigned int (*stack_trace_save_user)(unsigned long *store,
					      unsigned int size);
	/* Stacks of probes that have the probed code's registers. */
	unsigned int (*stack_trace_save_regs)(struct pt_regs *regs,
					      unsigned long *store,
					      unsigned int size,
					      unsigned int skipnr);
	/*
	 * vmlinux BTF (compat/btf.c); a kernel without BPF has none of
	 * them, and BTF lookups then fail with -EOPNOTSUPP.
	 */
	struct btf *(*bpf_get_btf_vmlinux)(void);
	s32 (*btf_find_by_name_kind)(const struct btf *btf, const char *name,
				     u8 kind);
	const struct btf_type *(*btf_type_by_id)(const struct btf *btf, u32 id);
	const char *(*btf_name_by_offset)(const struct btf *btf, u32 offset);
	/* A function's BTF in vmlinux or a module's, referenced (6.12). */
	s32 (*bpf_find_btf_id)(const char *name, u32 kind, struct btf **btf);
	void (*btf_put)(struct btf *btf);
	/* kprobe events: is a probed symbol's name unique (as 6.1 checks)? */
	int (*kallsyms_on_each_match_symbol)(int (*fn)(void *, unsigned long),
					     const char *name, void *data);
	/*
	 * A mount of lftracefs at /sys/kernel/lftrace at load (core/fs.c),
	 * as init_mount() makes one; without it the tree is mounted by hand.
	 */
	int (*path_mount)(const char *dev_name, struct path *path,
			  const char *type_page, unsigned long flags,
			  void *data_page);
	/*
	 * The kernel's registered trace events and the lock over them
	 * (compat/events.c); data, not code.
	 */
	struct list_head *ftrace_events;
	struct mutex *event_mutex;
	/*
	 * The rest are code addresses, compared with, never called.
	 *
	 * Where a kretprobe'd function returns to, shown as such in a stack
	 * (events/kprobe.c), and what a frame lftrace hooks returns to
	 * (compat/rethook.h); x86's rethook, required above, defines it.
	 */
	void *arch_rethook_trampoline;
	/* Interrupt entry code, for funcgraph-irqs (tracers/graph_print.c). */
	void *irqentry_text_start;
	void *irqentry_text_end;
	/*
	 * The functions holding the irq and preempt toggle tracepoints
	 * (tracers/irqsoff.c leaves out what they call); each exists only
	 * with the options that make its tracepoints.
	 */
	void *trace_hardirqs_on;
	void *trace_hardirqs_off;
	void *trace_hardirqs_on_prepare;
	void *trace_hardirqs_off_finish;
	void *trace_preempt_on;
	void *trace_preempt_off;
	/*
	 * What rethook's return path calls under CONFIG_PROVE_RCU, whose
	 * returns arch/x86/fret.c never hooks; absent without PROVE_RCU.
	 */
	void *rcu_read_lock_any_held;
	void *rcu_lockdep_current_cpu_online;
};

extern struct lft_kernel_syms lft_ks;

/*
 * The functions of lft_ks are called through static calls: lft_kcall(fn)
 * is a direct call, patched to lft_ks.fn once it is resolved (each is
 * NULL, a call that returns, until then: optional ones are tested through
 * lft_ks.fn before). Called through a pointer instead, they would be
 * indirect calls: on a CPU enforcing IBT those fault on a function whose
 * ENDBR the kernel sealed at boot (every function whose address it never
 * takes, most of these), and with retpolines each costs a thunk.
 */
DECLARE_STATIC_CALL(lft_kc_text_poke_bp, *lft_ks.text_poke_bp);
DECLARE_STATIC_CALL(lft_kc_text_poke_queue, *lft_ks.text_poke_queue);
DECLARE_STATIC_CALL(lft_kc_text_poke_finish, *lft_ks.text_poke_finish);
DECLARE_STATIC_CALL(lft_kc_text_poke, *lft_ks.text_poke);
DECLARE_STATIC_CALL(lft_kc_text_poke_sync, *lft_ks.text_poke_sync);
DECLARE_STATIC_CALL(lft_kc_get_kprobe, *lft_ks.get_kprobe);
DECLARE_STATIC_CALL(lft_kc_ftrace_rec_iter_start, *lft_ks.ftrace_rec_iter_start);
DECLARE_STATIC_CALL(lft_kc_ftrace_rec_iter_next, *lft_ks.ftrace_rec_iter_next);
DECLARE_STATIC_CALL(lft_kc_ftrace_rec_iter_record, *lft_ks.ftrace_rec_iter_record);
DECLARE_STATIC_CALL(lft_kc_ftrace_arch_code_modify_prepare, *lft_ks.ftrace_arch_code_modify_prepare);
DECLARE_STATIC_CALL(lft_kc_ftrace_arch_code_modify_post_process, *lft_ks.ftrace_arch_code_modify_post_process);
DECLARE_STATIC_CALL(lft_kc___ftrace_replace_code, *lft_ks.__ftrace_replace_code);
DECLARE_STATIC_CALL(lft_kc_ftrace_lookup_ip, *lft_ks.ftrace_lookup_ip);
DECLARE_STATIC_CALL(lft_kc_module_address, *lft_ks.module_address);
DECLARE_STATIC_CALL(lft_kc_sched_clock_stable, *lft_ks.sched_clock_stable);
DECLARE_STATIC_CALL(lft_kc_is_module_address, *lft_ks.is_module_address);
DECLARE_STATIC_CALL(lft_kc_rethook_alloc, *lft_ks.rethook_alloc);
DECLARE_STATIC_CALL(lft_kc_rethook_stop, *lft_ks.rethook_stop);
DECLARE_STATIC_CALL(lft_kc_rethook_free, *lft_ks.rethook_free);
DECLARE_STATIC_CALL(lft_kc_stack_trace_save_user, *lft_ks.stack_trace_save_user);
DECLARE_STATIC_CALL(lft_kc_stack_trace_save_regs, *lft_ks.stack_trace_save_regs);
DECLARE_STATIC_CALL(lft_kc_bpf_get_btf_vmlinux, *lft_ks.bpf_get_btf_vmlinux);
DECLARE_STATIC_CALL(lft_kc_btf_find_by_name_kind, *lft_ks.btf_find_by_name_kind);
DECLARE_STATIC_CALL(lft_kc_btf_type_by_id, *lft_ks.btf_type_by_id);
DECLARE_STATIC_CALL(lft_kc_btf_name_by_offset, *lft_ks.btf_name_by_offset);
DECLARE_STATIC_CALL(lft_kc_bpf_find_btf_id, *lft_ks.bpf_find_btf_id);
DECLARE_STATIC_CALL(lft_kc_btf_put, *lft_ks.btf_put);
DECLARE_STATIC_CALL(lft_kc_kallsyms_on_each_match_symbol, *lft_ks.kallsyms_on_each_match_symbol);
DECLARE_STATIC_CALL(lft_kc_path_mount, *lft_ks.path_mount);
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
DECLARE_STATIC_CALL(lft_kc_rethook_add_node, *lft_ks.rethook_add_node);
#endif

/* Call lft_ks.@fn, directly (see above). */
#define lft_kcall(fn)	static_call(lft_kc_##fn)

/* May be missing: its slot is NULL then (required otherwise). */
#define LFT_KSYM_OPTIONAL	0x1
/*
 * A section's bound, not an object: kallsyms may name its address after
 * another symbol that starts there, or has the bound in its middle.
 */
#define LFT_KSYM_BOUND		0x2

/**
 * struct lft_ksym - one entry of a symbol table to resolve
 * @name: kernel symbol name, as in /proc/kallsyms
 * @slot: where the resolved address is stored
 * @flags: LFT_KSYM_OPTIONAL, LFT_KSYM_BOUND
 */
struct lft_ksym {
	const char *name;
	void **slot;
	unsigned int flags;
};

unsigned long lft_ksym_lookup(const char *name);
struct rethook *lft_rethook_create(rethook_handler_t handler, size_t size,
				   unsigned int num);
int lft_ksyms_resolve(const struct lft_ksym *table, size_t n);
const struct lft_ksym *lft_ksyms_table(size_t *n);
int lft_ksyms_init(void);
struct tracepoint *lft_tp_find(const char *name);

#endif /* LFT_COMPAT_KSYMS_H */
