/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's other events, mirrored from its own descriptions
 * (events/generic.c).
 */
#ifndef LFT_EVENTS_GENERIC_H
#define LFT_EVENTS_GENERIC_H

int lft_gev_init(void);
void lft_gev_stop(void);
void lft_gev_exit(void);

#endif /* LFT_EVENTS_GENERIC_H */
