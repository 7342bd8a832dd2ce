/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generator of lftrace's own records from their description,
 * core/entries.h (which says what each piece means). Two products:
 *
 * - without LFT_ENTRY_TABLES (core/trace.h): each record's struct, a
 *   struct lft_entry then its fields;
 * - with LFT_ENTRY_TABLES (core/entries.c, after the renderers the
 *   description names): each record's field table, and lft_entry_descs[],
 *   one struct lft_entry_desc per type, in the description's order.
 *
 * Deliberately not include-guarded; left out of checkpatch as
 * events/generate.h is (macros that expand to declarations by design).
 */
#define LFT_E_FIELDS(...)	__VA_ARGS__

#ifndef LFT_ENTRY_TABLES
/* ----------------------------------------------------- 1: the structs */
#define LFT_ENTRY(name, type, sname, id, fields, fmt, out)		\
	struct sname {							\
		struct lft_entry ent;					\
		fields							\
	};
#define LFT_ENTRY_PACKED(name, type, sname, id, fields, fmt, out)	\
	struct sname {							\
		struct lft_entry ent;					\
		fields							\
	} __packed;
#define LFT_ENTRY_DUP(name, type, base, sname, id, fmt, out)
#define LFT_ENTRY_ALT(name, type, sname, opt, fields, fmt)		\
	struct sname {							\
		struct lft_entry ent;					\
		fields							\
	} __packed;
#define lft_e_field(type, item)		type item;
#define lft_e_array(type, item, n)	type item[n];
#define lft_e_flex(type, item, n)	type item[];
#define lft_e_dyn(type, item)		type item[];
#include "core/entries.h"
#undef LFT_ENTRY
#undef LFT_ENTRY_PACKED
#undef LFT_ENTRY_DUP
#undef LFT_ENTRY_ALT
#undef lft_e_field
#undef lft_e_array
#undef lft_e_flex
#undef lft_e_dyn
#undef LFT_E_FIELDS

#else
/*
 * --------------------------------------------------- 2: the field tables,
 * each built in a function so that offsetof() can name the record through
 * a local (typeof(*lft_e_p)).
 */
#define LFT_ENTRY(name, type, sname, id, fields, fmt, out)		\
	static const struct lft_ev_field *				\
	lft_e_fields_##name(unsigned int *n)				\
	{								\
		const struct sname *lft_e_p = NULL;			\
		static const struct lft_ev_field f[] = { fields };	\
									\
		*n = ARRAY_SIZE(f);					\
		return f;						\
	}
#define LFT_ENTRY_PACKED	LFT_ENTRY
#define LFT_ENTRY_DUP(name, type, base, sname, id, fmt, out)
#define LFT_ENTRY_ALT(name, type, sname, opt, fields, fmt)		\
	static const struct lft_ev_field *				\
	lft_e_fields_alt_##name(unsigned int *n)			\
	{								\
		const struct sname *lft_e_p = NULL;			\
		static const struct lft_ev_field f[] = { fields };	\
									\
		*n = ARRAY_SIZE(f);					\
		return f;						\
	}
#define lft_e_field(type, item)						\
	{ #type, #item, offsetof(typeof(*lft_e_p), item),		\
	  sizeof_field(typeof(*lft_e_p), item), is_signed_type(type) },
#define lft_e_array(type, item, n)					\
	{ #type, #item, offsetof(typeof(*lft_e_p), item),		\
	  sizeof_field(typeof(*lft_e_p), item), is_signed_type(type), n },
#define lft_e_flex(type, item, n)					\
	{ #type, #item, offsetof(typeof(*lft_e_p), item),		\
	  (n) * sizeof(type), is_signed_type(type), n },
#define lft_e_dyn(type, item)						\
	{ #type, #item "[]", offsetof(typeof(*lft_e_p), item), 0,	\
	  is_signed_type(type) },
#include "core/entries.h"

/* ----------------------------------------------- 3: the descriptions */
#undef LFT_ENTRY
#undef LFT_ENTRY_DUP
#undef LFT_ENTRY_ALT
#define LFT_E_OUT(p, r, h, b)	.print = p, .raw = r, .hex = h, .bin = b
#define LFT_ENTRY(nm, tp, sname, has_id, fields, fmt, out)		\
	{ .name = #nm, .type = tp, .with_id = has_id,			\
	  .min_len = sizeof(struct sname),				\
	  .fields_of = lft_e_fields_##nm, .print_fmt = fmt, out },
#define LFT_ENTRY_DUP(nm, tp, base, sname, has_id, fmt, out)		\
	{ .name = #nm, .type = tp, .with_id = has_id,			\
	  .min_len = sizeof(struct sname),				\
	  .fields_of = lft_e_fields_##base, .print_fmt = fmt, out },

#define LFT_ENTRY_ALT(name, type, sname, opt, fields, fmt)

const struct lft_entry_desc lft_entry_descs[] = {
#include "core/entries.h"
};
const unsigned int lft_entry_ndescs = ARRAY_SIZE(lft_entry_descs);

/* ------------------------------------------- 4: the newest layouts */
#undef LFT_ENTRY
#undef LFT_ENTRY_DUP
#undef LFT_ENTRY_ALT
#define LFT_ENTRY(nm, tp, sname, has_id, fields, fmt, out)
#define LFT_ENTRY_DUP(nm, tp, base, sname, has_id, fmt, out)
#define LFT_ENTRY_ALT(nm, tp, sname, op, fields, fmt)			\
	{ .type = tp, .opt = op, .min_len = sizeof(struct sname),	\
	  .fields_of = lft_e_fields_alt_##nm, .print_fmt = fmt },

const struct lft_entry_alt lft_entry_alts[] = {
#include "core/entries.h"
};
const unsigned int lft_entry_nalts = ARRAY_SIZE(lft_entry_alts);
#endif
