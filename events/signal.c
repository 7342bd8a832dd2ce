// SPDX-License-Identifier: GPL-2.0
/*
 * Signal events (events/signal/): records laid out, described and printed
 * as 6.1's.
 */
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/string.h>

#include "events/event.h"

struct lft_signal_generate_rec {
	struct lft_entry ent;
	int sig;
	int errno;
	int code;
	char comm[TASK_COMM_LEN];
	pid_t pid;
	int group;
	int result;
};

struct lft_signal_deliver_rec {
	struct lft_entry ent;
	int sig;
	int errno;
	int code;
	unsigned long sa_handler;
	unsigned long sa_flags;
};

static const struct lft_ev_field lft_generate_fields[] = {
	F(struct lft_signal_generate_rec, "int", sig, 1),
	F(struct lft_signal_generate_rec, "int", errno, 1),
	F(struct lft_signal_generate_rec, "int", code, 1),
	LFT_EV_FIELD(struct lft_signal_generate_rec, "char", comm, "comm[16]",
		     1),
	F(struct lft_signal_generate_rec, "pid_t", pid, 1),
	F(struct lft_signal_generate_rec, "int", group, 1),
	F(struct lft_signal_generate_rec, "int", result, 1),
};

static const struct lft_ev_field lft_deliver_fields[] = {
	F(struct lft_signal_deliver_rec, "int", sig, 1),
	F(struct lft_signal_deliver_rec, "int", errno, 1),
	F(struct lft_signal_deliver_rec, "int", code, 1),
	F(struct lft_signal_deliver_rec, "unsigned long", sa_handler, 0),
	F(struct lft_signal_deliver_rec, "unsigned long", sa_flags, 0),
};

static void lft_generate_print(struct seq_buf *s, const void *data,
			       unsigned int len)
{
	const struct lft_signal_generate_rec *r = data;

	seq_buf_printf(s, "sig=%d errno=%d code=%d comm=%.16s pid=%d grp=%d res=%d",
		       r->sig, r->errno, r->code, r->comm, r->pid, r->group,
		       r->result);
}

static void lft_deliver_print(struct seq_buf *s, const void *data,
			      unsigned int len)
{
	const struct lft_signal_deliver_rec *r = data;

	seq_buf_printf(s, "sig=%d errno=%d code=%d sa_handler=%lx sa_flags=%lx",
		       r->sig, r->errno, r->code, r->sa_handler, r->sa_flags);
}

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

static void lft_generate_probe(void *data, int sig,
			       struct kernel_siginfo *info,
			       struct task_struct *task, int group, int result)
{
	lft_ev_emit(data, struct lft_signal_generate_rec, 0,
		r->sig = sig;
		lft_siginfo(info, &r->errno, &r->code);
		memcpy(r->comm, task->comm, TASK_COMM_LEN);
		r->pid = task->pid;
		r->group = group;
		r->result = result);
}

static void lft_deliver_probe(void *data, int sig,
			      struct kernel_siginfo *info,
			      struct k_sigaction *ka)
{
	lft_ev_emit(data, struct lft_signal_deliver_rec, 0,
		r->sig = sig;
		lft_siginfo(info, &r->errno, &r->code);
		r->sa_handler = (unsigned long)ka->sa.sa_handler;
		r->sa_flags = ka->sa.sa_flags);
}

LFT_EVENT("signal", signal_generate, lft_generate_probe, lft_generate_fields,
	  "\"sig=%d errno=%d code=%d comm=%s pid=%d grp=%d res=%d\", REC->sig, REC->errno, REC->code, REC->comm, REC->pid, REC->group, REC->result",
	  lft_generate_print);
LFT_EVENT("signal", signal_deliver, lft_deliver_probe, lft_deliver_fields,
	  "\"sig=%d errno=%d code=%d sa_handler=%lx sa_flags=%lx\", REC->sig, REC->errno, REC->code, REC->sa_handler, REC->sa_flags",
	  lft_deliver_print);

struct lft_event *const lft_signal_events[] = {
	&lft_ev_signal_generate, &lft_ev_signal_deliver,
};
const unsigned int lft_signal_nevents = ARRAY_SIZE(lft_signal_events);
