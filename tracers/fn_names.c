// SPDX-License-Identifier: GPL-2.0
/*
 * The sites by name: one pass over the site table stores a hash of each
 * site's bare name (without its module, as a filter's plain name matches
 * it) beside its address, sorted by hash. A lookup hashes the name, and
 * only the sites with that hash have their names looked up again and
 * compared, so a hash collision costs a lookup, never a wrong answer.
 *
 * The index describes the table at one moment: a module that comes or
 * goes changes the table's generation and makes the index stale, and its
 * user builds a new one.
 */
#include <linux/kallsyms.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/stringhash.h>
#include <linux/vmalloc.h>

#include "arch/x86/fentry.h"
#include "tracers/fn_names.h"

struct lft_fn_name {
	u32 hash;
	unsigned long ip;
};

struct lft_fn_names {
	unsigned long gen;		/* the table's, when built */
	unsigned long n, cap;
	struct lft_fn_name v[];
};

/* The hash of a site's name up to " [module]". */
static u32 lft_fn_name_hash(const char *name)
{
	return full_name_hash(NULL, name, strcspn(name, " "));
}

static int lft_fn_names_add(const struct lft_site_info *si, void *data)
{
	struct lft_fn_names *x = data;

	if (x->n == x->cap)
		return 1;	/* the table grew since it was counted */
	x->v[x->n].hash = lft_fn_name_hash(si->name);
	x->v[x->n].ip = si->ip;
	x->n++;
	return 0;
}

static int lft_fn_name_cmp(const void *a, const void *b)
{
	const struct lft_fn_name *x = a, *y = b;

	if (x->hash != y->hash)
		return x->hash < y->hash ? -1 : 1;
	return x->ip < y->ip ? -1 : x->ip > y->ip;
}

/**
 * lft_fn_names_build() - index every site by name
 *
 * Process context; takes the site table's lock.
 *
 * Return: the index (free it with lft_fn_names_free()), or NULL without
 * memory or if the table changed while it was read.
 */
struct lft_fn_names *lft_fn_names_build(void)
{
	unsigned long gen = lft_sites_gen(), cap = lft_sites_count();
	struct lft_fn_names *x;

	x = vmalloc(struct_size(x, v, cap));
	if (!x)
		return NULL;
	x->gen = gen;
	x->n = 0;
	x->cap = cap;
	if (lft_sites_for_each(lft_fn_names_add, x, true) ||
	    lft_fn_names_stale(x)) {
		vfree(x);
		return NULL;
	}
	sort(x->v, x->n, sizeof(x->v[0]), lft_fn_name_cmp, NULL);
	return x;
}

/* Has a module come or gone since @x was built? */
bool lft_fn_names_stale(const struct lft_fn_names *x)
{
	return x->gen != lft_sites_gen();
}

/**
 * lft_fn_names_find() - the sites of a function name
 * @x: the index
 * @name: a bare name (no module)
 * @ips: filled in with up to @max addresses, ascending
 * @max: @ips' size
 *
 * Return: how many sites have that name (more than @max: @ips holds the
 * first @max).
 */
long lft_fn_names_find(const struct lft_fn_names *x, const char *name,
		       unsigned long *ips, unsigned long max)
{
	u32 hash = full_name_hash(NULL, name, strlen(name));
	unsigned long lo = 0, hi = x->n, n = 0;
	char sym[KSYM_SYMBOL_LEN];

	while (lo < hi) {	/* the first entry with @hash, or after it */
		unsigned long mid = lo + (hi - lo) / 2;

		if (x->v[mid].hash < hash)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < x->n && x->v[lo].hash == hash; lo++) {
		sprint_symbol_no_offset(sym, x->v[lo].ip);
		sym[strcspn(sym, " ")] = '\0';
		if (strcmp(sym, name))
			continue;
		if (n < max)
			ips[n] = x->v[lo].ip;
		n++;
	}
	return n;
}

void lft_fn_names_free(struct lft_fn_names *x)
{
	vfree(x);
}
