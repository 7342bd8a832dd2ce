// SPDX-License-Identifier: GPL-2.0
/*
 * Signal events (events/signal/), generated from events/defs/signal.h.
 */
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/string.h>

#include "events/event.h"

/* errno and code from a siginfo, or what its two special values stand for. */
static void lft_siginfo(const struct kernel_siginfo *info, int *errno,
			int *code)
{
	*errno = 0;
	if (info == SEND_SIG_NOINFO) {
		*code = SI_USER;
	} else if (info == SEND_SIG_PRIV) {
		*code = SI_KERNEL;
	} else {
		*errno = info->si_errno;
		*code = info->si_code;
	}
}

#define LFT_EV_DEFS	"events/defs/signal.h"
#define LFT_EV_NAME	lft_signal
#include "events/generate.h"
