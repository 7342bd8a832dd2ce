// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's registered trace events (events/generic.c mirrors them).
 *
 * Every event the kernel has, its modules' included, is a struct
 * trace_event_call on the private list ftrace_events, changed under the
 * private event_mutex; each call's fields are a list of the private struct
 * ftrace_event_field, kept newest first (the format file walks it from
 * the tail). Both symbols are optional entries of compat/ksyms.c's table;
 * the field structure is restated below and checked against the kernel's
 * BTF at load. When either is missing or differs, lft_kev_init() says so
 * and lftrace has only its own events.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/list.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/trace_events.h>

#include "compat/btf.h"
#include "compat/events.h"
#include "compat/ksyms.h"
#include "include/lft_test_export.h"

/*
 * The kernel's struct ftrace_event_field (kernel/trace/trace.h). is_signed
 * is an int on 6.1 and the first of two one-bit fields from 6.10 (then
 * needs_test); bit 0 of the word is the flag in both (lft_btf_flag_at()).
 */
struct lft_kev_kfield {
	struct list_head link;
	const char *name;
	const char *type;
	int filter_type;
	int offset;
	int size;
	u32 flags;
	int len;
};

static const struct lft_btf_field lft_kev_kfield_members[] = {
	LFT_BTF_FIELD(struct lft_kev_kfield, link),
	LFT_BTF_FIELD(struct lft_kev_kfield, name),
	LFT_BTF_FIELD(struct lft_kev_kfield, type),
	LFT_BTF_FIELD(struct lft_kev_kfield, offset),
	LFT_BTF_FIELD(struct lft_kev_kfield, size),
	LFT_BTF_FIELD(struct lft_kev_kfield, len),
};

/* is_signed is bit 0 of the copy's flags, in either kernel's layout. */
static int lft_kev_check_signed(void)
{
	u32 bit;
	int ret = lft_btf_flag_at("ftrace_event_field", "is_signed", &bit);

	if (ret) {
		if (ret != -EOPNOTSUPP)
			pr_err("struct ftrace_event_field: this kernel's is_signed is neither an int nor a one-bit field (%d)\n",
			       ret);
		return ret;
	}
	if (bit != offsetof(struct lft_kev_kfield, flags) * 8) {
		pr_err("struct ftrace_event_field: is_signed is at bit %u in this kernel, lftrace reads bit %zu\n",
		       bit, offsetof(struct lft_kev_kfield, flags) * 8);
		return -EINVAL;
	}
	return 0;
}

static bool lft_kev_ok;
static bool lft_kev_tried;

/**
 * lft_kev_unhashed_tr_alloc() - a trace_iterator's tr for an event's output
 *	function that prints pointers unhashed (options/hash-ptr off)
 *
 * A stand-in for the kernel's private struct trace_array, all zero, up to
 * its trace_flags (found by BTF): an output function reads only that
 * member of its iterator's tr, to hash "%p" or not, and finds hash-ptr
 * off. The iterator's format buffer must then be large enough for twice
 * the event's format (the kernel grows it with krealloc() otherwise).
 * Process context.
 *
 * Return: the stand-in (kfree() it), or NULL where it cannot be made
 * (pointers then stay hashed, as with no tr at all).
 */
struct trace_array *lft_kev_unhashed_tr_alloc(void)
{
	u32 off, size;

	if (lft_btf_member_at("trace_array", "trace_flags", &off, &size))
		return NULL;
	return kzalloc(off + size, GFP_KERNEL);
}

/**
 * lft_kev_init() - can the kernel's events be read on this kernel?
 *
 * Process context, at load, after the symbol table is resolved. Only the
 * first call looks (and says why not); later ones repeat its answer.
 *
 * Return: 0 when they can, else -EOPNOTSUPP after one line saying why.
 */
int lft_kev_init(void)
{
	int ret;

	if (lft_kev_tried)
		return lft_kev_ok ? 0 : -EOPNOTSUPP;
	lft_kev_tried = true;
	if (!lft_ks.ftrace_events || !lft_ks.event_mutex) {
		pr_info("the kernel's event list is not found: only lftrace's own events\n");
		return -EOPNOTSUPP;
	}
	ret = lft_btf_check_layout("ftrace_event_field", lft_kev_kfield_members,
				   ARRAY_SIZE(lft_kev_kfield_members));
	if (!ret)
		ret = lft_kev_check_signed();
	if (ret == -EOPNOTSUPP) {
		pr_info("no kernel BTF: the layout of struct ftrace_event_field is not checked\n");
	} else if (ret) {
		pr_err("struct ftrace_event_field is not laid out as lftrace's copy: only lftrace's own events\n");
		return -EOPNOTSUPP;
	}
	lft_kev_ok = true;
	return 0;
}

/**
 * lft_kev_for_each() - call @fn for each event the kernel has
 * @fn: called with the kernel's event_mutex held, in the kernel's order;
 *	a non-zero return stops the walk
 * @data: for @fn
 *
 * @fn must not take event_mutex (perf's counter creation does): collect
 * and act after the walk. A call stays valid after the walk only while its
 * module is pinned or known to be loaded.
 *
 * Return: what @fn last returned, or -EOPNOTSUPP after a failed
 * lft_kev_init().
 */
int lft_kev_for_each(int (*fn)(struct trace_event_call *call, void *data),
		     void *data)
{
	struct trace_event_call *call;
	int ret = 0;

	if (!lft_kev_ok)
		return -EOPNOTSUPP;
	mutex_lock(lft_ks.event_mutex);
	list_for_each_entry(call, lft_ks.ftrace_events, list) {
		ret = fn(call, data);
		if (ret)
			break;
	}
	mutex_unlock(lft_ks.event_mutex);
	return ret;
}
LFT_TEST_EXPORT(lft_kev_for_each);

/**
 * lft_kev_fields() - call @fn for each field of a kernel event, in the
 *	order of its format file, common fields left out
 * @call: the event
 * @fn: non-zero return stops the walk
 * @data: for @fn
 *
 * The field list of a registered event does not change: no lock needed
 * while @call's module is held or loaded.
 *
 * Return: what @fn last returned.
 */
int lft_kev_fields(struct trace_event_call *call,
		   int (*fn)(const struct lft_kev_field *f, void *data),
		   void *data)
{
	struct list_head *head = trace_get_fields(call);
	struct lft_kev_kfield *kf;
	struct lft_kev_field f;
	int ret = 0;

	if (!head)
		return 0;
	list_for_each_entry_reverse(kf, head, link) {
		f = (struct lft_kev_field) {
			.type = kf->type, .name = kf->name,
			.offset = kf->offset, .size = kf->size,
			.is_signed = kf->flags & 1, .len = kf->len,
		};
		ret = fn(&f, data);
		if (ret)
			break;
	}
	return ret;
}
LFT_TEST_EXPORT(lft_kev_fields);
