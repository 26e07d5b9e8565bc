/* The objects and zones of merge: each object once by name (two builds
   of one refused), zones summed by name.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "merge/merge.h"
#include "merge/sums.h"
#include "util/messages.h"
#include "util/xalloc.h"

/* An input's object, for merge_objects. */
struct object_from {
    const struct hg_object *object;
    size_t input;
};

/* By name, then input order, then place in that input (its objects are
   sorted and unique, so this is a total order). */
static int compare_objects_from(const void *a, const void *b)
{
    const struct object_from *x = a, *y = b;
    int c = strcmp(x->object->name, y->object->name);
    if (c != 0)
        return c;
    if (x->input != y->input)
        return x->input < y->input ? -1 : 1;
    return x->object < y->object ? -1 : x->object > y->object;
}

/* "soname" or "build id" when objects A and B, of one name, both have it
   and it differs (*VA, *VB: the two values), else NULL. */
static const char *object_difference(const struct hg_object *a,
                                     const struct hg_object *b,
                                     const char **va, const char **vb)
{
    if (a->build_id != NULL && b->build_id != NULL
        && strcmp(a->build_id, b->build_id) != 0) {
        *va = a->build_id, *vb = b->build_id;
        return "build id";
    }
    if (a->soname != NULL && b->soname != NULL
        && strcmp(a->soname, b->soname) != 0) {
        *va = a->soname, *vb = b->soname;
        return "soname";
    }
    return NULL;
}

/* The objects of all inputs, each once, by name (the strings stay the
   inputs'); none unless every input lists its objects (an older report
   does not, and the merged <objects> must list every object a function
   names).  One name with two build ids (or sonames) is two different
   builds of the object: their counts are not of one program, so false
   with PROBLEM naming both reports. */
bool merge_objects(struct hg_report *out, const struct merge_input *in,
                   size_t inputs, char *problem, size_t size)
{
    struct object_from *all;
    size_t total = 0, n = 0, i, j, group = 0;

    for (i = 0; i < inputs; i++) {
        if (in[i].report->object_count == 0)
            return true;
        total += in[i].report->object_count;
    }
    all = hg_xcalloc(total, sizeof *all);
    for (i = 0; i < inputs; i++)
        for (j = 0; j < in[i].report->object_count; j++) {
            all[n].object = &in[i].report->objects[j];
            all[n++].input = i;
        }
    qsort(all, n, sizeof *all, compare_objects_from);
    out->objects = hg_xcalloc(n, sizeof *out->objects);
    out->object_count = 0;
    for (i = 0; i < n; i++) {
        const struct hg_object *o = all[i].object;
        struct hg_object *kept;
        const char *what, *va, *vb;
        if (i == 0 || strcmp(o->name, all[group].object->name) != 0) {
            group = i;
            out->objects[out->object_count++] = *o;
            continue;
        }
        kept = &out->objects[out->object_count - 1];
        for (j = group; j < i; j++) {
            what = object_difference(all[j].object, o, &va, &vb);
            if (what != NULL) {
                char name[64];
                hg_quote_for_message(name, sizeof name, o->name);
                snprintf(problem, size, "object '%s' has %s %s in %s but %s "
                         "in %s: different builds of it ran, so their "
                         "counts are not of one program", name, what, va,
                         in[all[j].input].path, vb, in[all[i].input].path);
                free(all);
                return false;
            }
        }
        if (kept->soname == NULL)
            kept->soname = o->soname;
        if (kept->build_id == NULL)
            kept->build_id = o->build_id;
    }
    free(all);
    return true;
}

/* Zones of the same name are summed, so their order does not matter. */
static int compare_zone_names(const void *a, const void *b)
{
    const struct hg_zone *const *x = a, *const *y = b;
    return strcmp((*x)->name, (*y)->name);
}

/* Zones by name, summed, sorted by name; none has <per-call>. */
void merge_zones(struct hg_report *out, const struct merge_input *in,
                 size_t inputs, struct merge_sums *s)
{
    const struct hg_zone **all;
    size_t n = 0, i, j;

    for (i = 0; i < inputs; i++)
        n += in[i].report->zone_count;
    all = hg_xcalloc(n, sizeof *all);
    out->zones = hg_xcalloc(n, sizeof *out->zones);
    for (i = 0, n = 0; i < inputs; i++)
        for (j = 0; j < in[i].report->zone_count; j++)
            all[n++] = &in[i].report->zones[j];
    qsort(all, n, sizeof *all, compare_zone_names);
    for (i = 0; i < n; i++) {
        struct hg_zone *sum;
        if (i == 0 || strcmp(all[i]->name, all[i - 1]->name) != 0)
            out->zones[out->zone_count++].name = all[i]->name;
        sum = &out->zones[out->zone_count - 1];
        add(s, &sum->calls, all[i]->calls);
        add(s, &sum->inclusive_ir, all[i]->inclusive_ir);
        add_cache(s, &sum->inclusive_cache, &all[i]->inclusive_cache);
        if (all[i]->has_inclusive_heap) {
            sum->has_inclusive_heap = true;
            add_heap(s, &sum->inclusive_heap, &all[i]->inclusive_heap);
        }
    }
    free(all);
}
