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
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "events/kprobe.h"

#define LFT_KP_STR_FMT	"\\\"%s\\\""
/* Text for tools, not a format for C: 6.1 writes %Lu ("\x4c" is 'L'). */
#define LFT_KP_L	"\x4c"

static const struct lft_kp_type lft_kp_types[] = {
	{ "string", "__data_loc char[]", LFT_KP_STR_FMT, 4, 1, LFT_KP_STRING },
	{ "ustring", "__data_loc char[]", LFT_KP_STR_FMT, 4, 1, LFT_KP_STRING,
	  true },
	{ "u8", "u8", "%u", 1, 0, LFT_KP_UNSIGNED },
	{ "u16", "u16", "%u", 2, 0, LFT_KP_UNSIGNED },
	{ "u32", "u32", "%u", 4, 0, LFT_KP_UNSIGNED },
	{ "u64", "u64", "%" LFT_KP_L "u", 8, 0, LFT_KP_UNSIGNED },
	{ "s8", "s8", "%d", 1, 1, LFT_KP_SIGNED },
	{ "s16", "s16", "%d", 2, 1, LFT_KP_SIGNED },
	{ "s32", "s32", "%d", 4, 1, LFT_KP_SIGNED },
	{ "s64", "s64", "%" LFT_KP_L "d", 8, 1, LFT_KP_SIGNED },
	{ "x8", "u8", "0x%x", 1, 0, LFT_KP_HEX },
	{ "x16", "u16", "0x%x", 2, 0, LFT_KP_HEX },
	{ "x32", "u32", "0x%x", 4, 0, LFT_KP_HEX },
	{ "x64", "u64", "0x%" LFT_KP_L "x", 8, 0, LFT_KP_HEX },
	{ "symbol", "u64", "%pS", 8, 0, LFT_KP_SYMBOL },
};

/**
 * lft_kp_find_type() - a fetch type by name
 * @name: as written after ':' (NULL: the default, x64); a bitfield
 *	"b<w>@<o>/<size>" gives the unsigned type of its size
 *
 * Return: the type, or NULL.
 */
const struct lft_kp_type *lft_kp_find_type(const char *name)
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
			return lft_kp_find_type("u8");
		case 16:
			return lft_kp_find_type("u16");
		case 32:
			return lft_kp_find_type("u32");
		case 64:
			return lft_kp_find_type("u64");
		}
		return NULL;
	}
	for (i = 0; i < ARRAY_SIZE(lft_kp_types); i++)
		if (!strcmp(name, lft_kp_types[i].name))
			return &lft_kp_types[i];
	return NULL;
}
EXPORT_SYMBOL_NS_GPL(lft_kp_find_type, LFTRACE_INTERNAL);

#define LFT_KP_REG(r)	{ #r, offsetof(struct pt_regs, r) }

/* x86_64's register names for %REG, the kernel's list. */
static const struct {
	const char *name;
	unsigned int offset;
} lft_kp_regs[] = {
	LFT_KP_REG(r15), LFT_KP_REG(r14), LFT_KP_REG(r13), LFT_KP_REG(r12),
	LFT_KP_REG(r11), LFT_KP_REG(r10), LFT_KP_REG(r9), LFT_KP_REG(r8),
	LFT_KP_REG(bx), LFT_KP_REG(cx), LFT_KP_REG(dx), LFT_KP_REG(si),
	LFT_KP_REG(di), LFT_KP_REG(bp), LFT_KP_REG(ax), LFT_KP_REG(orig_ax),
	LFT_KP_REG(ip), LFT_KP_REG(cs), LFT_KP_REG(flags), LFT_KP_REG(sp),
	LFT_KP_REG(ss),
};

/**
 * lft_kp_reg_offset() - where a register is in struct pt_regs
 * @name: its name without '%' ("di")
 *
 * Return: the offset, or -EINVAL.
 */
int lft_kp_reg_offset(const char *name)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(lft_kp_regs); i++)
		if (!strcmp(name, lft_kp_regs[i].name))
			return lft_kp_regs[i].offset;
	return -EINVAL;
}

/* ------------------------------------------------------------ fetch */

/*
 * @user: the fetch asked for user memory (+u, ustring). Otherwise, as 6.1
 * does on x86 (whose user and kernel addresses never overlap), an address
 * below TASK_SIZE is read as user memory too: +0($arg2):string on a
 * syscall's user pointer gives the string, not a fault.
 */
static bool lft_kp_read(void *dst, unsigned long addr, size_t n, bool user)
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
static unsigned int lft_kp_str(char *dst, unsigned long addr,
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
		if (!lft_kp_read(buf, addr + n, chunk, user))
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

static bool lft_kp_base(const struct lft_kp_arg *a, struct pt_regs *regs,
			unsigned long *val)
{
	switch (a->base) {
	case LFT_KP_REG:
		*val = *(unsigned long *)((char *)regs + a->param);
		return true;
	case LFT_KP_STACK:
		*val = regs_get_kernel_stack_nth(regs, a->param);
		return true;
	case LFT_KP_STACKP:
		*val = kernel_stack_pointer(regs);
		return true;
	case LFT_KP_RETVAL:
		*val = regs_return_value(regs);
		return true;
	case LFT_KP_COMM:
		*val = (unsigned long)current->comm;
		return true;
	case LFT_KP_ARG:
		*val = regs_get_kernel_argument(regs, a->param);
		return true;
	default:		/* IMM, DATA */
		*val = a->param;
		return true;
	}
}

/* The value before the last step: the base through each dereference. */
static bool lft_kp_walk(const struct lft_kp_arg *a, struct pt_regs *regs,
			unsigned long *val)
{
	unsigned int i;

	if (!lft_kp_base(a, regs, val))
		return false;
	for (i = 0; i < a->nderef; i++)
		if (!lft_kp_read(val, *val + a->deref[i].off, sizeof(*val),
				 a->deref[i].user))
			return false;
	return true;
}

/* A string argument's element @j: its address, false if unreadable. */
static bool lft_kp_str_addr(const struct lft_kp_arg *a, unsigned long val,
			    unsigned int j, unsigned long *addr)
{
	switch (a->loc) {
	case LFT_KP_LOC_VALUE:
		*addr = val;
		return true;
	case LFT_KP_LOC_MEM:
		*addr = val + a->loc_off;
		return true;
	default:
		return lft_kp_read(addr, val + a->loc_off + j * sizeof(long),
				   sizeof(*addr), a->loc_user);
	}
}

static void lft_kp_store_num(const struct lft_kp_arg *a, unsigned long val,
			     bool ok, void *field)
{
	unsigned int j, n = a->count ?: 1, size = a->type->size;

	for (j = 0; j < n; j++) {
		u64 v = 0;

		if (a->loc == LFT_KP_LOC_VALUE)
			v = ok ? val : 0;
		else if (ok && !lft_kp_read(&v, val + a->loc_off + j * size,
					    size, a->loc_user))
			v = 0;
		if (a->bf_width)
			v = (v << (64 - a->bf_off - a->bf_width)) >>
			    (64 - a->bf_width);
		/* Little-endian: the low bytes are the value. */
		memcpy(field + j * size, &v, size);
	}
}

/**
 * lft_kp_store() - fetch a probe's arguments into its record
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
unsigned int lft_kp_store(const struct lft_kp_def *def, struct pt_regs *regs,
			  void *rec, unsigned int head, unsigned int room)
{
	char *dyn = rec ? (char *)rec + head + def->size : NULL;
	unsigned int i, j, total = 0;

	for (i = 0; i < def->nargs; i++) {
		const struct lft_kp_arg *a = &def->args[i];
		void *field = rec ? (char *)rec + head + a->offset : NULL;
		bool user = a->type->user || a->loc_user;
		unsigned long val, addr;
		bool ok = lft_kp_walk(a, regs, &val);

		if (a->type->kind != LFT_KP_STRING) {
			if (rec)
				lft_kp_store_num(a, val, ok, field);
			continue;
		}
		for (j = 0; j < (a->count ?: 1); j++) {
			unsigned int len = 0;

			if (ok && lft_kp_str_addr(a, val, j, &addr))
				len = lft_kp_str(dyn, addr, rec ? room :
						 LFT_KP_STR_MAX, user);
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
EXPORT_SYMBOL_NS_GPL(lft_kp_store, LFTRACE_INTERNAL);

/* ------------------------------------------------------------ print */

static void lft_kp_print_one(struct seq_buf *s, const struct lft_kp_type *t,
			     const void *p, const void *rec, unsigned int len)
{
	u64 v = 0;

	if (t->kind == LFT_KP_STRING) {
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
	case LFT_KP_SIGNED:
		if (t->size == 8)
			seq_buf_printf(s, "%lld", (s64)v);
		else
			seq_buf_printf(s, "%d", t->size == 1 ? (s8)v :
				       t->size == 2 ? (s16)v : (s32)v);
		break;
	case LFT_KP_UNSIGNED:
		if (t->size == 8)
			seq_buf_printf(s, "%llu", v);
		else
			seq_buf_printf(s, "%u", (u32)v);
		break;
	case LFT_KP_HEX:
		if (t->size == 8)
			seq_buf_printf(s, "0x%llx", v);
		else
			seq_buf_printf(s, "0x%x", (u32)v);
		break;
	default:
		seq_buf_printf(s, "%pS", (void *)(unsigned long)v);
		break;
	}
}

/**
 * lft_kp_print_args() - " name=value" for each argument of a record
 * @s: where to print
 * @def: the probe's definition
 * @rec: the record
 * @len: its length (fields are within it: the caller checked)
 * @head: bytes of the record before the arguments
 */
void lft_kp_print_args(struct seq_buf *s, const struct lft_kp_def *def,
		       const void *rec, unsigned int len, unsigned int head)
{
	unsigned int i, j;

	for (i = 0; i < def->nargs; i++) {
		const struct lft_kp_arg *a = &def->args[i];
		const char *p = (const char *)rec + head + a->offset;

		seq_buf_printf(s, " %s=", a->name);
		if (!a->count) {
			lft_kp_print_one(s, a->type, p, rec, len);
			continue;
		}
		for (j = 0; j < a->count; j++) {
			seq_buf_printf(s, "%c", j ? ',' : '{');
			lft_kp_print_one(s, a->type, p + j * a->type->size,
					 rec, len);
		}
		seq_buf_printf(s, "%c", '}');
	}
}
EXPORT_SYMBOL_NS_GPL(lft_kp_print_args, LFTRACE_INTERNAL);
