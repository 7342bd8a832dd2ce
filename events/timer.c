// SPDX-License-Identifier: GPL-2.0
/*
 * Timer events (events/timer/): records laid out, described and printed
 * as 6.1's. Pointers print unhashed (16 hex digits), as the kernel's
 * trace does without the hash-ptr option.
 */
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/timer.h>

#include "events/event.h"

struct lft_timer_start_rec {
	struct lft_entry ent;
	void *timer;
	void *function;
	unsigned long expires;
	unsigned long now;
	unsigned int flags;
};

struct lft_timer_entry_rec {
	struct lft_entry ent;
	void *timer;
	unsigned long now;
	void *function;
	unsigned long baseclk;
};

/* timer_expire_exit, hrtimer_expire_exit */
struct lft_timer_ptr_rec {
	struct lft_entry ent;
	void *timer;
};

struct lft_hrtimer_start_rec {
	struct lft_entry ent;
	void *hrtimer;
	void *function;
	s64 expires;
	s64 softexpires;
	enum hrtimer_mode mode;
	bool was_armed;
};

struct lft_hrtimer_entry_rec {
	struct lft_entry ent;
	void *hrtimer;
	s64 now;
	void *function;
};

static const struct lft_ev_field lft_timer_start_fields[] = {
	F(struct lft_timer_start_rec, "void *", timer, 0),
	F(struct lft_timer_start_rec, "void *", function, 0),
	F(struct lft_timer_start_rec, "unsigned long", expires, 0),
	F(struct lft_timer_start_rec, "unsigned long", now, 0),
	F(struct lft_timer_start_rec, "unsigned int", flags, 0),
};

static const struct lft_ev_field lft_timer_entry_fields[] = {
	F(struct lft_timer_entry_rec, "void *", timer, 0),
	F(struct lft_timer_entry_rec, "unsigned long", now, 0),
	F(struct lft_timer_entry_rec, "void *", function, 0),
	F(struct lft_timer_entry_rec, "unsigned long", baseclk, 0),
};

static const struct lft_ev_field lft_timer_exit_fields[] = {
	F(struct lft_timer_ptr_rec, "void *", timer, 0),
};

static const struct lft_ev_field lft_hrtimer_start_fields[] = {
	F(struct lft_hrtimer_start_rec, "void *", hrtimer, 0),
	F(struct lft_hrtimer_start_rec, "void *", function, 0),
	F(struct lft_hrtimer_start_rec, "s64", expires, 1),
	F(struct lft_hrtimer_start_rec, "s64", softexpires, 1),
	F(struct lft_hrtimer_start_rec, "enum hrtimer_mode", mode, 0),
	F(struct lft_hrtimer_start_rec, "bool", was_armed, 0),
};

static const struct lft_ev_field lft_hrtimer_entry_fields[] = {
	F(struct lft_hrtimer_entry_rec, "void *", hrtimer, 0),
	F(struct lft_hrtimer_entry_rec, "s64", now, 1),
	F(struct lft_hrtimer_entry_rec, "void *", function, 0),
};

static const struct lft_ev_field lft_hrtimer_exit_fields[] = {
	LFT_EV_FIELD(struct lft_timer_ptr_rec, "void *", timer, "hrtimer", 0),
};

static void lft_timer_start_print(struct seq_buf *s, const void *data,
				  unsigned int len)
{
	static const struct lft_ev_flag names[] = {
		{ TIMER_MIGRATING, "M" }, { TIMER_DEFERRABLE, "D" },
		{ TIMER_PINNED, "P" }, { TIMER_IRQSAFE, "I" },
	};
	const struct lft_timer_start_rec *r = data;

	seq_buf_printf(s, "timer=%016lx function=%ps expires=%lu [timeout=%ld] cpu=%u idx=%u flags=",
		       lft_ev_p(r->timer), r->function, r->expires,
		       (long)r->expires - (long)r->now,
		       r->flags & TIMER_CPUMASK, r->flags >> TIMER_ARRAYSHIFT);
	lft_ev_print_flags(s, r->flags & (TIMER_MIGRATING | TIMER_DEFERRABLE |
					  TIMER_PINNED | TIMER_IRQSAFE),
			   names, ARRAY_SIZE(names), "|");
}

static void lft_timer_entry_print(struct seq_buf *s, const void *data,
				  unsigned int len)
{
	const struct lft_timer_entry_rec *r = data;

	seq_buf_printf(s, "timer=%016lx function=%ps now=%lu baseclk=%lu",
		       lft_ev_p(r->timer), r->function, r->now,
		       r->baseclk);
}

static void lft_timer_exit_print(struct seq_buf *s, const void *data,
				 unsigned int len)
{
	seq_buf_printf(s, "timer=%016lx", lft_ev_p(
		       ((const struct lft_timer_ptr_rec *)data)->timer));
}

static void lft_hrtimer_start_print(struct seq_buf *s, const void *data,
				    unsigned int len)
{
	static const char *const modes[] = {
		"ABS", "REL", "ABS|PINNED", "REL|PINNED", "ABS|SOFT",
		"REL|SOFT", "ABS|PINNED|SOFT", "REL|PINNED|SOFT", "ABS|HARD",
		"REL|HARD", "ABS|PINNED|HARD", "REL|PINNED|HARD",
	};
	const struct lft_hrtimer_start_rec *r = data;

	seq_buf_printf(s, "hrtimer=%016lx function=%ps expires=%llu softexpires=%llu mode=",
		       lft_ev_p(r->hrtimer), r->function,
		       (unsigned long long)r->expires,
		       (unsigned long long)r->softexpires);
	if ((unsigned int)r->mode < ARRAY_SIZE(modes))
		seq_buf_printf(s, "%s", modes[r->mode]);
	else
		seq_buf_printf(s, "0x%x", r->mode);
	seq_buf_printf(s, " was_armed=%d", r->was_armed);
}

static void lft_hrtimer_entry_print(struct seq_buf *s, const void *data,
				    unsigned int len)
{
	const struct lft_hrtimer_entry_rec *r = data;

	seq_buf_printf(s, "hrtimer=%016lx function=%ps now=%llu",
		       lft_ev_p(r->hrtimer), r->function,
		       (unsigned long long)r->now);
}

static void lft_hrtimer_exit_print(struct seq_buf *s, const void *data,
				   unsigned int len)
{
	seq_buf_printf(s, "hrtimer=%016lx", lft_ev_p(
		       ((const struct lft_timer_ptr_rec *)data)->timer));
}

static void lft_timer_start_probe(void *data, struct timer_list *timer,
				  unsigned long expires, unsigned int flags)
{
	lft_ev_emit(data, struct lft_timer_start_rec, 0,
		r->timer = timer;
		r->function = timer->function;
		r->expires = expires;
		r->now = jiffies;
		r->flags = flags);
}

static void lft_timer_entry_probe(void *data, struct timer_list *timer,
				  unsigned long baseclk)
{
	lft_ev_emit(data, struct lft_timer_entry_rec, 0,
		r->timer = timer;
		r->now = jiffies;
		r->function = timer->function;
		r->baseclk = baseclk);
}

static void lft_timer_ptr_probe(void *data, void *timer)
{
	lft_ev_emit(data, struct lft_timer_ptr_rec, 0, r->timer = timer);
}

static void lft_hrtimer_start_probe(void *data, struct hrtimer *hrtimer,
				    enum hrtimer_mode mode, bool was_armed)
{
	lft_ev_emit(data, struct lft_hrtimer_start_rec, 0,
		r->hrtimer = hrtimer;
		r->function = hrtimer->function;
		r->expires = hrtimer_get_expires(hrtimer);
		r->softexpires = hrtimer_get_softexpires(hrtimer);
		r->mode = mode;
		r->was_armed = was_armed);
}

static void lft_hrtimer_entry_probe(void *data, struct hrtimer *hrtimer,
				    ktime_t *now)
{
	lft_ev_emit(data, struct lft_hrtimer_entry_rec, 0,
		r->hrtimer = hrtimer;
		r->now = *now;
		r->function = hrtimer->function);
}

LFT_EVENT("timer", timer_start, lft_timer_start_probe,
	  lft_timer_start_fields,
	  "\"timer=%p function=%ps expires=%lu [timeout=%ld] cpu=%u idx=%u flags=%s\", REC->timer, REC->function, REC->expires, (long)REC->expires - REC->now, REC->flags & 0x0003FFFF, REC->flags >> 22, __print_flags(REC->flags & (0x00040000 | 0x00080000 | 0x00100000 | 0x00200000), \"|\", { 0x00040000, \"M\" }, { 0x00080000, \"D\" }, { 0x00100000, \"P\" }, { 0x00200000, \"I\" })",
	  lft_timer_start_print);
LFT_EVENT("timer", timer_expire_entry, lft_timer_entry_probe,
	  lft_timer_entry_fields,
	  "\"timer=%p function=%ps now=%lu baseclk=%lu\", REC->timer, REC->function, REC->now, REC->baseclk",
	  lft_timer_entry_print);
LFT_EVENT("timer", timer_expire_exit, lft_timer_ptr_probe,
	  lft_timer_exit_fields, "\"timer=%p\", REC->timer",
	  lft_timer_exit_print);
LFT_EVENT("timer", hrtimer_start, lft_hrtimer_start_probe,
	  lft_hrtimer_start_fields,
	  "\"hrtimer=%p function=%ps expires=%llu softexpires=%llu mode=%s was_armed=%d\", REC->hrtimer, REC->function, (unsigned long long) REC->expires, (unsigned long long) REC->softexpires, __print_symbolic(REC->mode, { HRTIMER_MODE_ABS, \"ABS\" }, { HRTIMER_MODE_REL, \"REL\" }, { HRTIMER_MODE_ABS_PINNED, \"ABS|PINNED\" }, { HRTIMER_MODE_REL_PINNED, \"REL|PINNED\" }, { HRTIMER_MODE_ABS_SOFT, \"ABS|SOFT\" }, { HRTIMER_MODE_REL_SOFT, \"REL|SOFT\" }, { HRTIMER_MODE_ABS_PINNED_SOFT, \"ABS|PINNED|SOFT\" }, { HRTIMER_MODE_REL_PINNED_SOFT, \"REL|PINNED|SOFT\" }, { HRTIMER_MODE_ABS_HARD, \"ABS|HARD\" }, { HRTIMER_MODE_REL_HARD, \"REL|HARD\" }, { HRTIMER_MODE_ABS_PINNED_HARD, \"ABS|PINNED|HARD\" }, { HRTIMER_MODE_REL_PINNED_HARD, \"REL|PINNED|HARD\" }), REC->was_armed",
	  lft_hrtimer_start_print);
LFT_EVENT("timer", hrtimer_expire_entry, lft_hrtimer_entry_probe,
	  lft_hrtimer_entry_fields,
	  "\"hrtimer=%p function=%ps now=%llu\", REC->hrtimer, REC->function, (unsigned long long) REC->now",
	  lft_hrtimer_entry_print);
LFT_EVENT("timer", hrtimer_expire_exit, lft_timer_ptr_probe,
	  lft_hrtimer_exit_fields, "\"hrtimer=%p\", REC->hrtimer",
	  lft_hrtimer_exit_print);

struct lft_event *const lft_timer_events[] = {
	&lft_ev_timer_start, &lft_ev_timer_expire_entry,
	&lft_ev_timer_expire_exit, &lft_ev_hrtimer_start,
	&lft_ev_hrtimer_expire_entry, &lft_ev_hrtimer_expire_exit,
};
const unsigned int lft_timer_nevents = ARRAY_SIZE(lft_timer_events);
