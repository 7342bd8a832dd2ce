// SPDX-License-Identifier: GPL-2.0
/*
 * lft_testmod: kernel-side actions the e2e tests need and userspace cannot
 * do by itself. Each action is a write to a file under
 * /sys/kernel/debug/lft_testmod/.
 *
 *   warn   any write triggers a WARN(): proves the harness fails a run
 *          whose kernel log shows a warning
 *   call   writing N calls lft_testmod_outer() N times; each call calls
 *          lft_testmod_inner() twice, through function pointers (so the
 *          compiler keeps every call): known functions, known callers,
 *          known counts for the function tracer's tests
 *   nap    writing N calls lft_testmod_napper(), which calls
 *          lft_testmod_nap(), which sleeps N ms: a caller whose time is
 *          all its child's, and a child whose time is all asleep (for
 *          sleep-time and graph-time)
 *   depth  (where the kernel tracks call depth, retbleed=stuff) writing N
 *          makes N calls as "call" does, interrupts off, from a known
 *          call depth count; reading shows the count before and after:
 *          equal when every call and return on the way was accounted
 *   args   writing N calls lft_testmod_caller(N), which calls, through
 *          pointers, lft_testmod_add(N, 2) (returns N + 2),
 *          lft_testmod_fail(N) (returns -N: an errno for N <= 4095),
 *          lft_testmod_void(N) (returns nothing) and lft_testmod_str("lft")
 *          (returns its length, 3), in that order: known arguments, return
 *          values and one caller, for funcgraph-args, -retval, -retaddr
 *          and func-args (the module's BTF names and types them:
 *          qemu-test/build adds it)
 *   node   see struct lft_testmod_node; cast: see lft_testmod_cast()
 *   endbr  (kernels built with IBT) any write calls lft_testmod_inner()
 *          through a pointer to the instruction after its ENDBR: on a CPU
 *          that enforces indirect branch tracking, a control protection
 *          fault ("Missing ENDBR", a BUG); elsewhere an ordinary call. The
 *          IBT lane's negative control (harness/ibt.sh)
 */
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <asm/cpufeature.h>
#include <asm/current.h>
#include <asm/ibt.h>

static struct dentry *lft_testmod_dir;

static ssize_t lft_testmod_warn_write(struct file *file, const char __user *buf,
				      size_t count, loff_t *ppos)
{
	WARN(1, "lft_testmod: warning requested by a test\n");
	return count;
}

static const struct file_operations lft_testmod_warn_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_warn_write,
	.llseek = noop_llseek,
};

/*
 * Targets of the function tracer's tests. They store their results so
 * that the compiler cannot drop the calls, and are called through
 * pointers read with READ_ONCE() so that it cannot inline them.
 */
static int lft_testmod_sink;

static noinline int lft_testmod_inner(int x)
{
	WRITE_ONCE(lft_testmod_sink, x * 2 + 1);
	return x * 2 + 1;
}

static int (*lft_testmod_inner_ptr)(int x) = lft_testmod_inner;

static noinline int lft_testmod_outer(int x)
{
	int (*inner)(int y) = READ_ONCE(lft_testmod_inner_ptr);
	int r = inner(x) + inner(x + 1);

	WRITE_ONCE(lft_testmod_sink, r);
	return r;
}

static int (*lft_testmod_outer_ptr)(int x) = lft_testmod_outer;

static ssize_t lft_testmod_call_write(struct file *file,
				      const char __user *buf, size_t count,
				      loff_t *ppos)
{
	unsigned int n, i;
	int ret = kstrtouint_from_user(buf, count, 10, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		READ_ONCE(lft_testmod_outer_ptr)(i);
	return count;
}

static const struct file_operations lft_testmod_call_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_call_write,
	.llseek = noop_llseek,
};

static noinline int lft_testmod_add(int a, int b)
{
	WRITE_ONCE(lft_testmod_sink, a + b);
	return a + b;
}

static noinline int lft_testmod_fail(unsigned int code)
{
	WRITE_ONCE(lft_testmod_sink, code);
	return -(int)code;
}

static noinline void lft_testmod_void(unsigned long x)
{
	WRITE_ONCE(lft_testmod_sink, x);
}

static noinline long lft_testmod_str(const char *s)
{
	long n = strlen(s);

	WRITE_ONCE(lft_testmod_sink, n);
	return n;
}

static int (*lft_testmod_add_ptr)(int a, int b) = lft_testmod_add;
static int (*lft_testmod_fail_ptr)(unsigned int code) = lft_testmod_fail;
static void (*lft_testmod_void_ptr)(unsigned long x) = lft_testmod_void;
static long (*lft_testmod_str_ptr)(const char *s) = lft_testmod_str;

static noinline int lft_testmod_caller(unsigned int n)
{
	int r = READ_ONCE(lft_testmod_add_ptr)(n, 2);

	r += READ_ONCE(lft_testmod_fail_ptr)(n);
	READ_ONCE(lft_testmod_void_ptr)(n);
	r += READ_ONCE(lft_testmod_str_ptr)("lft");
	WRITE_ONCE(lft_testmod_sink, r);
	return r;
}

static int (*lft_testmod_caller_ptr)(unsigned int n) = lft_testmod_caller;

static ssize_t lft_testmod_args_write(struct file *file,
				      const char __user *buf, size_t count,
				      loff_t *ppos)
{
	unsigned int n;
	int ret = kstrtouint_from_user(buf, count, 10, &n);

	if (ret)
		return ret;
	READ_ONCE(lft_testmod_caller_ptr)(n);
	return count;
}

static const struct file_operations lft_testmod_args_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_args_write,
	.llseek = noop_llseek,
};

/*
 * A structure of known contents for probe arguments' members
 * (PARAM->FIELD, $retval->FIELD): bitfields, a member of an anonymous
 * union, a nested structure, a string through a pointer and in place, a
 * pointer to the next one (short names: an argument's text is at most 63
 * characters, and tests chain "->nx" 14 times). "echo N > node" sets the
 * ids to N and N + 1 and calls lft_testmod_node_get(N), then
 * lft_testmod_node_sum(its result, 1), which returns N + 1.
 */
struct lft_testmod_node {
	int id;
	unsigned int lo:3, mid:9, hi:4;
	union {
		long key;
		u32 key32;
	};
	struct {
		short depth;
		const char *label;
	} info;
	char tag[8];
	struct lft_testmod_node *nx;	/* the next one */
};

static struct lft_testmod_node lft_testmod_nodes[2] = {
	{ .lo = 5, .mid = 300, .hi = 9, .key = -7,
	  .info = { .depth = 3, .label = "first" }, .tag = "tag0",
	  .nx = &lft_testmod_nodes[1] },
	{ .lo = 2, .mid = 17, .hi = 15, .key = 1234567,
	  .info = { .depth = -4, .label = "second" }, .tag = "tag1" },
};

static noinline struct lft_testmod_node *lft_testmod_node_get(int id)
{
	WRITE_ONCE(lft_testmod_nodes[0].id, id);
	WRITE_ONCE(lft_testmod_nodes[1].id, id + 1);
	return &lft_testmod_nodes[0];
}

static noinline int lft_testmod_node_sum(struct lft_testmod_node *n, int add)
{
	int r = READ_ONCE(n->id) + add;

	WRITE_ONCE(lft_testmod_sink, r);
	return r;
}

static struct lft_testmod_node *(*lft_testmod_node_get_ptr)(int id) =
	lft_testmod_node_get;
static int (*lft_testmod_node_sum_ptr)(struct lft_testmod_node *n,
				       int add) = lft_testmod_node_sum;

static ssize_t lft_testmod_node_write(struct file *file,
				      const char __user *buf, size_t count,
				      loff_t *ppos)
{
	int n, ret = kstrtoint_from_user(buf, count, 10, &n);

	if (ret)
		return ret;
	READ_ONCE(lft_testmod_node_sum_ptr)(READ_ONCE(lft_testmod_node_get_ptr)(n), 1);
	return count;
}

static const struct file_operations lft_testmod_node_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_node_write,
	.llseek = noop_llseek,
};

/*
 * Casts and per-CPU reads in probe arguments: "echo N > cast" sets the
 * running CPU's copy of lft_testmod_holder.pc to { N * 10, N + 1 } and,
 * on that CPU still, calls lft_testmod_cast(&holder.link, &nodes[0],
 * &holder.node) with the node ids set as "node" sets them; it returns its
 * second argument. The arguments are typeless or point into the middle of
 * a structure, so only a cast reads their members.
 */
struct lft_tm_pcpu {
	long val;
	int hits;
};

struct lft_tm_hold {
	int magic;
	const char *name;
	struct lft_tm_pcpu __percpu *pc;
	struct list_head link;		/* what the first argument points to */
	void *node;
};

static struct lft_tm_hold lft_testmod_holder = {
	.magic = 0x1f7, .name = "holder", .node = &lft_testmod_nodes[0],
};

static noinline void *lft_testmod_cast(struct list_head *l, void *opaque,
				       void **pp)
{
	WRITE_ONCE(lft_testmod_sink, READ_ONCE(l->next) != NULL);
	return opaque;
}

static void *(*lft_testmod_cast_ptr)(struct list_head *l, void *opaque,
				     void **pp) = lft_testmod_cast;

static ssize_t lft_testmod_cast_write(struct file *file,
				      const char __user *buf, size_t count,
				      loff_t *ppos)
{
	struct lft_tm_pcpu *pc;
	int n, ret = kstrtoint_from_user(buf, count, 10, &n);

	if (ret)
		return ret;
	lft_testmod_node_get(n);
	pc = get_cpu_ptr(lft_testmod_holder.pc);
	WRITE_ONCE(pc->val, n * 10L);
	WRITE_ONCE(pc->hits, n + 1);
	READ_ONCE(lft_testmod_cast_ptr)(&lft_testmod_holder.link,
					&lft_testmod_nodes[0],
					&lft_testmod_holder.node);
	put_cpu_ptr(lft_testmod_holder.pc);
	return count;
}

static const struct file_operations lft_testmod_cast_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_cast_write,
	.llseek = noop_llseek,
};

#ifdef CONFIG_MITIGATION_CALL_DEPTH_TRACKING
/*
 * The count is a shift register: each call shifts it right by 5 (the sign
 * bit fills in), each return left by 5, and a return that leaves it zero
 * refills the return stack buffer. Started with 12 groups of 5 zero bits
 * under its top ones, calls and returns that balance, nested no deeper
 * than 12, end where they started; one unaccounted return per call (a
 * trampoline's RET with no CALL_DEPTH_ACCOUNT) does not.
 */
#define LFT_TESTMOD_DEPTH_START	(~0ULL << 60)

static u64 lft_testmod_depth[2];

static notrace ssize_t lft_testmod_depth_write(struct file *file,
				       const char __user *buf, size_t count,
				       loff_t *ppos)
{
	unsigned long flags;
	unsigned int n, i;
	int ret = kstrtouint_from_user(buf, count, 10, &n);

	if (ret)
		return ret;
	local_irq_save(flags);
	this_cpu_write(pcpu_hot.call_depth, LFT_TESTMOD_DEPTH_START);
	for (i = 0; i < n; i++)
		READ_ONCE(lft_testmod_outer_ptr)(i);
	lft_testmod_depth[1] = this_cpu_read(pcpu_hot.call_depth);
	local_irq_restore(flags);
	lft_testmod_depth[0] = LFT_TESTMOD_DEPTH_START;
	return count;
}

static notrace ssize_t lft_testmod_depth_read(struct file *file, char __user *buf,
				      size_t count, loff_t *ppos)
{
	char text[40];
	int len = scnprintf(text, sizeof(text), "%llx %llx\n",
			    lft_testmod_depth[0], lft_testmod_depth[1]);

	return simple_read_from_buffer(buf, count, ppos, text, len);
}

static const struct file_operations lft_testmod_depth_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_depth_write,
	.read = lft_testmod_depth_read,
	.llseek = noop_llseek,
};

static void lft_testmod_depth_init(void)
{
	if (cpu_feature_enabled(X86_FEATURE_CALL_DEPTH))
		debugfs_create_file("depth", 0600, lft_testmod_dir, NULL,
				    &lft_testmod_depth_fops);
}
#else
static void lft_testmod_depth_init(void)
{
}
#endif

static noinline void lft_testmod_nap(unsigned int ms)
{
	msleep(ms);
	WRITE_ONCE(lft_testmod_sink, ms);
}

static void (*lft_testmod_nap_ptr)(unsigned int ms) = lft_testmod_nap;

static noinline void lft_testmod_napper(unsigned int ms)
{
	READ_ONCE(lft_testmod_nap_ptr)(ms);
	WRITE_ONCE(lft_testmod_sink, ms + 1);
}

static void (*lft_testmod_napper_ptr)(unsigned int ms) = lft_testmod_napper;

static ssize_t lft_testmod_nap_write(struct file *file,
				     const char __user *buf, size_t count,
				     loff_t *ppos)
{
	unsigned int ms;
	int ret = kstrtouint_from_user(buf, count, 10, &ms);

	if (ret)
		return ret;
	READ_ONCE(lft_testmod_napper_ptr)(ms);
	return count;
}

static const struct file_operations lft_testmod_nap_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_nap_write,
	.llseek = noop_llseek,
};

#ifdef CONFIG_X86_KERNEL_IBT
static ssize_t lft_testmod_endbr_write(struct file *file,
				       const char __user *buf, size_t count,
				       loff_t *ppos)
{
	unsigned long past = (unsigned long)READ_ONCE(lft_testmod_inner_ptr) +
			     ENDBR_INSN_SIZE;
	int (*inner)(int y) = (int (*)(int))past;

	pr_info("lft_testmod: an indirect call to %pS\n", inner);
	inner(1);
	return count;
}

static const struct file_operations lft_testmod_endbr_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_endbr_write,
	.llseek = noop_llseek,
};

static void lft_testmod_endbr_init(void)
{
	debugfs_create_file("endbr", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_endbr_fops);
}
#else
static void lft_testmod_endbr_init(void)
{
}
#endif

static int __init lft_testmod_init(void)
{
	lft_testmod_holder.pc = alloc_percpu(struct lft_tm_pcpu);
	if (!lft_testmod_holder.pc)
		return -ENOMEM;
	INIT_LIST_HEAD(&lft_testmod_holder.link);
	lft_testmod_dir = debugfs_create_dir("lft_testmod", NULL);
	if (IS_ERR(lft_testmod_dir)) {
		free_percpu(lft_testmod_holder.pc);
		return PTR_ERR(lft_testmod_dir);
	}
	debugfs_create_file("warn", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_warn_fops);
	debugfs_create_file("call", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_call_fops);
	debugfs_create_file("nap", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_nap_fops);
	debugfs_create_file("args", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_args_fops);
	debugfs_create_file("node", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_node_fops);
	debugfs_create_file("cast", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_cast_fops);
	lft_testmod_depth_init();
	lft_testmod_endbr_init();
	return 0;
}

static void __exit lft_testmod_exit(void)
{
	debugfs_remove(lft_testmod_dir);
	free_percpu(lft_testmod_holder.pc);
}

module_init(lft_testmod_init);
module_exit(lft_testmod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lftrace e2e test helper");
