/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Timer events (events/timer/), described for events/generate.h: the
 * records, format files and lines of 6.1.
 */
LFT_TRACE_EVENT("timer", timer_start,
	LFT_PROTO(struct timer_list *timer, unsigned long expires,
		  unsigned int flags),
	LFT_ARGS(timer, expires, flags),
	LFT_FIELDS(
		lft_field(void *, timer)
		lft_field(void *, function)
		lft_field(unsigned long, expires)
		lft_field(unsigned long, now)
		lft_field(unsigned int, flags)
	),
	LFT_ASSIGN(
		__entry->timer = timer;
		__entry->function = timer->function;
		__entry->expires = expires;
		__entry->now = jiffies;
		__entry->flags = flags;
	),
	LFT_PRINTK("timer=%p function=%ps expires=%lu [timeout=%ld] cpu=%u idx=%u flags=%s",
		   __entry->timer, __entry->function, __entry->expires,
		   (long)__entry->expires - __entry->now,
		   __entry->flags & TIMER_CPUMASK,
		   __entry->flags >> TIMER_ARRAYSHIFT,
		   __print_flags(__entry->flags & TIMER_TRACE_FLAGMASK, "|",
				 { TIMER_MIGRATING, "M" },
				 { TIMER_DEFERRABLE, "D" },
				 { TIMER_PINNED, "P" },
				 { TIMER_IRQSAFE, "I" }))
)

LFT_TRACE_EVENT("timer", timer_expire_entry,
	LFT_PROTO(struct timer_list *timer, unsigned long baseclk),
	LFT_ARGS(timer, baseclk),
	LFT_FIELDS(
		lft_field(void *, timer)
		lft_field(unsigned long, now)
		lft_field(void *, function)
		lft_field(unsigned long, baseclk)
	),
	LFT_ASSIGN(
		__entry->timer = timer;
		__entry->now = jiffies;
		__entry->function = timer->function;
		__entry->baseclk = baseclk;
	),
	LFT_PRINTK("timer=%p function=%ps now=%lu baseclk=%lu",
		   __entry->timer, __entry->function, __entry->now,
		   __entry->baseclk)
)

LFT_EVENT_CLASS(timer_class,
	LFT_PROTO(struct timer_list *timer),
	LFT_ARGS(timer),
	LFT_FIELDS(
		lft_field(void *, timer)
	),
	LFT_ASSIGN(
		__entry->timer = timer;
	),
	LFT_PRINTK("timer=%p", __entry->timer)
)

LFT_DEFINE_EVENT(timer_class, "timer", timer_expire_exit)

LFT_TRACE_EVENT("timer", hrtimer_start,
	LFT_PROTO(struct hrtimer *hrtimer, enum hrtimer_mode mode,
		  bool was_armed),
	LFT_ARGS(hrtimer, mode, was_armed),
	LFT_FIELDS(
		lft_field(void *, hrtimer)
		lft_field(void *, function)
		lft_field(s64, expires)
		lft_field(s64, softexpires)
		lft_field(enum hrtimer_mode, mode)
		lft_field(bool, was_armed)
	),
	LFT_ASSIGN(
		__entry->hrtimer = hrtimer;
		__entry->function = hrtimer->function;
		__entry->expires = hrtimer_get_expires(hrtimer);
		__entry->softexpires = hrtimer_get_softexpires(hrtimer);
		__entry->mode = mode;
		__entry->was_armed = was_armed;
	),
	LFT_PRINTK("hrtimer=%p function=%ps expires=%llu softexpires=%llu mode=%s was_armed=%d",
		   __entry->hrtimer, __entry->function,
		   (unsigned long long) __entry->expires,
		   (unsigned long long) __entry->softexpires,
		   __print_symbolic(__entry->mode,
				    { HRTIMER_MODE_ABS, "ABS" },
				    { HRTIMER_MODE_REL, "REL" },
				    { HRTIMER_MODE_ABS_PINNED, "ABS|PINNED" },
				    { HRTIMER_MODE_REL_PINNED, "REL|PINNED" },
				    { HRTIMER_MODE_ABS_SOFT, "ABS|SOFT" },
				    { HRTIMER_MODE_REL_SOFT, "REL|SOFT" },
				    { HRTIMER_MODE_ABS_PINNED_SOFT, "ABS|PINNED|SOFT" },
				    { HRTIMER_MODE_REL_PINNED_SOFT, "REL|PINNED|SOFT" },
				    { HRTIMER_MODE_ABS_HARD, "ABS|HARD" },
				    { HRTIMER_MODE_REL_HARD, "REL|HARD" },
				    { HRTIMER_MODE_ABS_PINNED_HARD, "ABS|PINNED|HARD" },
				    { HRTIMER_MODE_REL_PINNED_HARD, "REL|PINNED|HARD" }),
		   __entry->was_armed)
)

LFT_TRACE_EVENT("timer", hrtimer_expire_entry,
	LFT_PROTO(struct hrtimer *hrtimer, ktime_t *now),
	LFT_ARGS(hrtimer, now),
	LFT_FIELDS(
		lft_field(void *, hrtimer)
		lft_field(s64, now)
		lft_field(void *, function)
	),
	LFT_ASSIGN(
		__entry->hrtimer = hrtimer;
		__entry->now = *now;
		__entry->function = hrtimer->function;
	),
	LFT_PRINTK("hrtimer=%p function=%ps now=%llu",
		   __entry->hrtimer, __entry->function,
		   (unsigned long long) __entry->now)
)

LFT_EVENT_CLASS(hrtimer_class,
	LFT_PROTO(struct hrtimer *hrtimer),
	LFT_ARGS(hrtimer),
	LFT_FIELDS(
		lft_field(void *, hrtimer)
	),
	LFT_ASSIGN(
		__entry->hrtimer = hrtimer;
	),
	LFT_PRINTK("hrtimer=%p", __entry->hrtimer)
)

LFT_DEFINE_EVENT(hrtimer_class, "timer", hrtimer_expire_exit)
