// SPDX-License-Identifier: GPL-2.0
/*
 * Where a member of a structure private to some kernel code lies, from the
 * running kernel's own type information (vmlinux BTF), for the events whose
 * tracepoints hand us such structures (struct pool_workqueue, SLUB's
 * struct kmem_cache). Nothing is ever guessed: a kernel without BTF, or
 * whose structure lacks the member or gives it another kind of type, gets
 * an error, and the event is left out. The same lookup checks, at load,
 * that the structures lftrace has copies of (compat/ftrace.h) are laid
 * out as the copies are.
 *
 * The BTF functions are the kernel's own, resolved at load in
 * compat/ksyms.c (they are not exported, and a kernel without BPF has none
 * of them).
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/btf.h>
#include <linux/ctype.h>
#include <linux/err.h>
#include <linux/kallsyms.h>
#include <linux/preempt.h>
#include <linux/seq_buf.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "compat/btf.h"
#include "compat/ksyms.h"
#include "include/lft_test_export.h"

static struct {
	struct btf *btf;
} lft_btf;

/* The kernel's BTF accessors (LFT_KCALLS: direct calls). */
#define lft_btf_type(id)	lft_kcall(btf_type_by_id)(lft_btf.btf, id)
#define lft_btf_name(off)	lft_kcall(btf_name_by_offset)(lft_btf.btf, off)
#define lft_btf_find(name, kind) \
	lft_kcall(btf_find_by_name_kind)(lft_btf.btf, name, kind)

static int lft_btf_init(void)
{
	struct btf *btf;

	if (lft_btf.btf)
		return 0;
	if (!lft_ks.bpf_get_btf_vmlinux || !lft_ks.btf_find_by_name_kind ||
	    !lft_ks.btf_type_by_id || !lft_ks.btf_name_by_offset)
		return -EOPNOTSUPP;
	btf = lft_kcall(bpf_get_btf_vmlinux)();
	if (IS_ERR_OR_NULL(btf))
		return -EOPNOTSUPP;
	lft_btf.btf = btf;
	return 0;
}

/**
 * lft_btf_skip_mods() - a BTF type with its typedefs and qualifiers off
 * @btf: the BTF @t is in
 * @t: the type (NULL passes through)
 *
 * Return: the type they name, or NULL where one is missing.
 */
const struct btf_type *lft_btf_skip_mods(const struct btf *btf,
					 const struct btf_type *t)
{
	while (t && (btf_type_is_typedef(t) || btf_kind(t) == BTF_KIND_CONST ||
		     btf_kind(t) == BTF_KIND_VOLATILE ||
		     btf_kind(t) == BTF_KIND_RESTRICT ||
		     btf_kind(t) == BTF_KIND_TYPE_TAG))
		t = lft_kcall(btf_type_by_id)(btf, t->type);
	return t;
}

/* @id's type in vmlinux BTF with typedefs and qualifiers taken off. */
static const struct btf_type *lft_btf_strip(u32 id)
{
	return lft_btf_skip_mods(lft_btf.btf, lft_btf_type(id));
}

/*
 * The index of @member among struct @sname's members, which @st is set to;
 * -EOPNOTSUPP without BTF, -ENOENT without the structure or the member.
 */
static int lft_btf_find_member(const char *sname, const char *member,
			       const struct btf_type **st)
{
	const struct btf_member *m;
	int i, ret = lft_btf_init();
	s32 id;

	if (ret)
		return ret;
	id = lft_btf_find(sname, BTF_KIND_STRUCT);
	if (id < 0)
		return -ENOENT;
	*st = lft_btf_type(id);
	if (!*st || !btf_type_is_struct(*st))
		return -ENOENT;
	m = btf_members(*st);
	for (i = 0; i < btf_type_vlen(*st); i++, m++)
		if (!strcmp(lft_btf_name(m->name_off), member))
			return i;
	return -ENOENT;
}

/**
 * lft_btf_member() - a member of a kernel structure, from vmlinux BTF
 * @sname: the structure's name ("pool_workqueue")
 * @member: the member's name, directly in it (no nested anonymous unions)
 * @kind: the kind its type must have once typedefs and qualifiers are
 *	stripped: BTF_KIND_PTR, BTF_KIND_INT or BTF_KIND_ARRAY
 * @size: the size it must have in bytes (for an array: its element count,
 *	elements being one byte), or 0 for "at least 1" (it is then stored)
 *
 * Call in process context (the first call may parse the kernel's BTF).
 *
 * Return: the member's byte offset, or a negative errno: -EOPNOTSUPP
 * without BTF, -ENOENT if there is no such member, -EINVAL if it is not
 * what the caller reads it as.
 */
int lft_btf_member(const char *sname, const char *member, u16 kind,
		   u32 *size)
{
	const struct btf_type *st, *t, *elem;
	u32 bits, have;
	int i = lft_btf_find_member(sname, member, &st);

	if (i < 0)
		return i;
	bits = btf_member_bit_offset(st, i);
	t = lft_btf_strip(btf_members(st)[i].type);
	if (!t || btf_kind(t) != kind || bits % 8 ||
	    btf_member_bitfield_size(st, i))
		return -EINVAL;
	switch (kind) {
	case BTF_KIND_PTR:
		have = sizeof(void *);
		break;
	case BTF_KIND_ARRAY:
		/* Only arrays of bytes: the count is the size. */
		elem = lft_btf_strip(btf_array(t)->type);
		if (!elem || !btf_type_is_int(elem) || elem->size != 1)
			return -EINVAL;
		have = btf_array(t)->nelems;
		break;
	default:
		have = t->size;
	}
	if (*size ? have != *size : !have)
		return -EINVAL;
	*size = have;
	return bits / 8;
}

/* Type @id's size in bytes, or 0 for a type without one (void, a function). */
static u32 lft_btf_size(u32 id, int depth)
{
	const struct btf_type *t = lft_btf_strip(id);

	if (!t || depth > 8)
		return 0;
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
		return sizeof(void *);
	case BTF_KIND_ARRAY:
		return btf_array(t)->nelems *
		       lft_btf_size(btf_array(t)->type, depth + 1);
	case BTF_KIND_INT:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_FLOAT:
		return t->size;
	default:
		return 0;
	}
}

/**
 * lft_btf_member_at() - where a member of a kernel structure lies
 * @sname: the structure's name ("ftrace_hash")
 * @member: the member's name, directly in it (no nested anonymous unions)
 * @offset: set to its byte offset
 * @size: set to its size in bytes
 *
 * Unlike lft_btf_member(), any type will do: for checking a copy of the
 * structure's layout, not for reading one member found at run time.
 * Process context.
 *
 * Return: 0, or a negative errno: -EOPNOTSUPP without BTF, -ENOENT if
 * there is no such member, -EINVAL if it is a bitfield or has no size.
 */
int lft_btf_member_at(const char *sname, const char *member, u32 *offset,
		      u32 *size)
{
	const struct btf_type *st;
	u32 bits;
	int i = lft_btf_find_member(sname, member, &st);

	if (i < 0)
		return i;
	bits = btf_member_bit_offset(st, i);
	if (bits % 8 || btf_member_bitfield_size(st, i))
		return -EINVAL;
	*size = lft_btf_size(btf_members(st)[i].type, 0);
	if (!*size)
		return -EINVAL;
	*offset = bits / 8;
	return 0;
}
LFT_TEST_EXPORT(lft_btf_member_at);

/**
 * lft_btf_flag_at() - where a true/false member of a kernel structure lies
 * @sname: the structure's name ("ftrace_event_field")
 * @member: the member's name, directly in it
 * @bit: set to the bit that holds it, counted from the structure's start
 *
 * For members that became one-bit fields in a later kernel (an int that
 * holds 0 or 1 on 6.1, "unsigned int x:1" on 6.12): either way, on x86
 * (little-endian) the flag is bit @bit % 32 of the 32-bit word at byte
 * @bit / 32 * 4. Process context.
 *
 * Return: 0, or a negative errno: -EOPNOTSUPP without BTF, -ENOENT if
 * there is no such member, -EINVAL if it is neither a 4-byte integer nor a
 * one-bit field.
 */
int lft_btf_flag_at(const char *sname, const char *member, u32 *bit)
{
	const struct btf_type *st, *t;
	u32 bits;
	int i = lft_btf_find_member(sname, member, &st);

	if (i < 0)
		return i;
	bits = btf_member_bit_offset(st, i);
	if (btf_member_bitfield_size(st, i)) {
		if (btf_member_bitfield_size(st, i) != 1)
			return -EINVAL;
	} else {
		t = lft_btf_strip(btf_members(st)[i].type);
		if (!t || !btf_type_is_int(t) || t->size != 4 || bits % 32)
			return -EINVAL;
	}
	*bit = bits;
	return 0;
}

/**
 * lft_btf_check_layout() - does a kernel structure match lftrace's copy?
 * @sname: the kernel's structure ("ftrace_hash")
 * @ours: the members lftrace reads, where its copy has them
 * @n: their count
 *
 * Each member the kernel's structure lacks or has elsewhere, or of another
 * size, is named with pr_err(), not only the first, so that one load lists
 * every difference. Process context.
 *
 * Return: 0 when every member matches, -EOPNOTSUPP without BTF (nothing
 * is said: the caller tells the user what goes unchecked), -ENOENT or
 * -EINVAL after naming what differs.
 */
int lft_btf_check_layout(const char *sname, const struct lft_btf_field *ours,
			 size_t n)
{
	u32 off, size;
	int err, ret = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		err = lft_btf_member_at(sname, ours[i].member, &off, &size);
		if (err == -EOPNOTSUPP)
			return err;
		if (err) {
			pr_err("struct %s: this kernel's has no member %s that lftrace can read (%d)\n",
			       sname, ours[i].member, err);
			ret = ret ? : err;
		} else if (off != ours[i].offset || size != ours[i].size) {
			pr_err("struct %s: member %s is at offset %u (%u bytes) in this kernel, at %u (%u bytes) in lftrace's copy\n",
			       sname, ours[i].member, off, size,
			       ours[i].offset, ours[i].size);
			ret = ret ? : -EINVAL;
		}
	}
	return ret;
}
LFT_TEST_EXPORT(lft_btf_check_layout);

/* Appends @str to @buf (of @n bytes, NUL-terminated); false when full. */
static bool lft_btf_cat(char *buf, size_t n, const char *str)
{
	return strlcat(buf, str, n) < n;
}

/* A type as C text (spaces aside), e.g. "const struct foo*". */
static bool lft_btf_render(u32 id, char *buf, size_t n, int depth)
{
	const struct btf_type *t;
	const char *name;

	if (depth > 8)
		return false;
	if (!id)
		return lft_btf_cat(buf, n, "void");
	t = lft_btf_type(id);
	if (!t)
		return false;
	name = lft_btf_name(t->name_off);
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
		return lft_btf_cat(buf, n, "struct ") &&
		       lft_btf_cat(buf, n, name);
	case BTF_KIND_UNION:
		return lft_btf_cat(buf, n, "union ") &&
		       lft_btf_cat(buf, n, name);
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return lft_btf_cat(buf, n, "enum ") &&
		       lft_btf_cat(buf, n, name);
	case BTF_KIND_FWD:
		/* A declared-only struct or union (kflag: union). */
		return lft_btf_cat(buf, n, BTF_INFO_KFLAG(t->info) ?
				   "union " : "struct ") &&
		       lft_btf_cat(buf, n, name);
	case BTF_KIND_CONST:
		return lft_btf_cat(buf, n, "const ") &&
		       lft_btf_render(t->type, buf, n, depth + 1);
	case BTF_KIND_VOLATILE:
		return lft_btf_cat(buf, n, "volatile ") &&
		       lft_btf_render(t->type, buf, n, depth + 1);
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
		/* __restrict and __user-like tags are not in the C text. */
		return lft_btf_render(t->type, buf, n, depth + 1);
	case BTF_KIND_PTR:
		return lft_btf_render(t->type, buf, n, depth + 1) &&
		       lft_btf_cat(buf, n, "*");
	default:
		/* INT, TYPEDEF, FLOAT: their names; anything else fails. */
		return name && *name && lft_btf_cat(buf, n, name);
	}
}

/**
 * lft_btf_param_type() - a parameter's type as the kernel's BTF names it
 * @param: a parameter declaration, C text ("unsigned long flags")
 * @len: its length
 * @out: where the type goes
 * @n: @out's size
 *
 * The parameter's name is taken off, a builtin integer type is put in
 * DWARF's word order ("unsigned long" is "long unsigned int"), and spaces
 * go, so that lft_btf_tp_proto() compares it with the BTF's type text
 * (rendered the same way, without spaces).
 */
void lft_btf_param_type(const char *param, size_t len, char *out, size_t n)
{
	static const char *const words[] = {
		"const", "unsigned", "signed", "short", "long", "int", "char",
	};
	unsigned int count[ARRAY_SIZE(words)] = { 0 };
	char text[128], *p, *w;
	bool builtin = true;
	unsigned int i;

	/* Drop the trailing identifier: the parameter's name. */
	while (len && isspace(param[len - 1]))
		len--;
	while (len && (isalnum(param[len - 1]) || param[len - 1] == '_'))
		len--;
	strscpy(text, param, min(len + 1, sizeof(text)));
	p = strim(text);
	for (w = p; builtin && *w;) {
		size_t l = strcspn(w, " \t");

		for (i = 0; i < ARRAY_SIZE(words); i++)
			if (l == strlen(words[i]) && !strncmp(w, words[i], l))
				break;
		if (i == ARRAY_SIZE(words))
			builtin = false;
		else
			count[i]++;
		w = skip_spaces(w + l);
	}
	out[0] = 0;
	if (builtin && *p) {
		if (count[0])
			strlcat(out, "const", n);
		if (count[6]) {
			strlcat(out, count[1] ? "unsigned" : count[2] ?
				"signed" : "", n);
			strlcat(out, "char", n);
		} else {
			for (i = 0; i < count[4]; i++)
				strlcat(out, "long", n);
			if (count[3])
				strlcat(out, "short", n);
			if (count[1])
				strlcat(out, "unsigned", n);
			strlcat(out, "int", n);
		}
		return;
	}
	for (w = p; *w; w++)
		if (!isspace(*w))
			strncat(out, w, 1);
}
LFT_TEST_EXPORT(lft_btf_param_type);

/* @s without its spaces, in place. */
static void lft_btf_squeeze(char *s)
{
	char *d = s;

	for (; *s; s++)
		if (!isspace(*s))
			*d++ = *s;
	*d = 0;
}

/**
 * lft_btf_tp_proto() - check a probe's prototype against the tracepoint's
 * @tp: the tracepoint's name
 * @proto: the prototype the probe was built for, as C text ("int sig,
 *	struct task_struct *task")
 * @checked: set to whether it could be checked
 *
 * The kernel describes each tracepoint's probe type in its BTF
 * (btf_trace_<name>, a pointer to a function whose first parameter is the
 * probe's data): the count and types of the parameters after it must be
 * @proto's, so that a kernel whose tracepoint changed gets no probe that
 * reads its arguments wrongly. Without BTF, or without that type, nothing
 * is checked (a kernel built without BTF says so once). Process context.
 * @checked is set when the prototype was compared.
 *
 * Return: NULL if the probe fits, else why not.
 */
const char *lft_btf_tp_proto(const char *tp, const char *proto,
			     bool *checked)
{
	static char why[160];
	static bool told;
	char name[KSYM_NAME_LEN], ours[128], theirs[128];
	const struct btf_param *args;
	const struct btf_type *t;
	unsigned int i, nargs;
	const char *p = proto;
	s32 id;

	*checked = false;
	if (lft_btf_init()) {
		if (!told)
			pr_info("no kernel BTF: tracepoint prototypes are not checked\n");
		told = true;
		return NULL;
	}
	snprintf(name, sizeof(name), "btf_trace_%s", tp);
	id = lft_btf_find(name, BTF_KIND_TYPEDEF);
	if (id < 0)
		return NULL;
	t = lft_btf_strip(id);
	if (t && btf_kind(t) == BTF_KIND_PTR)
		t = lft_btf_strip(t->type);
	if (!t || btf_kind(t) != BTF_KIND_FUNC_PROTO || !btf_type_vlen(t))
		return "the kernel's BTF gives no probe type for it";
	*checked = true;
	args = btf_params(t);
	nargs = btf_type_vlen(t) - 1;
	for (i = 0; *p; i++) {
		size_t len = strcspn(p, ",");

		if (i == nargs)
			break;
		lft_btf_param_type(p, len, ours, sizeof(ours));
		theirs[0] = 0;
		if (!lft_btf_render(args[i + 1].type, theirs, sizeof(theirs), 0))
			strscpy(theirs, "?", sizeof(theirs));
		lft_btf_squeeze(theirs);
		if (strcmp(ours, theirs)) {
			snprintf(why, sizeof(why),
				 "its argument %u is %s here, not %s", i + 1,
				 theirs, ours);
			return why;
		}
		p += len;
		if (*p)
			p++;
	}
	if (i != nargs || *p) {
		snprintf(why, sizeof(why),
			 "it has %u arguments here, lftrace's probe another count",
			 nargs);
		return why;
	}
	return NULL;
}

/*
 * A tracepoint's iterator, __traceiter_NAME(void *__data, ARGS...), has
 * the tracepoint's arguments with their names (a probe's type, the
 * btf_trace_NAME typedef, has none): its first parameter is the probes'
 * data, not one of them, so it is left out.
 */
#define LFT_BTF_TP_ITER	"__traceiter_"

/**
 * lft_btf_func_proto_skip() - a function's FUNC_PROTO in its BTF
 * @func: the function's name (a tracepoint's "__traceiter_NAME" too)
 * @btf: set to the BTF it is in, referenced (btf_put() it), or NULL
 * @skip: set to how many of its first parameters are not the function's
 *	own (a tracepoint iterator's data)
 *
 * Return: the FUNC_PROTO, or NULL when BTF does not describe @func.
 */
const struct btf_type *lft_btf_func_proto_skip(const char *func,
					       struct btf **btf,
					       unsigned int *skip)
{
	const struct btf_type *t = NULL;
	s32 id;

	*btf = NULL;
	*skip = str_has_prefix(func, LFT_BTF_TP_ITER) ? 1 : 0;
	if (!lft_ks.bpf_find_btf_id || !lft_ks.btf_put || !lft_ks.btf_type_by_id)
		return NULL;
	id = lft_kcall(bpf_find_btf_id)(func, BTF_KIND_FUNC, btf);
	if (id <= 0 || !*btf)
		return NULL;
	t = lft_kcall(btf_type_by_id)(*btf, id);		/* the FUNC */
	if (t)
		t = lft_kcall(btf_type_by_id)(*btf, t->type);	/* its proto */
	if (!t || btf_kind(t) != BTF_KIND_FUNC_PROTO ||
	    btf_type_vlen(t) < *skip)
		return NULL;
	return t;
}

static const struct btf_type *lft_btf_func_proto(const char *func,
						 struct btf **btf)
{
	unsigned int skip;

	return lft_btf_func_proto_skip(func, btf, &skip);
}

/**
 * lft_btf_func_nparams() - how many parameters a function has, from its BTF
 *	(vmlinux's or a loaded module's)
 * @func: the function's name
 *
 * Return: the count, or -ENOENT when BTF does not say.
 */
int lft_btf_func_nparams(const char *func)
{
	const struct btf_type *t;
	unsigned int skip;
	struct btf *btf;
	int n = -ENOENT;

	t = lft_btf_func_proto_skip(func, &btf, &skip);
	if (t)
		n = btf_type_vlen(t) - skip;
	if (btf)
		lft_kcall(btf_put)(btf);
	return n;
}

/**
 * lft_btf_func_void() - whether BTF says a function returns nothing
 *	(vmlinux's or a loaded module's BTF)
 * @func: the function's name
 *
 * Return: true only when the function's BTF is found and its return type
 * is void; false when it returns a value or BTF does not say.
 */
bool lft_btf_func_void(const char *func)
{
	const struct btf_type *t;
	struct btf *btf;
	bool ret;

	t = lft_btf_func_proto(func, &btf);
	ret = t && !t->type;	/* type 0 is void */
	if (btf)
		lft_kcall(btf_put)(btf);
	return ret;
}

/**
 * lft_btf_t_fetch_type() - the probe fetch type of a BTF type
 * @t: the type, typedefs and qualifiers off, or NULL
 *
 * As kernels whose probe events type arguments from BTF name it: enums
 * s32 or s64, pointers x64, integers of a whole type's width by their
 * sign and size. A bitfield's integer is no fetch type (compat/btf_walk.c
 * reads it through its container).
 *
 * Return: "s32", "u64", "x64", ...; NULL for void or another kind.
 */
const char *lft_btf_t_fetch_type(const struct btf_type *t)
{
	static const char * const ints[2][4] = {
		{ "u8", "u16", "u32", "u64" }, { "s8", "s16", "s32", "s64" },
	};
	u32 enc, bits;

	if (!t)
		return NULL;
	switch (btf_kind(t)) {
	case BTF_KIND_ENUM:
		return "s32";
	case BTF_KIND_ENUM64:
		return "s64";
	case BTF_KIND_PTR:
		return "x64";
	case BTF_KIND_INT:
		enc = *(const u32 *)(t + 1);	/* what follows an INT */
		bits = BTF_INT_BITS(enc);
		if (bits == 8 || bits == 16 || bits == 32 || bits == 64)
			return ints[!!(BTF_INT_ENCODING(enc) & BTF_INT_SIGNED)]
				   [ilog2(bits / 8)];
	}
	return NULL;
}

/* The probe fetch type of BTF type @id in @btf (0 is void). */
static const char *lft_btf_fetch_type(const struct btf *btf, u32 id)
{
	/* Typedefs and qualifiers off. */
	return id ? lft_btf_t_fetch_type(lft_btf_skip_mods(btf,
				lft_kcall(btf_type_by_id)(btf, id))) : NULL;
}

/*
 * Whether a string can be read through a value of BTF type @id in @btf,
 * decided as 6.12 decides it: the type @id's ->type names (a pointer's
 * target; for other kinds that word is their size, read as a type id all
 * the same) is an unsigned 8-bit integer.
 */
static bool lft_btf_is_char_ptr(const struct btf *btf, u32 id)
{
	const struct btf_type *t;
	u32 enc;

	t = lft_btf_skip_mods(btf, lft_kcall(btf_type_by_id)(btf, id));
	if (!t)
		return false;
	t = lft_btf_skip_mods(btf, lft_kcall(btf_type_by_id)(btf, t->type));
	if (!t || btf_kind(t) != BTF_KIND_INT)
		return false;
	enc = *(const u32 *)(t + 1);	/* what follows an INT */
	return !(BTF_INT_ENCODING(enc) & BTF_INT_SIGNED) &&
	       BTF_INT_BITS(enc) == 8;
}

/**
 * lft_btf_func_ret() - the probe fetch type of a function's return value,
 *	from its BTF (vmlinux's or a loaded module's), as kernels whose probe
 *	events type arguments from BTF (CONFIG_PROBE_EVENTS_BTF_ARGS) give an
 *	untyped $retval
 * @func: the function's name
 *
 * Return: "s32", "u64", "x64", ... (enums are s32 or s64, pointers x64);
 * NULL when BTF does not say (no BTF, not found, void, another kind).
 */
const char *lft_btf_func_ret(const char *func)
{
	const struct btf_type *t;
	const char *ret = NULL;
	struct btf *btf = NULL;

	t = lft_btf_func_proto(func, &btf);
	if (!btf)
		return NULL;
	if (t)
		ret = lft_btf_fetch_type(btf, t->type);
	lft_kcall(btf_put)(btf);
	return ret;
}

/**
 * lft_btf_func_param() - a function's parameter, from its BTF (vmlinux's
 *	or a loaded module's), for probe arguments named after parameters
 * @func: the function's name
 * @name: the parameter's name, or NULL to take the @idx-th
 * @idx: with @name NULL, the parameter's index (from 0)
 * @p: filled in: its name (at most @p->name's size), index, fetch type
 *	(NULL where BTF gives none) and whether it points to char
 *
 * Return: 0; -ENOENT if there is no such parameter; -EOPNOTSUPP if BTF
 * does not describe the function, or it has no parameters.
 */
int lft_btf_func_param(const char *func, const char *name, unsigned int idx,
		       struct lft_btf_param *p)
{
	const struct btf_param *bp;
	const struct btf_type *t;
	unsigned int skip;
	struct btf *btf;
	int i, n, ret = -EOPNOTSUPP;

	if (!lft_ks.btf_name_by_offset)
		return -EOPNOTSUPP;
	t = lft_btf_func_proto_skip(func, &btf, &skip);
	n = t ? btf_type_vlen(t) - skip : 0;
	if (!n)
		goto out;
	ret = -ENOENT;
	bp = btf_params(t) + skip;
	for (i = 0; i < n; i++) {
		const char *pn = lft_kcall(btf_name_by_offset)(btf,
							       bp[i].name_off);

		if (name ? !pn || strcmp(pn, name) : i != idx)
			continue;
		if (!pn || strscpy(p->name, pn, sizeof(p->name)) < 0)
			break;
		p->idx = i;
		p->type = lft_btf_fetch_type(btf, bp[i].type);
		p->char_ptr = lft_btf_is_char_ptr(btf, bp[i].type);
		ret = 0;
		break;
	}
out:
	if (btf)
		lft_kcall(btf_put)(btf);
	return ret;
}

/* BTF's kind names, as the kernel's btf_type_str() gives them. */
static const char *lft_btf_kind_str(const struct btf_type *t)
{
	static const char * const kinds[] = {
		"UNKNOWN", "INT", "PTR", "ARRAY", "STRUCT", "UNION", "ENUM",
		"FWD", "TYPEDEF", "VOLATILE", "CONST", "RESTRICT", "FUNC",
		"FUNC_PROTO", "VAR", "DATASEC", "FLOAT", "DECL_TAG",
		"TYPE_TAG", "ENUM64",
	};
	u32 k = btf_kind(t);

	return k < ARRAY_SIZE(kinds) ? kinds[k] : "UNKNOWN";
}

/*
 * One argument, whose value starts at @args[*a]: as upstream prints it
 * (6.17): signed integers and enums in decimal, pointers, unsigned
 * integers and what BTF does not type in hex (untyped ones after a "?"),
 * anything else as its kind and the registers it takes, "(STRUCT)[0x1:0x2]".
 * Return: false when the registers ran out inside it.
 */
static bool lft_btf_print_arg(struct seq_buf *s, const struct btf *btf,
			      u32 type, const unsigned long *args,
			      unsigned int nargs, unsigned int *a)
{
	const struct btf_type *t;
	unsigned long arg = args[*a];
	u32 x;

	t = lft_btf_skip_mods(btf, lft_kcall(btf_type_by_id)(btf, type));
	switch (t ? btf_kind(t) : BTF_KIND_UNKN) {
	case BTF_KIND_UNKN:
		seq_buf_printf(s, "?");
		fallthrough;
	case BTF_KIND_PTR:
		seq_buf_printf(s, "0x%lx", arg);
		return true;
	case BTF_KIND_INT:
		if (BTF_INT_ENCODING(*(const u32 *)(t + 1)) & BTF_INT_SIGNED)
			seq_buf_printf(s, "%ld", (long)arg);
		else
			seq_buf_printf(s, "0x%lx", arg);
		return true;
	case BTF_KIND_ENUM:
		seq_buf_printf(s, "%ld", (long)arg);
		return true;
	}
	seq_buf_printf(s, "(%s)[0x%lx", lft_btf_kind_str(t), arg);
	for (x = sizeof(long); x < t->size; x += sizeof(long)) {
		seq_buf_printf(s, ":");
		if (++*a == nargs) {
			seq_buf_printf(s, "...]");
			return false;
		}
		seq_buf_printf(s, "0x%lx", args[*a]);
	}
	seq_buf_printf(s, "]");
	return true;
}

/**
 * lft_btf_print_args() - a call's arguments, named and typed by the
 *	function's BTF (vmlinux's or its module's), as upstream's
 *	func-args and funcgraph-args print them
 * @s: where to print
 * @func: the function's address
 * @args: the argument registers at its entry, in the ABI's order
 * @nargs: how many @args holds
 *
 * Prints "(name=value, ...)", with "..." where the registers end before
 * the parameters do; "()" when BTF does not describe the function, or in
 * a context that cannot look BTF up (the lookup takes a bh lock: an
 * interrupt, or the console dump with interrupts off).
 */
void lft_btf_print_args(struct seq_buf *s, unsigned long func,
			const unsigned long *args, unsigned int nargs)
{
	char name[KSYM_SYMBOL_LEN], *mod;
	const struct btf_param *bp;
	const struct btf_type *t;
	struct btf *btf = NULL;
	unsigned int a, p, n;

	seq_buf_printf(s, "(");
	if (in_hardirq() || in_nmi() || irqs_disabled() ||
	    !lft_ks.btf_name_by_offset)
		goto out;
	sprint_symbol_no_offset(name, func);
	mod = strchr(name, ' ');
	if (mod)
		*mod = '\0';
	t = lft_btf_func_proto(name, &btf);
	n = t ? btf_type_vlen(t) : 0;
	bp = n ? btf_params(t) : NULL;
	for (a = 0, p = 0; p < n; a++, p++) {
		const char *pn;

		if (p)
			seq_buf_printf(s, ", ");
		if (a == nargs) {
			seq_buf_printf(s, "...");
			break;
		}
		pn = lft_kcall(btf_name_by_offset)(btf, bp[p].name_off);
		if (pn)
			seq_buf_printf(s, "%s=", pn);
		if (!lft_btf_print_arg(s, btf, bp[p].type, args, nargs, &a))
			break;
	}
	if (btf)
		lft_kcall(btf_put)(btf);
out:
	seq_buf_printf(s, ")");
}
