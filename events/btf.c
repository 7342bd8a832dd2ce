// SPDX-License-Identifier: GPL-2.0
/*
 * Where a member of a structure private to some kernel code lies, from the
 * running kernel's own type information (vmlinux BTF), for the events whose
 * tracepoints hand us such structures (struct pool_workqueue, SLUB's
 * struct kmem_cache). Nothing is ever guessed: a kernel without BTF, or
 * whose structure lacks the member or gives it another kind of type, gets
 * an error, and the event is left out.
 *
 * The BTF functions are the kernel's own, found by name at first use
 * (they are not exported, and a kernel without BPF has none of them).
 */
#include <linux/btf.h>
#include <linux/err.h>
#include <linux/string.h>

#include "core/ksyms.h"
#include "events/event.h"

static struct {
	struct btf *(*vmlinux)(void);
	s32 (*find)(const struct btf *btf, const char *name, u8 kind);
	const struct btf_type *(*type)(const struct btf *btf, u32 id);
	const char *(*name)(const struct btf *btf, u32 offset);
	struct btf *btf;
} lft_btf;

static int lft_btf_init(void)
{
	struct btf *btf;

	if (lft_btf.btf)
		return 0;
	lft_btf.vmlinux = (void *)lft_ksym_lookup("bpf_get_btf_vmlinux");
	lft_btf.find = (void *)lft_ksym_lookup("btf_find_by_name_kind");
	lft_btf.type = (void *)lft_ksym_lookup("btf_type_by_id");
	lft_btf.name = (void *)lft_ksym_lookup("btf_name_by_offset");
	if (!lft_btf.vmlinux || !lft_btf.find || !lft_btf.type ||
	    !lft_btf.name)
		return -EOPNOTSUPP;
	btf = lft_btf.vmlinux();
	if (IS_ERR_OR_NULL(btf))
		return -EOPNOTSUPP;
	lft_btf.btf = btf;
	return 0;
}

/* @id's type with typedefs and qualifiers taken off. */
static const struct btf_type *lft_btf_strip(u32 id)
{
	const struct btf_type *t = lft_btf.type(lft_btf.btf, id);

	while (t && (btf_type_is_typedef(t) || btf_kind(t) == BTF_KIND_CONST ||
		     btf_kind(t) == BTF_KIND_VOLATILE ||
		     btf_kind(t) == BTF_KIND_RESTRICT ||
		     btf_kind(t) == BTF_KIND_TYPE_TAG))
		t = lft_btf.type(lft_btf.btf, t->type);
	return t;
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
	const struct btf_member *m;
	const struct btf_type *st, *t, *elem;
	u32 i, bits, have;
	s32 id;
	int ret = lft_btf_init();

	if (ret)
		return ret;
	id = lft_btf.find(lft_btf.btf, sname, BTF_KIND_STRUCT);
	if (id < 0)
		return -ENOENT;
	st = lft_btf.type(lft_btf.btf, id);
	if (!st || !btf_type_is_struct(st))
		return -ENOENT;
	m = btf_members(st);
	for (i = 0; i < btf_type_vlen(st); i++, m++) {
		if (strcmp(lft_btf.name(lft_btf.btf, m->name_off), member))
			continue;
		bits = btf_member_bit_offset(st, i);
		t = lft_btf_strip(m->type);
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
	return -ENOENT;
}
