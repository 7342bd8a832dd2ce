/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Synthetic events (synth.c): events defined in synthetic_events (or
 * dynamic_events with "s:"), which have no probe of their own: hist
 * triggers' actions (onmatch().trace(), onmax(), ...) generate them with
 * values computed from other events. This is what hist actions see of
 * them; the definitions, files and records are synth.c's.
 */
#ifndef LFT_EVENTS_SYNTH_H
#define LFT_EVENTS_SYNTH_H

#include <linux/types.h>

struct lft_synth_event;

/**
 * struct lft_synth_field - one field of a synthetic event, as defined
 * @name: its name
 * @type: its type as written ("pid_t", "u64", "char[16]", "char[]")
 * @size: bytes in the record (a dynamic string: its __data_loc's 4)
 * @is_signed: a signed integer
 * @is_string: char[N] or char[] (the value passed is a char *)
 * @is_dynamic: char[] (stored as __data_loc)
 * @is_stack: unsigned long[] (a stacktrace; the value is an unsigned long *
 *	to a zero-terminated array)
 */
struct lft_synth_field {
	const char *name;
	const char *type;
	unsigned int size;
	bool is_signed;
	bool is_string;
	bool is_dynamic;
	bool is_stack;
};

/*
 * All but lft_synth_trace() are called with lft_lock held. A reference
 * (lft_synth_get()) keeps the event defined: removing it fails with
 * -EBUSY until the last lft_synth_put(), as 6.1 refuses to delete a
 * synthetic event a hist trigger's action names.
 */
struct lft_synth_event *lft_synth_find(const char *name);
void lft_synth_get(struct lft_synth_event *se);
void lft_synth_put(struct lft_synth_event *se);
unsigned int lft_synth_fields(const struct lft_synth_event *se,
			      const struct lft_synth_field **fields);

/*
 * lft_synth_trace() - generate the event in every array where it is
 * enabled; from any context an event probe runs in (no lock held, RCU
 * read side as the probes have it). @vals has one value per field, in
 * order: an integer (truncated to the field's size), or for a string
 * field a (unsigned long) pointer to a NUL-terminated string.
 */
void lft_synth_trace(struct lft_synth_event *se, const u64 *vals,
		     unsigned int nvals);

#endif /* LFT_EVENTS_SYNTH_H */
