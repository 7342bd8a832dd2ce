/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The static events' generator. A subsystem's events are described once,
 * in events/defs/<sys>.h, in the shape of a kernel TRACE_EVENT: the
 * tracepoint's prototype, the record's fields, how the probe fills them and
 * how the line prints. Everything else is made here from that one
 * description, so that an event is one entry and its record, format file,
 * filter fields and printed line cannot disagree.
 *
 * Use: in events/<sys>.c, after the helpers the description calls, define
 * LFT_EV_DEFS as "events/defs/<sys>.h" and LFT_EV_NAME as lft_<sys>, then
 * include this file. It reads the description once per product (the C
 * preprocessor gives a macro one meaning at a time): record structs,
 * string offsets, probes, field tables, printers, print fmt texts, the
 * struct lft_event of each event and their table, lft_<sys>_table (which
 * events/subsys.c hands the registry).
 *
 * The vocabulary (events/defs/signal.h is a short example, irq.h one with
 * classes; docs/events.md says more):
 *	LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)
 *	LFT_DEFINE_EVENT(cls, sys, name)
 *	LFT_DEFINE_EVENT_CHECKED(cls, sys, name, setup): @setup runs at load
 *		and may leave the event out (see struct lft_event)
 *	LFT_TRACE_EVENT(sys, name, proto, args, fields, assign, print)
 *	LFT_DEFINE_EVENT_OWN(cls, sys, name, tp): an event of lftrace's own
 *		tracepoint @tp (core/own_tp.h), not the kernel's of its name
 * with LFT_PROTO(...), LFT_ARGS(...), LFT_FIELDS(...) of lft_field(type,
 * name), lft_array(type, name, len) and lft_string(name, src),
 * LFT_ASSIGN(...) writing __entry->name and lft_assign_str(name, src) for
 * each string, and LFT_PRINTK(fmt, args...) reading __entry->name,
 * __get_str(name), __print_flags(), __print_symbolic(), __print_ns_to_secs()
 * and __print_ns_without_secs() as the kernel's print fmt does.
 *
 * Deliberately not include-guarded: included once by each subsystem file.
 */
#include <linux/stringify.h>
#include <linux/overflow.h>

#include "events/event.h"

#ifndef LFT_EV_DEFS
#error "define LFT_EV_DEFS (the description) before including generate.h"
#endif

/* Pieces that mean the same in every pass. */
#define LFT_PROTO(...)		__VA_ARGS__
#define LFT_ARGS(...)		__VA_ARGS__
#define LFT_FIELDS(...)		__VA_ARGS__
#define LFT_ASSIGN(...)		__VA_ARGS__

#define LFT_TRACE_EVENT(sys, name, proto, args, fields, assign, print)	\
	LFT_EVENT_CLASS(name, PARAMS(proto), PARAMS(args),		\
			PARAMS(fields), PARAMS(assign), PARAMS(print))	\
	LFT_DEFINE_EVENT(name, sys, name)

#ifndef PARAMS
#define PARAMS(...)		__VA_ARGS__
#endif

/* ------------------------------------------------ 1: the record structs */
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)	\
	struct lft_rec_##cls {						\
		struct lft_entry ent;					\
		fields							\
		char __data[];						\
	};
#define LFT_DEFINE_EVENT(cls, sys, name)
#define LFT_DEFINE_EVENT_CHECKED(cls, sys, name, setup)
#define LFT_DEFINE_EVENT_OWN(cls, sys, name, tp)
#define lft_field(type, item)		type item;
#define lft_array(type, item, len)	type item[len];
#define lft_string(item, src)		u32 __data_loc_##item;
#include LFT_EV_DEFS

/* ------------------------- 2: where a record's strings go (one u32 each) */
#undef LFT_EVENT_CLASS
#undef lft_field
#undef lft_array
#undef lft_string
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)	\
	struct lft_offs_##cls {						\
		fields							\
	};
#define lft_field(type, item)
#define lft_array(type, item, len)
#define lft_string(item, src)		u32 item;
#include LFT_EV_DEFS

/*
 * --------------------- 3: the strings' places, from the probe's arguments:
 * each one's length is its source's (or "(null)"'s) with the NUL, as the
 * kernel's __string() does; the return value is their total.
 */
#undef LFT_EVENT_CLASS
#undef lft_string
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)	\
	static inline unsigned int					\
	lft_offs_of_##cls(struct lft_offs_##cls *__o, proto)		\
	{								\
		unsigned int __off = sizeof(struct lft_rec_##cls);	\
		unsigned int __maybe_unused __l;			\
									\
		fields							\
		return __off - sizeof(struct lft_rec_##cls);		\
	}
#define lft_string(item, src)						\
	__l = strlen((src) ? (const char *)(src) : "(null)") + 1;	\
	__o->item = lft_ev_loc(__off, __l);				\
	__off += __l;
#include LFT_EV_DEFS

/*
 * -------------------------------------------------------- 4: the probes:
 * one per class, its data the struct lft_event it serves; a record for
 * each array that has the event enabled.
 */
#undef LFT_EVENT_CLASS
#undef lft_string
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)	\
	static void lft_probe_##cls(void *__data, proto)		\
	{								\
		struct lft_offs_##cls __o;				\
		unsigned int __extra = lft_offs_of_##cls(&__o, args);	\
		struct lft_ev_file *__f;				\
									\
		lft_ev_for_each_file(__f, (struct lft_event *)__data) {	\
			struct lft_rb_res __res __uninitialized;	\
			struct lft_rec_##cls *__entry;			\
									\
			__entry = lft_ev_reserve(__f, sizeof(*__entry) + \
						 __extra, &__res);	\
			if (!__entry)					\
				continue;				\
			fields						\
			{ assign }					\
			lft_ev_commit(__f, &__res);			\
		}							\
	}
#define lft_string(item, src)	__entry->__data_loc_##item = __o.item;
#define lft_assign_str(item, src)					\
	lft_ev_put_str(__entry, __entry->__data_loc_##item,		\
		       (src) ? (const char *)(src) : "(null)")
#include LFT_EV_DEFS

/*
 * ---------------------------------------------------- 5: the field tables,
 * built in a function so that offsetof() can name the class's record
 * through a local (typeof(*lft_rec_p)); lft_events_init() calls it once.
 */
#undef LFT_EVENT_CLASS
#undef lft_field
#undef lft_array
#undef lft_string
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)	\
	static const struct lft_ev_field *				\
	lft_fields_of_##cls(unsigned int *n)				\
	{								\
		const struct lft_rec_##cls *lft_rec_p = NULL;		\
		static const struct lft_ev_field f[] = { fields };	\
									\
		*n = ARRAY_SIZE(f);					\
		return f;						\
	}
#define lft_field(type, item)						\
	{ #type, #item, offsetof(typeof(*lft_rec_p), item),			\
	  sizeof_field(typeof(*lft_rec_p), item), is_signed_type(type) },
#define lft_array(type, item, len)					\
	{ #type, #item, offsetof(typeof(*lft_rec_p), item),			\
	  sizeof_field(typeof(*lft_rec_p), item), is_signed_type(type), len },
#define lft_string(item, src)						\
	{ "__data_loc char[]", #item,					\
	  offsetof(typeof(*lft_rec_p), __data_loc_##item), sizeof(u32), 1 },
#include LFT_EV_DEFS

/*
 * ------------------------------------------------------ 6: the printers:
 * the print fmt's own format and arguments, evaluated on the record, with
 * the kernel's helpers as ours (events/print.c). Their name tables are
 * static: built on the stack they would cost a printer one entry per name
 * on every line (the gfp flags' alone take half a kilobyte).
 */
#undef LFT_EVENT_CLASS
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)	\
	static void lft_print_##cls(struct seq_buf *__s,		\
				    const void *__rec, unsigned int __len) \
	{								\
		const struct lft_rec_##cls *REC = __rec;		\
		struct lft_ev_pbuf __p;					\
									\
		__p.used = 0;						\
		print;							\
	}
#define __entry			REC
#define LFT_PRINTK(fmt, ...)	lft_ev_printf(__s, fmt, ##__VA_ARGS__)
#define __get_str(item)		lft_ev_str(REC, __len, REC->__data_loc_##item)
#define __print_flags(val, delim, ...)					\
	({								\
		static const struct lft_ev_flag __t[] = { __VA_ARGS__ };	\
									\
		lft_ev_pflags(&__p, val, delim, __t, ARRAY_SIZE(__t));	\
	})
#define __print_symbolic(val, ...)					\
	({								\
		static const struct lft_ev_flag __t[] = { __VA_ARGS__ };	\
									\
		lft_ev_psym(&__p, val, __t, ARRAY_SIZE(__t));		\
	})
#define __print_ns_to_secs(val)	div_u64((u64)(val), NSEC_PER_SEC)
#define __print_ns_without_secs(val)					\
	({								\
		u32 __rem;						\
									\
		div_u64_rem((u64)(val), NSEC_PER_SEC, &__rem);		\
		__rem;							\
	})
#include LFT_EV_DEFS

/*
 * ------------------------------------------- 7: the "print fmt:" texts:
 * the same LFT_PRINTK() as text, macros expanded, helpers left as names,
 * as the kernel's format files show them. And the prototype as text, for
 * the check against the kernel's own (btf.c).
 */
#undef LFT_EVENT_CLASS
#undef LFT_PRINTK
#undef __get_str
#undef __print_flags
#undef __print_symbolic
#undef __print_ns_to_secs
#undef __print_ns_without_secs
/* As the kernel's format files spell them. */
#define __print_ns_to_secs(val)		(val) / 1000000000UL
#define __print_ns_without_secs(val)	(val) % 1000000000UL
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)	\
	static const char lft_fmt_##cls[] = print;			\
	static const char lft_proto_##cls[] = __stringify(proto);
#define LFT_PRINTK(fmt, ...)	"\"" fmt "\", " __stringify(__VA_ARGS__)
#include LFT_EV_DEFS

/* ------------------------------------------------------- 8: the events */
#undef LFT_EVENT_CLASS
#undef LFT_DEFINE_EVENT
#undef LFT_DEFINE_EVENT_CHECKED
#undef LFT_DEFINE_EVENT_OWN
#undef __print_ns_to_secs
#undef __print_ns_without_secs
#define LFT_EVENT_CLASS(cls, proto, args, fields, assign, print)
#define LFT_DEFINE_EVENT_CHECKED(cls, sys, ev, setup_fn)		\
	static struct lft_event lft_ev_##ev = {				\
		.system = sys, .name = #ev, .probe = lft_probe_##cls,	\
		.fields_of = lft_fields_of_##cls,			\
		.print_fmt = lft_fmt_##cls, .print = lft_print_##cls,	\
		.proto = lft_proto_##cls, .setup = setup_fn,		\
	};
#define LFT_DEFINE_EVENT_OWN(cls, sys, ev, tpname)			\
	static struct lft_event lft_ev_##ev = {				\
		.system = sys, .name = #ev, .probe = lft_probe_##cls,	\
		.fields_of = lft_fields_of_##cls,			\
		.print_fmt = lft_fmt_##cls, .print = lft_print_##cls,	\
		.own_tp = &__tracepoint_##tpname,			\
	};
#define LFT_DEFINE_EVENT(cls, sys, ev)					\
	LFT_DEFINE_EVENT_CHECKED(cls, sys, ev, NULL)
#include LFT_EV_DEFS

/* ---------------------------------------- 9: the table, in listed order */
#undef LFT_DEFINE_EVENT_CHECKED
#undef LFT_DEFINE_EVENT_OWN
#define LFT_DEFINE_EVENT_CHECKED(cls, sys, ev, setup_fn) &lft_ev_##ev,
#define LFT_DEFINE_EVENT_OWN(cls, sys, ev, tpname) &lft_ev_##ev,
#define LFT_EV_EVENTS_	__PASTE(LFT_EV_NAME, _events)
static struct lft_event *const LFT_EV_EVENTS_[] = {
#include LFT_EV_DEFS
};

/* What the composition root (events/subsys.c) hands the registry. */
LFT_EV_TABLE(LFT_EV_NAME);
const struct lft_ev_table __PASTE(LFT_EV_NAME, _table) = {
	.events = LFT_EV_EVENTS_,
	.n = ARRAY_SIZE(LFT_EV_EVENTS_),
};
#undef LFT_EV_EVENTS_

#undef LFT_EVENT_CLASS
#undef LFT_DEFINE_EVENT
#undef LFT_DEFINE_EVENT_CHECKED
#undef LFT_DEFINE_EVENT_OWN
#undef LFT_TRACE_EVENT
#undef LFT_PRINTK
#undef __entry
#undef lft_field
#undef lft_array
#undef lft_string
#undef lft_assign_str
