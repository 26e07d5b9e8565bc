/* hotgrind: the lines of one function in two reports, matched and
   compared, for `hotgrind diff --lines`.  GPL-2.0-or-later; part of
   hotgrind. */

/* A line keeps its cost when code above it moves it: matching by number
   would then show every line below an inserted comment as changed.  So
   when both versions of a file can be read, lines are matched by their
   text, as a patience diff does: the lines whose text (blanks at either
   end left out) is in each version exactly once anchor the match, the
   longest run of them in the same order in both; the lines next to an
   anchor (or the file's start or end) are matched while their texts are
   equal, going away from it.  Sorting and the longest increasing
   subsequence keep it within n log n, whatever the files hold. */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "compare/line-diff.h"
#include "compare/source.h"
#include "report/metrics.h"
#include "util/xalloc.h"

/* ------------------------------------------------------------ matching */

/* A line's text without the blanks at either end. */
struct key {
    const char *start;
    size_t length;
};

static struct key line_key(const char *text)
{
    size_t length = strlen(text);
    while (*text == ' ' || *text == '\t')
        text++, length--;
    while (length > 0 && (text[length - 1] == ' ' || text[length - 1] == '\t'
                          || text[length - 1] == '\r'))
        length--;
    return (struct key){ text, length };
}

static int compare_keys(const struct key *a, const struct key *b)
{
    size_t n = a->length < b->length ? a->length : b->length;
    int c = memcmp(a->start, b->start, n);
    if (c != 0)
        return c;
    return (a->length > b->length) - (a->length < b->length);
}

/* Whether lines A and B have the same key. */
static bool same_key(const char *a, const char *b)
{
    struct key x = line_key(a), y = line_key(b);
    return compare_keys(&x, &y) == 0;
}

/* A line of either side with a key that is not empty, for finding the
   unique ones: 16 bytes, and none for an empty line, as a source of
   64 MiB may have that many lines. */
struct keyed_line {
    const char *start;
    uint32_t length;
    uint32_t side_line;      /* the line number, the side (1 head) in bit
                                31 */
};

#define HEAD_SIDE 0x80000000u

static int compare_keyed_text(const struct keyed_line *x,
                              const struct keyed_line *y)
{
    struct key kx = { x->start, x->length }, ky = { y->start, y->length };
    return compare_keys(&kx, &ky);
}

static int compare_keyed(const void *a, const void *b)
{
    const struct keyed_line *x = a, *y = b;
    int c = compare_keyed_text(x, y);
    if (c != 0)
        return c;
    return (x->side_line > y->side_line) - (x->side_line < y->side_line);
}

struct anchor {
    unsigned base, head;
};

static int compare_anchors(const void *a, const void *b)
{
    const struct anchor *x = a, *y = b;
    return (x->base > y->base) - (x->base < y->base);
}

/* The anchors: lines whose non-empty key is once in each side, sorted by
   base line, in *ANCHORS from index 1 (index 0 and the one after the
   last are left for the file's start and end).  Returns their count. */
static size_t unique_pairs(const char *const *base, size_t base_count,
                           const char *const *head, size_t head_count,
                           struct anchor **anchors)
{
    size_t n = 0, i, j, count = 0, capacity = 0, s;
    const char *const *text[2] = { base, head };
    size_t text_count[2] = { base_count, head_count };
    struct keyed_line *all;

    for (s = 0; s < 2; s++)
        for (i = 0; i < text_count[s]; i++)
            n += line_key(text[s][i]).length > 0;
    all = hg_xmalloc((n ? n : 1) * sizeof *all);
    n = 0;
    for (s = 0; s < 2; s++)
        for (i = 0; i < text_count[s]; i++) {
            struct key k = line_key(text[s][i]);
            if (k.length > 0)
                all[n++] = (struct keyed_line){
                    k.start, (uint32_t)k.length,
                    (uint32_t)(i + 1) | (s ? HEAD_SIDE : 0) };
        }
    qsort(all, n, sizeof *all, compare_keyed);
    *anchors = hg_xgrow(NULL, &capacity, 2, sizeof **anchors, 64);
    for (i = 0; i < n; i = j) {
        for (j = i + 1; j < n && compare_keyed_text(&all[j], &all[i]) == 0;
             j++)
            ;
        if (j - i == 2 && !(all[i].side_line & HEAD_SIDE)
            && (all[i + 1].side_line & HEAD_SIDE)) {
            *anchors = hg_xgrow(*anchors, &capacity, count + 3,
                                sizeof **anchors, 64);
            (*anchors)[1 + count++] = (struct anchor){
                all[i].side_line, all[i + 1].side_line & ~HEAD_SIDE };
        }
    }
    free(all);
    qsort(*anchors + 1, count, sizeof **anchors, compare_anchors);
    return count;
}

/* Keeps the longest run of ANCHORS (sorted by base) whose head lines
   increase too; returns its length, the run moved to the front. */
static size_t longest_in_order(struct anchor *anchors, size_t count)
{
    size_t *tails = hg_xmalloc((count ? count : 1) * sizeof *tails);
    size_t *before = hg_xmalloc((count ? count : 1) * sizeof *before);
    size_t length = 0, i, k;
    struct anchor *kept;

    for (i = 0; i < count; i++) {
        /* The first run end whose head line is not below this one's. */
        size_t low = 0, high = length;
        while (low < high) {
            size_t middle = (low + high) / 2;
            if (anchors[tails[middle]].head < anchors[i].head)
                low = middle + 1;
            else
                high = middle;
        }
        before[i] = low > 0 ? tails[low - 1] : SIZE_MAX;
        tails[low] = i;
        if (low == length)
            length++;
    }
    kept = hg_xmalloc((length ? length : 1) * sizeof *kept);
    for (k = length, i = length ? tails[length - 1] : SIZE_MAX; k > 0;
         i = before[i])
        kept[--k] = anchors[i];
    memcpy(anchors, kept, length * sizeof *kept);
    free(kept);
    free(before);
    free(tails);
    return length;
}

void hg_match_lines(const char *const *base, size_t base_count,
                    const char *const *head, size_t head_count,
                    unsigned *match)
{
    struct anchor *anchors;
    size_t count, a;

    memset(match, 0, base_count * sizeof *match);
    count = unique_pairs(base, base_count, head, head_count, &anchors);
    count = longest_in_order(anchors + 1, count);
    /* The file's start and end anchor the lines before the first anchor
       and after the last. */
    anchors[0] = (struct anchor){ 0, 0 };
    anchors[count + 1] = (struct anchor){ (unsigned)base_count + 1,
                                          (unsigned)head_count + 1 };
    for (a = 0; a <= count; a++) {
        unsigned b = anchors[a].base + 1, h = anchors[a].head + 1;
        unsigned end_b = anchors[a + 1].base, end_h = anchors[a + 1].head;
        if (a > 0)
            match[anchors[a].base - 1] = anchors[a].head;
        /* Forward from this anchor, then back from the next one. */
        for (; b < end_b && h < end_h
               && same_key(base[b - 1], head[h - 1]); b++, h++)
            match[b - 1] = h;
        for (; end_b > b && end_h > h
               && same_key(base[end_b - 2], head[end_h - 2]);
             end_b--, end_h--)
            match[end_b - 2] = end_h - 1;
    }
    free(anchors);
}

/* ---------------------------------------------------------- one file */

/* The lines of one function in one file, on one side, by line number. */
struct side_lines {
    const struct hg_line **lines;
    size_t count;
    const char *dir;     /* the first line's, for finding the source */
};

static int compare_line_numbers(const void *a, const void *b)
{
    const struct hg_line *x = *(const struct hg_line *const *)a;
    const struct hg_line *y = *(const struct hg_line *const *)b;
    return (x->line > y->line) - (x->line < y->line);
}

/* F's lines in FILE (several dirs of one file name count as one file). */
static void lines_of(const struct hg_function *f, const char *file,
                     struct side_lines *side)
{
    size_t i;
    side->lines = hg_xmalloc((f->line_count + 1) * sizeof *side->lines);
    side->count = 0;
    side->dir = NULL;
    for (i = 0; i < f->line_count; i++)
        if (strcmp(f->lines[i].file, file) == 0) {
            if (side->count == 0)
                side->dir = f->lines[i].dir;
            side->lines[side->count++] = &f->lines[i];
        }
    qsort(side->lines, side->count, sizeof *side->lines,
          compare_line_numbers);
}

/* The line numbered N of SIDE, or NULL (the first of several). */
static const struct hg_line *line_numbered(const struct side_lines *side,
                                           unsigned n)
{
    size_t low = 0, high = side->count;
    while (low < high) {
        size_t middle = (low + high) / 2;
        if (side->lines[middle]->line < n)
            low = middle + 1;
        else
            high = middle;
    }
    return low < side->count && side->lines[low]->line == n
           ? side->lines[low] : NULL;
}

/* Whether every line of SIDE is within SOURCE. */
static bool within(const struct side_lines *side,
                   const struct hg_source *source)
{
    return side->count == 0
           || side->lines[side->count - 1]->line <= source->count;
}

static bool same_file(const char *a, const char *b)
{
    struct stat x, y;
    return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev
           && x.st_ino == y.st_ino;
}

/* Reads both sources of FILE; true when the lines can be matched by text
   (both read, different files, every line within them); otherwise
   WHY_BY_NUMBER says why not. */
static bool read_sources(const char *file, const struct side_lines side[2],
                         const struct hg_line_sources *sources,
                         struct hg_source read[2], bool loaded[2],
                         char **why_by_number)
{
    static const char *const names[2] = { "base", "head" };
    char problem[HG_SOURCE_PROBLEM_SIZE];
    int s;

    for (s = 0; s < 2; s++) {
        const char *dir = sources->dirs[s];
        loaded[s] = hg_source_find(file, side[s].dir, dir ? &dir : NULL,
                                   dir ? 1 : 0, s == 1, &read[s], problem,
                                   sizeof problem);
        if (!loaded[s] && *why_by_number == NULL)
            *why_by_number = hg_xasprintf("%s: %s", names[s], problem);
    }
    if (*why_by_number != NULL)
        return false;
    if (same_file(read[0].path, read[1].path)) {
        *why_by_number = hg_xasprintf("base and head both found %s, so "
                                      "the base's text is not known "
                                      "(--base-source DIR gives it)",
                                      read[1].path);
        return false;
    }
    for (s = 0; s < 2; s++)
        if (!within(&side[s], &read[s])) {
            *why_by_number = hg_xasprintf("%s: line %u is past the end of "
                                          "%s (%zu lines)", names[s],
                                          side[s].lines[side[s].count - 1]
                                              ->line,
                                          read[s].path, read[s].count);
            return false;
        }
    return true;
}

/* Adds a change for the line pair (BASE_LINE, HEAD_LINE) if its figures
   differ. */
static void add_change(struct hg_line_diff *diff, size_t file,
                       const unsigned numbers[2],
                       const struct hg_line *const lines[2],
                       const struct hg_source read[2], const bool loaded[2])
{
    size_t metric_count, m, n = 0;
    const struct hg_metric *metrics = hg_metrics(&metric_count);
    struct hg_diff_value *values = hg_xmalloc(metric_count * sizeof *values);
    bool differs = false;
    struct hg_line_change *change;
    int s;

    for (m = 0; m < metric_count; m++) {
        struct hg_diff_value v = { &metrics[m], false, false, 0, 0 };
        if (lines[0] != NULL)
            v.in_base = hg_line_metric_value(&metrics[m], lines[0], &v.base);
        if (lines[1] != NULL)
            v.in_head = hg_line_metric_value(&metrics[m], lines[1], &v.head);
        if (!v.in_base && !v.in_head)
            continue;
        differs = differs || hg_diff_value_differs(&v);
        values[n++] = v;
    }
    if (!differs) {
        free(values);
        return;
    }
    diff->changes = hg_xrealloc(diff->changes, diff->change_count + 1,
                                sizeof *diff->changes);
    change = &diff->changes[diff->change_count++];
    *change = (struct hg_line_change){ file, { numbers[0], numbers[1] },
                                       NULL, NULL, n };
    for (s = 1; s >= 0 && change->text == NULL; s--)
        if (numbers[s] != 0 && loaded[s] && numbers[s] <= read[s].count)
            change->text = hg_xstrdup(hg_source_line(&read[s], numbers[s]));
    change->values = values;
}

/* The changes of one file: each base line with its match, then each head
   line no base line with a count matched. */
static void diff_file(struct hg_line_diff *diff, size_t file_index,
                      const struct hg_line_sources *sources,
                      const struct side_lines side[2])
{
    struct hg_line_file *file = &diff->files[file_index];
    struct hg_source read[2] = { { NULL, NULL, 0, NULL, NULL, 0 },
                                 { NULL, NULL, 0, NULL, NULL, 0 } };
    bool loaded[2] = { false, false };
    unsigned *match = NULL, *back = NULL;
    size_t i;
    int s;

    if (file->file[0] != '\0')
        file->by_text = read_sources(file->file, side, sources, read, loaded,
                                     &file->why_by_number);
    if (file->by_text) {
        match = hg_xcalloc(read[0].count + 1, sizeof *match);
        back = hg_xcalloc(read[1].count + 1, sizeof *back);
        hg_match_lines((const char *const *)read[0].lines, read[0].count,
                       (const char *const *)read[1].lines, read[1].count,
                       match);
        for (i = 0; i < read[0].count; i++)
            if (match[i] != 0)
                back[match[i] - 1] = (unsigned)i + 1;
    }
    /* Line 0 (no line information) only ever matches line 0. */
    for (i = 0; i < side[0].count; i++) {
        unsigned b = side[0].lines[i]->line;
        unsigned h = match == NULL || b == 0 ? b : match[b - 1];
        unsigned numbers[2] = { b, h };
        const struct hg_line *lines[2] = { side[0].lines[i],
                                           h || b == 0
                                           ? line_numbered(&side[1], h)
                                           : NULL };
        if (i > 0 && side[0].lines[i - 1]->line == b)
            continue;    /* one file name in two dirs: its first */
        add_change(diff, file_index, numbers, lines, read, loaded);
    }
    for (i = 0; i < side[1].count; i++) {
        unsigned h = side[1].lines[i]->line;
        unsigned b = back == NULL || h == 0 ? h : back[h - 1];
        unsigned numbers[2] = { b, h };
        const struct hg_line *lines[2] = { NULL, side[1].lines[i] };
        if ((i > 0 && side[1].lines[i - 1]->line == h)
            || ((b != 0 || h == 0) && line_numbered(&side[0], b) != NULL))
            continue;    /* compared above */
        add_change(diff, file_index, numbers, lines, read, loaded);
    }
    free(match);
    free(back);
    for (s = 0; s < 2; s++)
        if (loaded[s])
            hg_source_free(&read[s]);
}

/* ------------------------------------------------------ one function */

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The file names of F and G's lines, sorted, each once. */
static const char **file_names(const struct hg_function *f,
                               const struct hg_function *g, size_t *count)
{
    size_t n = f->line_count + g->line_count, i, kept = 0;
    const char **names = hg_xmalloc((n ? n : 1) * sizeof *names);
    for (i = 0; i < f->line_count; i++)
        names[i] = f->lines[i].file;
    for (i = 0; i < g->line_count; i++)
        names[f->line_count + i] = g->lines[i].file;
    qsort(names, n, sizeof *names, compare_names);
    for (i = 0; i < n; i++)
        if (kept == 0 || strcmp(names[kept - 1], names[i]) != 0)
            names[kept++] = names[i];
    *count = kept;
    return names;
}

/* Changes by file, then head line (base line for a line only there). */
static int compare_changes(const void *a, const void *b)
{
    const struct hg_line_change *x = a, *y = b;
    unsigned x_line = x->line[1] ? x->line[1] : x->line[0];
    unsigned y_line = y->line[1] ? y->line[1] : y->line[0];
    if (x->file != y->file)
        return x->file < y->file ? -1 : 1;
    if (x_line != y_line)
        return x_line < y_line ? -1 : 1;
    return (x->line[0] > y->line[0]) - (x->line[0] < y->line[0]);
}

void hg_line_diff(const struct hg_function *base,
                  const struct hg_function *head,
                  const struct hg_line_sources *sources,
                  struct hg_line_diff *diff)
{
    size_t count, i;
    const char **names = file_names(base, head, &count);

    *diff = (struct hg_line_diff){ NULL, 0, NULL, 0 };
    diff->files = hg_xcalloc(count ? count : 1, sizeof *diff->files);
    diff->file_count = count;
    for (i = 0; i < count; i++) {
        struct side_lines side[2];
        diff->files[i].file = hg_xstrdup(names[i]);
        lines_of(base, names[i], &side[0]);
        lines_of(head, names[i], &side[1]);
        diff_file(diff, i, sources, side);
        free(side[0].lines);
        free(side[1].lines);
    }
    free(names);
    qsort(diff->changes, diff->change_count, sizeof *diff->changes,
          compare_changes);
}

void hg_line_diff_free(struct hg_line_diff *diff)
{
    size_t i;
    for (i = 0; i < diff->file_count; i++) {
        free(diff->files[i].file);
        free(diff->files[i].why_by_number);
    }
    for (i = 0; i < diff->change_count; i++) {
        free(diff->changes[i].text);
        free(diff->changes[i].values);
    }
    free(diff->files);
    free(diff->changes);
    *diff = (struct hg_line_diff){ NULL, 0, NULL, 0 };
}
