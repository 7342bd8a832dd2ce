// SPDX-License-Identifier: GPL-2.0
/*
 * kprobe events' arguments at run time: the types, the registers by name,
 * fetching each argument into a record from the probe handler, and
 * printing it as 6.1 does.
 *
 * The handler may run in any context, NMI included: nothing here takes a
 * lock or allocates, and memory is read only through the _nofault
 * helpers, so a bad pointer gives "(fault)" (strings) or 0 (numbers)
 * instead of an oops. User addresses are read as user memory (below).
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "events/probe.h"
#include "include/lft_test_export.h"

#define LFT_PB_STR_FMT	"\\\"%s\\\""
/* Text for tools, not a format for C: 6.1 writes %Lu ("\x4c" is 'L'). */
#define LFT_PB_L	"\x4c"

static const struct lft_pb_type lft_pb_types[] = {
	{ "string", "__data_loc char[]", LFT_PB_STR_FMT, 4, 1, LFT_PB_STRING },
	{ "ustring", "__data_loc char[]", LFT_PB_STR_FMT, 4, 1, LFT_PB_STRING,
	  true },
	{ "u8", "u8", "%u", 1, 0, LFT_PB_UNSIGNED },
	{ "u16", "u16", "%u", 2, 0, LFT_PB_UNSIGNED },
	{ "u32", "u32", "%u", 4, 0, LFT_PB_UNSIGNED },
	{ "u64", "u64", "%" LFT_PB_L "u", 8, 0, LFT_PB_UNSIGNED },
	{ "s8", "s8", "%d", 1, 1, LFT_PB_SIGNED },
	{ "s16", "s16", "%d", 2, 1, LFT_PB_SIGNED },
	{ "s32", "s32", "%d", 4, 1, LFT_PB_SIGNED },
	{ "s64", "s64", "%" LFT_PB_L "d", 8, 1, LFT_PB_SIGNED },
	{ "x8", "u8", "0x%x", 1, 0, LFT_PB_HEX },
	{ "x16", "u16", "0x%x", 2, 0, LFT_PB_HEX },
	{ "x32", "u32", "0x%x", 4, 0, LFT_PB_HEX },
	{ "x64", "u64", "0x%" LFT_PB_L "x", 8, 0, LFT_PB_HEX },
	{ "symbol", "u64", "%pS", 8, 0, LFT_PB_SYMBOL },
#if LFT_PB_CHAR_TYPE
	{ "char", "u8", "'%c'", 1, 0, LFT_PB_CHAR },
#endif
	{ "symstr", "__data_loc char[]", LFT_PB_STR_FMT, 4, 1, LFT_PB_STRING,
	  .sym = true },
};

/**
 * lft_pb_find_type() - a fetch type by name
 * @name: as written after ':' (NULL: the default, x64); a bitfield
 *	"b<w>@<o>/<size>" gives the unsigned type of its size
 *
 * Return: the type, or NULL.
 */
const struct lft_pb_type *lft_pb_find_type(const char *name)
{
	unsigned long bits;
	unsigned int i;

	if (!name)
		name = "x64";
	if (name[0] == 'b') {
		name = strchr(name, '/');
		if (!name || kstrtoul(name + 1, 0, &bits))
			return NULL;
		switch (bits) {
		case 8:
			return lft_pb_find_type("u8");
		case 16:
			return lft_pb_find_type("u16");
		case 32:
			return lft_pb_find_type("u32");
		case 64:
			return lft_pb_find_type("u64");
		}
		return NULL;
	}
	for (i = 0; i < ARRAY_SIZE(lft_pb_types); i++)
		if (!strcmp(name, lft_pb_types[i].name))
			return &lft_pb_types[i];
	return NULL;
}

#define LFT_PB_REG(r)	{ #r, offsetof(struct pt_regs, r) }

/* x86_64's register names for %REG, the kernel's list. */
static const struct {
	const char *name;
	unsigned int offset;
} lft_pb_regs[] = {
	LFT_PB_REG(r15), LFT_PB_REG(r14), LFT_PB_REG(r13), LFT_PB_REG(r12),
	LFT_PB_REG(r11), LFT_PB_REG(r10), LFT_PB_REG(r9), LFT_PB_REG(r8),
	LFT_PB_REG(bx), LFT_PB_REG(cx), LFT_PB_REG(dx), LFT_PB_REG(si),
	LFT_PB_REG(di), LFT_PB_REG(bp), LFT_PB_REG(ax), LFT_PB_REG(orig_ax),
	LFT_PB_REG(ip), LFT_PB_REG(cs), LFT_PB_REG(flags), LFT_PB_REG(sp),
	LFT_PB_REG(ss),
};

/**
 * lft_pb_reg_offset() - where a register is in struct pt_regs
 * @name: its name without '%' ("di")
 *
 * Return: the offset, or -EINVAL.
 */
int lft_pb_reg_offset(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lft_pb_regs); i++)
		if (!strcmp(name, lft_pb_regs[i].name))
			return lft_pb_regs[i].offset;
	return -EINVAL;
}

/* ------------------------------------------------------------ fetch */

/*
 * What a fetch starts from: a kprobe's or uprobe's registers, or the
 * record of the event an eprobe is attached to.
 */
struct lft_pb_ctx {
	const struct lft_pb_def *def;
	struct pt_regs *regs;
	const void *src;
	unsigned int srclen;
	unsigned long fbase;	/* uprobes: where the file is mapped */
	bool user;		/* uprobes: all memory is the task's */
	const unsigned long *edata;	/* return probes: saved at entry */
};

/*
 * @user: the fetch asked for user memory (+u, ustring). Otherwise, as 6.1
 * does on x86 (whose user and kernel addresses never overlap), an address
 * below TASK_SIZE is read as user memory too: +0($arg2):string on a
 * syscall's user pointer gives the string, not a fault.
 */
static bool lft_pb_read(void *dst, unsigned long addr, size_t n, bool user)
{
	if (user || addr < TASK_SIZE)
		return !copy_from_user_nofault(dst, (const void __user *)addr, n);
	return !copy_from_kernel_nofault(dst, (const void *)addr, n);
}

/*
 * The string at @addr, NUL included, at most @max bytes (the last then
 * made NUL): its length, copied to @dst unless NULL; 0 if unreadable.
 * Read a page at a time at most, so no read runs into an unmapped page
 * when the string ends before it.
 */
static unsigned int lft_pb_str(char *dst, unsigned long addr,
			       unsigned int max, bool user)
{
	char tmp[64];
	unsigned int n = 0;

	while (n < max) {
		size_t chunk = min_t(size_t, max - n,
				     PAGE_SIZE - ((addr + n) & ~PAGE_MASK));
		char *buf = dst ? dst + n : tmp;
		char *nul;

		if (!dst)
			chunk = min(chunk, sizeof(tmp));
		if (!lft_pb_read(buf, addr + n, chunk, user))
			return 0;
		nul = memchr(buf, '\0', chunk);
		if (nul)
			return n + (nul - buf) + 1;
		n += chunk;
	}
	if (dst && max)
		dst[max - 1] = '\0';
	return max;
}

/*
 * symstr: @val's symbol+offset (and module), as %pS prints it, NUL
 * included, at most @max bytes (the last then made NUL): its length,
 * copied to @dst unless NULL.
 */
static unsigned int lft_pb_symstr(char *dst, unsigned long val,
				  unsigned int max)
{
	char name[KSYM_SYMBOL_LEN];
	unsigned int len = sprint_symbol(name, val) + 1;

	len = min(len, max);
	if (dst && len) {
		memcpy(dst, name, len);
		dst[len - 1] = '\0';
	}
	return len;
}

/* An eprobe's $FIELD, read as 6.1 reads it; false if not in the record. */
static bool lft_pb_field(const struct lft_pb_arg *a, const struct lft_pb_ctx *x,
			 unsigned long *val)
{
	const void *p = x->src + a->param;

	if (a->param + a->fsize > x->srclen)
		return false;
	switch (a->fkind) {
	case LFT_PB_FIELD_DYN:
		*val = (unsigned long)x->src + (*(const u32 *)p & 0xffff);
		return true;
	case LFT_PB_FIELD_REL:
		*val = (unsigned long)p + (*(const u32 *)p & 0xffff);
		return true;
	case LFT_PB_FIELD_STATIC:
		*val = (unsigned long)p;
		return true;
	case LFT_PB_FIELD_PTR:
		*val = *(const unsigned long *)p;
		return true;
	}
	switch (a->fsize) {
	case 1:
		*val = a->fsigned ? *(const s8 *)p : *(const u8 *)p;
		break;
	case 2:
		*val = a->fsigned ? *(const s16 *)p : *(const u16 *)p;
		break;
	case 4:
		*val = a->fsigned ? *(const s32 *)p : *(const u32 *)p;
		break;
	default:
		*val = *(const unsigned long *)p;
		break;
	}
	return true;
}

static bool lft_pb_base(const struct lft_pb_arg *a, const struct lft_pb_ctx *x,
			unsigned long *val)
{
	struct pt_regs *regs = x->regs;

	switch (a->base) {
	case LFT_PB_FIELD:
		return lft_pb_field(a, x, val);
	case LFT_PB_FOFFS:
		*val = x->fbase + a->param;
		return true;
	case LFT_PB_REG:
		*val = *(unsigned long *)((char *)regs + a->param);
		return true;
	case LFT_PB_STACK:
		if (x->user)
			return lft_pb_read(val, user_stack_pointer(regs) +
					   a->param * sizeof(long),
					   sizeof(*val), true);
		*val = regs_get_kernel_stack_nth(regs, a->param);
		return true;
	case LFT_PB_STACKP:
		*val = kernel_stack_pointer(regs);
		return true;
	case LFT_PB_RETVAL:
		*val = regs_return_value(regs);
		return true;
	case LFT_PB_COMM:
		*val = (unsigned long)current->comm;
		return true;
	case LFT_PB_ARG:
		*val = regs_get_kernel_argument(regs, a->param);
		return true;
	case LFT_PB_EDATA:
		*val = x->edata ? x->edata[a->param] : 0;
		return x->edata;
	case LFT_PB_CURRENT:
		*val = (unsigned long)current;
		return true;
	default:		/* IMM, DATA */
		*val = a->param;
		return true;
	}
}

/* The value before the last step: the base through each dereference. */
static bool lft_pb_walk(const struct lft_pb_arg *a, const struct lft_pb_ctx *x,
			unsigned long *val)
{
	unsigned int i;

	if (!lft_pb_base(a, x, val))
		return false;
	for (i = 0; i < a->nderef; i++) {
		if (a->deref[i].percpu) {
			/* this_cpu_ptr(): no per-CPU pointer is 0. */
			if (!*val)
				return false;
			*val = (unsigned long)raw_cpu_ptr((void __percpu __force *)*val);
			continue;
		}
		if (!lft_pb_read(val, *val + a->deref[i].off, sizeof(*val),
				 a->deref[i].user || x->user))
			return false;
	}
	return true;
}

/* A string argument's element @j: its address, false if unreadable. */
static bool lft_pb_str_addr(const struct lft_pb_arg *a, unsigned long val,
			    unsigned int j, unsigned long *addr, bool user)
{
	switch (a->loc) {
	case LFT_PB_LOC_VALUE:
		*addr = val;
		return true;
	case LFT_PB_LOC_MEM:
		*addr = val + a->loc_off;
		return true;
	default:
		return lft_pb_read(addr, val + a->loc_off + j * sizeof(long),
				   sizeof(*addr), a->loc_user || user);
	}
}

static void lft_pb_store_num(const struct lft_pb_arg *a, unsigned long val,
			     bool ok, void *field, bool user)
{
	unsigned int j, n = a->count ?: 1, size = a->type->size;

	for (j = 0; j < n; j++) {
		u64 v = 0;

		if (a->loc == LFT_PB_LOC_VALUE)
			v = ok ? val : 0;
		else if (ok && !lft_pb_read(&v, val + a->loc_off + j * size,
					    size, a->loc_user || user))
			v = 0;
		if (a->bf_width)
			v = (v << (64 - a->bf_off - a->bf_width)) >>
			    (64 - a->bf_width);
		/* Little-endian: the low bytes are the value. */
		memcpy(field + j * size, &v, size);
	}
}

/* Each argument into @rec (NULL: measure the strings only). */
static unsigned int lft_pb_store_ctx(const struct lft_pb_ctx *x, void *rec,
				     unsigned int head, unsigned int room)
{
	const struct lft_pb_def *def = x->def;
	char *dyn = rec ? (char *)rec + head + def->size : NULL;
	unsigned int i, j, total = 0;

	for (i = 0; i < def->nargs; i++) {
		const struct lft_pb_arg *a = &def->args[i];
		void *field = rec ? (char *)rec + head + a->offset : NULL;
		/* A uprobe's $comm is the task's name, in the kernel. */
		bool user = a->type->user || a->loc_user ||
			    (x->user && a->base != LFT_PB_COMM);
		unsigned long val = 0, addr;
		bool ok = lft_pb_walk(a, x, &val);

		if (a->type->kind != LFT_PB_STRING) {
			if (rec)
				lft_pb_store_num(a, val, ok, field, x->user);
			continue;
		}
		for (j = 0; j < (a->count ?: 1); j++) {
			unsigned int len = 0;

			if (ok && a->type->sym)
				len = lft_pb_symstr(dyn, val, rec ? room :
						    LFT_PB_STR_MAX);
			else if (ok && lft_pb_str_addr(a, val, j, &addr, x->user))
				len = lft_pb_str(dyn, addr, rec ? room :
						 LFT_PB_STR_MAX, user);
			total += len;
			if (!rec)
				continue;
			((u32 *)field)[j] = len << 16 | (dyn - (char *)rec);
			dyn += len;
			room -= len;
		}
	}
	return total;
}

/**
 * lft_pb_store() - fetch a kprobe's arguments into its record
 * @def: the probe's definition
 * @regs: the registers at the probe
 * @rec: the record, or NULL to measure the strings only
 * @head: bytes of the record before the arguments
 * @room: bytes for strings after the arguments' fields
 *
 * Any context. Strings are fetched again when filling, as they may have
 * changed, and cut to @room.
 *
 * Return: the bytes the strings took (or would take).
 */
unsigned int lft_pb_store(const struct lft_pb_def *def, struct pt_regs *regs,
			  void *rec, unsigned int head, unsigned int room)
{
	struct lft_pb_ctx x = { .def = def, .regs = regs };

	return lft_pb_store_ctx(&x, rec, head, room);
}
LFT_TEST_EXPORT(lft_pb_store);

/**
 * lft_pb_store_ret() - lft_pb_store() for a return probe whose arguments
 *	read values saved at the function's entry
 * @def: the probe's definition
 * @regs: the registers at the return
 * @edata: what lft_pb_save_edata() saved at the entry (NULL: unreadable)
 * @rec: the record, or NULL to measure the strings only
 * @head: bytes of the record before the arguments
 * @room: bytes for strings after the arguments' fields
 *
 * Return: the bytes the strings took (or would take).
 */
unsigned int lft_pb_store_ret(const struct lft_pb_def *def,
			      struct pt_regs *regs, const unsigned long *edata,
			      void *rec, unsigned int head, unsigned int room)
{
	struct lft_pb_ctx x = { .def = def, .regs = regs, .edata = edata };

	return lft_pb_store_ctx(&x, rec, head, room);
}

/**
 * lft_pb_save_edata() - at a function's entry, what its return probes'
 *	LFT_PB_EDATA arguments read
 * @regs: the registers at the entry
 * @edata: LFT_PB_EDATA_MAX words: the argument registers
 */
void lft_pb_save_edata(struct pt_regs *regs, unsigned long *edata)
{
	unsigned int i;

	for (i = 0; i < LFT_PB_EDATA_MAX; i++)
		edata[i] = regs_get_kernel_argument(regs, i);
}

/**
 * lft_pb_store_rec() - lft_pb_store() for an eprobe: from the record of
 *	the event it is attached to
 * @def: the eprobe's definition (its fields resolved)
 * @src: the attached event's record
 * @srclen: its length (fields past it read as unreadable)
 * @rec: the eprobe's record, or NULL to measure the strings only
 * @head: bytes of the record before the arguments
 * @room: bytes for strings after the arguments' fields
 *
 * Return: the bytes the strings took (or would take).
 */
unsigned int lft_pb_store_rec(const struct lft_pb_def *def, const void *src,
			      unsigned int srclen, void *rec, unsigned int head,
			      unsigned int room)
{
	struct lft_pb_ctx x = { .def = def, .src = src, .srclen = srclen };

	return lft_pb_store_ctx(&x, rec, head, room);
}

/**
 * lft_pb_store_user() - lft_pb_store() for a uprobe: memory is the task's
 * @def: the probe's definition
 * @regs: the task's registers at the probe
 * @fbase: where offset 0 of the probed file is mapped (for @+OFFS)
 * @rec: the record, or NULL to measure the strings only
 * @head: bytes of the record before the arguments
 * @room: bytes for strings after the arguments' fields
 *
 * Return: the bytes the strings took (or would take).
 */
unsigned int lft_pb_store_user(const struct lft_pb_def *def,
			       struct pt_regs *regs, unsigned long fbase,
			       void *rec, unsigned int head, unsigned int room)
{
	struct lft_pb_ctx x = { .def = def, .regs = regs, .fbase = fbase,
				.user = true };

	return lft_pb_store_ctx(&x, rec, head, room);
}

/* ------------------------------------------------------------ print */

static void lft_pb_print_one(struct seq_buf *s, const struct lft_pb_type *t,
			     const void *p, const void *rec, unsigned int len)
{
	u64 v = 0;

	if (t->kind == LFT_PB_STRING) {
		u32 loc = *(const u32 *)p;
		unsigned int off = loc & 0xffff, n = loc >> 16;

		if (!n || off + n > len)
			seq_buf_printf(s, "%s", "(fault)");
		else
			seq_buf_printf(s, "\"%.*s\"", (int)strnlen((const char *)rec + off, n),
				       (const char *)rec + off);
		return;
	}
	memcpy(&v, p, t->size);
	switch (t->kind) {
	case LFT_PB_SIGNED:
		if (t->size == 8)
			seq_buf_printf(s, "%lld", (s64)v);
		else
			seq_buf_printf(s, "%d", t->size == 1 ? (s8)v :
				       t->size == 2 ? (s16)v : (s32)v);
		break;
	case LFT_PB_UNSIGNED:
		if (t->size == 8)
			seq_buf_printf(s, "%llu", v);
		else
			seq_buf_printf(s, "%u", (u32)v);
		break;
	case LFT_PB_HEX:
		if (t->size == 8)
			seq_buf_printf(s, "0x%llx", v);
		else
			seq_buf_printf(s, "0x%x", (u32)v);
		break;
	case LFT_PB_CHAR:
		seq_buf_printf(s, "'%c'", (char)v);
		break;
	default:
		seq_buf_printf(s, "%pS", (void *)(unsigned long)v);
		break;
	}
}

/**
 * lft_pb_print_args() - " name=value" for each argument of a record
 * @s: where to print
 * @def: the probe's definition
 * @rec: the record
 * @len: its length (fields are within it: the caller checked)
 * @head: bytes of the record before the arguments
 */
void lft_pb_print_args(struct seq_buf *s, const struct lft_pb_def *def,
		       const void *rec, unsigned int len, unsigned int head)
{
	unsigned int i, j;

	for (i = 0; i < def->nargs; i++) {
		const struct lft_pb_arg *a = &def->args[i];
		const char *p = (const char *)rec + head + a->offset;

		seq_buf_printf(s, " %s=", a->name);
		if (!a->count) {
			lft_pb_print_one(s, a->type, p, rec, len);
			continue;
		}
		for (j = 0; j < a->count; j++) {
			seq_buf_printf(s, "%c", j ? ',' : '{');
			lft_pb_print_one(s, a->type, p + j * a->type->size,
					 rec, len);
		}
		seq_buf_printf(s, "%c", '}');
	}
}
LFT_TEST_EXPORT(lft_pb_print_args);
