/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's other events, mirrored from its own descriptions
 * (events/generic.c).
 */
#ifndef LFT_EVENTS_GENERIC_H
#define LFT_EVENTS_GENERIC_H

struct lft_event;
struct trace_event_call;

int lft_gev_init(void);
void lft_gev_stop(void);
void lft_gev_exit(void);

/* generic_syscalls.c: syscall events, without perf */
bool lft_gsc_bind(struct lft_event *ev, struct trace_event_call *call);
const char *lft_gsc_name(long nr);

#endif /* LFT_EVENTS_GENERIC_H */
