/* hotgrind: reads suite files and the manifests of suite runs
   (suite.h).  GPL-2.0-or-later; part of hotgrind. */

/* Both are read as policies are (policy.c): through xml-safe.c (no
   network, no entities, no DOCTYPE), validated against a schema built
   into the command, then the rules a schema cannot say well, each
   problem one line with its line number.  A suite file names programs
   that CI runs, and a manifest names the reports diff and check open,
   so neither is trusted further than that. */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/tree.h>

#include "report/report.h"
#include "suite/suite.h"
#include "util/find-executable.h"
#include "util/number.h"
#include "util/xalloc.h"
#include "xml/embedded-schema.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

bool hg_suite_name_ok(const char *text)
{
    const char *c;
    if (text[0] == '\0' || text[0] == '.'
        || strlen(text) > HG_SUITE_NAME_MAX)
        return false;
    for (c = text; *c != '\0'; c++)
        if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z')
              || (*c >= '0' && *c <= '9') || *c == '_' || *c == '.'
              || *c == '-'))
            return false;
    return true;
}

/* ----------------------------------------------------- shared reading */


/* "line N: WHY" at NODE into the reader's problem; returns false. */
#define problem_at(reader, node, ...) \
    hg_xml_problem_at((reader)->problem, (reader)->problem_size, (node), \
                      __VA_ARGS__)

/* The root of DOC if it is <ROOT_NAME format="1"> in no namespace and
   valid against SCHEMA; else NULL after the problem.  WHAT names the
   file's kind; a root of another kind of hotgrind file is named too. */
static const xmlNode *checked_root(struct hg_xml_reader *reader, xmlDocPtr doc,
                                   const char *root_name, const char *what,
                                   const char *schema, size_t schema_size)
{
    static const struct { const char *root, *kind; } kinds[] = {
        { "hotgrind", "a report" }, { "policy", "a policy" },
        { "suite", "a suite file" }, { "suite-run", "a suite run's manifest" },
    };
    const xmlNode *root = xmlDocGetRootElement(doc);
    char *format;
    uint64_t number;
    bool other;
    size_t i;

    if (root == NULL) {
        problem_at(reader, NULL, "no root element");
        return NULL;
    }
    if (!hg_node_is(root, root_name)) {
        char shown[64];
        const char *is = "";
        for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
            if (hg_node_is(root, kinds[i].root))
                is = kinds[i].kind;
        hg_quote_for_message(shown, sizeof shown, (const char *)root->name);
        problem_at(reader, root, "<%s>%s is not a hotgrind %s (its root "
                   "element is <%s>, in no namespace)%s%s", shown,
                   root->ns ? " in a namespace" : "", what, root_name,
                   is[0] ? ": this is " : "", is);
        return NULL;
    }
    format = hg_node_attribute(root, "format");
    other = format != NULL && hg_parse_count(format, &number)
            && number != HG_SUITE_FORMAT;
    free(format);
    if (other) {
        problem_at(reader, root, "%s format %llu is not supported (this "
                   "hotgrind reads format %d)", what,
                   (unsigned long long)number, HG_SUITE_FORMAT);
        return NULL;
    }
    if (!hg_xml_validate_with(doc, schema, schema_size, reader->problem,
                              reader->problem_size))
        return NULL;
    return root;
}

/* "BASE/PATH", or PATH when it is absolute or BASE is "." (malloc'd). */
static char *resolve(const char *base, const char *path)
{
    if (path[0] == '/' || strcmp(base, ".") == 0)
        return hg_xstrdup(path);
    return hg_xasprintf("%s%s%s", base, strcmp(base, "/") == 0 ? "" : "/",
                        path);
}

/* The directory of PATH: "." when it has none. */
static char *directory_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (slash == NULL)
        return hg_xstrdup(".");
    if (slash == path)
        return hg_xstrdup("/");
    return hg_xstrndup(path, (size_t)(slash - path));
}

/* ------------------------------------------------------ the suite file */

/* A growing array of strings; COUNT is its length. */
static void push(char ***items, size_t *count, char *text)
{
    *items = hg_xrealloc(*items, *count + 1, sizeof **items);
    (*items)[(*count)++] = text;
}

/* The options `hotgrind suite run` gives each run itself: a suite that
   gave them too would write elsewhere, run elsewhere, or run something
   else than `hotgrind run` once. */
static const char *const reserved_options[] = {
    "-o", "--output", "--cwd", "--valgrind", "--repeat", "--perturb",
    "--dry-run", "--tool", "--hotgrind-out-file", "--help", "-h", "--",
};

/* The reserved option OPTION is, or NULL. */
static const char *reserved(const char *option)
{
    size_t i;
    for (i = 0; i < sizeof reserved_options / sizeof reserved_options[0];
         i++) {
        const char *r = reserved_options[i];
        size_t n = strlen(r);
        if (strncmp(option, r, n) == 0
            && (option[n] == '\0' || option[n] == '='
                || (r[1] != '-' && r[0] == '-' && strcmp(r, "-h") != 0)))
            return r;
    }
    return NULL;
}

/* Options and marks of NODE's children (<defaults> or <benchmark>) onto
   B's lists; false after the problem with a reserved option. */
static bool read_options(struct hg_xml_reader *reader, const xmlNode *node,
                         struct hg_suite_benchmark *b, char ***marks,
                         size_t *mark_count)
{
    const xmlNode *child;
    for (child = node->children; child != NULL; child = child->next) {
        if (hg_node_is(child, "option")) {
            char *option = hg_node_text(child);
            const char *r = reserved(option);
            if (r != NULL) {
                char shown[64];
                hg_quote_for_message(shown, sizeof shown, option);
                free(option);
                return problem_at(reader, child, "<option>%s</option>: "
                                  "hotgrind suite run sets %s itself%s",
                                  shown, r,
                                  strcmp(r, "--cwd") == 0
                                  ? " (give the benchmark a dir=\"...\")"
                                  : "");
            }
            push(&b->options, &b->option_count, option);
        } else if (hg_node_is(child, "mark")) {
            push(marks, mark_count, hg_node_text(child));
        }
    }
    return true;
}

static unsigned timeout_of(const xmlNode *node, unsigned fallback)
{
    char *text = hg_node_attribute(node, "timeout");
    uint64_t seconds;
    unsigned timeout = fallback;
    if (text != NULL && hg_parse_count(text, &seconds))
        timeout = (unsigned)seconds;    /* at most 86400: the schema's */
    free(text);
    return timeout;
}

static void free_benchmark(void *item)
{
    struct hg_suite_benchmark *b = item;
    hg_free_each(b->name, b->command, b->dir, b->input_lines);
    hg_free_strings(b->args, b->arg_count);
    hg_free_strings(b->options, b->option_count);
    hg_free_strings(b->inputs, b->input_count);
}

/* B from NODE, DEFAULTS applied (its options and marks, in its lists). */
static bool read_benchmark(struct hg_xml_reader *reader, const xmlNode *node,
                           const struct hg_suite_benchmark *defaults,
                           char *const *default_marks,
                           size_t default_mark_count,
                           struct hg_suite_benchmark *b)
{
    const xmlNode *child;
    char **marks = NULL;
    size_t mark_count = 0, i;
    bool ok;

    b->line = hg_xml_line(node);
    b->name = hg_node_attribute(node, "name");
    /* In any case: on a case-insensitive file system (macOS, Windows
       shares) Manifest.xml is manifest.xml. */
    if (strcasecmp(b->name, HG_SUITE_MANIFEST_NAME) == 0)
        return problem_at(reader, node, "a benchmark cannot be named '%s': "
                          "its report would be the run's own %s%s",
                          b->name, HG_SUITE_MANIFEST,
                          strcmp(b->name, HG_SUITE_MANIFEST_NAME) == 0 ? ""
                          : " on a case-insensitive file system");
    b->dir = hg_node_attribute(node, "dir");
    b->timeout = timeout_of(node, defaults->timeout);
    for (i = 0; i < defaults->option_count; i++)
        push(&b->options, &b->option_count,
             hg_xstrdup(defaults->options[i]));
    for (i = 0; i < default_mark_count; i++)
        push(&marks, &mark_count, hg_xstrdup(default_marks[i]));
    for (child = node->children; child != NULL; child = child->next) {
        if (hg_node_is(child, "command")) {
            b->command = hg_node_text(child);
        } else if (hg_node_is(child, "arg")) {
            push(&b->args, &b->arg_count, hg_node_text(child));
        } else if (hg_node_is(child, "input")) {
            b->input_lines = hg_xrealloc(b->input_lines, b->input_count + 1,
                                         sizeof *b->input_lines);
            b->input_lines[b->input_count] = hg_xml_line(child);
            push(&b->inputs, &b->input_count, hg_node_text(child));
        }
    }
    ok = read_options(reader, node, b, &marks, &mark_count);
    /* The marks after every option: --mark is a tool option like any
       other, and its place among them changes nothing. */
    for (i = 0; i < mark_count; i++) {
        push(&b->options, &b->option_count,
             hg_xasprintf("--mark=%s", marks[i]));
        free(marks[i]);
    }
    free(marks);
    return ok;
}

/* Whether NODE's name (a WHAT's) fits HG_SUITE_NAME_MAX; else false
   after the problem. */
static bool name_fits(struct hg_xml_reader *reader, const xmlNode *node,
                      const char *what)
{
    char *name = hg_node_attribute(node, "name");
    size_t length = name != NULL ? strlen(name) : 0;
    free(name);
    if (length <= HG_SUITE_NAME_MAX)
        return true;
    return problem_at(reader, node, "a %s name of %zu characters: at most "
                      "%d, so that NAME.xml and NAME.log fit the file-name "
                      "limit of %d bytes", what, length, HG_SUITE_NAME_MAX,
                      NAME_MAX);
}

/* The names of DOC's suite and benchmarks fit a file name.  Checked
   before the schema, which has the same limit (maxLength) but whose
   message quotes the whole name and is cut off before it says the
   limit. */
static bool names_fit(struct hg_xml_reader *reader, xmlDocPtr doc)
{
    const xmlNode *root = xmlDocGetRootElement(doc), *child;
    if (root == NULL || !hg_node_is(root, "suite"))
        return true;
    if (!name_fits(reader, root, "suite"))
        return false;
    for (child = root->children; child != NULL; child = child->next)
        if (hg_node_is(child, "benchmark")
            && !name_fits(reader, child, "benchmark"))
            return false;
    return true;
}

static bool read_suite(struct hg_xml_reader *reader, xmlDocPtr doc,
                       void *data)
{
    struct hg_suite *suite = data;
    struct hg_suite_benchmark defaults;
    char **default_marks = NULL;
    size_t default_mark_count = 0, i, k;
    const xmlNode *root, *child;
    bool ok = true;

    if (!names_fit(reader, doc))
        return false;
    root = checked_root(reader, doc, "suite", "suite file",
                        hg_embedded_suite_schema,
                        hg_embedded_suite_schema_size);
    if (root == NULL)
        return false;
    suite->name = hg_node_attribute(root, "name");
    memset(&defaults, 0, sizeof defaults);
    for (child = root->children; ok && child != NULL; child = child->next) {
        if (hg_node_is(child, "defaults")) {
            defaults.timeout = timeout_of(child, 0);
            ok = read_options(reader, child, &defaults, &default_marks,
                              &default_mark_count);
        } else if (hg_node_is(child, "benchmark")) {
            struct hg_suite_benchmark *b;
            suite->benchmarks = hg_xrealloc(suite->benchmarks,
                                            suite->count + 1,
                                            sizeof *suite->benchmarks);
            b = &suite->benchmarks[suite->count++];
            memset(b, 0, sizeof *b);
            ok = read_benchmark(reader, child, &defaults, default_marks,
                                default_mark_count, b);
        }
    }
    free_benchmark(&defaults);
    for (i = 0; i < default_mark_count; i++)
        free(default_marks[i]);
    free(default_marks);
    /* Each name is a report's file name: two alike would overwrite one
       another, and so would two that differ only in case on a
       case-insensitive file system (the names are ASCII). */
    for (i = 1; ok && i < suite->count; i++)
        for (k = 0; ok && k < i; k++) {
            const struct hg_suite_benchmark *a = &suite->benchmarks[k];
            const struct hg_suite_benchmark *b = &suite->benchmarks[i];
            if (strcasecmp(b->name, a->name) != 0)
                continue;
            if (strcmp(b->name, a->name) == 0)
                hg_xml_problem(reader->problem, reader->problem_size,
                               b->line, "a second benchmark named '%s' "
                               "(the first is at line %ld): names must be "
                               "unique, each names its report", b->name,
                               a->line);
            else
                hg_xml_problem(reader->problem, reader->problem_size,
                               b->line, "benchmark '%s' and benchmark '%s' "
                               "(line %ld) differ only in case: on a "
                               "case-insensitive file system their reports "
                               "would be one file", b->name, a->name,
                               a->line);
            ok = false;
        }
    return ok;
}

struct hg_suite *hg_suite_load(const char *path, char *problem,
                               size_t problem_size)
{
    struct hg_suite *suite = hg_xcalloc(1, sizeof *suite);
    suite->path = hg_xstrdup(path);
    suite->base = directory_of(path);
    if (hg_xml_read_file_with(path, "suite file", read_suite, suite, problem,
                              problem_size))
        return suite;
    hg_suite_free(suite);
    return NULL;
}

bool hg_suite_check_files(const struct hg_suite *suite,
                          const struct hg_suite_benchmark *b,
                          char *problem, size_t problem_size)
{
    struct stat st;
    char *path;
    size_t i;
    bool ok = true;

    if (b->dir != NULL) {
        path = resolve(suite->base, b->dir);
        bool found = stat(path, &st) == 0;
        if (!found || !S_ISDIR(st.st_mode)) {
            hg_xml_problem(problem, problem_size, b->line, "benchmark '%s': "
                           "dir %s: %s", b->name, path,
                           found ? "not a directory" : strerror(errno));
            ok = false;
        }
        free(path);
    }
    for (i = 0; ok && i < b->input_count; i++) {
        path = resolve(suite->base, b->inputs[i]);
        if (stat(path, &st) != 0) {
            hg_xml_problem(problem, problem_size, b->input_lines[i],
                           "benchmark '%s': input %s: %s", b->name, path,
                           strerror(errno));
            ok = false;
        }
        free(path);
    }
    if (ok && strchr(b->command, '/') != NULL) {
        path = resolve(suite->base, b->command);
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)
            || access(path, X_OK) != 0) {
            hg_xml_problem(problem, problem_size, b->line, "benchmark '%s': "
                           "command %s is not an executable file", b->name,
                           path);
            ok = false;
        }
        free(path);
    } else if (ok) {
        path = hg_find_executable(b->command);
        if (path == NULL) {
            hg_xml_problem(problem, problem_size, b->line, "benchmark '%s': "
                           "command %s: not found in PATH", b->name,
                           b->command);
            ok = false;
        }
        free(path);
    }
    return ok;
}

void hg_suite_free(struct hg_suite *suite)
{
    if (suite == NULL)
        return;
    hg_free_items(suite->benchmarks, suite->count, sizeof *suite->benchmarks,
                  free_benchmark);
    hg_free_each(suite->path, suite->base, suite->name, suite);
}

/* --------------------------------------------------- a run's manifest */

static const char *const status_names[] = {
    "ok", "failed", "crashed", "timeout",
};

const char *hg_suite_status_name(enum hg_suite_status status)
{
    return status_names[status];
}

char *hg_suite_manifest_path(const char *dir_or_manifest)
{
    struct stat st;
    if (stat(dir_or_manifest, &st) == 0 && S_ISDIR(st.st_mode))
        return hg_xasprintf("%s/%s", dir_or_manifest, HG_SUITE_MANIFEST);
    return hg_xstrdup(dir_or_manifest);
}

static void free_result(void *item)
{
    struct hg_suite_result *r = item;
    hg_free_each(r->name, r->signal, r->report, r->report_path);
}

void hg_suite_run_free(struct hg_suite_run *run)
{
    if (run == NULL)
        return;
    hg_free_items(run->results, run->count, sizeof *run->results,
                  free_result);
    hg_free_strings(run->manifests, run->manifest_count);
    hg_free_each(run->suite, run->only, run);
}

/* One <benchmark> of a manifest into R. */
static bool read_result(struct hg_xml_reader *reader, const xmlNode *node,
                        const char *manifest_dir, struct hg_suite_result *r)
{
    char *text;
    uint64_t number;
    size_t i;

    r->line = hg_xml_line(node);
    r->name = hg_node_attribute(node, "name");
    if (strcmp(r->name, HG_SUITE_MANIFEST_NAME) == 0)
        return problem_at(reader, node, "a benchmark cannot be named '%s': "
                          "its report would be this manifest", r->name);
    text = hg_node_attribute(node, "position");
    if (!hg_parse_count(text, &number) || number > UINT32_MAX) {
        free(text);
        return problem_at(reader, node, "benchmark '%s': position too "
                          "large", r->name);
    }
    free(text);
    r->position = (unsigned)number;
    text = hg_node_attribute(node, "status");
    for (i = 0; i < sizeof status_names / sizeof status_names[0]; i++)
        if (strcmp(text, status_names[i]) == 0)
            r->status = (enum hg_suite_status)i;
    free(text);
    text = hg_node_attribute(node, "exit");
    r->has_exit = text != NULL;
    if (text != NULL && hg_parse_count(text, &number))
        r->exit_status = (unsigned)number;     /* at most 255: schema */
    free(text);
    r->signal = hg_node_attribute(node, "signal");
    if (r->status == HG_SUITE_CRASHED && (r->signal == NULL || r->has_exit))
        return problem_at(reader, node, "benchmark '%s': crashed takes a "
                          "signal and no exit", r->name);
    if (r->status != HG_SUITE_CRASHED && r->signal != NULL)
        return problem_at(reader, node, "benchmark '%s': only crashed "
                          "takes a signal", r->name);
    if ((r->status == HG_SUITE_OK || r->status == HG_SUITE_FAILED)
        && !r->has_exit)
        return problem_at(reader, node, "benchmark '%s': status %s needs "
                          "an exit", r->name, hg_suite_status_name(r->status));
    if (r->status == HG_SUITE_OK && r->exit_status != 0)
        return problem_at(reader, node, "benchmark '%s': status ok with "
                          "exit %u", r->name, r->exit_status);
    r->report = hg_node_attribute(node, "report");
    if (r->report != NULL) {
        size_t n = strlen(r->name);
        if (strncmp(r->report, r->name, n) != 0
            || strcmp(r->report + n, ".xml") != 0)
            return problem_at(reader, node, "benchmark '%s': its report is "
                              "%s.xml, not %s", r->name, r->name, r->report);
        r->report_path = resolve(manifest_dir, r->report);
    }
    text = hg_node_attribute(node, "ir");
    r->has_ir = text != NULL;
    if (text != NULL && !hg_parse_count(text, &r->ir)) {
        free(text);
        return problem_at(reader, node, "benchmark '%s': ir too large",
                          r->name);
    }
    free(text);
    return true;
}

/* The first result of RUN with the name or the position of an earlier
   one (after the problem, about its line), or NULL if none. */
static const struct hg_suite_result *
not_unique(struct hg_xml_reader *reader, const struct hg_suite_run *run)
{
    size_t i, k;
    for (i = 1; i < run->count; i++)
        for (k = 0; k < i; k++) {
            const struct hg_suite_result *a = &run->results[k],
                                         *b = &run->results[i];
            if (strcmp(a->name, b->name) == 0 || a->position == b->position) {
                hg_xml_problem(reader->problem, reader->problem_size,
                               b->line, "benchmark '%s' has the %s of "
                               "benchmark '%s' (line %ld)%s", b->name,
                               a->position == b->position ? "position"
                                                          : "name",
                               a->name, a->line,
                               a->manifest != b->manifest
                               ? " of another manifest" : "");
                return b;
            }
        }
    return NULL;
}

static int by_position(const void *x, const void *y)
{
    const struct hg_suite_result *a = x, *b = y;
    return a->position < b->position ? -1 : a->position > b->position;
}

/* RUN's manifests[0], read from DOC. */
static bool read_manifest(struct hg_xml_reader *reader, xmlDocPtr doc,
                          void *data)
{
    struct hg_suite_run *run = data;
    const xmlNode *root, *child;
    char *dir = directory_of(run->manifests[0]);
    bool ok = true;

    root = checked_root(reader, doc, "suite-run", "suite run manifest",
                        hg_embedded_suite_run_schema,
                        hg_embedded_suite_run_schema_size);
    if (root == NULL) {
        free(dir);
        return false;
    }
    run->suite = hg_node_attribute(root, "suite");
    for (child = root->children; ok && child != NULL; child = child->next) {
        if (hg_node_is(child, "shard")) {
            char *index = hg_node_attribute(child, "index");
            char *count = hg_node_attribute(child, "count");
            uint64_t i = 0, n = 0;
            if (!hg_parse_count(index, &i) || !hg_parse_count(count, &n)
                || i > n || n > UINT32_MAX)
                ok = problem_at(reader, child, "shard %s of %s: the index "
                                "is not within 1 to the count", index,
                                count);
            run->shard_index = (unsigned)i;
            run->shard_count = (unsigned)n;
            free(index);
            free(count);
        } else if (hg_node_is(child, "only")) {
            run->only = hg_node_attribute(child, "pattern");
        } else if (hg_node_is(child, "benchmark")) {
            struct hg_suite_result *r;
            run->results = hg_xrealloc(run->results, run->count + 1,
                                       sizeof *run->results);
            r = &run->results[run->count++];
            memset(r, 0, sizeof *r);
            r->manifest = run->manifests[0];
            ok = read_result(reader, child, dir, r);
        }
    }
    free(dir);
    if (ok)
        ok = not_unique(reader, run) == NULL;
    if (ok && run->count > 1)    /* qsort takes no NULL, even of none */
        qsort(run->results, run->count, sizeof *run->results, by_position);
    return ok;
}

struct hg_suite_run *hg_suite_run_load(const char *dir_or_manifest,
                                       char *problem, size_t problem_size)
{
    struct hg_suite_run *run = hg_xcalloc(1, sizeof *run);
    run->manifests = hg_xcalloc(1, sizeof *run->manifests);
    run->manifests[0] = hg_suite_manifest_path(dir_or_manifest);
    run->manifest_count = 1;
    if (hg_xml_read_file_with(run->manifests[0], "suite run manifest",
                              read_manifest, run, problem, problem_size))
        return run;
    hg_suite_run_free(run);
    return NULL;
}

static bool same_text(const char *a, const char *b)
{
    return (a == NULL && b == NULL)
           || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* "shard 2 of 4", or "a whole run" when RUN is not sharded. */
static void shard_text(const struct hg_suite_run *run, char *text,
                       size_t size)
{
    if (run->shard_count == 0)
        snprintf(text, size, "a whole run");
    else
        snprintf(text, size, "shard %u of %u", run->shard_index,
                 run->shard_count);
}

/* Adds PART's manifest and results to WHOLE (which takes them); false
   after the problem when PART is not another shard of WHOLE's run.
   SEEN[I-1] is whether shard I was added. */
static bool gather(struct hg_suite_run *whole, struct hg_suite_run *part,
                   bool *seen, char *problem, size_t problem_size)
{
    size_t i;
    if (strcmp(whole->suite, part->suite) != 0) {
        snprintf(problem, problem_size, "a run of suite '%s', not of '%s' "
                 "as %s", part->suite, whole->suite, whole->manifests[0]);
        return false;
    }
    if (!same_text(whole->only, part->only)) {
        snprintf(problem, problem_size, "a run of --only %s, not %s as %s",
                 part->only ? part->only : "(none)",
                 whole->only ? whole->only : "(none)", whole->manifests[0]);
        return false;
    }
    if (part->shard_count != whole->shard_count) {
        char is[64], other[64];
        shard_text(part, is, sizeof is);
        shard_text(whole, other, sizeof other);
        snprintf(problem, problem_size, "%s, where %s is %s: not the "
                 "shards of one run", is, whole->manifests[0], other);
        return false;
    }
    if (part->shard_count == 0 || seen[part->shard_index - 1]) {
        snprintf(problem, problem_size, "%s given twice",
                 part->shard_count == 0 ? "an unsharded run, with another"
                                        : "the same shard");
        return false;
    }
    seen[part->shard_index - 1] = true;
    whole->manifests = hg_xrealloc(whole->manifests,
                                   whole->manifest_count + 1,
                                   sizeof *whole->manifests);
    whole->manifests[whole->manifest_count++] = part->manifests[0];
    part->manifests[0] = NULL;
    whole->results = hg_xrealloc(whole->results, whole->count + part->count,
                                 sizeof *whole->results);
    for (i = 0; i < part->count; i++)
        whole->results[whole->count++] = part->results[i];
    part->count = 0;
    return true;
}

struct hg_suite_run *hg_suite_run_load_many(const char *const *paths,
                                            size_t count,
                                            char **problem_file,
                                            char *problem,
                                            size_t problem_size)
{
    struct hg_xml_reader reader = { problem, problem_size };
    struct hg_suite_run *whole = NULL;
    bool *seen = NULL, ok = true;
    size_t i;

    *problem_file = NULL;
    for (i = 0; ok && i < count; i++) {
        struct hg_suite_run *part = hg_suite_run_load(paths[i], problem,
                                                      problem_size);
        if (part == NULL) {
            ok = false;
        } else if (whole == NULL) {
            whole = part;
            if (whole->shard_count > 0) {
                seen = hg_xcalloc(whole->shard_count, sizeof *seen);
                seen[whole->shard_index - 1] = true;
            }
            continue;
        } else {
            ok = gather(whole, part, seen, problem, problem_size);
        }
        hg_suite_run_free(part);
        if (!ok)
            *problem_file = hg_suite_manifest_path(paths[i]);
    }
    for (i = 0; ok && whole != NULL && i < whole->shard_count; i++)
        if (!seen[i]) {
            *problem_file = hg_xstrdup(whole->manifests[0]);
            snprintf(problem, problem_size, "shard %zu of %u of this run "
                     "is not among the %zu given", i + 1,
                     whole->shard_count, whole->manifest_count);
            ok = false;
        }
    if (ok && whole != NULL && whole->manifest_count > 1) {
        const struct hg_suite_result *twice = not_unique(&reader, whole);
        /* One run now: it is no longer one shard. */
        whole->shard_index = whole->shard_count = 0;
        if (twice != NULL) {
            *problem_file = hg_xstrdup(twice->manifest);
            ok = false;
        }
        if (whole->count > 1)
            qsort(whole->results, whole->count, sizeof *whole->results,
                  by_position);
    }
    free(seen);
    if (!ok || whole == NULL) {
        if (ok) {
            snprintf(problem, problem_size, "no suite run given");
            *problem_file = hg_xstrdup("(none)");
        }
        hg_suite_run_free(whole);
        return NULL;
    }
    return whole;
}

const struct hg_suite_result *hg_suite_run_find(const struct hg_suite_run *run,
                                                const char *name)
{
    size_t i;
    for (i = 0; i < run->count; i++)
        if (strcmp(run->results[i].name, name) == 0)
            return &run->results[i];
    return NULL;
}
