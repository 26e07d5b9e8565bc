/* The one writer of the report format (docs/report-format.md): a report's
   parts as the tool writes them, byte for byte.  GPL-2.0-or-later; part
   of hotgrind. */

#ifndef HG_REPORT_WRITE_H
#define HG_REPORT_WRITE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report/report.h"

/* The pieces of an element: ' NAME="VALUE"' (VALUE escaped), ' NAME="N"',
   the cache and branch counts present, the heap traffic. */
void hg_write_attr(FILE *out, const char *name, const char *value);
void hg_write_count(FILE *out, const char *name, uint64_t value);
void hg_write_cache(FILE *out, const struct hg_cache_costs *cache);
void hg_write_branch(FILE *out, const struct hg_branch_costs *branch);
void hg_write_heap(FILE *out, const struct hg_heap_traffic *heap);

/* "      <inclusive Ir=... cache... heap.../>" (heap only if HAS_HEAP). */
void hg_write_inclusive(FILE *out, uint64_t ir,
                        const struct hg_cache_costs *cache, bool has_heap,
                        const struct hg_heap_traffic *heap);

/* "START Ir=... cache... heap.../>": a context's costs. */
void hg_write_costs(FILE *out, const char *start, uint64_t ir,
                    const struct hg_cache_costs *cache, bool has_heap,
                    const struct hg_heap_traffic *heap);

/* An element's attributes, one at a time in the report's order, to TO:
   as XML attributes (TO a FILE: hg_write_attr, hg_write_count, "yes" or
   "no"), or as the members of export's JSON objects. */
struct hg_attributes {
    void (*text)(void *to, const char *name, const char *value);
    void (*count)(void *to, const char *name, uint64_t value);
    void (*flag)(void *to, const char *name, bool value);
    void *to;
};

/* The report writer's attributes on OUT: hg_write_attr, hg_write_count
   and "yes" or "no". */
struct hg_attributes hg_xml_attributes(FILE *out);

/* A <function>'s first attributes: NAME, OBJECT, FILE, LINE, DIR when
   not NULL, and whether it is MARKED. */
void hg_function_place_attributes(const struct hg_attributes *a,
                                  const char *name, const char *object,
                                  const char *file, unsigned line,
                                  const char *dir, bool marked);

/* The attributes of an ITEM: of an <object>, a <mark>, a <mutex>, an
   <event>. */
typedef void hg_item_attributes(const struct hg_attributes *a,
                                const void *item);
hg_item_attributes hg_object_attributes, hg_mark_attributes,
                   hg_mutex_attributes, hg_event_attributes;
/* A <thread>'s but its heap traffic: id, name, parent, status, Ir. */
void hg_thread_attributes(const struct hg_attributes *a,
                          const struct hg_thread *t);

/* EACH, with DATA, for each element of R's <run> that is attributes
   alone and comes after its <inputs>, in order: <cost-model>, <cache>
   and <exit> when R has them.  NAME is the element's, ATTRIBUTES hands
   over those of R it has. */
typedef void hg_report_attributes(const struct hg_attributes *a,
                                  const struct hg_report *r);
typedef void hg_run_element_fn(void *data, const char *name,
                               hg_report_attributes *attributes,
                               const struct hg_report *r);
void hg_for_each_run_element(const struct hg_report *r,
                             hg_run_element_fn *each, void *data);

/* A report is written in this order: hg_write_report_start (the XML
   declaration, <hotgrind>, <run> and <totals>), the <functions>,
   hg_write_objects, the <contexts>, then hg_write_report_end (<zones>,
   <marks>, <threads>, <mutexes>, <events> and </hotgrind>).  The
   functions and contexts are the caller's: merge writes its own sums. */
void hg_write_report_start(FILE *out, const struct hg_report *r);
void hg_write_objects(FILE *out, const struct hg_report *r);
void hg_write_report_end(FILE *out, const struct hg_report *r);

#endif
