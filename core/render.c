// SPDX-License-Identifier: GPL-2.0
/*
 * The alternative renderers of options/raw, hex and bin (bin wins over
 * hex, hex over raw, as in the kernel). Their context is the pid, CPU and
 * time as numbers, hex digits or raw bytes; then the record's own form,
 * from its type's description (core/entries.h): markers and printk have a
 * raw one ("# ip text", ": ip : text"), function entries all three; the
 * others, like the kernel's, print "type: N" (raw: "N ?").
 */
#include <linux/kernel.h>

#include "core/trace.h"

/**
 * lft_put_hex() - a field in hex, most significant byte first, then a space
 * @s: where to print
 * @mem: the field
 * @len: its size
 */
void lft_put_hex(struct seq_buf *s, const void *mem, size_t len)
{
	const u8 *b = mem;

	while (len--)
		seq_buf_printf(s, "%02x", b[len]);
	seq_buf_printf(s, " ");
}

/**
 * lft_put_bytes() - a field's raw bytes (seq_buf's put helpers are not
 *	exported; "%c" stores any byte, NUL included)
 * @s: where to print
 * @mem: the field
 * @len: its size
 */
void lft_put_bytes(struct seq_buf *s, const void *mem, size_t len)
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
	const struct lft_entry_desc *d = lft_entry_desc(ent->type, e->len);

	if (it->tr->flags & LFT_OPT_CONTEXT_INFO)
		seq_buf_printf(s, "%d %d %llu ", ent->pid, e->cpu, e->ts);
	if (d && d->raw)
		d->raw(it, s, e, data);
	else
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
	const struct lft_entry_desc *d = lft_entry_desc(ent->type, e->len);
	int pid = ent->pid, cpu = e->cpu;
	u64 ts = e->ts;

	if (f & LFT_OPT_BIN) {
		if (f & LFT_OPT_CONTEXT_INFO) {
			lft_put_bytes(s, &pid, sizeof(pid));
			lft_put_bytes(s, &cpu, sizeof(cpu));
			lft_put_bytes(s, &ts, sizeof(ts));
		}
		if (d && d->bin)
			d->bin(s, data);
		else
			lft_type_line(s, ent);
		return true;
	}
	if (f & LFT_OPT_HEX) {
		if (f & LFT_OPT_CONTEXT_INFO) {
			lft_put_hex(s, &pid, sizeof(pid));
			lft_put_hex(s, &cpu, sizeof(cpu));
			lft_put_hex(s, &ts, sizeof(ts));
		}
		if (d && d->hex)
			d->hex(s, data);
		else
			lft_type_line(s, ent);
		seq_buf_printf(s, "\n");
		return true;
	}
	if (f & LFT_OPT_RAW) {
		lft_render_raw(it, s, e, data);
		return true;
	}
	return false;
}
