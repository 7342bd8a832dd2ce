// SPDX-License-Identifier: GPL-2.0
/*
 * The probe base: what kprobe, uprobe and eprobe events share besides the
 * grammar (probe_parse.c) and the fetches (probe_fetch.c): the fields a
 * probe's record starts with and its arguments' format fields. No probe
 * kind calls another's code; each calls this.
 */
#include <linux/slab.h>

#include "core/trace.h"
#include "events/event.h"
#include "events/probe.h"

/**
 * lft_pb_head_fields() - how many fields a kprobe's or uprobe's record
 *	starts with: __probe_ip, or __probe_func and __probe_ret_ip
 * @def: the definition
 *
 * Return: 1 or 2; the arguments start 8 bytes each after LFT_ENT_BODY.
 */
unsigned int lft_pb_head_fields(const struct lft_pb_def *def)
{
	return def->is_return ? 2 : 1;
}

/**
 * lft_pb_head_set() - set a kprobe's or uprobe's head fields
 * @def: the definition
 * @fl: room for lft_pb_head_fields(@def) fields, first in the format
 *
 * Return: where the arguments start in the record.
 */
unsigned int lft_pb_head_set(const struct lft_pb_def *def,
			     struct lft_ev_field *fl)
{
	fl[0] = (struct lft_ev_field){ "unsigned long", def->is_return ?
				       "__probe_func" : "__probe_ip",
				       LFT_ENT_BODY, 8, 0 };
	if (def->is_return)
		fl[1] = (struct lft_ev_field){ "unsigned long",
					       "__probe_ret_ip",
					       LFT_ENT_BODY + 8, 8, 0 };
	return LFT_ENT_BODY + lft_pb_head_fields(def) * 8;
}

/**
 * lft_pb_arg_fields() - the format fields of a definition's arguments
 * @def: the definition (kprobe, uprobe or eprobe)
 * @fl: room for @def's nargs fields, zeroed
 * @head: where the arguments start in the record
 *
 * Return: 0, or -ENOMEM (lft_pb_arg_fields_free() frees what was made).
 */
int lft_pb_arg_fields(const struct lft_pb_def *def, struct lft_ev_field *fl,
		      unsigned int head)
{
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		const struct lft_pb_arg *a = &def->args[i];
		bool str = a->type->kind == LFT_PB_STRING;

		fl[i].offset = head + a->offset;
		fl[i].size = a->type->size * (a->count ?: 1);
		fl[i].is_signed = a->type->is_signed;
		if (!a->count) {
			fl[i].type = a->type->fmttype;
			fl[i].name = a->name;
			continue;
		}
		/*
		 * 6.1's format shows "u8 name[]" (the size is in the size
		 * column), but "__data_loc char[][4] name" for strings.
		 */
		fl[i].type = str ? kasprintf(GFP_KERNEL, "%s[%u]",
					     a->type->fmttype, a->count) :
				   kstrdup(a->type->fmttype, GFP_KERNEL);
		fl[i].name = str ? kstrdup(a->name, GFP_KERNEL) :
				   kasprintf(GFP_KERNEL, "%s[]", a->name);
		if (!fl[i].type || !fl[i].name)
			return -ENOMEM;
	}
	return 0;
}

/**
 * lft_pb_arg_fields_free() - free what lft_pb_arg_fields() allocated
 * @def: the definition
 * @fl: its arguments' fields (NULL: nothing)
 *
 * Only an array's type and name were allocated.
 */
void lft_pb_arg_fields_free(const struct lft_pb_def *def,
			    struct lft_ev_field *fl)
{
	unsigned int i;

	if (!fl)
		return;
	for (i = 0; i < def->nargs; i++)
		if (def->args[i].count) {
			kfree(fl[i].type);
			kfree(fl[i].name);
		}
}
