// SPDX-License-Identifier: GPL-2.0
/*
 * A walk through BTF types from a function's parameter or return value
 * to a member of what it points to: what a probe argument such as
 * "file->f_path.dentry" or "$retval->name" needs to be fetched, where to
 * read (one byte offset per "->") and how to type what it reads. Each
 * step answers an errno of its own, so the caller can log the error the
 * kernel's probes log for it (6.12's parse_btf_field() rules: a "->"
 * needs a pointer to a structure or union, a member is looked up in
 * anonymous members too, a bitfield is read through its container).
 *
 * vmlinux's BTF or a loaded module's: the walk holds a reference to it
 * from lft_btf_walk_start() to lft_btf_walk_end().
 */
#include <linux/btf.h>
#include <linux/err.h>
#include <linux/string.h>

#include "compat/btf.h"
#include "compat/ksyms.h"

#define lft_bw_type(w, id)	lft_kcall(btf_type_by_id)((w)->btf, id)

/**
 * lft_btf_walk_start() - start a walk at a function's parameter or return
 *	value
 * @w: the walk (lft_btf_walk_end() it, whatever this returns)
 * @func: the function's name (a tracepoint iterator's too: its data
 *	parameter is left out)
 * @param: the parameter's name, or NULL for the return value
 * @idx: with @param, set to its index (from 0)
 *
 * Return: 0; -EOPNOTSUPP where BTF does not describe @func (or, for a
 * parameter, @func has none); -ENOENT without such a parameter; -ENODATA
 * for the return value of a function returning void; -EFAULT if BTF
 * names a type it does not have.
 */
int lft_btf_walk_start(struct lft_btf_walk *w, const char *func,
		       const char *param, unsigned int *idx)
{
	const struct btf_param *bp;
	const struct btf_type *t;
	unsigned int skip, i, n;
	u32 id;

	memset(w, 0, sizeof(*w));
	if (!lft_ks.btf_name_by_offset)
		return -EOPNOTSUPP;
	t = lft_btf_func_proto_skip(func, &w->btf, &skip);
	if (!t)
		return -EOPNOTSUPP;
	if (!param) {
		if (!t->type)
			return -ENODATA;
		id = t->type;
	} else {
		n = btf_type_vlen(t) - skip;
		if (!n)
			return -EOPNOTSUPP;
		bp = btf_params(t) + skip;
		for (i = 0; i < n; i++) {
			const char *pn;

			pn = lft_kcall(btf_name_by_offset)(w->btf,
							   bp[i].name_off);
			if (pn && !strcmp(pn, param))
				break;
		}
		if (i == n)
			return -ENOENT;
		*idx = i;
		id = bp[i].type;
	}
	w->t = lft_btf_skip_mods(w->btf, lft_bw_type(w, id));
	return w->t ? 0 : -EFAULT;
}

/**
 * lft_btf_walk_start_struct() - start a walk at a structure named in a
 *	probe argument's typecast ("(STRUCT)", "(STRUCT,FIELD)")
 * @w: the walk (lft_btf_walk_end() it, whatever this returns)
 * @name: the structure's name, in vmlinux's BTF or a loaded module's
 *
 * Return: 0, the walk at the structure, its bit offset 0; -ENOENT where
 * no BTF has a structure of that name (unions are not looked for, as the
 * kernel's casts look for none).
 */
int lft_btf_walk_start_struct(struct lft_btf_walk *w, const char *name)
{
	s32 id;

	memset(w, 0, sizeof(*w));
	if (!lft_ks.bpf_find_btf_id || !lft_ks.btf_put ||
	    !lft_ks.btf_type_by_id || !lft_ks.btf_name_by_offset)
		return -ENOENT;
	id = lft_kcall(bpf_find_btf_id)(name, BTF_KIND_STRUCT, &w->btf);
	if (id <= 0 || !w->btf)
		return -ENOENT;
	w->t = lft_bw_type(w, id);
	return w->t ? 0 : -ENOENT;
}

/**
 * lft_btf_walk_deref() - step through a pointer ("->")
 * @w: the walk, at a pointer to a structure or union
 *
 * Return: 0, the walk at the structure, its bit offset 0; -EINVAL if the
 * walk is not at a pointer; -EFAULT if BTF lacks its target.
 */
int lft_btf_walk_deref(struct lft_btf_walk *w)
{
	if (btf_kind(w->t) != BTF_KIND_PTR)
		return -EINVAL;
	w->t = lft_btf_skip_mods(w->btf, lft_bw_type(w, w->t->type));
	w->bitoff = 0;
	return w->t ? 0 : -EFAULT;
}

/* Anonymous members still to search, as the kernel keeps at most. */
#define LFT_BW_ANON_MAX	16

/**
 * lft_btf_walk_member() - step to a member (after "->" or ".")
 * @w: the walk, at a structure or union
 * @name: the member's name; members of anonymous structures and unions
 *	in it are found too
 *
 * Return: 0, the walk at the member's type, its bit offset added and its
 * bitfield width noted; -EINVAL if the walk is not at a structure or
 * union; -ENOENT without such a member; -EFAULT if BTF lacks its type.
 */
int lft_btf_walk_member(struct lft_btf_walk *w, const char *name)
{
	struct { const struct btf_type *t; u32 off; } anon[LFT_BW_ANON_MAX];
	const struct btf_type *st = w->t, *mt;
	const struct btf_member *m;
	unsigned int top = 0, i;
	u32 base = 0;

	if (!btf_type_is_struct(st))
		return -EINVAL;
	for (;;) {
		m = btf_members(st);
		for (i = 0; i < btf_type_vlen(st); i++, m++) {
			if (m->name_off) {
				const char *mn;

				mn = lft_kcall(btf_name_by_offset)(w->btf,
								   m->name_off);
				if (mn && !strcmp(mn, name))
					goto found;
				continue;
			}
			/* Searched once the named ones are, last first. */
			mt = lft_btf_skip_mods(w->btf, lft_bw_type(w, m->type));
			if (mt && btf_type_is_struct(mt) && top < LFT_BW_ANON_MAX) {
				anon[top].t = mt;
				anon[top++].off = base +
						  btf_member_bit_offset(st, i);
			}
		}
		if (!top)
			return -ENOENT;
		top--;
		st = anon[top].t;
		base = anon[top].off;
	}
found:
	w->bitoff += base + btf_member_bit_offset(st, i);
	w->bitsize = btf_member_bitfield_size(st, i);
	w->t = lft_btf_skip_mods(w->btf, lft_bw_type(w, m->type));
	return w->t ? 0 : -EFAULT;
}

/**
 * lft_btf_walk_type() - the probe fetch type of what the walk is at, as
 *	kernels whose probes type arguments from BTF give it
 * @w: the walk
 * @bitsize: the bitfield width to read it with (0: a whole value); an
 *	integer whose BTF width is not a whole type's sets it
 * @bitoff: the bit offset past the byte read, likewise adjusted
 *
 * Return: "s32", "u64", "x64", ...; NULL where the kernel takes its
 * default type (structures, arrays, odd-width signed integers).
 */
const char *lft_btf_walk_type(const struct lft_btf_walk *w, u32 *bitsize,
			      u32 *bitoff)
{
	const char *name = lft_btf_t_fetch_type(w->t);
	u32 enc;

	if (name || btf_kind(w->t) != BTF_KIND_INT)
		return name;
	/* An integer of no whole type's width: unsigned, a bitfield. */
	enc = *(const u32 *)(w->t + 1);	/* what follows an INT */
	if (BTF_INT_ENCODING(enc) & BTF_INT_SIGNED)
		return NULL;
	/* An old-style bitfield: its width is in the type. */
	*bitsize = BTF_INT_BITS(enc);
	*bitoff += BTF_INT_OFFSET(enc);
	return "u64";
}

/*
 * Whether @t is an unsigned 8-bit integer as the kernel's string checks
 * read it (the word after the type, whatever its kind), or plain "char":
 * the BTF of Debian's 6.1 (an older pahole) calls char signed, where the
 * kernels that have these checks call it unsigned, and a "char *" is a
 * string to them.
 */
static bool lft_bw_is_byte(const struct lft_btf_walk *w,
			   const struct btf_type *t)
{
	const char *name;
	u32 enc;

	if (!t)
		return false;
	enc = *(const u32 *)(t + 1);
	if (BTF_INT_BITS(enc) != 8)
		return false;
	if (!(BTF_INT_ENCODING(enc) & BTF_INT_SIGNED))
		return true;
	name = btf_kind(t) == BTF_KIND_INT ?
	       lft_kcall(btf_name_by_offset)(w->btf, t->name_off) : NULL;
	return name && !strcmp(name, "char");
}

/**
 * lft_btf_walk_char_ptr() - whether a string is read through the value
 *	the walk is at, decided as 6.12 decides it
 * @w: the walk
 *
 * Return: true when the type the walk's type names (a pointer's target;
 * for other kinds that word is their size, read as an id all the same)
 * is an unsigned 8-bit integer.
 */
bool lft_btf_walk_char_ptr(const struct lft_btf_walk *w)
{
	const struct btf_type *t;

	t = lft_btf_skip_mods(w->btf, lft_bw_type(w, w->t->type));
	return t && btf_kind(t) == BTF_KIND_INT && lft_bw_is_byte(w, t);
}

/**
 * lft_btf_walk_char_array() - whether the walk is at an array of bytes
 *	(a string in place)
 * @w: the walk
 *
 * Return: true for an array whose elements 6.12 takes for bytes.
 */
bool lft_btf_walk_char_array(const struct lft_btf_walk *w)
{
	if (btf_kind(w->t) != BTF_KIND_ARRAY)
		return false;
	return lft_bw_is_byte(w, lft_btf_skip_mods(w->btf,
						   lft_bw_type(w, btf_array(w->t)->type)));
}

/**
 * lft_btf_walk_end() - let go of the walk's BTF
 * @w: the walk
 */
void lft_btf_walk_end(struct lft_btf_walk *w)
{
	if (w->btf)
		lft_kcall(btf_put)(w->btf);
	w->btf = NULL;
}
