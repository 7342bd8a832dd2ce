// SPDX-License-Identifier: GPL-2.0
/*
 * System call events (events/raw_syscalls/), generated from
 * events/defs/syscalls.h.
 */
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <asm/syscall.h>

#include "events/event.h"

#define LFT_EV_DEFS	"events/defs/syscalls.h"
#define LFT_EV_NAME	lft_syscalls
#include "events/generate.h"
