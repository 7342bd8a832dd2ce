/* SPDX-License-Identifier: GPL-2.0 */
/* The tracepoint of lft_evtp.c, a module with its own event. */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM lft_evtp

#if !defined(LFT_EVTP_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define LFT_EVTP_TRACE_H

#include <linux/tracepoint.h>

/* compat/conftest.sh: later kernels take the source from __string(). */
#ifdef LFT_HAVE_ASSIGN_STR_DST
#define LFT_EVTP_ASSIGN_STR(dst, src)	__assign_str(dst)
#else
#define LFT_EVTP_ASSIGN_STR(dst, src)	__assign_str(dst, src)
#endif

TRACE_EVENT(lft_evtp_hit,
	TP_PROTO(int n, const char *who),
	TP_ARGS(n, who),
	TP_STRUCT__entry(
		__field(int, n)
		__string(who, who)
	),
	TP_fast_assign(
		__entry->n = n;
		LFT_EVTP_ASSIGN_STR(who, who);
	),
	TP_printk("n=%d who=%s", __entry->n, __get_str(who))
);

#endif /* LFT_EVTP_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE lft_evtp_trace
#include <trace/define_trace.h>
