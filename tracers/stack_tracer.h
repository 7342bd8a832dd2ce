/* SPDX-License-Identifier: GPL-2.0 */
/* The stack tracer (tracers/stack_tracer.c), for the family's root. */
#ifndef LFT_TRACERS_STACK_TRACER_H
#define LFT_TRACERS_STACK_TRACER_H

void lft_stack_tracer_init(void);
int lft_stack_tracer_start(const char *filter);
void lft_stack_tracer_stop(void);
void lft_stack_tracer_free(void);

#endif /* LFT_TRACERS_STACK_TRACER_H */
