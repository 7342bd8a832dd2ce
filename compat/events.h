/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's registered trace events, read through its private list and
 * field structure (compat/events.c): the one place that knows how the
 * kernel keeps them. Users see each event as its public struct
 * trace_event_call and each field as a struct lft_kev_field.
 */
#ifndef LFT_COMPAT_EVENTS_H
#define LFT_COMPAT_EVENTS_H

#include <linux/types.h>

struct trace_array;
struct trace_event_call;

/**
 * struct lft_kev_field - one field of a kernel event, as its format file
 *	shows it
 * @type: the kernel's type text ("pid_t", "char[16]", "__data_loc char[]")
 * @name: the field's name, without any "[N]"
 * @offset: its offset in the record
 * @size: its size
 * @is_signed: the "signed:" column
 * @len: for an array type, its element count (0: none given)
 */
struct lft_kev_field {
	const char *type;
	const char *name;
	int offset;
	int size;
	int is_signed;
	int len;
};

int lft_kev_init(void);
struct trace_array *lft_kev_unhashed_tr_alloc(void);
int lft_kev_for_each(int (*fn)(struct trace_event_call *call, void *data),
		     void *data);
int lft_kev_fields(struct trace_event_call *call,
		   int (*fn)(const struct lft_kev_field *f, void *data),
		   void *data);

#endif /* LFT_COMPAT_EVENTS_H */
