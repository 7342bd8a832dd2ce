/* SPDX-License-Identifier: GPL-2.0 */
/* The function profiler (tracers/profile.c), for the family's root. */
#ifndef LFT_TRACERS_PROFILE_H
#define LFT_TRACERS_PROFILE_H

void lft_profile_init(void);
void lft_profile_stop(void);
void lft_profile_free(void);

#endif /* LFT_TRACERS_PROFILE_H */
