// SPDX-License-Identifier: GPL-2.0
/*
 * The alternative renderers of options/raw, hex and bin (bin wins over
 * hex, hex over raw, as in the kernel). Their context is the pid, CPU and
 * time as numbers, hex digits or raw bytes; the core's own entries have a
 * raw form ("# ip text" for markers, ": ip : text" for printk) and, like
 * the kernel's, no hex or binary form: those print "type: N".
 */
#include <linux/kernel.h>

#include "core/trace.h"

/* A field in hex, most significant byte first, then a space. */
static void lft_put_hex(struct seq_buf *s, const void *mem, size_t len)
{
	const u8 *b = mem;

	while (len--)
		seq_buf_printf(s, "%02x", b[len]);
	seq_buf_printf(s, " ");
}

/*
 * Raw bytes (seq_buf's put helpers are not exported; "%c" stores any
 * byte, NUL included).
 */
static void lft_put_bytes(struct seq_buf *s, const void *mem, size_t len)
{
	const u8 *b = mem;
	size_t i;

	for (i = 0; i < len; i++)
		seq_buf_printf(s, "%c", b[i]);
}

static void lft_type_line(struct seq_buf *s, const struct lft_entry *ent)
{
	seq_buf_printf(s, "type: %d\n", ent->type);
}

static void lft_render_raw(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data)
{
	const struct lft_entry *ent = data;

	if (it->tr->flags & LFT_OPT_CONTEXT_INFO)
		seq_buf_printf(s, "%d %d %llu ", ent->pid, e->cpu, e->ts);
	switch (ent->type) {
	case LFT_TRACE_PRINT: {
		const struct lft_print_entry *p = data;

		if (e->len < sizeof(*p))
			break;
		seq_buf_printf(s, "# %lx %.*s", p->ip,
			       (int)(e->len - sizeof(*p)), p->buf);
		return;
	}
	case LFT_TRACE_BPRINT:
		if (e->len < sizeof(struct lft_bprint_entry))
			break;
		seq_buf_printf(s, ": %lx : ",
			       ((const struct lft_bprint_entry *)data)->ip);
		lft_print_bprint(s, data, e->len);
		return;
	case LFT_TRACE_RAW_DATA:
		if (e->len < sizeof(struct lft_raw_entry))
			break;
		lft_print_raw_data(s, data, e->len);
		return;
	case LFT_TRACE_STACK:
	case LFT_TRACE_USER_STACK:
		lft_type_line(s, ent);
		return;
	case LFT_TRACE_FN: {
		const struct lft_fn_entry *f = data;

		if (e->len < sizeof(*f))
			break;
		seq_buf_printf(s, "%lx %lx\n", f->ip, f->parent_ip);
		return;
	}
	default:
		break;
	}
	seq_buf_printf(s, "%d ?\n", ent->type);
}

/**
 * lft_render_alt() - print an entry in raw, hex or bin form if one is on
 * @it: the reader
 * @s: where to print
 * @e: the ring buffer's view of the entry
 * @data: the entry
 *
 * Return: false when none of the three options is on.
 */
bool lft_render_alt(struct lft_print_iter *it, struct seq_buf *s,
		    const struct lft_rb_entry *e, const void *data)
{
	unsigned long f = it->tr->flags;
	const struct lft_entry *ent = data;
	const struct lft_fn_entry *fn = NULL;
	int pid = ent->pid, cpu = e->cpu;
	u64 ts = e->ts;

	/* Function entries have hex and binary forms: ip and parent. */
	if (ent->type == LFT_TRACE_FN && e->len >= sizeof(*fn))
		fn = data;

	if (f & LFT_OPT_BIN) {
		if (f & LFT_OPT_CONTEXT_INFO) {
			lft_put_bytes(s, &pid, sizeof(pid));
			lft_put_bytes(s, &cpu, sizeof(cpu));
			lft_put_bytes(s, &ts, sizeof(ts));
		}
		if (fn) {
			lft_put_bytes(s, &fn->ip, sizeof(fn->ip));
			lft_put_bytes(s, &fn->parent_ip, sizeof(fn->parent_ip));
		} else {
			lft_type_line(s, ent);
		}
		return true;
	}
	if (f & LFT_OPT_HEX) {
		if (f & LFT_OPT_CONTEXT_INFO) {
			lft_put_hex(s, &pid, sizeof(pid));
			lft_put_hex(s, &cpu, sizeof(cpu));
			lft_put_hex(s, &ts, sizeof(ts));
		}
		if (fn) {
			lft_put_hex(s, &fn->ip, sizeof(fn->ip));
			lft_put_hex(s, &fn->parent_ip, sizeof(fn->parent_ip));
		} else {
			lft_type_line(s, ent);
		}
		seq_buf_printf(s, "\n");
		return true;
	}
	if (f & LFT_OPT_RAW) {
		lft_render_raw(it, s, e, data);
		return true;
	}
	return false;
}
