/* hotgrind: unit tests of the report reader, `show` and `validate`.
   GPL-2.0-or-later; part of hotgrind. */

/* The fixtures in tests/data are hand-written inputs; what must come out
   of them is written here. */

#include <check.h>
#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "check_common.h"
#include "compare/diff.h"
#include "compare/line-diff.h"
#include "render/show.h"
#include "report/metrics.h"
#include "report/report.h"
#include "report/rules.h"
#include "util/number.h"
#include "xml/embedded-schema.h"
#include "xml/xml-safe.h"

#ifndef HG_SCHEMA_FILE
#define HG_SCHEMA_FILE "../docs/hotgrind.xsd"
#endif

static const char *fixture(const char *name)
{
    return hg_fixture("", name);
}

static struct hg_report *load_ok(const char *name)
{
    return hg_fixture_report("", name);
}

/* ------------------------------------------------------------ loader */

static void assert_function(const struct hg_function *f, const char *name,
                            const char *object, const char *file,
                            unsigned line, uint64_t self_ir)
{
    ck_assert_str_eq(f->name, name);
    ck_assert_str_eq(f->object, object);
    ck_assert_str_eq(f->file, file);
    ck_assert_uint_eq(f->line, line);
    ck_assert_uint_eq(f->self_ir, self_ir);
}

static void assert_mark(const struct hg_mark *m, const char *pattern,
                        uint64_t functions, uint64_t entered)
{
    ck_assert_str_eq(m->pattern, pattern);
    ck_assert_uint_eq(m->functions, functions);
    ck_assert_uint_eq(m->entered, entered);
}

START_TEST(loads_every_value_of_a_plain_report)
{
    struct hg_report *r = load_ok("valid.xml");
    ck_assert_uint_eq(r->format, 1);
    ck_assert_str_eq(r->tool_version, "0.1.0");
    ck_assert_str_eq(r->valgrind_version, "3.19.0");
    ck_assert_str_eq(r->arch, "amd64");
    ck_assert_str_eq(r->exe, "./prog");
    ck_assert_uint_eq(r->arg_count, 2);
    ck_assert_str_eq(r->args[0], "first arg");
    ck_assert_str_eq(r->args[1], "--n=3");
    ck_assert(!r->has_host);
    ck_assert_uint_eq(r->total_ir, 1234567);
    ck_assert_uint_eq(r->function_count, 4);

    assert_function(&r->functions[0], "main", "prog", "prog.c", 12, 1000000);

    ck_assert_str_eq(r->functions[1].name, "compute");
    ck_assert_uint_eq(r->functions[1].line, 30);
    ck_assert_uint_eq(r->functions[1].self_ir, 200000);

    assert_function(&r->functions[2], "strlen", "libc.so.6", "", 0, 34000);

    ck_assert_str_eq(r->functions[3].name, "???");
    ck_assert_str_eq(r->functions[3].object, "ld-linux-x86-64.so.2");
    ck_assert_uint_eq(r->functions[3].self_ir, 567);
    hg_report_free(r);
}
END_TEST

START_TEST(loads_64_bit_counts_and_host_exactly)
{
    struct hg_report *r = load_ok("valid-full.xml");
    ck_assert(r->has_host);
    ck_assert_uint_eq(r->host_pid, 4242);
    ck_assert_uint_eq(r->host_ppid, 1);
    ck_assert_str_eq(r->host_cwd, "/home/ci/work");
    ck_assert_str_eq(r->arch, "arm64");
    ck_assert_uint_eq(r->arg_count, 0);
    ck_assert_uint_eq(r->total_ir, UINT64_MAX);
    ck_assert_uint_eq(r->function_count, 2);
    ck_assert_uint_eq(r->functions[0].line, 4294967295u);
    ck_assert_uint_eq(r->functions[0].self_ir, UINT64_MAX - 1);
    ck_assert_uint_eq(r->functions[1].self_ir, 1);
    hg_report_free(r);
}
END_TEST

START_TEST(loads_escaped_and_non_ascii_text_exactly)
{
    struct hg_report *r = load_ok("valid-escapes.xml");
    ck_assert_str_eq(r->exe, "./a b");
    ck_assert_uint_eq(r->arg_count, 2);
    ck_assert_str_eq(r->args[0], "it's \"quoted\" <&>");
    ck_assert_str_eq(r->args[1], "");
    ck_assert_str_eq(r->functions[0].name,
                     "operator<<(std::ostream&, Foo const&)");
    ck_assert_str_eq(r->functions[1].name, "na\xc3\xafve_sum");
    ck_assert_str_eq(r->functions[1].object, "caf\xc3\xa9");
    ck_assert_str_eq(r->functions[1].file, "s\xc3\xbcm.c");
    ck_assert_str_eq(r->functions[2].name,
                     "<alloc::vec::Vec<T> as core::ops::drop::Drop>::drop");
    hg_report_free(r);
}
END_TEST

START_TEST(loads_a_report_without_functions)
{
    struct hg_report *r = load_ok("no-functions.xml");
    ck_assert_uint_eq(r->function_count, 0);
    ck_assert_uint_eq(r->total_ir, 0);
    ck_assert_str_eq(r->arch, "s390x");
    hg_report_free(r);
}
END_TEST

/* <objects> and a function's dir: read exactly, NULL for what an object
   or function does not have; hg_report_object finds an object by name. */
START_TEST(loads_objects_and_directories_exactly)
{
    struct hg_report *r = load_ok("valid-objects.xml");
    const struct hg_object *o;
    ck_assert_uint_eq(r->function_count, 4);
    ck_assert_str_eq(r->functions[0].dir, "/home/me/src/prog");
    ck_assert_str_eq(r->functions[1].dir, "/home/me/src/prog");
    ck_assert_ptr_null(r->functions[2].dir);
    ck_assert_uint_eq(r->object_count, 3);
    ck_assert_str_eq(r->objects[0].name, "ld-linux-x86-64.so.2");
    ck_assert_str_eq(r->objects[0].soname, "ld-linux-x86-64.so.2");
    ck_assert_str_eq(r->objects[0].build_id,
                     "7ebc65e52f2bbea498b4040fa92f7238377aaba9");
    ck_assert_str_eq(r->objects[1].name, "libc.so.6");
    ck_assert_str_eq(r->objects[1].soname, "libc.so.6");
    ck_assert_ptr_null(r->objects[1].build_id);
    ck_assert_str_eq(r->objects[2].name, "prog");
    ck_assert_ptr_null(r->objects[2].soname);
    ck_assert_str_eq(r->objects[2].build_id, "00ff");
    o = hg_report_object(r, "prog");
    ck_assert_ptr_eq(o, &r->objects[2]);
    o = hg_report_object(r, "ld-linux-x86-64.so.2");
    ck_assert_ptr_eq(o, &r->objects[0]);
    ck_assert_ptr_null(hg_report_object(r, "libz.so.1"));
    ck_assert_ptr_null(hg_report_object(r, "???"));
    hg_report_free(r);
}
END_TEST

/* <lines>: each function's lines in the report's order, dir only where
   given; a function without <lines> has none. */
START_TEST(loads_lines_exactly)
{
    struct hg_report *r = load_ok("valid-lines.xml");
    const struct hg_function *main_fn = &r->functions[0];
    const struct hg_function *strlen_fn = &r->functions[1];
    ck_assert_uint_eq(main_fn->line_count, 3);
    ck_assert_str_eq(main_fn->lines[0].file, "prog.c");
    ck_assert_str_eq(main_fn->lines[0].dir, "/home/me/src/prog");
    ck_assert_uint_eq(main_fn->lines[0].line, 12);
    ck_assert_uint_eq(main_fn->lines[0].ir, 7);
    ck_assert_uint_eq(main_fn->lines[1].line, 14);
    ck_assert_uint_eq(main_fn->lines[1].ir, 900);
    ck_assert_str_eq(main_fn->lines[2].file, "util.h");
    ck_assert_ptr_null(main_fn->lines[2].dir);
    ck_assert_uint_eq(main_fn->lines[2].ir, 93);
    ck_assert(!main_fn->lines[2].cache.present);
    ck_assert(!main_fn->lines[2].branch.present);
    ck_assert_uint_eq(strlen_fn->line_count, 1);
    ck_assert_str_eq(strlen_fn->lines[0].file, "");
    ck_assert_uint_eq(strlen_fn->lines[0].line, 0);
    hg_report_free(r);
    r = load_ok("valid-objects.xml");
    ck_assert_uint_eq(r->functions[0].line_count, 0);
    ck_assert_ptr_null(r->functions[0].lines);
    hg_report_free(r);
}
END_TEST

/* A report from before <objects> and dir stays valid and has neither. */
START_TEST(loads_a_report_without_objects_as_such)
{
    struct hg_report *r = load_ok("valid.xml");
    size_t i;
    ck_assert_uint_eq(r->object_count, 0);
    ck_assert_ptr_null(hg_report_object(r, "prog"));
    for (i = 0; i < r->function_count; i++)
        ck_assert_ptr_null(r->functions[i].dir);
    hg_report_free(r);
}
END_TEST

/* Optional additions do not bump the format, so readers skip them. */
static void assert_problem(const char *file, const char *problem,
                           const char *expected)
{
    size_t n = strlen(expected);
    ck_assert_msg(strchr(problem, '\n') == NULL,
                  "%s: problem spans lines: %s", file, problem);
    if (n > 0 && expected[n - 1] == '*')
        ck_assert_msg(strncmp(problem, expected, n - 1) == 0
                      && strlen(problem) > n - 1,
                      "%s: got '%s', want '%s'", file, problem, expected);
    else
        ck_assert_msg(strcmp(problem, expected) == 0,
                      "%s: got '%s', want '%s'", file, problem, expected);
}

/* The reader refuses what `validate` refuses, in the same words: an
   attribute or an event kind this release does not write (the schema),
   thread Ir not adding up to the total (a rule the schema cannot
   express). */
START_TEST(refuses_what_validate_refuses)
{
    static const struct { const char *file, *problem; } cases[] = {
        { "future-additions.xml", "line 15: Element 'function', attribute "
          "'colour': The attribute 'colour' is not allowed." },
        { "unknown-attribute.xml", "line 14: Element 'self', attribute "
          "'Bogus': The attribute 'Bogus' is not allowed." },
        { "future-event-kind.xml", "line 75: Element 'event', attribute "
          "'kind': [facet 'enumeration'] The value 'rwlock-read' is not an "
          "element of the set {'create', 'exit', 'join', 'lock', 'unlock', "
          "'cond-wait', 'cond-signal', 'cond-broadcast'}." },
        { "rule-thread-ir-sum.xml", "line 50: <threads> has Ir adding up to "
          "99999, but <totals> has Ir=\"100000\"" },
        { "rule-event-unlisted-mutex.xml", "line 73: <event> has "
          "mutex=\"4\", which is not the id of a listed <mutex>" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char problem[HG_PROBLEM_SIZE] = "", checked[HG_PROBLEM_SIZE] = "";
        ck_assert_ptr_null(hg_report_load(fixture(cases[i].file), problem,
                                          sizeof problem));
        assert_problem(cases[i].file, problem, cases[i].problem);
        ck_assert(!hg_report_check(fixture(cases[i].file), checked,
                                   sizeof checked));
        assert_problem(cases[i].file, checked, cases[i].problem);
    }
}
END_TEST

/* Reports without marks have no marked functions, zones or marks, and
   empty arrays rather than NULL ones. */
START_TEST(loads_a_report_without_marks_as_such)
{
    struct hg_report *r = load_ok("valid.xml");
    size_t i;
    for (i = 0; i < r->function_count; i++) {
        ck_assert(!r->functions[i].marked);
        ck_assert_uint_eq(r->functions[i].calls, 0);
        ck_assert(!r->functions[i].has_per_call);
    }
    ck_assert_uint_eq(r->zone_count, 0);
    ck_assert_uint_eq(r->mark_count, 0);
    ck_assert_ptr_nonnull(r->zones);
    ck_assert_ptr_nonnull(r->marks);
    hg_report_free(r);
}
END_TEST

static void assert_per_call(const struct hg_per_call *p, uint64_t min,
                            uint64_t max, uint64_t mean_units,
                            unsigned mean_hundredths, uint64_t p50,
                            uint64_t p95, uint64_t p99)
{
    ck_assert_uint_eq(p->min, min);
    ck_assert_uint_eq(p->max, max);
    ck_assert_uint_eq(p->mean_units, mean_units);
    ck_assert_uint_eq(p->mean_hundredths, mean_hundredths);
    ck_assert_uint_eq(p->p50, p50);
    ck_assert_uint_eq(p->p95, p95);
    ck_assert_uint_eq(p->p99, p99);
}

START_TEST(loads_marked_functions_zones_and_marks_exactly)
{
    struct hg_report *r = load_ok("valid-marked.xml");
    const struct hg_function *f = r->functions;

    ck_assert_uint_eq(r->total_ir, 9034);
    ck_assert_uint_eq(r->function_count, 4);
    ck_assert_str_eq(f[0].name, "main");
    ck_assert(!f[0].marked);
    ck_assert_uint_eq(f[0].calls, 0);
    ck_assert_uint_eq(f[0].inclusive_ir, 0);
    ck_assert(!f[0].has_per_call);

    ck_assert_str_eq(f[1].name, "fib");
    ck_assert(f[1].marked);
    ck_assert_uint_eq(f[1].self_ir, 2827);
    ck_assert_uint_eq(f[1].calls, 177);
    ck_assert_uint_eq(f[1].inclusive_ir, 2827);
    ck_assert(f[1].has_per_call);
    assert_per_call(&f[1].per_call, 11, 2827, 103, 56, 11, 395, 1739);

    ck_assert_str_eq(f[2].name, "parse_header");
    ck_assert(f[2].marked);
    ck_assert_uint_eq(f[2].calls, 4);
    ck_assert_uint_eq(f[2].inclusive_ir, 3000);
    assert_per_call(&f[2].per_call, 500, 1000, 750, 0, 700, 1000, 1000);

    ck_assert_str_eq(f[3].name, "cleanup");
    ck_assert(f[3].marked);
    ck_assert_uint_eq(f[3].self_ir, 7);
    ck_assert_uint_eq(f[3].calls, 0);
    ck_assert_uint_eq(f[3].inclusive_ir, 0);
    ck_assert(!f[3].has_per_call);

    ck_assert_uint_eq(r->zone_count, 3);
    ck_assert_str_eq(r->zones[0].name, "compute");
    ck_assert_uint_eq(r->zones[0].calls, 1);
    ck_assert_uint_eq(r->zones[0].inclusive_ir, 2844);
    ck_assert(r->zones[0].has_per_call);
    assert_per_call(&r->zones[0].per_call, 2844, 2844, 2844, 0, 2844, 2844,
                    2844);
    ck_assert_str_eq(r->zones[1].name, "idle");
    ck_assert_uint_eq(r->zones[1].calls, 0);
    ck_assert_uint_eq(r->zones[1].inclusive_ir, 0);
    ck_assert(!r->zones[1].has_per_call);
    ck_assert_str_eq(r->zones[2].name, "parse");
    ck_assert_uint_eq(r->zones[2].calls, 3);
    ck_assert_uint_eq(r->zones[2].inclusive_ir, 1234567);
    assert_per_call(&r->zones[2].per_call, 1000, 1000000, 411522, 33,
                    233567, 1000000, 1000000);

    ck_assert_uint_eq(r->mark_count, 5);
    assert_mark(&r->marks[0], "fib", 1, 1);
    ck_assert_str_eq(r->marks[1].pattern, "prog:parse_*");
    assert_mark(&r->marks[2], "cleanup", 1, 0);
    assert_mark(&r->marks[3], "nomatch", 0, 0);
    assert_mark(&r->marks[4], "libc.so.6:*", 67, 0);
    hg_report_free(r);
}
END_TEST

START_TEST(loads_64_bit_per_call_values_exactly)
{
    struct hg_report *r = load_ok("valid-full.xml");
    ck_assert(r->functions[0].marked);
    ck_assert_uint_eq(r->functions[0].calls, 3);
    ck_assert_uint_eq(r->functions[0].inclusive_ir, UINT64_MAX);
    assert_per_call(&r->functions[0].per_call, 0, UINT64_MAX, UINT64_MAX, 0,
                    1, UINT64_MAX - 1, UINT64_MAX);
    ck_assert(!r->functions[1].marked);
    ck_assert_uint_eq(r->zone_count, 1);
    ck_assert_uint_eq(r->zones[0].calls, UINT64_MAX);
    assert_per_call(&r->zones[0].per_call, 0, 0, 0, 0, 0, 0, 0);
    ck_assert_uint_eq(r->mark_count, 1);
    assert_mark(&r->marks[0], "bench:hot_*", UINT64_MAX, UINT64_MAX);
    hg_report_free(r);
}
END_TEST

static void assert_traffic(const struct hg_heap_traffic *heap, uint64_t allocs,
                           uint64_t alloc_bytes, uint64_t frees,
                           uint64_t free_bytes)
{
    ck_assert_uint_eq(heap->allocs, allocs);
    ck_assert_uint_eq(heap->alloc_bytes, alloc_bytes);
    ck_assert_uint_eq(heap->frees, frees);
    ck_assert_uint_eq(heap->free_bytes, free_bytes);
}

static void assert_thread(const struct hg_thread *t, unsigned id,
                          const char *name, unsigned parent,
                          enum hg_thread_status status, uint64_t ir)
{
    ck_assert_uint_eq(t->id, id);
    hg_assert_str_or_null(t->name, name);
    ck_assert_uint_eq(t->parent, parent);
    ck_assert_int_eq(t->status, status);
    ck_assert_uint_eq(t->ir, ir);
}

static void assert_event(const struct hg_event *e, uint64_t ir,
                         unsigned thread, enum hg_event_kind kind,
                         unsigned child, unsigned mutex, unsigned cond,
                         bool waited)
{
    ck_assert_uint_eq(e->ir, ir);
    ck_assert_uint_eq(e->thread, thread);
    ck_assert_int_eq(e->kind, kind);
    ck_assert_uint_eq(e->child, child);
    ck_assert_uint_eq(e->mutex, mutex);
    ck_assert_uint_eq(e->cond, cond);
    ck_assert_int_eq(e->waited, waited);
}

START_TEST(loads_heap_threads_mutexes_and_events_exactly)
{
    struct hg_report *r = load_ok("valid-heap-threads.xml");
    const struct hg_function *f = r->functions;
    static const size_t by_kind[HG_EVENT_KINDS] = { 2, 2, 1, 5, 5, 1, 1, 1, 0 };
    size_t i;

    ck_assert(r->has_heap);
    assert_traffic(&r->heap.traffic, 40, 65602, 35, 60002);
    ck_assert_uint_eq(r->heap.peak_bytes, 9000);
    ck_assert_uint_eq(r->heap.peak_blocks, 7);
    ck_assert_uint_eq(r->heap.exit_bytes, 5600);
    ck_assert_uint_eq(r->heap.exit_blocks, 5);

    ck_assert_uint_eq(r->function_count, 5);
    ck_assert(f[0].has_heap);
    assert_traffic(&f[0].heap, 20, 40000, 18, 36000);
    ck_assert(f[0].marked);
    ck_assert_uint_eq(f[0].inclusive_ir, 70000);
    ck_assert(f[0].has_inclusive_heap);
    assert_traffic(&f[0].inclusive_heap, 30, 60000, 28, 56000);
    ck_assert(f[0].has_per_call);
    ck_assert_uint_eq(f[0].per_call.max, 40000);
    ck_assert(f[1].has_heap);
    ck_assert(!f[1].has_inclusive_heap);
    assert_traffic(&f[1].heap, 8, 5600, 5, 4000);
    ck_assert_str_eq(f[3].name, "malloc");
    ck_assert(!f[3].has_heap);
    assert_traffic(&f[4].heap, 2, 2, 2, 2);

    ck_assert(r->has_threads);
    ck_assert_uint_eq(r->thread_count, 3);
    assert_thread(&r->threads[0], 1, NULL, 0, HG_THREAD_EXITED, 40000);
    ck_assert(r->threads[0].has_heap);
    assert_traffic(&r->threads[0].heap, 10, 5602, 7, 4002);
    assert_thread(&r->threads[1], 2, "worker-1", 1, HG_THREAD_EXITED, 35000);
    assert_thread(&r->threads[2], 3, NULL, 1, HG_THREAD_RUNNING, 25000);
    assert_traffic(&r->threads[2].heap, 15, 30000, 14, 28000);

    ck_assert(r->has_mutexes);
    ck_assert_uint_eq(r->mutex_count, 3);
    ck_assert_uint_eq(r->mutexes[0].id, 1);
    ck_assert_str_eq(r->mutexes[0].name, "queue_lock");
    ck_assert_uint_eq(r->mutexes[0].acquisitions, 3);
    ck_assert_uint_eq(r->mutexes[0].contended, 1);
    ck_assert_uint_eq(r->mutexes[1].id, 2);
    ck_assert_ptr_null(r->mutexes[1].name);
    ck_assert_str_eq(r->mutexes[2].name, "stats+16");

    ck_assert(r->has_events);
    ck_assert_uint_eq(r->event_count, 18);
    assert_event(&r->events[0], 1000, 1, HG_EVENT_CREATE, 2, 0, 0, false);
    assert_event(&r->events[2], 2000, 2, HG_EVENT_LOCK, 0, 1, 0, false);
    assert_event(&r->events[3], 2100, 2, HG_EVENT_UNLOCK, 0, 1, 0, false);
    assert_event(&r->events[4], 2100, 3, HG_EVENT_LOCK, 0, 1, 0, true);
    assert_event(&r->events[6], 2250, 1, HG_EVENT_COND_SIGNAL, 0, 0, 1, false);
    assert_event(&r->events[8], 2400, 3, HG_EVENT_COND_WAIT, 0, 1, 1, false);
    assert_event(&r->events[14], 3400, 1, HG_EVENT_COND_BROADCAST, 0, 0, 2,
                 false);
    assert_event(&r->events[15], 3500, 2, HG_EVENT_EXIT, 0, 0, 0, false);
    assert_event(&r->events[16], 3600, 1, HG_EVENT_JOIN, 2, 0, 0, false);
    assert_event(&r->events[17], 99000, 1, HG_EVENT_EXIT, 0, 0, 0, false);
    for (i = 0; i < HG_EVENT_KINDS; i++)
        ck_assert_uint_eq(r->events_by_kind[i], by_kind[i]);
    hg_report_free(r);
}
END_TEST

START_TEST(loads_threads_without_heap_or_events)
{
    struct hg_report *r = load_ok("valid-threads.xml");
    ck_assert(!r->has_heap);
    ck_assert(r->has_threads);
    ck_assert_uint_eq(r->thread_count, 2);
    assert_thread(&r->threads[0], 1, NULL, 0, HG_THREAD_EXITED, 1001);
    assert_thread(&r->threads[1], 2, "sp\xc3\xadnner", 1, HG_THREAD_EXITED,
                  1999);
    ck_assert(!r->threads[0].has_heap);
    ck_assert(!r->threads[1].has_heap);
    ck_assert(!r->has_mutexes);
    ck_assert(!r->has_events);
    ck_assert_uint_eq(r->mutex_count, 0);
    ck_assert_uint_eq(r->event_count, 0);
    ck_assert(!r->functions[0].has_heap);
    hg_report_free(r);
}
END_TEST

/* Reports from before heap and threads: none of them, and arrays. */
START_TEST(loads_a_report_without_heap_or_threads_as_such)
{
    struct hg_report *r = load_ok("valid-marked.xml");
    size_t i;
    ck_assert(!r->has_heap);
    ck_assert(!r->has_threads);
    ck_assert(!r->has_mutexes);
    ck_assert(!r->has_events);
    ck_assert_uint_eq(r->thread_count + r->mutex_count + r->event_count, 0);
    ck_assert_ptr_nonnull(r->threads);
    ck_assert_ptr_nonnull(r->mutexes);
    ck_assert_ptr_nonnull(r->events);
    for (i = 0; i < r->function_count; i++) {
        ck_assert(!r->functions[i].has_heap);
        ck_assert(!r->functions[i].has_inclusive_heap);
    }
    for (i = 0; i < r->zone_count; i++)
        ck_assert(!r->zones[i].has_inclusive_heap);
    hg_report_free(r);
}
END_TEST

START_TEST(loads_64_bit_heap_and_thread_values_exactly)
{
    struct hg_report *r = load_ok("valid-full.xml");
    ck_assert(r->has_heap);
    assert_traffic(&r->heap.traffic, 10, UINT64_MAX, 9, 1000);
    ck_assert_uint_eq(r->heap.peak_bytes, UINT64_MAX);
    ck_assert_uint_eq(r->heap.peak_blocks, UINT64_MAX);
    ck_assert_uint_eq(r->heap.exit_bytes, UINT64_MAX);
    ck_assert_uint_eq(r->heap.exit_blocks, 1);
    assert_traffic(&r->functions[0].heap, 10, UINT64_MAX, 9, 1000);
    assert_traffic(&r->functions[0].inclusive_heap, 10, UINT64_MAX, 9, 1000);
    ck_assert(r->zones[0].has_inclusive_heap);
    assert_traffic(&r->zones[0].inclusive_heap, 0, 0, 0, 0);
    ck_assert_uint_eq(r->thread_count, 2);
    assert_thread(&r->threads[0], 1, NULL, 0, HG_THREAD_RUNNING, UINT64_MAX);
    assert_thread(&r->threads[1], 4294967295u, "", 1, HG_THREAD_EXITED, 0);
    ck_assert(r->threads[1].has_heap);
    ck_assert_uint_eq(r->mutexes[0].id, 4294967295u);
    ck_assert_uint_eq(r->mutexes[0].acquisitions, UINT64_MAX);
    ck_assert_uint_eq(r->mutexes[0].contended, UINT64_MAX);
    ck_assert_uint_eq(r->event_count, 8);
    assert_event(&r->events[2], 1, 4294967295u, HG_EVENT_COND_WAIT, 0,
                 4294967295u, 4294967295u, false);
    assert_event(&r->events[7], UINT64_MAX, 1, HG_EVENT_JOIN, 4294967295u, 0,
                 0, false);
    hg_report_free(r);
}
END_TEST

/* The names of the event kinds; "other" stands for a kind a later
   release may add (which the schema, and so the reader, refuses). */
START_TEST(names_the_event_kinds)
{
    ck_assert_str_eq(hg_event_kind_name(HG_EVENT_OTHER), "other");
    ck_assert_str_eq(hg_event_kind_name(HG_EVENT_COND_WAIT), "cond-wait");
}
END_TEST

/* The run details and cache figures of a --cache-sim=yes report. */
START_TEST(loads_run_details_and_cache_figures_exactly)
{
    static const uint64_t total[HG_CACHE_METRICS] = {
        10, 5, 300, 30, 6, 100, 10, 2, 2800,
    };
    static const uint64_t self[HG_CACHE_METRICS] = {
        6, 3, 200, 20, 4, 60, 6, 1, 1720,
    };
    static const uint64_t inclusive[HG_CACHE_METRICS] = {
        8, 4, 250, 25, 5, 80, 8, 2, 2310,
    };
    struct hg_report *r = load_ok("diff/cache-base.xml");
    const struct hg_function *kernel = &r->functions[0];
    int i;

    ck_assert_str_eq(r->platform_hwcaps, "amd64-cx16-lzcnt-rdtscp-sse3-"
                     "ssse3-avx-avx2-bmi-f16c-rdrand-rdseed");
    ck_assert_str_eq(r->libc_name, "glibc");
    ck_assert_str_eq(r->libc_version, "2.36");
    ck_assert_uint_eq(r->option_count, 3);
    ck_assert_str_eq(r->options[1].name, "heap");
    ck_assert_str_eq(r->options[1].value, "no");
    ck_assert_str_eq(hg_report_option(r, "thread-events"), "no");
    ck_assert_ptr_null(hg_report_option(r, "alloc-fn"));
    ck_assert(r->has_environment);
    ck_assert_uint_eq(r->environment_variables, 21);
    ck_assert_uint_eq(r->environment_bytes, 1342);
    ck_assert_uint_eq(r->environment_count, 2);
    ck_assert_str_eq(r->environment[0].name, "GLIBC_TUNABLES");
    ck_assert_str_eq(r->environment[0].value, "glibc.cpu.hwcaps=-AVX2_Usable");
    ck_assert_str_eq(r->environment[1].name, "LD_BIND_NOW");
    ck_assert_str_eq(r->environment[1].value, "1");
    ck_assert(r->has_cost_model);
    ck_assert_str_eq(r->cost_model_name, "l1-ll-miss");
    ck_assert_uint_eq(r->cost_model_version, 1);
    ck_assert_uint_eq(r->cost_l1_miss, 10);
    ck_assert_uint_eq(r->cost_ll_miss, 100);
    ck_assert(r->has_cache_geometry);
    ck_assert_str_eq(r->cache_i1, "32768,8,64");
    ck_assert_str_eq(r->cache_d1, "32768,8,64");
    ck_assert_str_eq(r->cache_ll, "8388608,16,64");
    ck_assert_str_eq(r->cache_source, "fixed");

    ck_assert(r->total_cache.present && r->total_cache.has_cycles);
    ck_assert(kernel->self_cache.present && kernel->inclusive_cache.present);
    for (i = 0; i < HG_CACHE_METRICS; i++) {
        ck_assert_uint_eq(r->total_cache.value[i], total[i]);
        ck_assert_uint_eq(kernel->self_cache.value[i], self[i]);
        ck_assert_uint_eq(kernel->inclusive_cache.value[i], inclusive[i]);
    }
    ck_assert_str_eq(hg_cache_metric_names[HG_D1MR], "D1mr");
    ck_assert_str_eq(hg_cache_metric_names[HG_CYCLES], "cycles");
    ck_assert(!r->has_heap);
    hg_report_free(r);

    /* source is optional in the schema. */
    r = load_ok("diff/cache-head.xml");
    ck_assert(r->has_cache_geometry);
    ck_assert_ptr_null(r->cache_source);
    hg_report_free(r);
}
END_TEST

/* <launcher> and its settings, in file order, a repeated name twice. */
START_TEST(loads_the_launcher_and_its_settings_exactly)
{
    static const char *const settings[][2] = {
        { "program", "fp" }, { "environment", "cleared" },
        { "keep-env", "HOME" }, { "keep-env", "USER" },
        { "env", "SEED=1" }, { "stdout", "terminal" },
    };
    struct hg_report *r = load_ok("diff/launch-head.xml");
    size_t i;

    ck_assert_str_eq(r->launcher, "hotgrind run");
    ck_assert_uint_eq(r->setting_count, 6);
    for (i = 0; i < 6; i++) {
        ck_assert_str_eq(r->settings[i].name, settings[i][0]);
        ck_assert_str_eq(r->settings[i].value, settings[i][1]);
    }
    hg_report_free(r);

    r = load_ok("diff/launch-none.xml");
    ck_assert_ptr_null(r->launcher);
    ck_assert_uint_eq(r->setting_count, 0);
    hg_report_free(r);
}
END_TEST

/* <run><inputs>: every row as written, bytes only where given; a report
   from before <inputs> has none and does not track them. */
START_TEST(loads_the_inputs_exactly)
{
    struct hg_report *r = load_ok("valid-inputs.xml");
    const struct hg_input *in = r->inputs;

    ck_assert(hg_report_tracks_inputs(r));
    ck_assert_uint_eq(r->input_count, 5);
    ck_assert_int_eq(in[0].kind, HG_INPUT_RANDOM);
    ck_assert_str_eq(in[0].source, "/dev/urandom");
    ck_assert_str_eq(in[0].function, "seed_table");
    ck_assert_str_eq(in[0].object, "xz");
    ck_assert_uint_eq(in[0].calls, 2);
    ck_assert(in[0].has_bytes);
    ck_assert_uint_eq(in[0].bytes, 64);
    ck_assert(in[0].pinned);
    ck_assert_str_eq(in[1].function, "std::sys::unix::rand::imp::getrandom");
    ck_assert_uint_eq(in[1].bytes, 16);
    ck_assert_int_eq(in[2].kind, HG_INPUT_CLOCK);
    ck_assert_str_eq(in[2].source, "clock_gettime");
    ck_assert_uint_eq(in[2].calls, 3);
    ck_assert(!in[2].has_bytes);
    ck_assert_int_eq(in[3].kind, HG_INPUT_CPU_COUNT);
    ck_assert_str_eq(in[3].source, "/sys/devices/system/cpu/online");
    ck_assert_str_eq(in[3].object, "libc.so.6");
    ck_assert_str_eq(hg_input_kind_name(in[4].kind), "cpu-count");
    ck_assert_str_eq(hg_report_option(r, "random-seed"), "0");
    ck_assert_str_eq(hg_report_option(r, "cpus"), "4");
    hg_report_free(r);

    r = load_ok("valid-launcher.xml");
    ck_assert_uint_eq(r->input_count, 0);
    ck_assert(!hg_report_tracks_inputs(r));
    hg_report_free(r);
}
END_TEST

/* Reports without the run details have none, and no cache figures. */
START_TEST(loads_a_report_without_run_details_as_such)
{
    struct hg_report *r = load_ok("valid.xml");
    ck_assert_ptr_null(r->platform_hwcaps);
    ck_assert_ptr_null(r->libc_version);
    ck_assert_uint_eq(r->option_count, 0);
    ck_assert(!r->has_environment);
    ck_assert_uint_eq(r->environment_count, 0);
    ck_assert(!r->has_cost_model);
    ck_assert(!r->has_cache_geometry);
    ck_assert(!r->total_cache.present);
    ck_assert(!r->functions[0].self_cache.present);
    hg_report_free(r);
}
END_TEST

struct bad_report {
    const char *file;
    const char *problem;   /* the whole line, or its start if ends in '*' */
};

static const struct bad_report bad_reports[] = {
    { "does-not-exist.xml", "No such file or directory" },
    { "", "Is a directory" },                      /* the data folder */
    { "empty.xml", "the file is empty" },
    { "truncated.xml", "line 17: *" },
    { "malformed.xml",
      "line 15: Opening and ending tag mismatch: self line 14 and function" },
    { "bad-utf8.xml", "line 13: Input is not proper UTF-8*" },
    { "wrong-root.xml", "line 2: root element is <cachegrind>, not <hotgrind>" },
    { "wrong-format.xml",
      "line 2: report format 2 is not supported (this hotgrind reads format 1)" },
    { "missing-attribute.xml", "line 13: <function> has no name attribute" },
    { "missing-element.xml", "line 2: <hotgrind> has no <totals> element" },
    { "not-a-number.xml", "line 14: <self> attribute Ir=\"12x\" is not a number" },
    { "external-entity.xml",
      "line 2: DOCTYPE not allowed in a hotgrind report" },
    { "entity-bomb.xml", "line 2: DOCTYPE not allowed in a hotgrind report" },
    { "doctype-http.xml", "line 2: DOCTYPE not allowed in a hotgrind report" },
    { "bad-mean.xml", "line 17: <per-call> attribute mean=\"50.5\" is not a "
      "number with two decimals" },
    { "zone-without-name.xml", "line 21: <zone> has no name attribute" },
    { "marked-no.xml",
      "line 14: <function> attribute marked=\"no\" is not \"yes\"" },
    { "rule-marked-without-calls.xml",
      "line 14: <function> has no calls attribute" },
    { "rule-marked-without-inclusive.xml",
      "line 14: <function> has no <inclusive> element" },
    { "bad-thread-status.xml", "line 53: <thread> attribute "
      "status=\"zombie\" is not \"exited\" or \"running\"" },
    { "thread-without-ir.xml", "line 53: <thread> has no Ir attribute" },
    { "rule-heap-attributes-incomplete.xml",
      "line 28: <inclusive> has no frees attribute" },
};


START_TEST(refuses_a_bad_report_with_one_line)
{
    const struct bad_report *bad = &bad_reports[_i];
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_report *report = hg_report_load(fixture(bad->file), problem,
                                              sizeof problem);
    ck_assert_msg(report == NULL, "%s was accepted", bad->file);
    assert_problem(bad->file, problem, bad->problem);
}
END_TEST

/* The 12 lines before the first function of the long reports below. */
static const char long_report_head[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<hotgrind format=\"1\">\n  <run>\n"
    "    <tool name=\"hotgrind\" version=\"0.1.0\"/>\n"
    "    <valgrind version=\"3.19.0\"/>\n    <arch>amd64</arch>\n"
    "    <command>\n      <exe>long</exe>\n    </command>\n"
    "  </run>\n  <totals Ir=\"1\"/>\n  <functions>\n";

/* Writes a valid report of N functions, one <function> and one <self> of
   three lines each starting at line 13, but for BAD_LINE, whose Ir is not
   a number.  Returns the file's name. */
static char *write_long_report(unsigned n, unsigned bad_line)
{
    static char path[] = "/tmp/hotgrind-check-XXXXXX";
    FILE *out = hg_scratch_file(path);
    unsigned i, line = 13;

    fputs(long_report_head, out);
    for (i = 0; i < n; i++, line += 3)
        fprintf(out, "    <function name=\"f%u\" object=\"o\" file=\"\" "
                "line=\"0\">\n      <self Ir=\"%s\"/>\n    </function>\n",
                i, line + 1 == bad_line ? "many" : "1");
    fputs("  </functions>\n</hotgrind>\n", out);
    ck_assert_int_eq(fclose(out), 0);
    return path;
}

/* libxml2 stores line numbers in 16 bits unless told otherwise, and then
   still answers one line late for elements: see hg_xml_line. */
START_TEST(names_the_right_line_past_65535)
{
    char problem[HG_PROBLEM_SIZE] = "";
    char *path = write_long_report(30000, 70001);
    xmlDocPtr doc;

    ck_assert_ptr_null(hg_report_load(path, problem, sizeof problem));
    assert_problem(path, problem,
                   "line 70001: <self> attribute Ir=\"many\" is not a number");
    doc = hg_xml_read_report(path, problem, sizeof problem);
    ck_assert_ptr_nonnull(doc);
    ck_assert(!hg_xml_validate(doc, problem, sizeof problem));
    assert_problem(path, problem, "line 70001: Element 'self', attribute "
                   "'Ir': 'many' is not a valid value of the atomic type "
                   "'count'.");
    xmlFreeDoc(doc);
    remove(path);
}
END_TEST

/* Writes a report of N functions, one line each from line 13, then on
   line N + 13 one function right after another (no white space before
   it) with LAST_ATTRIBUTES and its <self> on the next line, and on line
   N + 16 a <function> and a <self> with SELF_IR, nothing between them.
   Returns the file's name. */
static char *write_compact_report(unsigned n, const char *last_attributes,
                                  const char *self_ir)
{
    static char path[sizeof "/tmp/hotgrind-check-XXXXXX"];
    FILE *out;
    unsigned i;

    strcpy(path, "/tmp/hotgrind-check-XXXXXX");
    out = hg_scratch_file(path);
    fputs(long_report_head, out);
    for (i = 0; i < n; i++)
        fprintf(out, "    <function name=\"f%u\" object=\"o\" file=\"\" "
                "line=\"0\"><self Ir=\"1\"/></function>\n", i);
    fprintf(out, "    <function name=\"g\" object=\"o\" file=\"\" "
            "line=\"0\"><self Ir=\"1\"/></function><function name=\"h\" "
            "object=\"o\" file=\"\" line=\"0\" %s>\n      <self "
            "Ir=\"1\"/>\n    </function>\n", last_attributes);
    fprintf(out, "    <function name=\"k\" object=\"o\" file=\"\" "
            "line=\"0\"><self Ir=\"%s\"/></function>\n", self_ir);
    fputs("  </functions>\n</hotgrind>\n", out);
    ck_assert_int_eq(fclose(out), 0);
    return path;
}

/* What validate answers for PATH: NULL if valid, else its problem. */
static const char *validate_problem(const char *path)
{
    static char problem[HG_PROBLEM_SIZE];
    xmlDocPtr doc = hg_xml_read_report(path, problem, sizeof problem);
    bool valid = doc != NULL && hg_validate_report(doc, problem,
                                                   sizeof problem);
    xmlFreeDoc(doc);
    return valid ? NULL : problem;
}

/* Past line 65535, the line of an element that has no white space before
   it: libxml2 2.9 answers 65535 for it, or the line after its start tag
   when text follows the tag (its first child's). */
START_TEST(names_the_right_line_past_65535_without_space)
{
    char *path = write_compact_report(96154, "calls=\"3\"", "1");
    const char *problem = validate_problem(path);
    char stream[HG_PROBLEM_SIZE] = "";

    /* Line 96,167: the rule names <function name="h">. */
    ck_assert_ptr_nonnull(problem);
    assert_problem(path, problem, "line 96167: <function> has a calls "
                   "attribute but no marked=\"yes\"");
    /* The same line from the stream, which checks the rules item by item
       (the loader reads calls only on a marked function). */
    ck_assert(!hg_report_check(path, stream, sizeof stream));
    assert_problem(path, stream, "line 96167: <function> has a calls "
                   "attribute but no marked=\"yes\"");
    remove(path);
    path = write_compact_report(96154, "", "many");
    problem = validate_problem(path);
    ck_assert_ptr_nonnull(problem);
    assert_problem(path, problem, "line 96170: Element 'self', attribute "
                   "'Ir': 'many' is not a valid value of the atomic type "
                   "'count'.");
    ck_assert(!hg_report_check(path, stream, sizeof stream));
    assert_problem(path, stream, "line 96170: <self> attribute Ir=\"many\" "
                   "is not a number");
    remove(path);
    /* The schema, plugged into the stream, names the line too. */
    path = write_compact_report(96154, "colour=\"red\"", "1");
    ck_assert(!hg_report_check(path, stream, sizeof stream));
    assert_problem(path, stream, "line 96167: Element 'function', attribute "
                   "'colour': The attribute 'colour' is not allowed.");
    remove(path);
}
END_TEST

START_TEST(parses_counts_like_the_schema)
{
    static const char *const refused[] = {
        "18446744073709551616", "99999999999999999999999", "", "  ", "-1",
        "+1", "1e3", "0x10", "1 2", "12x",
    };
    uint64_t v = 7;
    size_t i;

    ck_assert(hg_parse_count("0", &v) && v == 0);
    ck_assert(hg_parse_count("007", &v) && v == 7);
    ck_assert(hg_parse_count(" 12\n", &v) && v == 12);
    ck_assert(hg_parse_count("18446744073709551615", &v) && v == UINT64_MAX);
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++)
        ck_assert_msg(!hg_parse_count(refused[i], &v), "'%s' parsed",
                      refused[i]);
}
END_TEST

/* TEXT parses as the mean UNITS.HUNDREDTHS (none of them 7, the value
   the outputs start from, so each must be written). */
static void assert_parses_mean(const char *text, uint64_t units,
                               unsigned hundredths)
{
    uint64_t got_units = 7;
    unsigned got_hundredths = 7;
    ck_assert_msg(hg_parse_mean(text, &got_units, &got_hundredths),
                  "'%s' refused", text);
    ck_assert_uint_eq(got_units, units);
    ck_assert_uint_eq(got_hundredths, hundredths);
}

START_TEST(parses_means_like_the_schema)
{
    static const char *const refused[] = {
        "18446744073709551616.00", "", "5", "5.", "5.5", "5.500", ".50",
        "-5.00", "+5.00", "5e0", "5,00", "5.0x", "5 .00",
    };
    uint64_t units = 7;
    unsigned hundredths = 7;
    size_t i;

    assert_parses_mean("103.56", 103, 56);
    assert_parses_mean("0.00", 0, 0);
    assert_parses_mean(" 11.05\n", 11, 5);
    assert_parses_mean("18446744073709551615.99", UINT64_MAX, 99);
    for (i = 0; i < sizeof refused / sizeof refused[0]; i++)
        ck_assert_msg(!hg_parse_mean(refused[i], &units, &hundredths),
                      "'%s' parsed", refused[i]);
}
END_TEST

/* --------------------------------------------------------- hostile XML */

static int external_loads;

static xmlParserInputPtr count_external_load(const char *url, const char *id,
                                             xmlParserCtxtPtr ctxt)
{
    (void)url;
    (void)id;
    (void)ctxt;
    external_loads++;
    return NULL;
}

/* A file, a URL or a schema location: libxml2 fetches all of them through
   the external entity loader, so counting its calls shows nothing was
   even asked for. */
START_TEST(never_asks_for_anything_outside_the_file)
{
    static const char *hostile[] = {
        "external-entity.xml", "doctype-http.xml", "entity-bomb.xml",
        "schema-location.xml",
    };
    char problem[HG_PROBLEM_SIZE];
    size_t i;

    hg_report_free(load_ok("valid.xml"));   /* installs the reader's loader */
    xmlSetExternalEntityLoader(count_external_load);
    for (i = 0; i < sizeof hostile / sizeof hostile[0]; i++) {
        struct hg_report *r = hg_report_load(fixture(hostile[i]), problem,
                                             sizeof problem);
        xmlDocPtr doc = hg_xml_read_report(fixture(hostile[i]), problem,
                                           sizeof problem);
        if (doc != NULL) {
            hg_xml_validate(doc, problem, sizeof problem);
            xmlFreeDoc(doc);
        }
        hg_report_free(r);
    }
    ck_assert_int_eq(external_loads, 0);
}
END_TEST

START_TEST(never_shows_the_content_of_an_external_entity)
{
    char problem[HG_PROBLEM_SIZE] = "";
    struct hg_report *r = hg_report_load(fixture("external-entity.xml"),
                                         problem, sizeof problem);
    ck_assert_ptr_null(r);
    ck_assert_ptr_null(strstr(problem, "root:"));
    ck_assert_ptr_null(strstr(problem, "/bin/"));
    ck_assert_ptr_null(hg_xml_read_report(fixture("external-entity.xml"),
                                          problem, sizeof problem));
    ck_assert_ptr_null(strstr(problem, "root:"));
}
END_TEST

/* libxml2's allocations, counted, within a budget: past it each one
   fails, so a parser that set out to expand an entity bomb is stopped
   early, and the test fails, however fast or slow the machine. */
static size_t xml_bytes, xml_budget;
static bool xml_over_budget;

static bool within_budget(size_t size)
{
    xml_bytes += size;
    if (xml_bytes <= xml_budget)
        return true;
    xml_over_budget = true;
    return false;
}

static void *counted_malloc(size_t size)
{
    return within_budget(size) ? malloc(size) : NULL;
}

static void *counted_realloc(void *block, size_t size)
{
    return within_budget(size) ? realloc(block, size) : NULL;
}

static char *counted_strdup(const char *text)
{
    return within_budget(strlen(text) + 1) ? strdup(text) : NULL;
}

/* What libxml2 allocates to load fixture NAME (NULL: it is refused),
   failing past BUDGET bytes.  Its allocator is swapped for the counting
   one only here: both end in malloc and free, so blocks may cross. */
static size_t libxml_bytes_to_load(const char *name, size_t budget,
                                   bool loads)
{
    xmlFreeFunc free_fn;
    xmlMallocFunc malloc_fn;
    xmlReallocFunc realloc_fn;
    xmlStrdupFunc strdup_fn;
    char problem[HG_PROBLEM_SIZE];
    struct hg_report *r;

    hg_report_free(load_ok("valid.xml"));   /* libxml2 set up, uncounted */
    xmlMemGet(&free_fn, &malloc_fn, &realloc_fn, &strdup_fn);
    xml_bytes = 0;
    xml_budget = budget;
    xml_over_budget = false;
    xmlMemSetup(free, counted_malloc, counted_realloc, counted_strdup);
    r = hg_report_load(fixture(name), problem, sizeof problem);
    xmlMemSetup(free_fn, malloc_fn, realloc_fn, strdup_fn);
    ck_assert_msg(!xml_over_budget, "%s: libxml2 allocated more than %zu "
                  "bytes", name, budget);
    ck_assert_msg((r != NULL) == loads, "%s: %s", name,
                  r != NULL ? "loaded" : problem);
    hg_report_free(r);
    return xml_bytes;
}

/* Bounded by work, not time: refused at its DOCTYPE, before a declaration
   is read, the bomb costs libxml2 no more memory than the smallest valid
   report; any expansion of &lol9; (3 GB) would cost far more. */
START_TEST(refuses_an_entity_bomb_fast)
{
    size_t valid = libxml_bytes_to_load("valid.xml", SIZE_MAX, true);
    libxml_bytes_to_load("entity-bomb.xml", valid, false);
}
END_TEST

/* ------------------------------------------------------------- show */

START_TEST(formats_counts_with_thousands_separators)
{
    char text[HG_COUNT_TEXT_SIZE];
    ck_assert_str_eq(hg_format_count(0, text), "0");
    ck_assert_str_eq(hg_format_count(7, text), "7");
    ck_assert_str_eq(hg_format_count(999, text), "999");
    ck_assert_str_eq(hg_format_count(1000, text), "1,000");
    ck_assert_str_eq(hg_format_count(100000, text), "100,000");
    ck_assert_str_eq(hg_format_count(1234567, text), "1,234,567");
    ck_assert_str_eq(hg_format_count(UINT64_MAX, text),
                     "18,446,744,073,709,551,615");
}
END_TEST

START_TEST(formats_percentages_with_two_rounded_decimals)
{
    char text[HG_PERCENT_TEXT_SIZE];
    ck_assert_str_eq(hg_format_percent(1, 3, text), "33.33%");
    ck_assert_str_eq(hg_format_percent(2, 3, text), "66.67%");
    ck_assert_str_eq(hg_format_percent(1, 1, text), "100.00%");
    ck_assert_str_eq(hg_format_percent(0, 5, text), "0.00%");
    ck_assert_str_eq(hg_format_percent(0, 0, text), "0.00%");
    ck_assert_str_eq(hg_format_percent(1, 20000, text), "0.01%");  /* half up */
    ck_assert_str_eq(hg_format_percent(1, 20001, text), "0.00%");
    ck_assert_str_eq(hg_format_percent(567, 1234567, text), "0.05%");
    ck_assert_str_eq(hg_format_percent(UINT64_MAX / 2, UINT64_MAX, text),
                     "50.00%");
    ck_assert_str_eq(hg_format_percent(UINT64_MAX - 1, UINT64_MAX, text),
                     "100.00%");
    ck_assert_str_eq(hg_format_percent(3, 2, text), "150.00%");
    /* 12345 / 20000 is 61.725% exactly, a tie that rounds up however
       large the counts: long division, no scaling down that loses it. */
    ck_assert_str_eq(hg_format_percent(12345 * ((UINT64_C(1) << 49) + 1),
                                       20000 * ((UINT64_C(1) << 49) + 1),
                                       text), "61.73%");
}
END_TEST

START_TEST(formats_means_with_thousands_separators)
{
    char text[HG_MEAN_TEXT_SIZE];
    ck_assert_str_eq(hg_format_mean(0, 0, text), "0.00");
    ck_assert_str_eq(hg_format_mean(103, 56, text), "103.56");
    ck_assert_str_eq(hg_format_mean(1234, 5, text), "1,234.05");
    ck_assert_str_eq(hg_format_mean(UINT64_MAX, 99, text),
                     "18,446,744,073,709,551,615.99");
}
END_TEST

/* The table as a string. */
static char *show_to_string(const struct hg_report *report, size_t limit)
{
    FILE *out = tmpfile();
    long size;
    char *text;

    ck_assert_ptr_nonnull(out);
    hg_show_table(out, report, limit);
    size = ftell(out);
    ck_assert_int_ge(size, 0);
    text = calloc(1, (size_t)size + 1);
    rewind(out);
    ck_assert_uint_eq(fread(text, 1, (size_t)size, out), (size_t)size);
    fclose(out);
    return text;
}

/* Shows REPORT within LIMIT and checks the whole table is EXPECTED. */
static void assert_shows(const struct hg_report *report, size_t limit,
                         const char *expected)
{
    char *text = show_to_string(report, limit);
    ck_assert_str_eq(text, expected);
    free(text);
}

/* The same for the report in the fixture NAME. */
static void assert_fixture_shows(const char *name, size_t limit,
                                 const char *expected)
{
    struct hg_report *r = load_ok(name);
    assert_shows(r, limit, expected);
    hg_report_free(r);
}

START_TEST(shows_the_table_of_a_report)
{
    assert_fixture_shows("valid.xml", 20,
        "Command:   ./prog 'first arg' --n=3\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Total:     1,234,567 Ir\n"
        "Functions: 4, all shown, by self Ir\n"
        "\n"
        "       Ir        (%)  function  object                file:line\n"
        "1,000,000   (81.00%)  main      prog                  prog.c:12\n"
        "  200,000   (16.20%)  compute   prog                  prog.c:30\n"
        "   34,000    (2.75%)  strlen    libc.so.6             ???\n"
        "      567    (0.05%)  ???       ld-linux-x86-64.so.2  ???\n");
}
END_TEST

/* <exit> loads as written and shows in the header, in words; a report
   without one shows nothing about it (valid.xml above). */
START_TEST(loads_and_shows_how_the_program_ended)
{
    static const struct {
        const char *file;
        enum hg_ended_by how;
        unsigned status, signal;
        bool clean;
        const char *shown;
    } cases[] = {
        { "exit-status-0.xml", HG_ENDED_BY_STATUS, 0, 0, true, "status 0" },
        { "exit-status-3.xml", HG_ENDED_BY_STATUS, 3, 0, false, "status 3" },
        { "exit-signal-6.xml", HG_ENDED_BY_SIGNAL, 0, 6, false,
          "killed by signal 6 (SIGABRT)" },
        { "exit-signal.xml", HG_ENDED_BY_SIGNAL, 0, 0, false,
          "ended by a signal (which one is unknown)" },
        { "exit-exec.xml", HG_ENDED_BY_EXEC, 0, 0, false,
          "replaced by exec" },
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct hg_report *r = load_ok(cases[i].file);
        char line[128], *text;
        ck_assert_int_eq(r->exit.how, cases[i].how);
        ck_assert_uint_eq(r->exit.status, cases[i].status);
        ck_assert_uint_eq(r->exit.signal, cases[i].signal);
        ck_assert(hg_exit_is_clean(&r->exit) == cases[i].clean);
        snprintf(line, sizeof line, "\nExit:      %s\nTotal: ",
                 cases[i].shown);
        text = show_to_string(r, 1);
        ck_assert_msg(strstr(text, line) != NULL, "%s: %s", cases[i].file,
                      text);
        free(text);
        hg_report_free(r);
    }
    {
        struct hg_report *r = load_ok("valid.xml");
        ck_assert_int_eq(r->exit.how, HG_ENDED_UNKNOWN);
        ck_assert(hg_exit_is_clean(&r->exit));
        hg_report_free(r);
    }
}
END_TEST

START_TEST(shows_only_the_top_functions_within_the_limit)
{
    struct hg_report *r = load_ok("valid.xml");
    char *text;
    assert_shows(r, 2,
        "Command:   ./prog 'first arg' --n=3\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Total:     1,234,567 Ir\n"
        "Functions: 4, top 2 shown, by self Ir\n"
        "\n"
        "       Ir        (%)  function  object  file:line\n"
        "1,000,000   (81.00%)  main      prog    prog.c:12\n"
        "  200,000   (16.20%)  compute   prog    prog.c:30\n");
    text = show_to_string(r, 0);   /* 0 = all */
    ck_assert_ptr_nonnull(strstr(text, "Functions: 4, all shown"));
    ck_assert_ptr_nonnull(strstr(text, "ld-linux-x86-64.so.2  ???\n"));
    free(text);
    hg_report_free(r);
}
END_TEST

/* Rows are sorted by self Ir, then name, object, file and line, whatever
   the order in the file. */
START_TEST(shows_functions_in_the_report_order)
{
#define UNMARKED(n, o, f, l, ir) \
    { .name = (char *)(n), .object = (char *)(o), .file = (char *)(f), \
      .line = (l), .self_ir = (ir) }
    struct hg_function functions[] = {
        UNMARKED("b", "o", "f.c", 1, 10),
        UNMARKED("a", "o", "f.c", 9, 10),
        UNMARKED("z", "o", "f.c", 1, 50),
        UNMARKED("a", "o", "f.c", 2, 10),
        UNMARKED("a", "n", "g.c", 5, 10),
        UNMARKED("a", "n", "f.c", 5, 10),
    };
#undef UNMARKED
    char *args[] = { (char *)"" };
    struct hg_report report = {
        .format = 1, .tool_version = (char *)"0.1.0",
        .valgrind_version = (char *)"3.19.0", .arch = (char *)"x86",
        .exe = (char *)"p", .args = args, .arg_count = 1,
        .total_ir = 100, .functions = functions, .function_count = 6,
    };
    assert_shows(&report, 0,
        "Command:   p ''\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, x86\n"
        "Total:     100 Ir\n"
        "Functions: 6, all shown, by self Ir\n"
        "\n"
        "Ir        (%)  function  object  file:line\n"
        "50   (50.00%)  z         o       f.c:1\n"
        "10   (10.00%)  a         n       f.c:5\n"
        "10   (10.00%)  a         n       g.c:5\n"
        "10   (10.00%)  a         o       f.c:2\n"
        "10   (10.00%)  a         o       f.c:9\n"
        "10   (10.00%)  b         o       f.c:1\n");
}
END_TEST

START_TEST(shows_a_report_without_functions)
{
    assert_fixture_shows("no-functions.xml", 20,
        "Command:   empty\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, s390x\n"
        "Total:     0 Ir\n"
        "Functions: 0, all shown, by self Ir\n"
        "\n"
        "(no functions)\n");
}
END_TEST

START_TEST(shows_marked_functions_zones_and_warnings)
{
    assert_fixture_shows("valid-marked.xml", 2,
        "Command:   ./prog\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Options:   --collect-atstart=yes\n"
        "Total:     9,034 Ir\n"
        "Functions: 4, top 2 shown, by self Ir\n"
        "\n"
        "   Ir        (%)  function  object  file:line\n"
        "5,000   (55.35%)  main      prog    prog.c:10\n"
        "2,827   (31.29%)  fib       prog    fib.c:3\n"
        "\n"
        "Marked functions and zones: 3 functions, 3 zones, by inclusive Ir\n"
        "\n"
        "name          calls  inclusive Ir        mean      p50        p95"
        "        p99        max  object\n"
        "parse             3     1,234,567  411,522.33  233,567  1,000,000"
        "  1,000,000  1,000,000  (zone)\n"
        "parse_header      4         3,000      750.00      700      1,000"
        "      1,000      1,000  prog\n"
        "compute           1         2,844    2,844.00    2,844      2,844"
        "      2,844      2,844  (zone)\n"
        "fib             177         2,827      103.56       11        395"
        "      1,739      2,827  prog\n"
        "cleanup           0             0           -        -          -"
        "          -          -  prog\n"
        "idle              0             0           -        -          -"
        "          -          -  (zone)\n"
        "\n"
        "warning: mark 'cleanup' matched 1 function, never entered\n"
        "warning: mark 'nomatch' matched no function that ran "
        "(inlined? never called? misspelt?)\n"
        "warning: mark 'libc.so.6:*' matched 67 functions, never entered\n");
}
END_TEST

/* Rows are sorted by inclusive Ir, then name, functions before zones,
   object, file and line, whatever the order in the file; --limit does not
   apply to them. */
START_TEST(shows_marked_rows_in_one_order)
{
    struct hg_per_call one = { 5, 5, 5, 0, 5, 5, 5 };
#define MARKED(n, o, l) \
    { .name = (char *)(n), .object = (char *)(o), .file = (char *)"f.c", \
      .line = (l), .self_ir = 1, .marked = true, .calls = 1, \
      .inclusive_ir = 5, .has_per_call = true, .per_call = one }
    struct hg_function functions[] = {
        MARKED("b", "o", 1),
        MARKED("a", "o", 9),
        MARKED("a", "o", 2),
        MARKED("a", "n", 2),
        { .name = (char *)"unmarked", .object = (char *)"o",
          .file = (char *)"f.c", .line = 1, .self_ir = 99 },
    };
#undef MARKED
    struct hg_zone zones[] = {
        { .name = (char *)"a", .calls = 1, .inclusive_ir = 5,
          .has_per_call = true, .per_call = one },
        { .name = (char *)"z", .calls = 2, .inclusive_ir = 7,
          .has_per_call = true, .per_call = { 1, 6, 3, 50, 1, 6, 6 } },
    };
    struct hg_report report = {
        .format = 1, .tool_version = (char *)"0.1.0",
        .valgrind_version = (char *)"3.19.0", .arch = (char *)"x86",
        .exe = (char *)"p", .total_ir = 103, .functions = functions,
        .function_count = 5, .zones = zones, .zone_count = 2,
    };
    assert_shows(&report, 1,
        "Command:   p\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, x86\n"
        "Total:     103 Ir\n"
        "Functions: 5, top 1 shown, by self Ir\n"
        "\n"
        "Ir        (%)  function  object  file:line\n"
        "99   (96.12%)  unmarked  o       f.c:1\n"
        "\n"
        "Marked functions and zones: 4 functions, 2 zones, by inclusive Ir\n"
        "\n"
        "name  calls  inclusive Ir  mean  p50  p95  p99  max  object\n"
        "z         2             7  3.50    1    6    6    6  (zone)\n"
        "a         1             5  5.00    5    5    5    5  n\n"
        "a         1             5  5.00    5    5    5    5  o\n"
        "a         1             5  5.00    5    5    5    5  o\n"
        "a         1             5  5.00    5    5    5    5  (zone)\n"
        "b         1             5  5.00    5    5    5    5  o\n");
}
END_TEST

/* Zones and warnings still show when there is no function at all. */
START_TEST(shows_zones_and_warnings_without_functions)
{
    struct hg_zone zones[] = {
        { .name = (char *)"idle" },
    };
    struct hg_mark marks[] = {
        { (char *)"main", 0, 0 },
        { (char *)"f*", 2, 1 },
        { (char *)"g*", 2, 0 },
    };
    struct hg_report report = {
        .format = 1, .tool_version = (char *)"0.1.0",
        .valgrind_version = (char *)"3.19.0", .arch = (char *)"amd64",
        .exe = (char *)"p", .zones = zones, .zone_count = 1,
        .marks = marks, .mark_count = 3,
    };
#define NO_FUNCTIONS \
        "Command:   p\n" \
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n" \
        "Total:     0 Ir\n" \
        "Functions: 0, all shown, by self Ir\n" \
        "\n" \
        "(no functions)\n" \
        "\n"
#define WARNINGS \
        "warning: mark 'main' matched no function that ran " \
        "(inlined? never called? misspelt?)\n" \
        "warning: mark 'g*' matched 2 functions, never entered\n"
    assert_shows(&report, 0,
        NO_FUNCTIONS
        "Marked functions and zones: 0 functions, 1 zone, by inclusive Ir\n"
        "\n"
        "name  calls  inclusive Ir  mean  p50  p95  p99  max  object\n"
        "idle      0             0     -    -    -    -    -  (zone)\n"
        "\n"
        WARNINGS);
    report.zone_count = 0;
    assert_shows(&report, 0, NO_FUNCTIONS WARNINGS);
#undef NO_FUNCTIONS
#undef WARNINGS
}
END_TEST

/* What valid-heap-threads.xml shows whatever the limit. */
#define POOL_HEAP \
        "\n" \
        "Heap:      40 allocations, 65,602 bytes; 35 frees, 60,002 bytes " \
        "freed\n" \
        "           peak 9,000 bytes in 7 blocks; at exit 5,600 bytes in 5 " \
        "blocks\n"
#define POOL_THREADS \
        "\n" \
        "Threads: 3, by id\n" \
        "\n" \
        "id  name      parent  status       Ir        (%)  allocs  " \
        "alloc-bytes\n" \
        " 1  -              -  exited   40,000   (40.00%)      10  " \
        "      5,602\n" \
        " 2  worker-1       1  exited   35,000   (35.00%)      15  " \
        "     30,000\n" \
        " 3  -              1  running  25,000   (25.00%)      15  " \
        "     30,000\n"
#define POOL_EVENTS \
        "\n" \
        "Events: 18, by kind\n" \
        "\n" \
        "events  kind\n" \
        "     2  create\n" \
        "     2  exit\n" \
        "     1  join\n" \
        "     5  lock\n" \
        "     5  unlock\n" \
        "     1  cond-wait\n" \
        "     1  cond-signal\n" \
        "     1  cond-broadcast\n"

START_TEST(shows_heap_threads_mutexes_and_events)
{
    assert_fixture_shows("valid-heap-threads.xml", 20,
        "Command:   ./pool 2\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Options:   --collect-atstart=yes --heap=yes --thread-events=yes"
        " --alloc-fn=pool:arena_alloc --alloc-fn=xmalloc"
        " --free-fn=arena_free\n"
        "Total:     100,000 Ir\n"
        "Functions: 5, all shown, by self Ir\n"
        "\n"
        "    Ir        (%)  function   object     file:line\n"
        "50,000   (50.00%)  worker     pool       pool.c:20\n"
        "20,000   (20.00%)  main       pool       pool.c:50\n"
        "15,000   (15.00%)  make_task  pool       task.c:7\n"
        "10,000   (10.00%)  malloc     libc.so.6  ???\n"
        " 5,000    (5.00%)  cleanup    pool       pool.c:80\n"
        "\n"
        "Marked functions and zones: 1 function, 0 zones, by inclusive Ir\n"
        "\n"
        "name    calls  inclusive Ir       mean     p50     p95     p99"
        "     max  allocs  alloc-bytes  frees  free-bytes  object\n"
        "worker      2        70,000  35,000.00  30,000  40,000  40,000"
        "  40,000      30       60,000     28      56,000  pool\n"
        POOL_HEAP
        "Functions with heap traffic: 4, all shown, by alloc-bytes\n"
        "\n"
        "allocs  alloc-bytes  frees  free-bytes  function   object  "
        "file:line\n"
        "    20       40,000     18      36,000  worker     pool    "
        "pool.c:20\n"
        "    10       20,000     10      20,000  make_task  pool    "
        "task.c:7\n"
        "     8        5,600      5       4,000  main       pool    "
        "pool.c:50\n"
        "     2            2      2           2  cleanup    pool    "
        "pool.c:80\n"
        POOL_THREADS
        "\n"
        "Mutexes: 3, all shown, by contended acquisitions\n"
        "\n"
        "id  name        acquisitions  contended\n"
        " 1  queue_lock             3          1\n"
        " 2  -                      1          0\n"
        " 3  stats+16               1          0\n"
        POOL_EVENTS);
}
END_TEST

/* The part of the table from the line that starts with FROM. */
static void assert_shows_from(const struct hg_report *report, size_t limit,
                              const char *from, const char *expected)
{
    char *text = show_to_string(report, limit);
    const char *start = strstr(text, from);
    ck_assert_msg(start != NULL, "no '%s' in:\n%s", from, text);
    ck_assert_str_eq(start, expected);
    free(text);
}

/* --limit cuts the heap functions and the mutexes, not the threads. */
START_TEST(shows_the_top_heap_functions_and_mutexes_within_the_limit)
{
    struct hg_report *r = load_ok("valid-heap-threads.xml");
    assert_shows_from(r, 1, "\nHeap:",
        POOL_HEAP
        "Functions with heap traffic: 4, top 1 shown, by alloc-bytes\n"
        "\n"
        "allocs  alloc-bytes  frees  free-bytes  function  object  "
        "file:line\n"
        "    20       40,000     18      36,000  worker    pool    "
        "pool.c:20\n"
        POOL_THREADS
        "\n"
        "Mutexes: 3, top 1 shown, by contended acquisitions\n"
        "\n"
        "id  name        acquisitions  contended\n"
        " 1  queue_lock             3          1\n"
        POOL_EVENTS);
    hg_report_free(r);
}
END_TEST
#undef POOL_HEAP
#undef POOL_THREADS
#undef POOL_EVENTS

/* heap=no, thread-events=no: threads only, without heap columns. */
START_TEST(shows_threads_without_heap_columns)
{
    assert_fixture_shows("valid-threads.xml", 20,
        "Command:   ./spin\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, arm64\n"
        "Options:   --collect-atstart=yes --heap=no --thread-events=no\n"
        "Total:     3,000 Ir\n"
        "Functions: 2, all shown, by self Ir\n"
        "\n"
        "   Ir        (%)  function  object  file:line\n"
        "2,000   (66.67%)  spin      spin    spin.c:4\n"
        "1,000   (33.33%)  main      spin    spin.c:12\n"
        "\n"
        "Threads: 2, by id\n"
        "\n"
        "id  name     parent  status     Ir        (%)\n"
        " 1  -             -  exited  1,001   (33.37%)\n"
        " 2  sp\xc3\xadnner       1  exited  1,999   (66.63%)\n");
}
END_TEST

/* Heap functions by alloc-bytes, then allocs, name, object, file, line;
   mutexes by contended, then acquisitions, then id; threads by id;
   whatever the order in the file.  A thread without heap figures among
   others that have them shows '-'; the mark warnings come last. */
START_TEST(shows_heap_threads_and_mutexes_in_one_order)
{
#define HEAP_FUNCTION(n, o, f, l, allocs, bytes) \
    { .name = (char *)(n), .object = (char *)(o), .file = (char *)(f), \
      .line = (l), .self_ir = 1, .has_heap = true, \
      .heap = { (allocs), (bytes), 0, 0 } }
    struct hg_function functions[] = {
        HEAP_FUNCTION("b", "o", "f.c", 1, 1, 10),
        HEAP_FUNCTION("a", "o", "f.c", 2, 1, 10),
        HEAP_FUNCTION("z", "o", "", 0, 9, 10),
        HEAP_FUNCTION("a", "n", "f.c", 0, 1, 10),
        HEAP_FUNCTION("c", "o", "f.c", 1, 1, 50),
        { .name = (char *)"none", .object = (char *)"o", .file = (char *)"",
          .self_ir = 5 },
    };
#undef HEAP_FUNCTION
    struct hg_thread threads[] = {
        { 3, NULL, 1, HG_THREAD_RUNNING, 2, false, { 0, 0, 0, 0 }, false, 0 },
        { 1, (char *)"main", 0, HG_THREAD_EXITED, 8, true, { 1, 2, 3, 4 },
          false, 0 },
    };
    struct hg_mutex mutexes[] = {
        { 4, NULL, 9, 0, },
        { 3, (char *)"b", 1, 1 },
        { 2, (char *)"a", 5, 1 },
        { 1, NULL, 9, 0 },
    };
    struct hg_mark marks[] = { { (char *)"nomatch", 0, 0 } };
    struct hg_report report = {
        .format = 1, .tool_version = (char *)"0.1.0",
        .valgrind_version = (char *)"3.19.0", .arch = (char *)"x86",
        .exe = (char *)"p", .total_ir = 10, .functions = functions,
        .function_count = 6, .marks = marks, .mark_count = 1,
        .has_threads = true, .threads = threads, .thread_count = 2,
        .has_mutexes = true, .mutexes = mutexes, .mutex_count = 4,
        .has_events = true,
    };
    assert_shows_from(&report, 0, "\nFunctions with",
        "\n"
        "Functions with heap traffic: 5, all shown, by alloc-bytes\n"
        "\n"
        "allocs  alloc-bytes  frees  free-bytes  function  object  "
        "file:line\n"
        "     1           50      0           0  c         o       f.c:1\n"
        "     9           10      0           0  z         o       ???\n"
        "     1           10      0           0  a         n       f.c\n"
        "     1           10      0           0  a         o       f.c:2\n"
        "     1           10      0           0  b         o       f.c:1\n"
        "\n"
        "Threads: 2, by id\n"
        "\n"
        "id  name  parent  status   Ir        (%)  allocs  alloc-bytes\n"
        " 1  main       -  exited    8   (80.00%)       1            2\n"
        " 3  -          1  running   2   (20.00%)       -            -\n"
        "\n"
        "Mutexes: 4, all shown, by contended acquisitions\n"
        "\n"
        "id  name  acquisitions  contended\n"
        " 2  a                5          1\n"
        " 3  b                1          1\n"
        " 1  -                9          0\n"
        " 4  -                9          0\n"
        "\n"
        "Events: 0, by kind\n"
        "\n"
        "warning: mark 'nomatch' matched no function that ran "
        "(inlined? never called? misspelt?)\n");
}
END_TEST

/* heap=yes in a run where no function allocated: the totals only. */
START_TEST(shows_the_heap_totals_without_heap_functions)
{
    struct hg_function functions[] = {
        { .name = (char *)"main", .object = (char *)"p", .file = (char *)"",
          .self_ir = 5 },
    };
    struct hg_report report = {
        .format = 1, .tool_version = (char *)"0.1.0",
        .valgrind_version = (char *)"3.19.0", .arch = (char *)"x86",
        .exe = (char *)"p", .total_ir = 5, .functions = functions,
        .function_count = 1, .has_heap = true,
        .heap = { { 1, 1, 0, 0 }, 1, 1, 1, 1 },
    };
    assert_shows_from(&report, 0, "\nHeap:",
        "\n"
        "Heap:      1 allocation, 1 byte; 0 frees, 0 bytes freed\n"
        "           peak 1 byte in 1 block; at exit 1 byte in 1 block\n"
        "Functions with heap traffic: none\n");
}
END_TEST

/* The run details the report records, then the cache figures of the
   totals, and cache columns in the function and marked tables. */
START_TEST(shows_run_details_and_cache_figures)
{
    struct hg_report *r;
    char *text;

    assert_fixture_shows("diff/cache-base.xml", 20,
        "Command:   ./mm 64\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Platform:  amd64-cx16-lzcnt-rdtscp-sse3-ssse3-avx-avx2-bmi-f16c-"
        "rdrand-rdseed\n"
        "Libc:      glibc 2.36\n"
        "Options:   --collect-atstart=yes --heap=no --thread-events=no\n"
        "Env:       21 variables, 1,342 bytes; "
        "GLIBC_TUNABLES=glibc.cpu.hwcaps=-AVX2_Usable LD_BIND_NOW=1\n"
        "Cache:     I1 32768,8,64, D1 32768,8,64, LL 8388608,16,64 "
        "(size,assoc,line; fixed)\n"
        "Cycles:    cost model l1-ll-miss version 1: "
        "Ir + 10 x (I1mr + D1mr + D1mw) + 100 x (ILmr + DLmr + DLmw)\n"
        "Total:     1,000 Ir\n"
        "           I1mr 10, ILmr 5, Dr 300, D1mr 30, DLmr 6, Dw 100, "
        "D1mw 10, DLmw 2, cycles 2,800\n"
        "Functions: 2, all shown, by self Ir\n"
        "\n"
        " Ir        (%)  I1mr  ILmr   Dr  D1mr  DLmr  Dw  D1mw  DLmw  cycles"
        "  function  object  file:line\n"
        "600   (60.00%)     6     3  200    20     4  60     6     1   1,720"
        "  kernel    mm      k.c:3\n"
        "400   (40.00%)     4     2  100    10     2  40     4     1   1,080"
        "  main      mm      main.c:1\n"
        "\n"
        "Marked functions and zones: 1 function, 0 zones, by inclusive Ir\n"
        "\n"
        "name    calls  inclusive Ir  I1mr  ILmr   Dr  D1mr  DLmr  Dw  D1mw"
        "  DLmw  cycles    mean  p50  p95  p99  max  object\n"
        "kernel      4           800     8     4  250    25     5  80     8"
        "     2   2,310  200.00  150  300  300  300  mm\n"
        "\n"
        "Threads: 1, by id\n"
        "\n"
        "id  name  parent  status     Ir        (%)\n"
        " 1  -          -  exited  1,000  (100.00%)\n");

    /* Without a source for the geometry; a function without cache
       figures in a report with them; the host. */
    r = load_ok("diff/cache-head.xml");
    text = show_to_string(r, 0);
    ck_assert_ptr_nonnull(strstr(text, "\nCache:     I1 32768,8,64, "
                                 "D1 32768,8,64, LL 8388608,16,64 "
                                 "(size,assoc,line)\n"));
    free(text);
    hg_report_free(r);
    r = load_ok("valid-full.xml");
    text = show_to_string(r, 0);
    ck_assert_ptr_nonnull(strstr(text, "\nHost:      pid 4242, parent 1, "
                                 "in /home/ci/work\n"));
    ck_assert_ptr_nonnull(strstr(text,
        "\n           I1mr 1, ILmr 2, Dr 3, D1mr 4, DLmr 5, Dw 6, D1mw 7, "
        "DLmw 8\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n                         1    "
                                 "(0.00%)     -     -   -     -     -   -"
                                 "     -     -  helper    bench   "
                                 "bench.c:20\n"));
    free(text);
    hg_report_free(r);
}
END_TEST

/* A report written by hotgrind merge says so. */
START_TEST(shows_a_merged_report_as_such)
{
    struct hg_report report = {
        .format = 1, .tool_version = (char *)"0.1.0",
        .valgrind_version = (char *)"3.19.0", .arch = (char *)"amd64",
        .exe = (char *)"p", .merged_reports = 1234,
    };
    assert_shows(&report, 0,
        "Command:   p\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Merged:    the sum of 1,234 runs (hotgrind merge)\n"
        "Total:     0 Ir\n"
        "Functions: 0, all shown, by self Ir\n"
        "\n"
        "(no functions)\n");
}
END_TEST

/* A report of `hotgrind run`: the program its `program` setting names,
   the path it ran by, and every setting of <launcher> in file order, as
   shell words like the environment's values. */
START_TEST(shows_the_launcher_and_its_program)
{
    assert_fixture_shows("valid-launcher.xml", 20,
        "Command:   xz -9 'in put.txt' (run as /proc/self/fd/3)\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Libc:      glibc 2.36\n"
        "Options:   --collect-atstart=yes --heap=no --thread-events=no\n"
        "Env:       7 variables, 1,200 bytes; "
        "GLIBC_TUNABLES=glibc.malloc.arena_max=1 LD_BIND_NOW=1\n"
        "Launcher:  hotgrind run; program=xz environment=cleared "
        "PATH=/usr/bin:/bin LC_ALL=C LD_BIND_NOW=1 glibc-tunables=x86-sse2 "
        "keep-env=HOME env=SEED=1 program-path=/proc/self/fd/3 "
        "valgrind-lib=default valgrind-wrapper=skipped 'open-fds=0 1 2 3' "
        "stdin=terminal stdout=pipe stderr=file aslr=off "
        "stack-limit=8388608 cwd=. cache-geometry=fixed\n"
        "Total:     100 Ir\n"
        "Functions: 1, all shown, by self Ir\n"
        "\n"
        " Ir        (%)  function  object  file:line\n"
        "100  (100.00%)  main      xz      xz.c:1\n"
        "\n"
        "Threads: 1, by id\n"
        "\n"
        "id  name  parent  status   Ir        (%)\n"
        " 1  -          -  exited  100  (100.00%)\n");
}
END_TEST

/* A launcher without settings is its name alone; without a `program`
   setting, or with an empty one, the program is <exe>. */
START_TEST(shows_a_launcher_without_a_program_setting)
{
    struct hg_option settings[] = {
        { (char *)"stdin", (char *)"it's" },
        { (char *)"program", (char *)"" },
    };
    struct hg_report report = {
        .format = 1, .tool_version = (char *)"0.1.0",
        .valgrind_version = (char *)"3.19.0", .arch = (char *)"amd64",
        .exe = (char *)"./p", .launcher = (char *)"ci pin",
    };
    assert_shows(&report, 0,
        "Command:   ./p\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Launcher:  ci pin\n"
        "Total:     0 Ir\n"
        "Functions: 0, all shown, by self Ir\n"
        "\n"
        "(no functions)\n");
    report.settings = settings;
    report.setting_count = 2;
    ck_assert_str_eq(hg_report_program(&report), "./p");
    assert_shows(&report, 0,
        "Command:   ./p\n"
        "Measured:  hotgrind 0.1.0, Valgrind 3.19.0, amd64\n"
        "Launcher:  ci pin; 'stdin=it'\\''s' program=\n"
        "Total:     0 Ir\n"
        "Functions: 0, all shown, by self Ir\n"
        "\n"
        "(no functions)\n");
    settings[1].value = (char *)"p";
    ck_assert_str_eq(hg_report_program(&report), "p");
    report.launcher = NULL;        /* settings count only with a launcher */
    ck_assert_str_eq(hg_report_program(&report), "./p");
}
END_TEST

START_TEST(shows_escaped_names_as_they_are)
{
    struct hg_report *r = load_ok("valid-escapes.xml");
    char *text = show_to_string(r, 0);
    ck_assert_ptr_nonnull(strstr(text,
        "Command:   './a b' 'it'\\''s \"quoted\" <&>' ''\n"));
    ck_assert_ptr_nonnull(strstr(text,
        "  operator<<(std::ostream&, Foo const&)  "));
    ck_assert_ptr_nonnull(strstr(text, "na\xc3\xafve_sum"));
    free(text);
    hg_report_free(r);
}
END_TEST

/* ----------------------------------------------------------- metrics */

START_TEST(lists_every_metric_once_in_scope_order)
{
    size_t n, i, j;
    const struct hg_metric *all = hg_metrics(&n);
    ck_assert_uint_eq(n, 42);   /* 18 self (4 of them branch), 20 marked, 4 total */
    ck_assert_str_eq(all[0].name, "Ir");
    ck_assert_str_eq(all[n - 1].name, "exit-blocks");
    for (i = 0; i < n; i++) {
        ck_assert_ptr_eq(hg_metric_named(all[i].name), &all[i]);
        ck_assert(all[i].meaning != NULL && all[i].meaning[0] != '\0');
        if (i > 0)
            ck_assert_int_le(all[i - 1].scope, all[i].scope);
        for (j = 0; j < i; j++)
            ck_assert_str_ne(all[i].name, all[j].name);
    }
    ck_assert_ptr_null(hg_metric_named("ir"));
    ck_assert_ptr_null(hg_metric_named(""));
    ck_assert(hg_metric_named("D1mr")->arch_dependent);
    ck_assert(hg_metric_named("Bcm")->arch_dependent);
    ck_assert_int_eq(hg_metric_named("Bim")->scope, HG_SCOPE_SELF);
    ck_assert(hg_metric_named("p95")->arch_dependent);
    ck_assert(!hg_metric_named("calls")->arch_dependent);
    ck_assert(!hg_metric_named("incl-alloc-bytes")->arch_dependent);
    ck_assert(!hg_metric_named("peak-bytes")->arch_dependent);
}
END_TEST

/* VALUE of metric NAME for ENTITY of R, or "none" when R lacks it. */
static void assert_metric(const struct hg_report *r,
                          const struct hg_entity *entity, const char *name,
                          bool present, uint64_t value)
{
    uint64_t got = 12345;
    const struct hg_metric *metric = hg_metric_named(name);
    ck_assert_ptr_nonnull(metric);
    ck_assert_msg(hg_metric_value(metric, r, entity, &got) == present,
                  "%s: %s", name, present ? "missing" : "present");
    if (present)
        ck_assert_msg(got == value, "%s: %llu, want %llu", name,
                      (unsigned long long)got, (unsigned long long)value);
}

/* Each scope on each kind of row: diff/base.xml has heap figures, a
   marked function (parse), functions with and without <heap>, zones. */
START_TEST(gives_each_metric_where_the_report_has_it)
{
    struct hg_report *r = load_ok("diff/base.xml");
    struct hg_entity total = { NULL, NULL };
    struct hg_entity main_fn = { &r->functions[0], NULL };
    struct hg_entity parse = { &r->functions[1], NULL };
    struct hg_entity helper = { &r->functions[2], NULL };
    struct hg_entity load = { NULL, &r->zones[0] };

    ck_assert_str_eq(r->functions[1].name, "parse");
    ck_assert_str_eq(r->zones[0].name, "load");
    /* self: functions and the totals */
    assert_metric(r, &main_fn, "Ir", true, 5000);
    assert_metric(r, &main_fn, "alloc-bytes", true, 200);
    assert_metric(r, &helper, "allocs", true, 0);   /* no <heap>: none */
    assert_metric(r, &main_fn, "I1mr", false, 0);   /* no cache figures */
    assert_metric(r, &total, "Ir", true, 10000);
    assert_metric(r, &total, "free-bytes", true, 1200);
    assert_metric(r, &load, "Ir", false, 0);
    /* marked: marked functions and zones */
    assert_metric(r, &parse, "calls", true, 10);
    assert_metric(r, &parse, "incl-Ir", true, 8000);
    assert_metric(r, &parse, "incl-frees", true, 10);
    assert_metric(r, &parse, "p50", true, 700);
    assert_metric(r, &parse, "max", true, 1500);
    assert_metric(r, &parse, "incl-D1mr", false, 0);
    assert_metric(r, &helper, "calls", false, 0);
    assert_metric(r, &load, "calls", true, 1);
    assert_metric(r, &load, "incl-Ir", true, 4000);
    assert_metric(r, &load, "incl-allocs", true, 0);
    assert_metric(r, &load, "min", true, 4000);
    assert_metric(r, &total, "calls", false, 0);
    /* total: the run only */
    assert_metric(r, &total, "peak-bytes", true, 300);
    assert_metric(r, &total, "peak-blocks", true, 3);
    assert_metric(r, &total, "exit-bytes", true, 0);
    assert_metric(r, &main_fn, "peak-bytes", false, 0);
    assert_metric(r, &load, "exit-blocks", false, 0);
    hg_report_free(r);

    /* --cache-sim=yes, heap=no */
    r = load_ok("diff/cache-base.xml");
    total.function = NULL;
    main_fn.function = &r->functions[0];    /* kernel, marked */
    assert_metric(r, &total, "D1mw", true, 10);
    assert_metric(r, &total, "cycles", true, 2800);
    assert_metric(r, &main_fn, "DLmr", true, 4);
    assert_metric(r, &main_fn, "incl-cycles", true, 2310);
    assert_metric(r, &main_fn, "incl-Dr", true, 250);
    assert_metric(r, &main_fn, "allocs", false, 0);
    assert_metric(r, &main_fn, "incl-allocs", false, 0);
    assert_metric(r, &total, "allocs", false, 0);
    assert_metric(r, &total, "peak-bytes", false, 0);
    hg_report_free(r);
}
END_TEST

START_TEST(keys_and_labels_rows)
{
    struct hg_report *r = load_ok("diff/base.xml");
    struct hg_entity total = { NULL, NULL };
    struct hg_entity main_fn = { &r->functions[0], NULL };
    struct hg_entity strlen_fn = { &r->functions[4], NULL };
    struct hg_entity load = { NULL, &r->zones[0] };
    char *text;

    ck_assert_str_eq(r->functions[4].name, "strlen");
#define ASSERT_TEXT(call, want) \
    do { text = (call); ck_assert_str_eq(text, want); free(text); } while (0)
    ASSERT_TEXT(hg_entity_key(&main_fn), "main\tprog\tprog.c");
    ASSERT_TEXT(hg_entity_key(&strlen_fn), "strlen\tlibc.so.6\t");
    ASSERT_TEXT(hg_entity_key(&load), "zone\tload");
    ASSERT_TEXT(hg_entity_key(&total), "");
    ASSERT_TEXT(hg_entity_label(&main_fn), "main (prog)");
    ASSERT_TEXT(hg_entity_label(&load), "zone load");
    ASSERT_TEXT(hg_entity_label(&total), "(total)");
#undef ASSERT_TEXT
    hg_report_free(r);
}
END_TEST

/* -------------------------------------------------------------- diff */

START_TEST(formats_ratios_with_two_rounded_decimals)
{
    char text[HG_PERCENT_TEXT_SIZE];
    ck_assert_str_eq(hg_format_ratio(2, 3, text), "0.67x");
    ck_assert_str_eq(hg_format_ratio(1, 3, text), "0.33x");
    ck_assert_str_eq(hg_format_ratio(1, 200, text), "0.01x");   /* half up */
    ck_assert_str_eq(hg_format_ratio(1, 201, text), "0.00x");
    ck_assert_str_eq(hg_format_ratio(9500, 10000, text), "0.95x");
    ck_assert_str_eq(hg_format_ratio(5, 0, text), "0.00x");
    ck_assert_str_eq(hg_format_ratio(UINT64_MAX, UINT64_MAX - 1, text),
                     "1.00x");
}
END_TEST

/* The change of one figure, as every format shows it. */
static void assert_change(bool cross_arch, const char *metric, uint64_t base,
                          uint64_t head, const char *delta,
                          const char *change)
{
    struct hg_diff diff = { .cross_arch = cross_arch };
    struct hg_diff_value value = { hg_metric_named(metric), true, true,
                                   base, head };
    char text[HG_DIFF_TEXT_SIZE];
    ck_assert_str_eq(hg_diff_delta(&value, text), delta);
    ck_assert_str_eq(hg_diff_change(&diff, &value, text), change);
}

START_TEST(describes_each_change)
{
    assert_change(false, "Ir", 3000, 2400, "-600", "-20.00%");
    assert_change(false, "Ir", 700, 600, "-100", "-14.29%");
    assert_change(false, "Ir", 12, 13, "+1", "+8.33%");
    assert_change(false, "Ir", 5, 5, "0", "0.00%");
    assert_change(false, "Ir", 0, 0, "0", "0.00%");
    assert_change(false, "Ir", 0, 1000, "+1,000", "new");
    assert_change(false, "Ir", 1000, 0, "-1,000", "gone");
    assert_change(false, "Ir", 0, UINT64_MAX, "+18,446,744,073,709,551,615",
                  "new");
    /* Across architectures: Ir and per-call figures as a ratio, calls and
       heap figures as usual. */
    assert_change(true, "Ir", 10000, 9500, "-500", "0.95x");
    assert_change(true, "p95", 600, 400, "-200", "0.67x");
    assert_change(true, "p95", 0, 0, "0", "-");
    assert_change(true, "Ir", 0, 7, "+7", "new");
    assert_change(true, "calls", 2, 3, "+1", "+50.00%");
    assert_change(true, "allocs", 4, 4, "0", "0.00%");
}
END_TEST

static void assert_diff_counts(const struct hg_diff *diff, size_t changed,
                               size_t added, size_t removed,
                               size_t unchanged)
{
    ck_assert_uint_eq(diff->changed, changed);
    ck_assert_uint_eq(diff->added, added);
    ck_assert_uint_eq(diff->removed, removed);
    ck_assert_uint_eq(diff->unchanged, unchanged);
    ck_assert_uint_eq(diff->row_count, changed + added + removed);
    ck_assert_uint_eq(diff->compared, diff->row_count + unchanged);
}

/* The main pair of diff.sh: rows matched, counted and ranked. */
START_TEST(compares_two_reports_row_by_row)
{
    static const char *const order[] = {
        "new_fn", "parse", "main", "old_fn", "init", "load",
    };
    static const enum hg_diff_status statuses[] = {
        HG_DIFF_ADDED, HG_DIFF_CHANGED, HG_DIFF_CHANGED, HG_DIFF_REMOVED,
        HG_DIFF_ADDED, HG_DIFF_CHANGED,
    };
    struct hg_report *base = load_ok("diff/base.xml");
    struct hg_report *head = load_ok("diff/head.xml");
    struct hg_diff diff;
    size_t i;

    hg_diff_reports(base, head, &diff);
    ck_assert(!diff.cross_arch);
    assert_diff_counts(&diff, 3, 2, 1, 4);
    ck_assert_uint_eq(diff.difference_count, 0);
    for (i = 0; i < diff.row_count; i++) {
        const struct hg_diff_row *row = &diff.rows[i];
        const struct hg_function *f = hg_diff_row_function(row);
        const struct hg_zone *z = hg_diff_row_zone(row);
        ck_assert_str_eq(f ? f->name : z->name, order[i]);
        ck_assert_int_eq(row->status, statuses[i]);
    }
    /* |change| of the row's Ir: self for functions, inclusive for zones */
    ck_assert_uint_eq(diff.rows[0].headline, 700);
    ck_assert_uint_eq(diff.rows[5].headline, 200);
    ck_assert_str_eq(diff.rows[5].key, "zone\tload");
    /* the totals: Ir first, every figure the reports have */
    ck_assert_int_eq(diff.total.status, HG_DIFF_TOTAL);
    ck_assert_uint_eq(diff.total.value_count, 9);
    ck_assert_str_eq(diff.total.values[0].metric->name, "Ir");
    ck_assert_uint_eq(diff.total.values[0].base, 10000);
    ck_assert_uint_eq(diff.total.values[0].head, 10100);
    /* old_fn is not in head: its figures there are missing, counted 0 */
    ck_assert(diff.rows[3].values[0].in_base);
    ck_assert(!diff.rows[3].values[0].in_head);
    ck_assert_uint_eq(diff.rows[3].values[0].head, 0);
    hg_diff_free(&diff);

    /* A report against itself: nothing differs. */
    hg_diff_reports(base, base, &diff);
    assert_diff_counts(&diff, 0, 0, 0, 8);
    hg_diff_free(&diff);
    hg_report_free(base);
    hg_report_free(head);
}
END_TEST

/* Keys shared by several functions pair in line order; a renamed file is
   matched by name and object only when that is unique. */
START_TEST(matches_rows_by_key_then_by_name)
{
    struct hg_report *base = load_ok("diff/match-base.xml");
    struct hg_report *head = load_ok("diff/match-head.xml");
    struct hg_diff diff;
    size_t i, by_name = 0, twins = 0;

    hg_diff_reports(base, head, &diff);
    assert_diff_counts(&diff, 5, 2, 2, 1);
    for (i = 0; i < diff.row_count; i++) {
        const struct hg_diff_row *row = &diff.rows[i];
        const struct hg_function *f = hg_diff_row_function(row);
        if (row->by_name) {
            by_name++;
            ck_assert_str_eq(row->base.function->file, "a.c");
            ck_assert_str_eq(row->head.function->file, "b.c");
        }
        if (f && strcmp(f->name, "dup") == 0) {
            ck_assert_uint_eq(row->base.function->line, 10);
            ck_assert_uint_eq(row->head.function->line, 12);
        }
        twins += f && strcmp(f->name, "twin") == 0;
    }
    ck_assert_uint_eq(by_name, 1);
    ck_assert_uint_eq(twins, 4);
    hg_diff_free(&diff);
    hg_report_free(base);
    hg_report_free(head);
}
END_TEST

/* What differs in how the runs were measured, in a fixed order. */
/* On 2,000 pseudo-random pairs of files over a few texts, whatever the
   anchors: every match pairs equal texts, and the matches go down both
   files in order (so none is used twice). */
START_TEST(matches_lines_in_order_with_equal_texts)
{
    static const char *const texts[] = { "a", "b", "c", "}", "", "d" };
    const char *base[40], *head[40];
    unsigned match[40], seed = 12345;
    int round;

    for (round = 0; round < 2000; round++) {
        size_t n_base, n_head, i;
        unsigned last = 0;
        seed = seed * 1103515245u + 12345u;
        n_base = (seed >> 16) % 40;
        seed = seed * 1103515245u + 12345u;
        n_head = (seed >> 16) % 40;
        for (i = 0; i < n_base + n_head; i++) {
            const char *text;
            seed = seed * 1103515245u + 12345u;
            text = texts[(seed >> 16) % 6];
            if (i < n_base)
                base[i] = text;
            else
                head[i - n_base] = text;
        }
        hg_match_lines(base, n_base, head, n_head, match);
        for (i = 0; i < n_base; i++) {
            if (match[i] == 0)
                continue;
            ck_assert_uint_le(match[i], n_head);
            ck_assert_uint_gt(match[i], last);
            ck_assert_str_eq(base[i], head[match[i] - 1]);
            last = match[i];
        }
    }
}
END_TEST

START_TEST(lists_how_the_runs_were_measured_differently)
{
    static const char *const what[] = {
        "hotgrind", "Valgrind", "platform", "libc", "environment",
        "GLIBC_TUNABLES", "option thread-events", "cache",
    };
    struct hg_report *base = load_ok("diff/fp-base.xml");
    struct hg_report *head = load_ok("diff/fp-head.xml");
    struct hg_diff diff;
    size_t i;

    hg_diff_reports(base, head, &diff);
    ck_assert_uint_eq(diff.difference_count, 8);
    for (i = 0; i < diff.difference_count; i++)
        ck_assert_str_eq(diff.differences[i].what, what[i]);
    ck_assert_str_eq(diff.differences[3].base, "glibc 2.36");
    ck_assert_str_eq(diff.differences[5].base, "(unset)");
    ck_assert_str_eq(diff.differences[5].head, "glibc.cpu.hwcaps=-AVX2");
    hg_diff_free(&diff);

    /* An option one report does not list, a variable it does not set. */
    head->option_count = 2;                 /* without thread-events */
    hg_diff_reports(base, head, &diff);
    ck_assert_str_eq(diff.differences[6].what, "option thread-events");
    ck_assert_str_eq(diff.differences[6].base, "no");
    ck_assert_str_eq(diff.differences[6].head, "(not given)");
    hg_diff_free(&diff);
    head->option_count = 3;

    /* The same run: nothing to say. */
    hg_diff_reports(base, base, &diff);
    ck_assert_uint_eq(diff.difference_count, 0);
    hg_diff_free(&diff);
    hg_report_free(base);
    hg_report_free(head);
}
END_TEST

/* --------------------------------------------------------- validate */

/* Reads the fixture NAME and asks CHECK whether it is valid. */
static bool fixture_passes(const char *name,
                           bool (*check)(xmlDocPtr, char *, size_t),
                           char *problem, size_t size)
{
    xmlDocPtr doc = hg_xml_read_report(fixture(name), problem, size);
    bool valid;
    if (doc == NULL)
        return false;
    valid = check(doc, problem, size);
    xmlFreeDoc(doc);
    return valid;
}

static bool validate_fixture(const char *name, char *problem, size_t size)
{
    return fixture_passes(name, hg_validate_report, problem, size);
}

/* The schema alone, without the rules it cannot express. */
static bool schema_accepts_fixture(const char *name, char *problem,
                                   size_t size)
{
    return fixture_passes(name, hg_xml_validate, problem, size);
}

START_TEST(the_built_in_schema_is_docs_hotgrind_xsd)
{
    hg_assert_file_holds(HG_SCHEMA_FILE, hg_embedded_schema,
                         hg_embedded_schema_size);
}
END_TEST

START_TEST(valid_reports_pass_the_built_in_schema)
{
    static const char *valid[] = {
        "valid.xml", "valid-full.xml", "valid-escapes.xml",
        "no-functions.xml", "schema-location.xml", "valid-marked.xml",
        "valid-heap-threads.xml", "valid-threads.xml", "valid-launcher.xml",
        "valid-objects.xml", "valid-inputs.xml",
        "diff/base.xml", "diff/head.xml", "diff/arm64.xml",
        "diff/cache-base.xml", "diff/cache-head.xml", "diff/fp-base.xml",
        "diff/fp-head.xml", "diff/match-base.xml", "diff/match-head.xml",
        "graph/graph.xml", "graph/cycle.xml", "graph/graph-b.xml",
        "graph/mid-jump.xml", "contexts/contexts.xml",
        "contexts/cache-heap.xml", "contexts/collect-off.xml",
    };
    size_t i;
    for (i = 0; i < sizeof valid / sizeof valid[0]; i++) {
        char problem[HG_PROBLEM_SIZE] = "";
        ck_assert_msg(validate_fixture(valid[i], problem, sizeof problem),
                      "%s: %s", valid[i], problem);
    }
}
END_TEST

START_TEST(the_schema_refuses_an_unknown_attribute)
{
    char problem[HG_PROBLEM_SIZE] = "";
    ck_assert(!validate_fixture("unknown-attribute.xml", problem,
                                sizeof problem));
    assert_problem("unknown-attribute.xml", problem,
                   "line 14: Element 'self', attribute 'Bogus': "
                   "The attribute 'Bogus' is not allowed.");
}
END_TEST

START_TEST(the_schema_refuses_what_the_reader_would_skip_or_refuse)
{
    static const struct bad_report invalid[] = {
        { "future-additions.xml", "line 15: Element 'function', attribute "
          "'colour': The attribute 'colour' is not allowed." },
        { "wrong-root.xml", "line 2: Element 'cachegrind': No matching "
          "global declaration available for the validation root." },
        { "wrong-format.xml", "line 2: Element 'hotgrind', attribute "
          "'format': The value '2' does not match the fixed value "
          "constraint '1'." },
        { "not-a-number.xml", "line 14: Element 'self', attribute 'Ir': "
          "'12x' is not a valid value of the atomic type 'count'." },
        { "missing-attribute.xml", "line 13: Element 'function': The "
          "attribute 'name' is required but missing." },
        { "doctype-http.xml", "line 2: DOCTYPE not allowed in a hotgrind "
          "report" },
        { "bad-mean.xml", "line 17: Element 'per-call', attribute 'mean': "
          "[facet 'pattern'] The value '50.5' is not accepted by the pattern "
          "'[0-9]+\\.[0-9][0-9]'." },
        { "zone-without-name.xml", "line 21: Element 'zone': The attribute "
          "'name' is required but missing." },
        { "marked-no.xml", "line 14: Element 'function', attribute 'marked': "
          "[facet 'enumeration'] The value 'no' is not an element of the set "
          "{'yes'}." },
        { "bad-thread-status.xml", "line 53: Element 'thread', attribute "
          "'status': [facet 'enumeration'] The value 'zombie' is not an "
          "element of the set {'exited', 'running'}." },
        { "thread-without-ir.xml", "line 53: Element 'thread': The attribute "
          "'Ir' is required but missing." },
        { "duplicate-thread-id.xml", "line 53: Element 'thread': Duplicate "
          "key-sequence ['2'] in unique identity-constraint "
          "'unique-thread-id'." },
        { "mutex-id-zero.xml", "line 57: Element 'mutex', attribute 'id': "
          "[facet 'minInclusive'] The value '0' is less than the minimum "
          "value allowed ('1')." },
        { "future-event-kind.xml", "line 75: Element 'event', attribute "
          "'kind': [facet 'enumeration'] The value 'rwlock-read' is not an "
          "element of the set {'create', 'exit', 'join', 'lock', 'unlock', "
          "'cond-wait', 'cond-signal', 'cond-broadcast'}." },
        { "bad-build-id.xml", "line 31: Element 'object', attribute "
          "'build-id': [facet 'pattern'] The value '00FF' is not accepted "
          "by the pattern '([0-9a-f][0-9a-f])+'." },
    };
    size_t i;
    for (i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        char problem[HG_PROBLEM_SIZE] = "";
        ck_assert_msg(!validate_fixture(invalid[i].file, problem,
                                        sizeof problem),
                      "%s passed", invalid[i].file);
        assert_problem(invalid[i].file, problem, invalid[i].problem);
    }
}
END_TEST

/* Reports the schema accepts, but that no hotgrind writes: the rules of
   the format that XML Schema 1.0 cannot express catch them. */
static const struct bad_report rule_breakers[] = {
    { "rule-marked-without-calls.xml", "line 14: <function> has "
      "marked=\"yes\" but no calls attribute" },
    { "rule-calls-without-marked.xml", "line 14: <function> has a calls "
      "attribute but no marked=\"yes\"" },
    { "rule-marked-without-inclusive.xml", "line 14: <function> has "
      "marked=\"yes\" but no <inclusive> element" },
    { "rule-per-call-without-calls.xml", "line 14: <function> has "
      "calls=\"0\" and a <per-call> element" },
    { "rule-calls-without-per-call.xml", "line 21: <zone> has calls=\"1\" "
      "but no <per-call> element" },
    { "rule-percentiles-out-of-order.xml", "line 17: <per-call> has "
      "p95=\"60\" less than p50=\"61\"" },
    { "rule-mean-above-max.xml", "line 17: <per-call> has mean=\"60.01\" "
      "greater than max=\"60\"" },
    { "rule-entered-above-functions.xml", "line 21: <mark> has "
      "entered=\"2\" greater than functions=\"1\"" },
    { "rule-thread-ir-sum.xml",
      "line 50: <threads> has Ir adding up to 99999, but <totals> has Ir=\"100000\"" },
    { "rule-thread-sync-above-ir.xml",
      "line 52: <thread> sync-Ir=\"35001\" is above its Ir=\"35000\"" },
    { "rule-thread-allocs-sum.xml",
      "line 50: <threads> has allocs adding up to 39, but <totals><heap> has allocs=\"40\"" },
    { "rule-thread-frees-sum.xml",
      "line 50: <threads> has frees adding up to 34, but <totals><heap> has frees=\"35\"" },
    { "rule-function-heap-above-totals.xml",
      "line 44: <heap> brings the <function>s' frees to 36, more than <totals><heap frees=\"35\">" },
    { "rule-inclusive-heap-above-totals.xml",
      "line 28: <inclusive> has frees=\"36\" greater than <totals><heap frees=\"35\">" },
    { "rule-exit-above-peak.xml",
      "line 22: <heap> has exit-bytes=\"9001\" greater than peak-bytes=\"9000\"" },
    { "rule-peak-without-blocks.xml",
      "line 22: <heap> has peak-bytes=\"9000\" but peak-blocks=\"0\"" },
    { "rule-alloc-bytes-below-allocs.xml",
      "line 44: <heap> has alloc-bytes=\"1\" less than allocs=\"2\"" },
    { "rule-thread-alloc-bytes-below-allocs.xml",
      "line 51: <thread> has alloc-bytes=\"9\" less than allocs=\"10\"" },
    { "rule-event-ir-decreasing.xml",
      "line 64: <event> has Ir=\"1999\" less than the Ir=\"2000\" of the event before it" },
    { "rule-event-unknown-thread.xml",
      "line 76: <event> has thread=\"4\", which is not the id of a listed <thread>" },
    { "rule-event-unknown-child.xml",
      "line 77: <event> has child=\"5\", which is not the id of a listed <thread>" },
    { "rule-thread-unknown-parent.xml",
      "line 53: <thread> has parent=\"7\", which is not the id of a listed <thread>" },
    { "rule-event-unlisted-mutex.xml",
      "line 73: <event> has mutex=\"4\", which is not the id of a listed <mutex>" },
    { "rule-contended-above-acquisitions.xml",
      "line 56: <mutex> has contended=\"4\" greater than acquisitions=\"3\"" },
    { "rule-event-missing-attribute.xml",
      "line 71: <event kind=\"lock\"> has no waited attribute" },
    { "rule-event-extra-attribute.xml",
      "line 76: <event kind=\"exit\"> has a child attribute, which that kind does not take" },
    { "rule-heap-attributes-incomplete.xml",
      "line 28: <inclusive> has allocs but no frees attribute" },
    { "rule-heap-without-totals.xml",
      "line 25: <function> has a <heap>, but <totals> has none" },
    { "rule-thread-without-heap.xml",
      "line 53: <thread> has no heap attributes, but <totals> has a <heap>" },
    { "rule-option-twice.xml",
      "line 16: <option name=\"heap\"> appears more than once" },
    { "rule-option-not-yes-no.xml",
      "line 15: <option name=\"thread-events\"> has value=\"maybe\", not \"yes\" or \"no\"" },
    { "rule-option-det-sched.xml",
      "line 16: <option name=\"det-sched\"> has value=\"maybe\", not \"yes\" or \"no\"" },
    { "rule-option-det-clock.xml",
      "line 20: <option name=\"det-clock\"> has value=\"on\", not \"yes\" or \"no\"" },
    { "rule-option-random-seed-alone.xml",
      "line 19: <option name=\"random-seed\"> without <option "
      "name=\"det-random\" value=\"yes\">: the seed seeds nothing" },
    { "rule-option-cpus-zero.xml",
      "line 21: <option name=\"cpus\"> has value=\"0\", not a positive "
      "decimal number" },
    { "rule-input-bytes-on-clock.xml",
      "line 51: <input kind=\"clock\"> has bytes; only kind=\"random\" has "
      "them" },
    { "rule-input-twice.xml",
      "line 54: <input kind=\"cpu-count\" source=\"sched_getaffinity\" "
      "function=\"main\" object=\"xz\"> appears more than once" },
    { "rule-option-heap-disagrees.xml",
      "line 14: <option name=\"heap\"> has value=\"no\" but <totals> has a <heap>" },
    { "rule-option-events-disagree.xml",
      "line 15: <option name=\"thread-events\"> has value=\"no\" but the report has <events>" },
    { "rule-exit-status-without-status.xml",
      "line 13: <exit how=\"status\"> has no status" },
    { "rule-exit-signal-with-status.xml",
      "line 13: <exit how=\"signal\"> has a status; only how=\"status\" has one" },
    { "rule-exit-exec-with-signal.xml",
      "line 13: <exit how=\"exec\"> has a signal; only how=\"signal\" has one" },
    { "rule-objects-unsorted.xml",
      "line 31: <object name=\"libc.so.6\"> comes after <object name=\"prog\">: objects are sorted by name" },
    { "rule-object-unlisted.xml",
      "line 21: <function> has object=\"libc.so.6\", which <objects> does not list" },
    /* The call graph's rules, each broken alone in a copy of
       graph/graph.xml (graph/cycle.xml for the last). */
    { "graph/rule-graph-id-out-of-order.xml",
      "line 28: <function> has id=\"7\", but it is function 2 of "
      "<functions>: ids are 1, 2, ... in order" },
    { "graph/rule-graph-unknown-callee.xml",
      "line 60: <call> has callee=\"7\", which is not the id of a "
      "<function> (there are 6)" },
    { "graph/rule-graph-callees-unsorted.xml",
      "line 45: <call callee=\"1\"> comes after <call callee=\"2\">: "
      "callees are sorted by id, each once" },
    { "graph/rule-graph-callee-twice.xml",
      "line 45: <call callee=\"1\"> comes after <call callee=\"1\">: "
      "callees are sorted by id, each once" },
    { "graph/rule-graph-calls-sum.xml",
      "line 35: <function> id=\"3\" has calls=\"6\", but "
      "outside-calls=\"0\" and the calls of the <call>s naming it add up "
      "to 5" },
    { "graph/rule-graph-inclusive.xml",
      "line 20: <function> id=\"1\" has inclusive Ir=\"607\", but its "
      "self, no-symbol and callee Ir add up to 606 (it is on no cycle of "
      "calls)" },
    { "graph/rule-graph-id-without-option.xml",
      "line 19: <function> has an id, but the report's options do not say "
      "call-graph=yes" },
    { "graph/rule-graph-option-without-id.xml",
      "line 56: <function> has no id attribute, but option call-graph is "
      "yes" },
    { "graph/rule-graph-per-call-unmarked.xml",
      "line 52: <per-call> of a <function> that is not marked=\"yes\"" },
    { "graph/rule-graph-inclusive-off-cycle.xml",
      "line 46: <function> id=\"5\" has inclusive Ir=\"9\", but its "
      "self, no-symbol and callee Ir add up to 8 (it is on no cycle of "
      "calls)" },
    /* The contexts' structure, each broken alone in a copy of
       contexts/contexts.xml. */
    { "contexts/rule-contexts-unknown-function.xml",
      "line 113: <context id=\"8\"> has function=\"7\", which is not the "
      "id of a <function> (there are 6)" },
    { "contexts/rule-contexts-parent-not-before.xml",
      "line 93: <context id=\"3\"> has parent=\"3\": a context's parent "
      "comes before it" },
    { "contexts/rule-contexts-count.xml",
      "line 82: <contexts> has count=\"9\", but it holds 8 <context>s" },
    { "contexts/rule-contexts-id-out-of-order.xml",
      "line 97: <context> has id=\"5\", but it is context 4 of <contexts>: "
      "ids are 1, 2, ... in order" },
    { "contexts/rule-contexts-truncated-child.xml",
      "line 113: <context id=\"8\"> has truncated=\"yes\" and a parent: "
      "only a root is truncated" },
    { "contexts/rule-contexts-truncated-untold.xml",
      "line 84: <context> has truncated=\"yes\", but <contexts> has no "
      "truncated=\"yes\"" },
    { "contexts/rule-contexts-pre-order.xml",
      "line 101: <context id=\"5\"> has parent=\"2\", but context 2's "
      "children came before another context: contexts are in depth-first "
      "pre-order" },
    { "contexts/rule-contexts-children-order.xml",
      "line 109: <context id=\"7\"> of function id 1 comes after one of "
      "function id 2 among the children of main (context 1): siblings are "
      "ordered by function id, then the context with calls, the one "
      "without, the truncated root, each once" },
    /* The identities. */
    { "contexts/rule-contexts-totals.xml",
      "line 82: <outside> Ir and the contexts' self Ir add up to 1067, but "
      "<totals> has Ir=\"1066\"" },
    { "contexts/rule-contexts-inclusive.xml",
      "line 101: context main;fib;fib (context 5) has inclusive "
      "Ir=\"241\", but its self and its children's inclusive add up to "
      "240" },
    { "contexts/rule-contexts-no-symbol-above-self.xml",
      "line 93: context main;work;strlen (context 3) has no-symbol "
      "Ir=\"100\" above its self Ir=\"96\"" },
    { "contexts/rule-contexts-function-self.xml",
      "line 52: the contexts of strlen (function id 3) have self Ir less "
      "no-symbol Ir adding up to 119, but its <self> has Ir=\"120\"" },
    { "contexts/rule-contexts-function-no-symbol.xml",
      "line 37: the contexts of work (function id 1) have no-symbol Ir "
      "adding up to 9, but its <no-symbol> has Ir=\"10\"" },
    { "contexts/rule-contexts-missing-edge.xml",
      "line 113: context main;helper;??? [???] (context 8) has a parent of "
      "function helper, which has no <call> of ???" },
    { "contexts/rule-contexts-edge-calls.xml",
      "line 37: the contexts of strlen whose parent is a context of work "
      "have 3 calls, but work's <call callee=\"3\"> has calls=\"4\"" },
    { "contexts/rule-contexts-inclusive-cache.xml",
      "line 74: context main (context 1) has inclusive D1mr=\"11\", but "
      "its self and its children's inclusive add up to 10" },
    { "contexts/rule-contexts-inclusive-heap.xml",
      "line 74: context main (context 1) has inclusive allocs=\"2\", but "
      "its self and its children's inclusive add up to 1" },
    { "contexts/rule-contexts-truncated-no-root.xml",
      "line 82: <contexts> has truncated=\"yes\", but no <context> is a "
      "truncated root" },
    { "contexts/rule-contexts-over-max.xml",
      "line 82: <contexts> has max=\"7\", but 8 contexts that are not "
      "truncated roots" },
    { "contexts/rule-contexts-root-calls.xml",
      "line 56: the root contexts of main (function id 4) have 2 calls, but "
      "it has outside-calls=\"1\"" },
    /* lines=yes: every event of <self> on every <line>, adding up. */
    { "rule-lines-d1mr.xml",
      "line 27: function \"main\": the <line> D1mrs add up to 11, but "
      "<self> has D1mr=\"10\"" },
    { "rule-lines-missing-event.xml",
      "line 28: a <line> of function \"main\" has no D1mr, but its <self> "
      "has one" },
};

START_TEST(validate_checks_the_rules_the_schema_cannot_express)
{
    const struct bad_report *bad = &rule_breakers[_i];
    char problem[HG_PROBLEM_SIZE] = "";
    ck_assert_msg(schema_accepts_fixture(bad->file, problem, sizeof problem),
                  "%s: the schema refuses it: %s", bad->file, problem);
    ck_assert_msg(!validate_fixture(bad->file, problem, sizeof problem),
                  "%s passed", bad->file);
    assert_problem(bad->file, problem, bad->problem);
}
END_TEST

/* The rules hold for every valid report and hand-written fixture. */
START_TEST(the_rules_accept_what_the_tool_writes)
{
    static const char *valid[] = {
        "valid.xml", "valid-full.xml", "valid-marked.xml",
        "no-functions.xml", "valid-heap-threads.xml", "valid-threads.xml",
        "valid-launcher.xml", "valid-objects.xml", "valid-inputs.xml",
        "exit-status-0.xml",
        "exit-status-3.xml",
        "exit-signal-6.xml", "exit-signal.xml", "exit-exec.xml",
        "diff/base.xml", "diff/head.xml", "diff/arm64.xml",
        "diff/cache-base.xml", "diff/cache-head.xml", "diff/fp-base.xml",
        "diff/fp-head.xml", "diff/match-base.xml", "diff/match-head.xml",
    };
    size_t i;
    for (i = 0; i < sizeof valid / sizeof valid[0]; i++) {
        char problem[HG_PROBLEM_SIZE] = "";
        xmlDocPtr doc = hg_xml_read_report(fixture(valid[i]), problem,
                                           sizeof problem);
        ck_assert_ptr_nonnull(doc);
        ck_assert_msg(hg_check_rules(doc, problem, sizeof problem), "%s: %s",
                      valid[i], problem);
        xmlFreeDoc(doc);
    }
}
END_TEST

/* Parses TEXT, a report held in memory, for the rules alone. */
static bool rules_accept_text(const char *text, char *problem, size_t size)
{
    xmlDocPtr doc = xmlReadMemory(text, (int)strlen(text), "test.xml", NULL,
                                  XML_PARSE_NONET);
    bool valid;
    ck_assert_ptr_nonnull(doc);
    valid = hg_check_rules(doc, problem, size);
    xmlFreeDoc(doc);
    return valid;
}

/* Thread figures that add up past 64 bits never equal the total. */
START_TEST(the_rules_add_up_thread_figures_without_overflow)
{
    char problem[HG_PROBLEM_SIZE] = "";
    ck_assert(!rules_accept_text(
        "<hotgrind format=\"1\">\n"
        "<totals Ir=\"18446744073709551615\"/>\n"
        "<threads>\n"
        "<thread id=\"1\" status=\"exited\" Ir=\"18446744073709551615\"/>\n"
        "<thread id=\"2\" status=\"exited\" Ir=\"1\"/>\n"
        "</threads>\n"
        "</hotgrind>\n", problem, sizeof problem));
    assert_problem("in memory", problem, "line 3: <threads> has Ir adding up "
                   "to more than 18446744073709551615, but <totals> has "
                   "Ir=\"18446744073709551615\"");
    ck_assert(rules_accept_text(
        "<hotgrind format=\"1\">\n"
        "<totals Ir=\"18446744073709551615\"/>\n"
        "<threads>\n"
        "<thread id=\"1\" status=\"exited\" Ir=\"18446744073709551614\"/>\n"
        "<thread id=\"2\" status=\"exited\" Ir=\"1\"/>\n"
        "</threads>\n"
        "</hotgrind>\n", problem, sizeof problem));
}
END_TEST

/* The streaming check (hg_report_check: the schema plugged into the
   parse, the rules item by item) against the whole document
   (hg_xml_read_report, hg_validate_report), on every fixture: never
   more lenient, and where the loader has nothing to say first, the same
   problem in the same words and line. */
static void assert_stream_agrees(const char *path)
{
    char dom[HG_PROBLEM_SIZE] = "", stream[HG_PROBLEM_SIZE] = "";
    xmlDocPtr doc = hg_xml_read_report(path, dom, sizeof dom);
    bool dom_valid = doc != NULL && hg_validate_report(doc, dom, sizeof dom);
    bool stream_valid = hg_report_check(path, stream, sizeof stream);

    xmlFreeDoc(doc);
    ck_assert_msg(stream_valid == dom_valid, "%s: stream %s, document %s",
                  path, stream_valid ? "valid" : stream,
                  dom_valid ? "valid" : dom);
    /* The loader's words come first where it has something to say; a
       problem of the schema must be the document's. */
    if (!stream_valid && strstr(stream, "Element '") != NULL)
        ck_assert_msg(strcmp(dom, stream) == 0, "%s: document '%s', "
                      "stream '%s'", path, dom, stream);
}

START_TEST(validates_as_a_stream_as_on_the_document)
{
    static const char *const folders[] = {
        "", "diff", "check", "export", "merge", "contexts",
    };
    size_t f;
    for (f = 0; f < sizeof folders / sizeof folders[0]; f++) {
        const char *dir = hg_fixture(folders[f], "");
        DIR *d = opendir(dir);
        struct dirent *e;
        ck_assert_ptr_nonnull(d);
        while ((e = readdir(d)) != NULL) {
            size_t n = strlen(e->d_name);
            char path[1024];
            if (n < 4 || strcmp(e->d_name + n - 4, ".xml") != 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            assert_stream_agrees(path);
        }
        closedir(d);
    }
}
END_TEST

/* graph/graph.xml, whose figures its comment works out: every function's
   call-graph figures, callee ids as indexes. */
START_TEST(loads_the_call_graph_exactly)
{
    struct hg_report *r = load_ok("graph/graph.xml");
    const struct hg_function *f = r->functions;

    ck_assert(r->has_call_graph);
    ck_assert_uint_eq(r->function_count, 6);
    /* work: 2 calls, no-symbol 10, strlen (index 2) 4 times for 96. */
    ck_assert(f[0].has_call_graph);
    ck_assert_uint_eq(f[0].id, 1);
    ck_assert_uint_eq(f[0].calls, 2);
    ck_assert_uint_eq(f[0].outside_calls, 0);
    ck_assert(!f[0].recursive && !f[0].marked);
    ck_assert_uint_eq(f[0].inclusive_ir, 606);
    ck_assert_uint_eq(f[0].no_symbol_ir, 10);
    ck_assert(!f[0].no_symbol_cache.present);
    ck_assert_uint_eq(f[0].callee_count, 1);
    ck_assert_uint_eq(f[0].callees[0].callee, 2);
    ck_assert_uint_eq(f[0].callees[0].calls, 4);
    ck_assert_uint_eq(f[0].callees[0].ir, 96);
    ck_assert(!f[0].callees[0].has_heap && !f[0].callees[0].cache.present);
    /* fib: recursive, calls itself. */
    ck_assert(f[1].recursive);
    ck_assert_uint_eq(f[1].callees[0].callee, 1);
    ck_assert_uint_eq(f[1].callees[0].ir, 360);
    /* strlen: no callees. */
    ck_assert_uint_eq(f[2].callee_count, 0);
    ck_assert_ptr_null(f[2].callees);
    /* main: marked, entered once from outside, three callees by id. */
    ck_assert(f[3].marked && f[3].has_per_call);
    ck_assert_uint_eq(f[3].outside_calls, 1);
    ck_assert_uint_eq(f[3].inclusive_ir, 1066);
    ck_assert_uint_eq(f[3].callee_count, 3);
    ck_assert_uint_eq(f[3].callees[0].callee, 0);
    ck_assert_uint_eq(f[3].callees[1].callee, 1);
    ck_assert_uint_eq(f[3].callees[2].callee, 4);
    ck_assert_uint_eq(f[3].callees[2].calls, 1);
    ck_assert_uint_eq(f[3].callees[2].ir, 60);
    /* ???: no calls, id 6. */
    ck_assert_uint_eq(f[5].id, 6);
    ck_assert_uint_eq(f[5].calls, 0);
    ck_assert_uint_eq(f[5].inclusive_ir, 0);
    ck_assert(!f[0].mid_jump);
    hg_report_free(r);

    r = load_ok("graph/mid-jump.xml");
    ck_assert(r->functions[0].mid_jump && !r->functions[1].mid_jump);
    hg_report_free(r);

    r = load_ok("valid-marked.xml");
    ck_assert(!r->has_call_graph);
    ck_assert(!r->functions[0].has_call_graph);
    ck_assert_uint_eq(r->functions[0].id, 0);
    hg_report_free(r);
}
END_TEST

/* contexts/contexts.xml, whose comment works out every figure: the
   outside, then each context in report order, indexes for ids. */
START_TEST(loads_the_contexts_exactly)
{
    static const struct {
        size_t parent, function;
        uint64_t calls, self_ir, inclusive_ir, no_symbol_ir;
    } expected[] = {
        { HG_NO_PARENT, 3, 1, 100, 1066, 0 },   /* main */
        { 0, 0, 2, 510, 606, 10 },              /* main;work */
        { 1, 2, 4, 96, 96, 0 },                 /* main;work;strlen */
        { 0, 1, 1, 60, 300, 0 },                /* main;fib */
        { 3, 1, 2, 120, 240, 0 },               /* main;fib;fib */
        { 4, 1, 2, 120, 120, 0 },               /* main;fib;fib;fib */
        { 0, 4, 1, 36, 60, 0 },                 /* main;helper */
        { 6, 2, 1, 24, 24, 0 },                 /* main;helper;strlen */
    };
    struct hg_report *r = load_ok("contexts/contexts.xml");
    size_t i;

    ck_assert(r->has_contexts && !r->contexts_truncated);
    ck_assert_uint_eq(r->context_max, 100000);
    ck_assert_uint_eq(r->outside_ir, 0);
    ck_assert(!r->outside_cache.present);
    ck_assert_uint_eq(r->context_count, 8);
    for (i = 0; i < 8; i++) {
        const struct hg_context *c = &r->contexts[i];
        ck_assert_uint_eq(c->parent, expected[i].parent);
        ck_assert_uint_eq(c->function, expected[i].function);
        ck_assert_uint_eq(c->calls, expected[i].calls);
        ck_assert_uint_eq(c->self_ir, expected[i].self_ir);
        ck_assert_uint_eq(c->inclusive_ir, expected[i].inclusive_ir);
        ck_assert_uint_eq(c->no_symbol_ir, expected[i].no_symbol_ir);
        ck_assert(!c->truncated && !c->has_heap);
        ck_assert(!c->self_cache.present && !c->inclusive_cache.present);
    }
    hg_report_free(r);

    /* contexts/cache-heap.xml: cache and heap figures, a truncated root
       (its comment works them out). */
    r = load_ok("contexts/cache-heap.xml");
    ck_assert(r->has_contexts && r->contexts_truncated);
    ck_assert_uint_eq(r->context_max, 3);
    ck_assert_uint_eq(r->context_count, 4);
    ck_assert_uint_eq(r->outside_ir, 10);
    ck_assert(r->outside_cache.present && r->outside_cache.has_cycles);
    ck_assert_uint_eq(r->outside_cache.value[HG_DR], 1);
    ck_assert_uint_eq(r->outside_cache.value[HG_CYCLES], 10);
    ck_assert_uint_eq(r->contexts[0].inclusive_ir, 930);
    ck_assert_uint_eq(r->contexts[0].inclusive_cache.value[HG_D1MR], 10);
    ck_assert_uint_eq(r->contexts[0].inclusive_cache.value[HG_CYCLES], 1030);
    ck_assert_uint_eq(r->contexts[1].self_cache.value[HG_DR], 60);
    ck_assert(r->contexts[0].has_heap);
    ck_assert_uint_eq(r->contexts[0].self_heap.allocs, 0);
    ck_assert_uint_eq(r->contexts[0].inclusive_heap.allocs, 1);
    ck_assert_uint_eq(r->contexts[0].inclusive_heap.alloc_bytes, 100);
    ck_assert(!r->contexts[2].truncated && r->contexts[3].truncated);
    ck_assert_uint_eq(r->contexts[3].parent, HG_NO_PARENT);
    ck_assert_uint_eq(r->contexts[3].function, 2);
    ck_assert_uint_eq(r->contexts[3].calls, 2);
    ck_assert_uint_eq(r->contexts[3].self_heap.allocs, 2);
    hg_report_free(r);

    /* Without <contexts>: none, and an array all the same. */
    r = load_ok("graph/graph.xml");
    ck_assert(!r->has_contexts);
    ck_assert_uint_eq(r->context_count, 0);
    ck_assert_ptr_nonnull(r->contexts);
    hg_report_free(r);
}
END_TEST

/* Appends to TEXT (of SIZE, USED so far) what FORMAT says. */
static void append(char **text, size_t *size, size_t *used,
                   const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char **text, size_t *size, size_t *used,
                   const char *format, ...)
{
    va_list args;
    int n;
    for (;;) {
        va_start(args, format);
        n = vsnprintf(*text + *used, *size - *used, format, args);
        va_end(args);
        ck_assert_int_ge(n, 0);
        if ((size_t)n < *size - *used)
            break;
        *size *= 2;
        *text = realloc(*text, *size);
        ck_assert_ptr_nonnull(*text);
    }
    *used += (size_t)n;
}

/* A call graph of N functions, each calling the next once; with CYCLE
   the last calls the first back (which then has no outside call).  Every
   function runs 1 instruction; the inclusive Ir of function i is N - i + 1
   (1-based) without the cycle; with ALL_N, each is N, which only a cycle
   excuses. */
static char *chain_report(size_t n, bool cycle, bool all_n)
{
    size_t size = 4096, used = 0, i;
    char *text = malloc(size);

    ck_assert_ptr_nonnull(text);
    append(&text, &size, &used, "<hotgrind format=\"1\"><run><options>"
           "<option name=\"call-graph\" value=\"yes\"/></options></run>"
           "<totals Ir=\"%zu\"/><functions>\n", n);
    for (i = 1; i <= n; i++) {
        append(&text, &size, &used, "<function name=\"f%zu\" object=\"p\" "
               "file=\"\" line=\"0\" calls=\"%d\" id=\"%zu\"%s><self "
               "Ir=\"1\"/><inclusive Ir=\"%zu\"/>", i, 1, i,
               i == 1 && !cycle ? " outside-calls=\"1\"" : "",
               all_n ? n : n - i + 1);
        if (i < n || cycle)
            append(&text, &size, &used, "<callees><call callee=\"%zu\" "
                   "calls=\"1\" Ir=\"%zu\"/></callees>",
                   i < n ? i + 1 : (size_t)1, all_n ? n : n - i);
        /* One line: xmlReadMemory's elements past line 65,535 have no
           line of their own, and xmlGetLineNo looks for one around. */
        append(&text, &size, &used, "</function>");
    }
    append(&text, &size, &used, "\n</functions></hotgrind>\n");
    return text;
}

/* The cycle search walks the graph without recursion: a chain of 100,000
   functions neither overflows the stack nor takes long, and a cycle
   through all of them excuses every inclusive Ir. */
START_TEST(finds_cycles_in_long_chains)
{
    char problem[HG_PROBLEM_SIZE] = "";
    char *text = chain_report(100000, false, false);
    ck_assert_msg(rules_accept_text(text, problem, sizeof problem), "%s",
                  problem);
    free(text);
    text = chain_report(100000, true, true);
    ck_assert_msg(rules_accept_text(text, problem, sizeof problem), "%s",
                  problem);
    free(text);
    /* Those figures without the cycle: f1's inclusive 3 is 1 + 1. */
    text = chain_report(3, false, true);
    ck_assert(!rules_accept_text(text, problem, sizeof problem));
    assert_problem("chain", problem, "line 2: <function> id=\"1\" has "
                   "inclusive Ir=\"3\", but its self, no-symbol and callee "
                   "Ir add up to 4 (it is on no cycle of calls)");
    free(text);
}
END_TEST

Suite *hg_unit_suite(void)
{
    Suite *suite = suite_create("hotgrind-cli");
    /* The 96,000-line documents of names_the_right_line_past_65535 are
       read four times: the default 4 s was too short on a 2-core machine
       running other builds (seen: a timeout, not a failure). */
    TCase *loader = hg_tcase(suite, "loader", 60);
    TCase *hostile = hg_tcase(suite, "hostile", 10);
    TCase *show = hg_tcase(suite, "show", 0);
    TCase *metrics = hg_tcase(suite, "metrics", 0);
    TCase *diff = hg_tcase(suite, "diff", 0);
    /* 100,000-function chains are a test of depth, not of speed: the
       default 4 s is too short on a loaded 2-core CI machine. */
    TCase *validate = hg_tcase(suite, "validate", 60);

    tcase_add_test(loader, loads_every_value_of_a_plain_report);
    tcase_add_test(loader, loads_64_bit_counts_and_host_exactly);
    tcase_add_test(loader, loads_escaped_and_non_ascii_text_exactly);
    tcase_add_test(loader, loads_a_report_without_functions);
    tcase_add_test(loader, loads_and_shows_how_the_program_ended);
    tcase_add_test(loader, refuses_what_validate_refuses);
    tcase_add_test(loader, validates_as_a_stream_as_on_the_document);
    tcase_add_test(loader, loads_a_report_without_marks_as_such);
    tcase_add_test(loader, loads_objects_and_directories_exactly);
    tcase_add_test(loader, loads_lines_exactly);
    tcase_add_test(loader, loads_a_report_without_objects_as_such);
    tcase_add_test(loader, loads_marked_functions_zones_and_marks_exactly);
    tcase_add_test(loader, loads_64_bit_per_call_values_exactly);
    tcase_add_test(loader, loads_heap_threads_mutexes_and_events_exactly);
    tcase_add_test(loader, loads_threads_without_heap_or_events);
    tcase_add_test(loader, loads_a_report_without_heap_or_threads_as_such);
    tcase_add_test(loader, loads_64_bit_heap_and_thread_values_exactly);
    tcase_add_test(loader, names_the_event_kinds);
    tcase_add_test(loader, loads_run_details_and_cache_figures_exactly);
    tcase_add_test(loader, loads_a_report_without_run_details_as_such);
    tcase_add_test(loader, loads_the_launcher_and_its_settings_exactly);
    tcase_add_test(loader, loads_the_inputs_exactly);
    tcase_add_test(loader, parses_means_like_the_schema);
    tcase_add_loop_test(loader, refuses_a_bad_report_with_one_line, 0,
                        (int)(sizeof bad_reports / sizeof bad_reports[0]));
    tcase_add_test(loader, parses_counts_like_the_schema);
    tcase_add_test(loader, names_the_right_line_past_65535);
    tcase_add_test(loader, names_the_right_line_past_65535_without_space);
    tcase_add_test(loader, loads_the_call_graph_exactly);

    tcase_add_test(hostile, never_asks_for_anything_outside_the_file);
    tcase_add_test(hostile, never_shows_the_content_of_an_external_entity);
    tcase_add_test(hostile, refuses_an_entity_bomb_fast);

    tcase_add_test(show, formats_counts_with_thousands_separators);
    tcase_add_test(show, formats_percentages_with_two_rounded_decimals);
    tcase_add_test(show, shows_the_table_of_a_report);
    tcase_add_test(show, shows_only_the_top_functions_within_the_limit);
    tcase_add_test(show, shows_functions_in_the_report_order);
    tcase_add_test(show, shows_a_report_without_functions);
    tcase_add_test(show, formats_means_with_thousands_separators);
    tcase_add_test(show, shows_marked_functions_zones_and_warnings);
    tcase_add_test(show, shows_marked_rows_in_one_order);
    tcase_add_test(show, shows_zones_and_warnings_without_functions);
    tcase_add_test(show, shows_escaped_names_as_they_are);
    tcase_add_test(show, shows_run_details_and_cache_figures);
    tcase_add_test(show, shows_a_merged_report_as_such);
    tcase_add_test(show, shows_the_launcher_and_its_program);
    tcase_add_test(show, shows_a_launcher_without_a_program_setting);
    tcase_add_test(show, shows_heap_threads_mutexes_and_events);
    tcase_add_test(show,
                   shows_the_top_heap_functions_and_mutexes_within_the_limit);
    tcase_add_test(show, shows_threads_without_heap_columns);
    tcase_add_test(show, shows_heap_threads_and_mutexes_in_one_order);
    tcase_add_test(show, shows_the_heap_totals_without_heap_functions);

    tcase_add_test(metrics, lists_every_metric_once_in_scope_order);
    tcase_add_test(metrics, gives_each_metric_where_the_report_has_it);
    tcase_add_test(metrics, keys_and_labels_rows);

    tcase_add_test(diff, formats_ratios_with_two_rounded_decimals);
    tcase_add_test(diff, describes_each_change);
    tcase_add_test(diff, compares_two_reports_row_by_row);
    tcase_add_test(diff, matches_rows_by_key_then_by_name);
    tcase_add_test(diff, lists_how_the_runs_were_measured_differently);
    tcase_add_test(diff, matches_lines_in_order_with_equal_texts);

    tcase_add_test(validate, the_built_in_schema_is_docs_hotgrind_xsd);
    tcase_add_test(validate, valid_reports_pass_the_built_in_schema);
    tcase_add_test(validate, the_schema_refuses_an_unknown_attribute);
    tcase_add_test(validate,
                   the_schema_refuses_what_the_reader_would_skip_or_refuse);
    tcase_add_loop_test(validate,
                        validate_checks_the_rules_the_schema_cannot_express, 0,
                        (int)(sizeof rule_breakers / sizeof rule_breakers[0]));
    tcase_add_test(validate, the_rules_accept_what_the_tool_writes);
    tcase_add_test(validate, the_rules_add_up_thread_figures_without_overflow);
    tcase_add_test(validate, finds_cycles_in_long_chains);
    tcase_add_test(validate, loads_the_contexts_exactly);
    return suite;
}
