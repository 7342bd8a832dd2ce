// SPDX-License-Identifier: GPL-2.0
/*
 * Function filter files (set_ftrace_filter, set_ftrace_notrace, ...), with
 * ftrace's grammar and semantics:
 *
 *   echo 'vfs_*' > file      functions matching a glob (x*, *x, *x*, x*y,
 *                            ?, [..]); a number N is the Nth line of
 *                            available_filter_functions
 *   echo '!vfs_read' >> file remove matches; ">>" keeps the others
 *   echo 'f*:mod:ext4' > file  only functions of module ext4 (and, for a
 *                            module not loaded yet, when it loads)
 *   echo 'func:cmd[:arg]'    a command, if the file has them
 *   echo > file              empty (all functions / none excluded)
 *
 * An open for writing edits a copy (emptied first with O_TRUNC); each word
 * is applied as it is written (a word that matches nothing fails the write
 * with EINVAL, the others stay), and the copy becomes the filter when the
 * file is closed, as in the kernel.
 */
#include <linux/bsearch.h>
#include <linux/ctype.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "compat/kapi.h"
#include "arch/x86/fentry.h"
#include "compat/ksyms.h"
#include "core/trace.h"
#include "tracers/fn_filter.h"
#include "tracers/fn_names.h"

static int lft_ip_cmp(const void *key, const void *elt)
{
	unsigned long a = *(const unsigned long *)key;
	unsigned long b = *(const unsigned long *)elt;

	return a < b ? -1 : a > b;
}

bool lft_ipset_has(const struct lft_ipset *s, unsigned long ip)
{
	return s && s->n && bsearch(&ip, s->ips, s->n, sizeof(ip), lft_ip_cmp);
}

static struct lft_ipset *lft_ipset_new(const unsigned long *ips,
				       unsigned long n, unsigned long gone)
{
	struct lft_ipset *s = kvmalloc(struct_size(s, ips, n), GFP_KERNEL);

	if (!s)
		return NULL;
	s->n = n;
	s->gone = gone;
	memcpy(s->ips, ips, n * sizeof(*ips));
	return s;
}

static void lft_ipset_free_rcu(struct rcu_head *rcu)
{
	kvfree(container_of(rcu, struct lft_ipset, rcu));
}

static void lft_fn_mods_free(struct list_head *mods)
{
	struct lft_fn_mod *m, *tmp;

	list_for_each_entry_safe(m, tmp, mods, list) {
		list_del(&m->list);
		kfree(m->func);
		kfree(m->module);
		kfree(m);
	}
}

void lft_fn_filter_init(struct lft_fn_filter *f, const char *name)
{
	f->name = name;
	RCU_INIT_POINTER(f->set, NULL);
	INIT_LIST_HEAD(&f->mods);
}

/* At unload, after the hook has stopped. */
void lft_fn_filter_free(struct lft_fn_filter *f)
{
	kvfree(rcu_dereference_raw(f->set));
	RCU_INIT_POINTER(f->set, NULL);
	lft_fn_mods_free(&f->mods);
}

/* ---------------------------------------------------------------- edit */

/* One open-for-write: the copy being edited. */
struct lft_fn_edit {
	struct lft_fn_filter *f;
	struct lft_parser parser;
	unsigned long *ips;		/* sorted */
	unsigned long n, cap;
	unsigned long gone;		/* as struct lft_ipset's */
	struct list_head mods;
	unsigned int plain;		/* plain names matched so far */
	struct lft_fn_names *names;	/* from the second one on */
};

/* ftrace's glob kinds (filter_parse_regex()). */
enum lft_match { LFT_FULL, LFT_FRONT, LFT_MIDDLE, LFT_END, LFT_GLOB };

struct lft_glob {
	enum lft_match type;
	const char *s;
	size_t len;
};

/* Parse @buf (modified) into @g; returns whether it started with '!'. */
static bool lft_glob_parse(char *buf, struct lft_glob *g)
{
	bool neg = buf[0] == '!';
	size_t i, len;

	if (neg)
		buf++;
	g->type = LFT_FULL;
	g->s = buf;
	len = strlen(buf);
	for (i = 0; i < len; i++) {
		if (buf[i] == '*' && !i) {
			g->type = LFT_END;
		} else if (buf[i] == '*' && i == len - 1) {
			g->type = g->type == LFT_END ? LFT_MIDDLE : LFT_FRONT;
			buf[i] = '\0';
			break;
		} else if (buf[i] == '*' || strchr("[?\\", buf[i])) {
			g->type = LFT_GLOB;	/* the pattern goes on: a glob */
			break;
		}
	}
	if (g->type != LFT_GLOB && buf[0] == '*')
		g->s = buf + 1;
	g->len = strlen(g->s);
	return neg;
}

static bool lft_glob_match(const struct lft_glob *g, const char *str)
{
	size_t n;

	switch (g->type) {
	case LFT_FULL:
		return !strcmp(str, g->s);
	case LFT_FRONT:
		return !strncmp(str, g->s, g->len);
	case LFT_MIDDLE:
		return strstr(str, g->s);
	case LFT_END:
		n = strlen(str);
		return n >= g->len && !memcmp(str + n - g->len, g->s, g->len);
	case LFT_GLOB:
		return glob_match(g->s, str);
	}
	return false;
}

struct lft_fn_match {
	struct lft_glob func;
	struct lft_glob mod;
	bool by_mod, mod_neg;
	unsigned long index;		/* 1-based, or 0 */
	unsigned long pos;
	unsigned long *out;		/* matches, in address order */
	unsigned long n, cap;
	int err;
};

/* Split "name [module]" in place; returns the module or NULL. */
static char *lft_split_module(char *name)
{
	char *m = strstr(name, " [");

	if (!m)
		return NULL;
	*m = '\0';
	m += 2;
	m[strcspn(m, "]")] = '\0';
	return m;
}

static int lft_fn_match_one(const struct lft_site_info *si, void *data)
{
	struct lft_fn_match *mt = data;
	char name[KSYM_SYMBOL_LEN];
	char *mod;

	mt->pos++;
	if (mt->index) {
		if (mt->pos != mt->index)
			return 0;
	} else {
		strscpy(name, si->name, sizeof(name));
		mod = lft_split_module(name);
		if (mt->by_mod) {
			/* An empty module name: vmlinux (or, negated, modules). */
			bool in = mt->mod.len ? mod && lft_glob_match(&mt->mod, mod) :
					       !mod;

			if (in == mt->mod_neg)
				return 0;
			if (mt->func.len && !lft_glob_match(&mt->func, name))
				return 0;
		} else if (!lft_glob_match(&mt->func, name)) {
			return 0;
		}
	}
	if (mt->n == mt->cap) {
		unsigned long *v = lft_kvrealloc(mt->out, mt->cap * sizeof(*v),
						 (mt->cap * 2 + 64) * sizeof(*v),
						 GFP_KERNEL);

		if (!v) {
			mt->err = -ENOMEM;
			return 1;
		}
		mt->out = v;
		mt->cap = mt->cap * 2 + 64;
	}
	mt->out[mt->n++] = si->ip;
	return mt->index ? 1 : 0;
}

/*
 * One function in or out of the edit set, in place: a list of names
 * written one by one would copy the whole set for each.
 */
static int lft_fn_edit_one(struct lft_fn_edit *ed, unsigned long ip,
			   bool remove)
{
	unsigned long lo = 0, hi = ed->n, *v;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (ed->ips[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (remove) {
		if (lo == ed->n || ed->ips[lo] != ip)
			return 0;
		memmove(ed->ips + lo, ed->ips + lo + 1,
			(ed->n - lo - 1) * sizeof(*v));
		ed->n--;
		return 0;
	}
	if (lo < ed->n && ed->ips[lo] == ip)
		return 0;
	if (ed->n == ed->cap) {
		v = lft_kvrealloc(ed->ips, ed->cap * sizeof(*v),
				  (ed->cap * 2 + 64) * sizeof(*v), GFP_KERNEL);
		if (!v)
			return -ENOMEM;
		ed->ips = v;
		ed->cap = ed->cap * 2 + 64;
	}
	memmove(ed->ips + lo + 1, ed->ips + lo, (ed->n - lo) * sizeof(*v));
	ed->ips[lo] = ip;
	ed->n++;
	return 0;
}

/* Merge sorted @add into the edit set, or remove it from it. */
static int lft_fn_edit_merge(struct lft_fn_edit *ed, const unsigned long *add,
			     unsigned long na, bool remove)
{
	unsigned long i = 0, j = 0, k = 0, *v;
	unsigned long cap = remove ? ed->n : ed->n + na;

	if (na == 1)
		return lft_fn_edit_one(ed, add[0], remove);
	v = kvmalloc_array(cap + 1, sizeof(*v), GFP_KERNEL);
	if (!v)
		return -ENOMEM;
	while (i < ed->n || j < na) {
		if (j == na || (i < ed->n && ed->ips[i] < add[j])) {
			v[k++] = ed->ips[i++];
		} else if (i == ed->n || add[j] < ed->ips[i]) {
			if (!remove)
				v[k++] = add[j];
			j++;
		} else {
			if (!remove)
				v[k++] = ed->ips[i];
			i++;
			j++;
		}
	}
	kvfree(ed->ips);
	ed->ips = v;
	ed->n = k;
	ed->cap = cap;
	return 0;
}

#define LFT_FN_SAME_NAME	16	/* sites of one name the index returns */

/*
 * A plain name, from the edit's second on, through an index of the sites
 * by name. -EAGAIN: match it by visiting every site instead.
 */
static int lft_fn_edit_name(struct lft_fn_edit *ed, const char *name,
			    bool remove)
{
	unsigned long ips[LFT_FN_SAME_NAME];
	long i, n;
	int ret = 0;

	if (++ed->plain < 2)
		return -EAGAIN;
	if (ed->names && lft_fn_names_stale(ed->names)) {
		lft_fn_names_free(ed->names);
		ed->names = NULL;
	}
	if (!ed->names)
		ed->names = lft_fn_names_build();
	if (!ed->names)
		return -EAGAIN;
	n = lft_fn_names_find(ed->names, name, ips, ARRAY_SIZE(ips));
	if (n > ARRAY_SIZE(ips))
		return -EAGAIN;
	for (i = 0; i < n && !ret; i++)
		ret = lft_fn_edit_one(ed, ips[i], remove);
	if (ret)
		return ret;
	return n ? 0 : -ENOENT;
}

/* "[!]func" or "[!]func:mod:NAME": match and apply. 0 or -errno. */
static int lft_fn_edit_match(struct lft_fn_edit *ed, char *func, char *mod)
{
	struct lft_fn_match mt = { };
	bool neg;
	int ret;

	neg = lft_glob_parse(func, &mt.func);
	if (!mod && isdigit(mt.func.s[0])) {
		if (kstrtoul(mt.func.s, 10, &mt.index) || !mt.index)
			return -EINVAL;
	}
	if (mod) {
		mt.by_mod = true;
		mt.mod_neg = lft_glob_parse(mod, &mt.mod);
	}
	if (!mod && !mt.index && mt.func.type == LFT_FULL)
		ret = lft_fn_edit_name(ed, mt.func.s, neg);
	else
		ret = -EAGAIN;
	if (ret != -EAGAIN)
		return ret;
	lft_sites_for_each(lft_fn_match_one, &mt, !mt.index);
	ret = mt.err;
	if (!ret && mt.n)
		ret = lft_fn_edit_merge(ed, mt.out, mt.n, neg);
	kvfree(mt.out);
	if (ret)
		return ret;
	return mt.n ? 0 : -ENOENT;
}

/**
 * lft_fn_filter_match() - the functions a glob names
 * @glob: the glob (modified)
 * @ips: set to a kvmalloc'ed sorted array of their addresses
 * @n: set to its length
 *
 * Return: 0, -EINVAL when none matches, or -ENOMEM.
 */
int lft_fn_filter_match(char *glob, unsigned long **ips, unsigned long *n)
{
	struct lft_fn_match mt = { };

	lft_glob_parse(glob, &mt.func);
	lft_sites_for_each(lft_fn_match_one, &mt, true);
	if (mt.err || !mt.n) {
		kvfree(mt.out);
		return mt.err ? mt.err : -EINVAL;
	}
	*ips = mt.out;
	*n = mt.n;
	return 0;
}

/* ":mod:NAME" for a module not loaded now: remember it. */
static int lft_fn_edit_cache_mod(struct lft_fn_edit *ed, const char *func,
				 const char *mod)
{
	struct lft_fn_mod *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return -ENOMEM;
	m->func = kstrdup(func, GFP_KERNEL);
	m->module = kstrdup(mod, GFP_KERNEL);
	if (!m->func || !m->module) {
		kfree(m->func);
		kfree(m->module);
		kfree(m);
		return -ENOMEM;
	}
	list_add(&m->list, &ed->mods);	/* newest first, as listed */
	return 0;
}

/* Is a module of that name loaded? (Every module has __this_module.) */
static bool lft_module_loaded(const char *mod)
{
	char name[MODULE_NAME_LEN + sizeof(":__this_module")];

	snprintf(name, sizeof(name), "%s:__this_module", mod);
	return lft_ksym_lookup(name);
}

/*
 * "[!]func:mod:NAME". Nothing matching: a module not loaded yet gets the
 * entry when it loads ("!" drops such entries instead: "!*" all of the
 * module's), as ftrace_mod_callback() does.
 */
static int lft_fn_edit_mod(struct lft_fn_edit *ed, const char *func,
			   const char *mod)
{
	char *f = kstrdup(func, GFP_KERNEL), *m = kstrdup(mod, GFP_KERNEL);
	struct lft_fn_mod *c, *tmp;
	int ret = -ENOMEM;

	if (f && m)
		ret = lft_fn_edit_match(ed, f, m);
	kfree(f);
	kfree(m);
	if (ret != -ENOENT)
		return ret;
	if (func[0] == '!') {
		ret = -EINVAL;
		list_for_each_entry_safe(c, tmp, &ed->mods, list) {
			if (strcmp(c->module, mod) ||
			    (strcmp(func + 1, "*") && strcmp(c->func, func + 1)))
				continue;
			list_del(&c->list);
			kfree(c->func);
			kfree(c->module);
			kfree(c);
			ret = 0;
		}
		return ret;
	}
	if (lft_module_loaded(mod))
		return -EINVAL;
	return lft_fn_edit_cache_mod(ed, func, mod);
}

/* One word, as ftrace_process_regex() handles it. */
static int lft_fn_edit_word(struct lft_fn_edit *ed, char *word)
{
	char *next = word, *func, *cmd;
	int ret;

	func = strsep(&next, ":");
	if (!next) {
		ret = lft_fn_edit_match(ed, func, NULL);
		return ret == -ENOENT ? -EINVAL : ret;
	}
	cmd = strsep(&next, ":");
	if (!strcmp(cmd, "mod"))
		return next && *next ? lft_fn_edit_mod(ed, func, next) : -EINVAL;
	if (!ed->f->command)
		return -EINVAL;
	return ed->f->command(ed->f, func, cmd, next, func[0] == '!');
}

struct lft_fn_file {
	struct lft_array *tr;		/* first: see lft_open_check() */
	struct lft_fn_filter *f;
};

static int lft_fn_edit_start(struct lft_fn_edit *ed, struct lft_fn_filter *f,
			     bool trunc)
{
	struct lft_ipset *s;
	struct lft_fn_mod *m;
	int ret;

	ed->f = f;
	INIT_LIST_HEAD(&ed->mods);
	ret = lft_parser_init(&ed->parser, KSYM_SYMBOL_LEN + 4);
	if (ret || trunc)
		return ret;
	mutex_lock(&lft_lock);
	s = rcu_dereference_protected(f->set, lockdep_is_held(&lft_lock));
	if (s)
		ed->gone = s->gone;
	if (s && s->n) {
		ed->ips = kvmalloc_array(s->n, sizeof(*ed->ips), GFP_KERNEL);
		if (ed->ips) {
			memcpy(ed->ips, s->ips, s->n * sizeof(*ed->ips));
			ed->n = ed->cap = s->n;
		} else {
			ret = -ENOMEM;
		}
	}
	/* Added at the head: copy from the tail to keep the order. */
	list_for_each_entry_reverse(m, &f->mods, list)
		if (!ret)
			ret = lft_fn_edit_cache_mod(ed, m->func, m->module);
	mutex_unlock(&lft_lock);
	return ret;
}

static void lft_fn_edit_free(struct lft_fn_edit *ed)
{
	lft_parser_free(&ed->parser);
	if (ed->names)
		lft_fn_names_free(ed->names);
	kvfree(ed->ips);
	lft_fn_mods_free(&ed->mods);
	kfree(ed);
}

/* The edit becomes the filter. Called with lft_lock held. */
static int lft_fn_edit_commit(struct lft_fn_edit *ed)
{
	struct lft_fn_filter *f = ed->f;
	struct lft_ipset *s = NULL, *old;

	if (ed->n || ed->gone) {
		s = lft_ipset_new(ed->ips, ed->n, ed->gone);
		if (!s)
			return -ENOMEM;
	}
	old = rcu_dereference_protected(f->set, lockdep_is_held(&lft_lock));
	rcu_assign_pointer(f->set, s);
	if (old)
		lft_call_rude(&old->rcu, lft_ipset_free_rcu);
	lft_fn_mods_free(&f->mods);
	list_splice_init(&ed->mods, &f->mods);
	return f->changed ? f->changed(f) : 0;
}

/**
 * lft_fn_filter_apply() - set a filter from text, as a write would
 * @f: the filter
 * @text: comma- or space-separated words (boot parameters use commas)
 *
 * Called with lft_lock held (it is dropped around the matching).
 *
 * Return: 0, or the error of the first word that failed.
 */
int lft_fn_filter_apply(struct lft_fn_filter *f, const char *text)
{
	struct lft_fn_edit *ed = kzalloc(sizeof(*ed), GFP_KERNEL);
	char *copy, *p, *w;
	int ret;

	if (!ed)
		return -ENOMEM;
	copy = kstrdup(text, GFP_KERNEL);
	mutex_unlock(&lft_lock);
	ret = copy ? lft_fn_edit_start(ed, f, true) : -ENOMEM;
	p = copy;
	while (!ret && p && (w = strsep(&p, ", \t\n")))
		if (*w)
			ret = lft_fn_edit_word(ed, w);
	mutex_lock(&lft_lock);
	if (!ret)
		ret = lft_fn_edit_commit(ed);
	kfree(copy);
	lft_fn_edit_free(ed);
	return ret;
}

/* ---------------------------------------------------------------- read */

struct lft_fn_seq {
	struct lft_fn_filter *f;
	struct lft_ipset *set;		/* copy */
	char name[KSYM_SYMBOL_LEN];
};

static void *lft_fn_seq_start(struct seq_file *m, loff_t *pos)
{
	return *pos == 0 ? SEQ_START_TOKEN : NULL;
}

static void *lft_fn_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return NULL;
}

static void lft_fn_seq_stop(struct seq_file *m, void *v)
{
}

/* The whole listing at once: functions, cached modules, commands. */
static int lft_fn_seq_show(struct seq_file *m, void *v)
{
	struct lft_fn_seq *sq = m->private;
	struct lft_fn_filter *f = sq->f;
	struct lft_fn_mod *md;
	unsigned long i;

	mutex_lock(&lft_lock);
	if ((!sq->set || (!sq->set->n && !sq->set->gone)) &&
	    list_empty(&f->mods))
		seq_printf(m, "%s\n", f->exclude ?
			   "#### no functions disabled ####" :
			   "#### all functions enabled ####");
	for (i = 0; sq->set && i < sq->set->n; i++) {
		sprint_symbol_no_offset(sq->name, sq->set->ips[i]);
		seq_printf(m, "%s\n", sq->name);
	}
	list_for_each_entry(md, &f->mods, list)
		seq_printf(m, "%s:mod:%s\n", md->func, md->module);
	if (f->show_commands)
		f->show_commands(f, m);
	mutex_unlock(&lft_lock);
	return 0;
}

static const struct seq_operations lft_fn_seq_ops = {
	.start = lft_fn_seq_start,
	.next = lft_fn_seq_next,
	.stop = lft_fn_seq_stop,
	.show = lft_fn_seq_show,
};

/* ---------------------------------------------------------------- file */

struct lft_fn_open {
	struct seq_file *seq;		/* when reading */
	struct lft_fn_edit *ed;		/* when writing */
	struct lft_fn_seq *sq;
};

static int lft_fn_open(struct inode *inode, struct file *file)
{
	struct lft_fn_file *ff = inode->i_private;
	struct lft_fn_open *o;
	struct lft_ipset *s;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		goto nomem;
	if (file->f_mode & FMODE_WRITE) {
		o->ed = kzalloc(sizeof(*o->ed), GFP_KERNEL);
		if (!o->ed)
			goto nomem;
		ret = lft_fn_edit_start(o->ed, ff->f,
					file->f_flags & O_TRUNC);
		if (ret)
			goto fail;
	}
	if (file->f_mode & FMODE_READ) {
		o->sq = kvzalloc(sizeof(*o->sq), GFP_KERNEL);
		if (!o->sq)
			goto nomem;
		o->sq->f = ff->f;
		mutex_lock(&lft_lock);
		s = rcu_dereference_protected(ff->f->set,
					      lockdep_is_held(&lft_lock));
		o->sq->set = s ? lft_ipset_new(s->ips, s->n, s->gone) : NULL;
		mutex_unlock(&lft_lock);
		if (s && !o->sq->set)
			goto nomem;
		ret = seq_open(file, &lft_fn_seq_ops);
		if (ret)
			goto fail;
		o->seq = file->private_data;
		o->seq->private = o->sq;
	}
	file->private_data = o;
	return 0;
nomem:
	ret = -ENOMEM;
fail:
	if (o && o->ed)
		lft_fn_edit_free(o->ed);
	if (o && o->sq) {
		kvfree(o->sq->set);
		kvfree(o->sq);
	}
	kfree(o);
	lft_release(inode, file);
	return ret;
}

static ssize_t lft_fn_read(struct file *file, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct lft_fn_open *o = file->private_data;
	ssize_t ret;

	if (!o->seq)
		return -EINVAL;
	file->private_data = o->seq;
	ret = seq_read(file, ubuf, cnt, ppos);
	file->private_data = o;
	return ret;
}

static ssize_t lft_fn_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct lft_fn_open *o = file->private_data;
	struct lft_fn_edit *ed = o->ed;
	ssize_t read;
	int ret;

	if (!cnt)
		return 0;
	read = lft_parser_get(&ed->parser, ubuf, cnt, ppos);
	if (read >= 0 && lft_parser_ready(&ed->parser)) {
		ret = lft_fn_edit_word(ed, ed->parser.buf);
		lft_parser_clear(&ed->parser);
		if (ret < 0)
			return ret;
	}
	return read;
}

static int lft_fn_release(struct inode *inode, struct file *file)
{
	struct lft_fn_open *o = file->private_data;
	struct lft_fn_edit *ed = o->ed;
	int ret = 0;

	if (ed) {
		/* A last word not followed by a space. */
		if (ed->parser.idx)
			lft_fn_edit_word(ed, ed->parser.buf);
		mutex_lock(&lft_lock);
		ret = lft_fn_edit_commit(ed);
		mutex_unlock(&lft_lock);
		lft_fn_edit_free(ed);
	}
	if (o->seq) {
		file->private_data = o->seq;
		o->seq->private = NULL;
		seq_release(inode, file);
		kvfree(o->sq->set);
		kvfree(o->sq);
	}
	kfree(o);
	lft_release(inode, file);
	return ret;
}

static const struct file_operations lft_fn_filter_fops = {
	.owner = THIS_MODULE,
	.open = lft_fn_open,
	.read = lft_fn_read,
	.write = lft_fn_write,
	.release = lft_fn_release,
	.llseek = noop_llseek,
};

/**
 * lft_fn_filter_create() - the file of a filter
 * @f: the filter (its name is the file's)
 * @dir: where
 * @tr: the array it belongs to
 *
 * Return: 0 or -ENOMEM.
 */
int lft_fn_filter_create(struct lft_fn_filter *f, struct dentry *dir,
			 void *tr)
{
	struct lft_fn_file *ff = lft_kzalloc_kept(sizeof(*ff));

	if (!ff)
		return -ENOMEM;
	ff->tr = tr;
	ff->f = f;
	lft_fs_create_file(f->name, 0640, dir, ff, &lft_fn_filter_fops);
	return 0;
}

struct lft_fn_mod_load {
	struct lft_fn_filter *f;
	const char *module;
	unsigned long *add;
	unsigned long n, cap;
};

/**
 * lft_fn_filter_module_loaded() - apply cached ":mod:" entries
 * @f: the filter
 * @mod: the module that came
 *
 * Called with lft_lock held, after the module's sites were added.
 */
void lft_fn_filter_module_loaded(struct lft_fn_filter *f, const char *mod)
{
	struct lft_fn_edit *ed;
	struct lft_fn_mod *m, *tmp;
	bool any = false;
	char *func, *name;

	list_for_each_entry(m, &f->mods, list)
		any |= !strcmp(m->module, mod);
	if (!any)
		return;
	ed = kzalloc(sizeof(*ed), GFP_KERNEL);
	mutex_unlock(&lft_lock);
	if (ed && !lft_fn_edit_start(ed, f, false)) {
		list_for_each_entry_safe(m, tmp, &ed->mods, list) {
			if (strcmp(m->module, mod))
				continue;
			func = kstrdup(m->func, GFP_KERNEL);
			name = kstrdup(m->module, GFP_KERNEL);
			if (func && name)
				lft_fn_edit_match(ed, func, name);
			kfree(func);
			kfree(name);
			list_del(&m->list);
			kfree(m->func);
			kfree(m->module);
			kfree(m);
		}
		mutex_lock(&lft_lock);
		lft_fn_edit_commit(ed);
	} else {
		mutex_lock(&lft_lock);
	}
	if (ed)
		lft_fn_edit_free(ed);
}

/**
 * lft_fn_filter_module_gone() - forget a module's functions
 * @f: the filter
 * @mod: the module going away
 *
 * Called with lft_lock held, before the module's text is freed. Its
 * functions leave the set but are still counted in it, so that a filter
 * of only them keeps tracing nothing (not everything) and another module
 * loaded at their addresses is not filtered in, as the kernel does.
 */
void lft_fn_filter_module_gone(struct lft_fn_filter *f, struct module *mod)
{
	struct lft_ipset *s, *ns;
	unsigned long i, k = 0;

	s = rcu_dereference_protected(f->set, lockdep_is_held(&lft_lock));
	for (i = 0; s && i < s->n; i++)
		k += within_module(s->ips[i], mod);
	if (!k)
		return;
	ns = kvmalloc(struct_size(ns, ips, s->n - k), GFP_KERNEL);
	if (!ns)
		return;		/* the sites go: the addresses match nothing */
	ns->n = 0;
	ns->gone = s->gone + k;
	for (i = 0; i < s->n; i++)
		if (!within_module(s->ips[i], mod))
			ns->ips[ns->n++] = s->ips[i];
	rcu_assign_pointer(f->set, ns);
	lft_call_rude(&s->rcu, lft_ipset_free_rcu);
}
