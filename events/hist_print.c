// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram output: the hist file and the trigger file's line for a hist
 * trigger, byte for byte as 6.1 prints them. Entries are sorted as 6.1's
 * tracing_map sorts them, with the same heapsort (sort_r()) fed the same
 * sequence: first by the keys' bytes (6.1's duplicate check), then by the
 * first sort key, then runs equal in it by the second. So ties come out
 * in 6.1's order too, whatever order the map holds them in.
 */
#include <linux/sort.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "compat/behave.h"
#include "events/generic.h"
#include "events/hist.h"

/*
 * A field as the trigger's line shows it (6.1's hist_field_print()):
 * "common_pid.execname", "x=n+1", "lat=$ts0.usecs", "n.buckets=4".
 */
static void lft_hist_print_field(struct seq_buf *s,
				 const struct lft_hfield *hf)
{
	const char *mod = lft_hist_modname(hf->flags);

	if (hf->var_name)
		seq_buf_printf(s, "%s=", hf->var_name);
	if (hf->kind == LFT_HF_CPU) {
		seq_buf_printf(s, "common_cpu");
	} else if (hf->kind == LFT_HF_CONST) {
		seq_buf_printf(s, "%llu", hf->constant);
	} else {
		/* 6.12 puts the '$' of another event's variable inside. */
		if (hf->kind == LFT_HF_REF &&
		    !(LFT_HIST_REF_SYS_DOLLAR && hf->ref_sys))
			seq_buf_printf(s, "$");
		seq_buf_printf(s, "%s", lft_hx_name(hf));
	}
	if (mod && !lft_hx_shared(hf) && hf->kind != LFT_HF_EXPR)
		seq_buf_printf(s, ".%s", mod);
	if (hf->buckets)
		seq_buf_printf(s, "=%ld", hf->buckets);
}

/**
 * lft_hist_print_trig() - a hist trigger's line in the trigger file
 * @s: where to print
 * @t: the trigger
 */
void lft_hist_print_trig(struct seq_buf *s, const struct lft_hist_trig *t)
{
	const struct lft_hist_data *hd = t->hd;
	unsigned int i;

	seq_buf_printf(s, "hist:");
	if (t->name)
		seq_buf_printf(s, "%s:", t->name);
	seq_buf_printf(s, "keys=");
	lft_hist_for_each_key(i, hd) {
		if (i > hd->nvals)
			seq_buf_printf(s, ",");
		if (hd->fields[i].kind == LFT_HF_STACK)
			seq_buf_printf(s, LFT_HIST_STACK_NAME);
		else
			lft_hist_print_field(s, &hd->fields[i]);
	}
	seq_buf_printf(s, ":vals=hitcount");
	for (i = 1; i < hd->nvals; i++) {
		seq_buf_printf(s, ",");
		lft_hist_print_field(s, &hd->fields[i]);
	}
	for (i = 0; i < hd->nvars; i++) {
		seq_buf_printf(s, "%c", i ? ',' : ':');
		lft_hist_print_field(s, &hd->vars[i]);
	}
	seq_buf_printf(s, ":sort=");
	for (i = 0; i < hd->nsort; i++) {
		if (i)
			seq_buf_printf(s, ",");
		if (!hd->sort[i].idx)
			seq_buf_printf(s, "hitcount");
		else
			lft_hist_print_field(s, &hd->fields[hd->sort[i].idx]);
		if (hd->sort[i].desc)
			seq_buf_printf(s, ".descending");
	}
	seq_buf_printf(s, ":size=%u", 1U << lft_hmap_bits(hd->map));
	if (hd->timestamps)
		seq_buf_printf(s, ":clock=%s", hd->clock);
	lft_hist_print_actions_spec(s, hd);
	if (t->filter_str)
		seq_buf_printf(s, " if %s", t->filter_str);
	seq_buf_printf(s, " [%s]\n", READ_ONCE(t->paused) ? "paused" : "active");
}

/* ------------------------------------------------------------ sorting */

struct lft_hist_cmp {
	const struct lft_hist_data *hd;
	struct lft_hist_sort sk;
};

static int lft_hist_cmp_num(const void *a, const void *b, unsigned int size,
			    bool is_signed)
{
	unsigned int shift;
	u64 x, y;

	if (size != 1 && size != 2 && size != 4 && size != 8)
		return 0;
	/*
	 * The field's bytes moved to the top: their order, and their sign
	 * bit's, is then that of the whole 64-bit word.
	 */
	shift = 64 - 8 * size;
	x = *(const u64 *)a << shift;
	y = *(const u64 *)b << shift;
	if (is_signed)
		return (s64)x > (s64)y ? 1 : (s64)x < (s64)y ? -1 : 0;
	return x > y ? 1 : x < y ? -1 : 0;
}

static int lft_hist_cmp_dup(const void *a, const void *b, const void *priv)
{
	const struct lft_hist_data *hd = priv;

	return memcmp(lft_hmap_key(*(struct lft_hmap_elt **)a),
		      lft_hmap_key(*(struct lft_hmap_elt **)b), hd->key_size);
}

static int lft_hist_cmp_key(const void *a, const void *b, const void *priv)
{
	const struct lft_hist_cmp *c = priv;
	const struct lft_hfield *hf = &c->hd->fields[c->sk.idx];
	const void *x = lft_hmap_key(*(struct lft_hmap_elt **)a) + hf->koff;
	const void *y = lft_hmap_key(*(struct lft_hmap_elt **)b) + hf->koff;
	int r = 0;

	if (hf->cmp == LFT_HC_STR)
		r = strcmp(x, y);
	else if (hf->cmp == LFT_HC_NUM)
		r = lft_hist_cmp_num(x, y, hf->cmp_size, hf->cmp_signed);
	return c->sk.desc ? -r : r;
}

static int lft_hist_cmp_sum(const void *a, const void *b, const void *priv)
{
	const struct lft_hist_cmp *c = priv;
	u64 x = lft_hmap_sum(*(struct lft_hmap_elt **)a, c->sk.idx);
	u64 y = lft_hmap_sum(*(struct lft_hmap_elt **)b, c->sk.idx);
	int r = x > y ? 1 : x < y ? -1 : 0;

	return c->sk.desc ? -r : r;
}

static cmp_r_func_t lft_hist_cmp_fn(const struct lft_hist_cmp *c)
{
	return c->sk.idx >= c->hd->nvals ? lft_hist_cmp_key : lft_hist_cmp_sum;
}

/* Runs of entries equal in the first sort key, sorted by the second. */
static void lft_hist_sort_runs(struct lft_hmap_elt **e, unsigned int n,
			       const struct lft_hist_cmp *first,
			       const struct lft_hist_cmp *second)
{
	cmp_r_func_t eq = lft_hist_cmp_fn(first), by = lft_hist_cmp_fn(second);
	unsigned int start = 0, i;

	for (i = 1; i <= n; i++) {
		if (i < n && !eq(&e[i - 1], &e[i], first))
			continue;
		if (i - start > 1)
			sort_r(&e[start], i - start, sizeof(*e), by, NULL,
			       second);
		start = i;
	}
}

static void lft_hist_sort_elts(const struct lft_hist_data *hd,
			       struct lft_hmap_elt **e, unsigned int n)
{
	struct lft_hist_cmp first = { hd, hd->sort[0] }, second;

	if (n < 2)
		return;
	sort_r(e, n, sizeof(*e), lft_hist_cmp_dup, NULL, hd);
	sort_r(e, n, sizeof(*e), lft_hist_cmp_fn(&first), NULL, &first);
	if (hd->nsort > 1) {
		second.hd = hd;
		second.sk = hd->sort[1];
		lft_hist_sort_runs(e, n, &first, &second);
	}
}

/* ------------------------------------------------------------ entries */

/**
 * lft_hist_print_key() - an entry's key, as the hist file shows it
 * @s: where to print
 * @hd: the histogram
 * @key: the key's bytes
 * @comm: the task name kept with it (common_pid.execname), or NULL
 */
void lft_hist_print_key(struct seq_buf *s, const struct lft_hist_data *hd,
			const void *key, const char *comm)
{
	bool multiline = false;
	unsigned int i, j;

	seq_buf_printf(s, "{ ");
	lft_hist_for_each_key(i, hd) {
		const struct lft_hfield *hf = &hd->fields[i];
		const char *name = lft_hx_name(hf);
		const void *k = key + hf->koff;
		u64 v = *(const u64 *)k;

		if (i > hd->nvals)
			seq_buf_printf(s, ", ");
		if (hf->flags & LFT_HF_HEX) {
			seq_buf_printf(s, "%s: %llx", name, v);
		} else if (hf->flags & LFT_HF_SYM) {
			seq_buf_printf(s, "%s: [%llx] %-45ps", name, v,
				       (void *)(uintptr_t)v);
		} else if (hf->flags & LFT_HF_SYM_OFFSET) {
			seq_buf_printf(s, "%s: [%llx] %-55pS", name, v,
				       (void *)(uintptr_t)v);
		} else if (hf->flags & LFT_HF_EXECNAME) {
			seq_buf_printf(s, "%s: %-16s[%10llu]", name, comm, v);
		} else if (hf->flags & LFT_HF_SYSCALL) {
			const char *sc = lft_gsc_name((int)v);

			seq_buf_printf(s, "%s: %-30s[%3llu]", name,
				       sc ?: "unknown_syscall", v);
		} else if (hf->kind == LFT_HF_STACK) {
			const unsigned long *st = k;

			seq_buf_printf(s, LFT_HIST_STACK_NAME ":\n");
			for (j = 0; j < LFT_HIST_STACK_DEPTH && st[j]; j++)
				seq_buf_printf(s, "%*c%pS\n", 9, ' ',
					       (void *)st[j]);
			multiline = true;
		} else if (hf->flags & LFT_HF_LOG2) {
			seq_buf_printf(s, "%s: ~ 2^%-2llu", name, v);
		} else if (hf->flags & LFT_HF_BUCKET) {
			seq_buf_printf(s, "%s: ~ %llu-%llu", name, v,
				       v + hf->buckets - 1);
		} else if (hf->kind == LFT_HF_STR || hf->kind == LFT_HF_LOC) {
			seq_buf_printf(s, "%s: %-50s", name, (const char *)k);
		} else {
			seq_buf_printf(s, "%s: %10llu", name, v);
		}
	}
	if (!multiline)
		seq_buf_printf(s, " ");
	seq_buf_printf(s, "}");
}

/* 100 times @val's percentage of @total, as 6.1 computes it. */
static unsigned int lft_hist_pc(u64 val, u64 total)
{
	if (total && val < U64_MAX / 10000)
		return div64_u64(val * 10000, total);
	if (total)
		total = div64_u64(total, 10000);
	if (total)
		return div64_u64(val, total);
	return val ? UINT_MAX : 0;
}

struct lft_hist_stat {
	u64 max;
	u64 total;
};

static void lft_hist_print_val(struct seq_buf *s, const char *name, u32 flags,
			       u64 v, const struct lft_hist_stat *st)
{
	unsigned int pc, i, len;
	char bar[21];

	if (flags & LFT_HF_PERCENT) {
		pc = lft_hist_pc(v, st->total);
		if (pc == UINT_MAX)
			seq_buf_printf(s, " %s (%%):[ERROR]", name);
		else
			seq_buf_printf(s, " %s (%%): %3u.%02u", name, pc / 100,
				       pc % 100);
	} else if (flags & LFT_HF_GRAPH) {
		len = lft_hist_pc(v, st->max);
		if (len == UINT_MAX) {
			strscpy(bar, "[ERROR]", sizeof(bar));
		} else {
			len = len * 20 / 10000;
			for (i = 0; i < 20; i++)
				bar[i] = i < len ? '#' : ' ';
			bar[20] = '\0';
		}
		seq_buf_printf(s, " %s: %20s", name, bar);
	} else if (flags & LFT_HF_HEX) {
		seq_buf_printf(s, " %s: %10llx", name, v);
	} else {
		seq_buf_printf(s, " %s: %10llu", name, v);
	}
}

static void lft_hist_print_entry(struct seq_buf *s,
				 const struct lft_hist_data *hd,
				 const struct lft_hmap_elt *elt,
				 const struct lft_hist_stat *st)
{
	unsigned int i;

	lft_hist_print_key(s, hd, lft_hmap_key(elt),
			   hd->comm ? lft_hmap_priv(elt) : NULL);
	lft_hist_print_val(s, "hitcount", 0, lft_hmap_sum(elt, 0), &st[0]);
	for (i = 1; i < hd->nvals; i++) {
		/* 6.1 sums an expression, and shows no sum of it. */
		if (hd->fields[i].kind == LFT_HF_EXPR)
			continue;
		seq_buf_printf(s, " ");
		lft_hist_print_val(s, lft_hx_name(&hd->fields[i]),
				   hd->fields[i].flags, lft_hmap_sum(elt, i),
				   &st[i]);
	}
	lft_hist_print_actions(s, hd, (struct lft_hmap_elt *)elt);
	seq_buf_printf(s, "\n");
}

/* The entries, sorted; how many (0 when there is no memory to sort). */
static unsigned int lft_hist_print_entries(struct seq_buf *s,
					   const struct lft_hist_data *hd)
{
	struct lft_hist_stat st[LFT_HIST_VALS_MAX] = {};
	struct lft_hmap_elt **e;
	unsigned int n, i, j;

	e = kvmalloc_array(1U << lft_hmap_bits(hd->map), sizeof(*e),
			   GFP_KERNEL);
	if (!e)
		return 0;
	n = lft_hmap_collect(hd->map, e);
	lft_hist_sort_elts(hd, e, n);
	for (j = 0; j < hd->nvals; j++) {
		for (i = 0; i < n; i++) {
			u64 v = lft_hmap_sum(e[i], j);

			st[j].total += v;
			st[j].max = max(st[j].max, v);
		}
	}
	for (i = 0; i < n; i++)
		lft_hist_print_entry(s, hd, e[i], st);
	kvfree(e);
	return n;
}

/**
 * lft_hist_print_hist() - a hist trigger's histogram, as the hist file
 *	shows it
 * @s: where to print
 * @t: the trigger
 */
void lft_hist_print_hist(struct seq_buf *s, struct lft_hist_trig *t)
{
	const struct lft_hist_data *hd = t->hd;
	unsigned int n;

	seq_buf_printf(s, "# event histogram\n#\n# trigger info: ");
	lft_hist_print_trig(s, t);
	seq_buf_printf(s, "#\n\n");
	n = lft_hist_print_entries(s, hd);
	lft_hist_print_snapshot(s, hd);
	seq_buf_printf(s, "\nTotals:\n    Hits: %llu\n    Entries: %u\n    Dropped: %llu\n",
		       lft_hmap_hits(hd->map), n, lft_hmap_drops(hd->map));
}
