/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's BTF, for what lftrace reads of structures private to the
 * kernel, for checking the layout of the copies it has of some, and for
 * checking tracepoint prototypes (compat/btf.c). Without vmlinux BTF every
 * lookup fails and callers leave the feature out or the check undone.
 */
#ifndef LFT_COMPAT_BTF_H
#define LFT_COMPAT_BTF_H

#include <linux/stddef.h>
#include <linux/types.h>

/**
 * struct lft_btf_field - a member of lftrace's copy of a kernel structure
 * @member: its name, the kernel's
 * @offset: its byte offset in the copy
 * @size: its size in bytes in the copy
 */
struct lft_btf_field {
	const char *member;
	u32 offset;
	u32 size;
};

/* Member @m of @type, lftrace's copy of a kernel structure. */
#define LFT_BTF_FIELD(type, m) \
	{ .member = #m, .offset = offsetof(type, m), \
	  .size = sizeof_field(type, m) }

int lft_btf_member(const char *sname, const char *member, u16 kind,
		   u32 *size);
int lft_btf_member_at(const char *sname, const char *member, u32 *offset,
		      u32 *size);
int lft_btf_flag_at(const char *sname, const char *member, u32 *bit);
int lft_btf_check_layout(const char *sname, const struct lft_btf_field *ours,
			 size_t n);
const char *lft_btf_tp_proto(const char *tp, const char *proto,
			     bool *checked);
const char *lft_btf_func_ret(const char *func);

/**
 * struct lft_btf_param - a function parameter as BTF describes it
 * @name: its name
 * @idx: its place, from 0
 * @type: its probe fetch type ("u64", "x64", ...; NULL: BTF gives none)
 * @char_ptr: it points to char (a string can be read from it)
 */
struct lft_btf_param {
	char name[64];
	unsigned int idx;
	const char *type;
	bool char_ptr;
};

int lft_btf_func_param(const char *func, const char *name, unsigned int idx,
		       struct lft_btf_param *p);
bool lft_btf_func_void(const char *func);
int lft_btf_func_nparams(const char *func);
void lft_btf_param_type(const char *param, size_t len, char *out, size_t n);

struct btf;
struct btf_type;
const struct btf_type *lft_btf_skip_mods(const struct btf *btf,
					 const struct btf_type *t);
const char *lft_btf_t_fetch_type(const struct btf_type *t);
const struct btf_type *lft_btf_func_proto_skip(const char *func,
					       struct btf **btf,
					       unsigned int *skip);

/**
 * struct lft_btf_walk - a walk from a parameter or a return value through
 *	members (compat/btf_walk.c)
 * @btf: the BTF walked, referenced
 * @t: the type the walk is at, typedefs and qualifiers off
 * @bitoff: bits past the address the last "->" reached
 * @bitsize: the last member's bitfield width (0: not a bitfield)
 */
struct lft_btf_walk {
	struct btf *btf;
	const struct btf_type *t;
	u32 bitoff;
	u32 bitsize;
};

int lft_btf_walk_start(struct lft_btf_walk *w, const char *func,
		       const char *param, unsigned int *idx);
int lft_btf_walk_start_struct(struct lft_btf_walk *w, const char *name);
int lft_btf_walk_deref(struct lft_btf_walk *w);
int lft_btf_walk_member(struct lft_btf_walk *w, const char *name);
const char *lft_btf_walk_type(const struct lft_btf_walk *w, u32 *bitsize,
			      u32 *bitoff);
bool lft_btf_walk_char_ptr(const struct lft_btf_walk *w);
bool lft_btf_walk_char_array(const struct lft_btf_walk *w);
void lft_btf_walk_end(struct lft_btf_walk *w);

struct seq_buf;
void lft_btf_print_args(struct seq_buf *s, unsigned long func,
			const unsigned long *args, unsigned int nargs);

#endif /* LFT_COMPAT_BTF_H */
