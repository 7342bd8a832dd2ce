// SPDX-License-Identifier: GPL-2.0
/* The stack tracer (placeholder until it lands). */
#include "arch/x86/fentry.h"

void lft_stack_hit(unsigned long ip, unsigned long parent_ip,
		   struct pt_regs *regs)
{
}
