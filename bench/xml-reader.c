/* hotgrind bench: the report reader against libxml2's xmlTextReader.
   GPL-2.0-or-later; part of hotgrind.  Built and run by bench/xml-reader.sh,
   never by the tests.

   Usage: xml-reader MODE REPORT

   MODE is one of:
     report       hg_report_load + hg_report_free: the reader every command
                  uses (cli/report/report.c on hg_xml_stream_file, cli/xml/xml-safe.c).
     dom          hg_xml_read_file + xmlFreeDoc: the whole document, as
                  `hotgrind validate` builds it for the schema.
     reader-walk  xmlReaderForFile (XML_PARSE_NONET | XML_PARSE_BIG_LINES,
                  the options xml-safe.c uses) visiting every node and every
                  attribute value; keeps nothing.  The floor of that API.
     reader-load  the same, and every <function> loaded into the command's
                  struct hg_function (strings copied, counts parsed with
                  hg_parse_count/hg_parse_mean): the bulk of what "report"
                  does, without the other parts (run, totals, zones,
                  threads), which are a few hundred elements.

   Prints one line: the mode, the functions (or elements) seen and a sum
   of their self Ir (or of attribute bytes), so the work cannot be skipped
   and the modes can be compared. */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlreader.h>

#include "report/report.h"
#include "xml/xml-safe.h"

static char *copy(const xmlChar *s)
{
    char *c = strdup(s ? (const char *)s : "");
    if (c == NULL) {
        fprintf(stderr, "xml-reader: out of memory\n");
        exit(2);
    }
    return c;
}

static uint64_t count(const xmlChar *v)
{
    uint64_t n = 0;
    if (v != NULL && !hg_parse_count((const char *)v, &n)) {
        fprintf(stderr, "xml-reader: not a count: %s\n", (const char *)v);
        exit(2);
    }
    return n;
}

/* The cache attribute NAME of the element under the reader, if it is one. */
static bool cache_attribute(struct hg_cache_costs *c, const xmlChar *name,
                            const xmlChar *value)
{
    int i;
    for (i = 0; i < HG_CACHE_METRICS; i++)
        if (strcmp((const char *)name, hg_cache_metric_names[i]) == 0) {
            c->value[i] = count(value);
            c->present = true;
            c->has_cycles |= i == HG_CYCLES;
            return true;
        }
    return false;
}

static bool heap_attribute(struct hg_heap_traffic *h, const char *name,
                           const xmlChar *value)
{
    if (strcmp(name, "allocs") == 0)           h->allocs = count(value);
    else if (strcmp(name, "alloc-bytes") == 0) h->alloc_bytes = count(value);
    else if (strcmp(name, "frees") == 0)       h->frees = count(value);
    else if (strcmp(name, "free-bytes") == 0)  h->free_bytes = count(value);
    else return false;
    return true;
}

/* The attributes of the element under the reader, into F: which element
   it is (function, self, heap, inclusive, per-call) decides where. */
static void load_attributes(xmlTextReaderPtr r, const char *element,
                            struct hg_function *f)
{
    while (xmlTextReaderMoveToNextAttribute(r) == 1) {
        const char *name = (const char *)xmlTextReaderConstLocalName(r);
        const xmlChar *value = xmlTextReaderConstValue(r);
        if (strcmp(element, "function") == 0) {
            if (strcmp(name, "name") == 0)        f->name = copy(value);
            else if (strcmp(name, "object") == 0) f->object = copy(value);
            else if (strcmp(name, "file") == 0)   f->file = copy(value);
            else if (strcmp(name, "line") == 0)   f->line = (unsigned)count(value);
            else if (strcmp(name, "marked") == 0)
                f->marked = strcmp((const char *)value, "yes") == 0;
            else if (strcmp(name, "calls") == 0)  f->calls = count(value);
        } else if (strcmp(element, "self") == 0) {
            if (strcmp(name, "Ir") == 0) f->self_ir = count(value);
            else cache_attribute(&f->self_cache, (const xmlChar *)name, value);
        } else if (strcmp(element, "heap") == 0) {
            f->has_heap |= heap_attribute(&f->heap, name, value);
        } else if (strcmp(element, "inclusive") == 0) {
            if (strcmp(name, "Ir") == 0) f->inclusive_ir = count(value);
            else if (!cache_attribute(&f->inclusive_cache,
                                      (const xmlChar *)name, value))
                f->has_inclusive_heap |=
                    heap_attribute(&f->inclusive_heap, name, value);
        } else if (strcmp(element, "per-call") == 0) {
            struct hg_per_call *p = &f->per_call;
            f->has_per_call = true;
            if (strcmp(name, "min") == 0)      p->min = count(value);
            else if (strcmp(name, "max") == 0) p->max = count(value);
            else if (strcmp(name, "p50") == 0) p->p50 = count(value);
            else if (strcmp(name, "p95") == 0) p->p95 = count(value);
            else if (strcmp(name, "p99") == 0) p->p99 = count(value);
            else if (strcmp(name, "mean") == 0
                     && !hg_parse_mean((const char *)value, &p->mean_units,
                                       &p->mean_hundredths)) {
                fprintf(stderr, "xml-reader: bad mean\n");
                exit(2);
            }
        }
    }
    xmlTextReaderMoveToElement(r);
}

static xmlTextReaderPtr open_reader(const char *path)
{
    xmlTextReaderPtr r = xmlReaderForFile(path, NULL,
                                          XML_PARSE_NONET
                                          | XML_PARSE_BIG_LINES);
    if (r == NULL) {
        fprintf(stderr, "xml-reader: cannot open %s\n", path);
        exit(2);
    }
    return r;
}

static int finish_reader(xmlTextReaderPtr r, int status, const char *path)
{
    xmlFreeTextReader(r);
    if (status != 0) {
        fprintf(stderr, "xml-reader: %s is not well-formed\n", path);
        return 2;
    }
    return 0;
}

static int reader_walk(const char *path)
{
    xmlTextReaderPtr r = open_reader(path);
    uint64_t elements = 0, bytes = 0;
    int status;

    while ((status = xmlTextReaderRead(r)) == 1) {
        if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT)
            continue;
        elements++;
        while (xmlTextReaderMoveToNextAttribute(r) == 1)
            bytes += strlen((const char *)xmlTextReaderConstValue(r));
        xmlTextReaderMoveToElement(r);
    }
    printf("reader-walk elements=%llu attribute-bytes=%llu\n",
           (unsigned long long)elements, (unsigned long long)bytes);
    return finish_reader(r, status == 0 ? 0 : 1, path);
}

static int reader_load(const char *path)
{
    xmlTextReaderPtr r = open_reader(path);
    struct hg_function *functions = NULL, *f = NULL;
    size_t n = 0, capacity = 0, i;
    uint64_t sum = 0;
    int status;

    while ((status = xmlTextReaderRead(r)) == 1) {
        const char *name;
        int depth;
        if (xmlTextReaderNodeType(r) != XML_READER_TYPE_ELEMENT)
            continue;
        name = (const char *)xmlTextReaderConstLocalName(r);
        depth = xmlTextReaderDepth(r);
        if (depth == 2 && strcmp(name, "function") == 0) {
            if (n == capacity) {
                capacity = capacity ? 2 * capacity : 16;
                functions = realloc(functions, capacity * sizeof *functions);
                if (functions == NULL) {
                    fprintf(stderr, "xml-reader: out of memory\n");
                    exit(2);
                }
            }
            f = &functions[n++];
            memset(f, 0, sizeof *f);
            load_attributes(r, name, f);
        } else if (depth == 3 && f != NULL) {
            load_attributes(r, name, f);
        } else if (depth <= 1) {
            f = NULL;
        }
    }
    for (i = 0; i < n; i++) {
        sum += functions[i].self_ir;
        free(functions[i].name);
        free(functions[i].object);
        free(functions[i].file);
    }
    free(functions);
    printf("reader-load functions=%zu self-Ir=%llu\n", n,
           (unsigned long long)sum);
    return finish_reader(r, status == 0 ? 0 : 1, path);
}

static int report(const char *path)
{
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *rep = hg_report_load(path, problem, sizeof problem);
    uint64_t sum = 0;
    size_t i;

    if (rep == NULL) {
        fprintf(stderr, "xml-reader: %s: %s\n", path, problem);
        return 2;
    }
    for (i = 0; i < rep->function_count; i++)
        sum += rep->functions[i].self_ir;
    printf("report functions=%zu self-Ir=%llu\n", rep->function_count,
           (unsigned long long)sum);
    hg_report_free(rep);
    return 0;
}

static int dom(const char *path)
{
    char problem[HG_PROBLEM_SIZE];
    xmlDocPtr doc = hg_xml_read_file(path, "report", problem, sizeof problem);
    if (doc == NULL) {
        fprintf(stderr, "xml-reader: %s: %s\n", path, problem);
        return 2;
    }
    printf("dom root=%s\n", (const char *)xmlDocGetRootElement(doc)->name);
    xmlFreeDoc(doc);
    return 0;
}

int main(int argc, char **argv)
{
    int status;
    if (argc != 3) {
        fprintf(stderr, "usage: %s report|dom|reader-walk|reader-load "
                "REPORT\n", argv[0]);
        return 2;
    }
    if (strcmp(argv[1], "report") == 0)           status = report(argv[2]);
    else if (strcmp(argv[1], "dom") == 0)         status = dom(argv[2]);
    else if (strcmp(argv[1], "reader-walk") == 0) status = reader_walk(argv[2]);
    else if (strcmp(argv[1], "reader-load") == 0) status = reader_load(argv[2]);
    else {
        fprintf(stderr, "%s: unknown mode %s\n", argv[0], argv[1]);
        return 2;
    }
    hg_xml_cleanup();
    return status;
}
