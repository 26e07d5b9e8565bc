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

/* A loader of an item of a list (<function>, <zone>...): ITEM, zeroed,
   from NODE. */
typedef void read_item_fn(struct loader *loader, void *item,
                          const xmlNode *node);
/* A loader of a part loaded whole (<run>, <host>, <totals>), or of what
   a list element holds besides its items, into REPORT. */
typedef void read_part_fn(struct loader *loader, struct hg_report *report,
                          const xmlNode *node);

read_item_fn read_context, read_event, read_function, read_mark,
             read_mutex, read_object, read_thread, read_zone;
read_part_fn read_contexts_attributes, read_host, read_outside, read_run,
             read_run_details, read_totals;

bool read_root(struct loader *loader, struct hg_report *report,
               const xmlNode *root);
/* read_fail records the first problem only (later ones are usually its
   echoes), at the line of WHERE. */
void read_fail(struct loader *loader, const xmlNode *where,
               const char *format, ...)
    __attribute__((format(printf, 3, 4)));
void read_fail_no_child(struct loader *loader, const xmlNode *parent,
                        const char *name);

#endif
