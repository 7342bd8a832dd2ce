/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobe events, a probe kind (kprobe.c) on the probe base (probe.h).
 */
#ifndef LFT_EVENTS_KPROBE_H
#define LFT_EVENTS_KPROBE_H

void lft_kp_init(void);
int lft_kp_boot(const char *defs);

#endif /* LFT_EVENTS_KPROBE_H */
