/* hotgrind: what the stream of the report reader (report.c) needs of the
   loaders of each element (read.c): the loader state and one function
   an element.  Private to them; the commands use report.h.
   GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_READ_H
#define HOTGRIND_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <libxml/tree.h>

#include "report/report.h"

/* One part's loader: its first problem goes into PROBLEM. */
struct loader {
    char *problem;
    size_t problem_size;
    bool failed;
};

/* read_fail records the first problem only (later ones are usually its
   echoes), at the line of WHERE. */
bool read_root(struct loader *loader, struct hg_report *report,
               const xmlNode *root);
void read_context(struct loader *loader, void *item,
                  const xmlNode *node);
void read_contexts_attributes(struct loader *loader,
                              struct hg_report *report,
                              const xmlNode *node);
void read_event(struct loader *loader, void *item,
                const xmlNode *node);
void read_fail(struct loader *loader, const xmlNode *where,
               const char *format, ...)
    __attribute__((format(printf, 3, 4)));
void read_fail_no_child(struct loader *loader, const xmlNode *parent,
                        const char *name);
void read_function(struct loader *loader, void *item,
                   const xmlNode *node);
void read_host(struct loader *loader, struct hg_report *report,
               const xmlNode *host);
void read_mark(struct loader *loader, void *item, const xmlNode *node);
void read_mutex(struct loader *loader, void *item,
                const xmlNode *node);
void read_object(struct loader *loader, void *item,
                 const xmlNode *node);
void read_outside(struct loader *loader, struct hg_report *report,
                  const xmlNode *node);
void read_run(struct loader *loader, struct hg_report *report,
              const xmlNode *run);
void read_run_details(struct loader *loader, struct hg_report *report,
                      const xmlNode *run);
void read_thread(struct loader *loader, void *item,
                 const xmlNode *node);
void read_totals(struct loader *loader, struct hg_report *report,
                 const xmlNode *totals);
void read_zone(struct loader *loader, void *item, const xmlNode *node);

#endif
