/* hotgrind: two reports of two architectures: pairing their functions by
   role and by unversioned name, and the view of self Ir per call.
   GPL-2.0-or-later; part of hotgrind. */

/* The same program built for x86-64 and arm64 has a loader of another
   name (ld-linux-x86-64.so.2, ld-linux-aarch64.so.1), often a program of
   another name, and glibc symbols of another version node
   (fopen@@GLIBC_2.2.5, fopen@@GLIBC_2.17): keyed by file name and full
   symbol, none of them would pair, and their calls, which must be the
   same on both, would never be compared.  Ratios are integers in
   millionths, computed in 128 bits, so every machine sorts the same. */

#include <stdlib.h>
#include <string.h>

#include "compare/cross-arch.h"
#include "compare/sides.h"
#include "report/metrics.h"
#include "util/number.h"
#include "util/xalloc.h"

enum { MILLION = 1000000 };

/* The role of OBJECT in REPORT: HG_ARCH_PROGRAM, HG_ARCH_LOADER, or -1. */
static int object_role(const struct hg_report *report, const char *object)
{
    const char *program = hg_report_program(report);
    const char *slash = strrchr(program, '/');
    if (strcmp(object, slash ? slash + 1 : program) == 0)
        return HG_ARCH_PROGRAM;
    /* glibc's loader is ld-linux-<arch>.so.N on most architectures and
       ld64.so.N on a few (powerpc64, s390x). */
    if (strncmp(object, "ld-linux", 8) == 0
        || strncmp(object, "ld64.so.", 8) == 0)
        return HG_ARCH_LOADER;
    return -1;
}

/* The length of NAME without its version node ("@@GLIBC_2.17",
   "@GLIBC_2.2.5"): its first '@' after the first character. */
static size_t unversioned_length(const char *name)
{
    const char *at = name[0] ? strchr(name + 1, '@') : NULL;
    return at ? (size_t)(at - name) : strlen(name);
}

char *hg_arch_key(const struct hg_report *report, const struct hg_function *f,
                  bool with_file)
{
    static const char *const roles[] = { "/program", "/loader" };
    /* A basename never holds '/', so a role never equals an object. */
    int role = object_role(report, f->object);
    const char *object = role >= 0 ? roles[role] : f->object;
    return hg_xasprintf("%.*s\t%s\t%s", (int)unversioned_length(f->name),
                        f->name, object, with_file ? f->file : "");
}

static void count_rule(struct hg_arch_matching *m, int rule, const char *base,
                       const char *head)
{
    if (m->count[rule]++ == 0) {
        m->example[rule][0] = base;
        m->example[rule][1] = head;
    }
}

void hg_arch_count_pair(struct hg_diff *diff, const struct hg_function *base,
                        const struct hg_function *head)
{
    struct hg_arch_matching *m = &diff->arch_matching;
    int role = object_role(diff->reports[BASE], base->object);
    if (role >= 0 && strcmp(base->object, head->object) != 0)
        count_rule(m, role, base->object, head->object);
    if (strcmp(base->name, head->name) != 0)
        count_rule(m, HG_ARCH_VERSION, base->name, head->name);
}

/* ------------------------------------------------------------- ports */

static unsigned __int128 millionths(unsigned __int128 part,
                                    unsigned __int128 whole)
{
    return whole == 0 ? 0 : part * MILLION / whole;
}

static uint64_t clamped(unsigned __int128 value)
{
    return value > UINT64_MAX ? UINT64_MAX : (uint64_t)value;
}

/* P's ratio, relative and distance, the run's Ir being TOTAL[]. */
static void port_ratios(struct hg_diff_port *p, const uint64_t total[2])
{
    unsigned __int128 ratio, relative;
    p->has_ratio = p->calls[BASE] != 0 && p->calls[HEAD] != 0
                   && p->ir[BASE] != 0;
    if (!p->has_ratio)
        return;
    /* Ir and calls are below 2^64: each product is below 2^128, and a
       ratio of such figures times 10^6 fits in 128 bits unless it is
       absurd (then it is clamped). */
    ratio = millionths((unsigned __int128)p->ir[HEAD] * p->calls[BASE],
                       (unsigned __int128)p->ir[BASE] * p->calls[HEAD]);
    p->ratio_millionths = clamped(ratio);
    relative = total[HEAD] == 0
               ? ratio
               : (unsigned __int128)p->ratio_millionths * total[BASE]
                 / total[HEAD];
    p->relative_millionths = clamped(relative);
    p->distance_millionths =
        p->relative_millionths >= MILLION ? p->relative_millionths
        : p->relative_millionths == 0
        ? UINT64_MAX
        : clamped((unsigned __int128)MILLION * MILLION
                  / p->relative_millionths);
}

/* Farthest from the run's ratio first, those without a ratio last; ties
   by the head's name, object, file and line. */
static int compare_ports(const void *pa, const void *pb)
{
    const struct hg_diff_port *a = pa, *b = pb;
    if (a->has_ratio != b->has_ratio)
        return a->has_ratio ? -1 : 1;
    if (a->distance_millionths != b->distance_millionths)
        return a->distance_millionths > b->distance_millionths ? -1 : 1;
    return hg_compare_identity(a->function[HEAD], b->function[HEAD]);
}

void hg_diff_make_ports(struct hg_diff *diff, const size_t *head_of)
{
    const struct hg_report *base = diff->reports[BASE];
    const struct hg_report *head = diff->reports[HEAD];
    const struct hg_metric *calls = hg_metric_named("calls");
    bool graph = base->has_call_graph && head->has_call_graph;
    uint64_t total[2] = { base->total_ir, head->total_ir };
    size_t i;

    diff->ports = hg_xcalloc(base->function_count + 1, sizeof *diff->ports);
    for (i = 0; i < base->function_count; i++) {
        struct hg_diff_port p = { .function = { &base->functions[i], NULL } };
        struct hg_entity entity[2] = { { &base->functions[i], NULL },
                                       { NULL, NULL } };
        if (head_of[i] == NONE)
            continue;
        p.function[HEAD] = entity[HEAD].function = &head->functions[head_of[i]];
        if (!hg_diff_metric_value(calls, base, &entity[BASE], graph,
                                  &p.calls[BASE])
            || !hg_diff_metric_value(calls, head, &entity[HEAD], graph,
                                     &p.calls[HEAD]))
            continue;
        p.ir[BASE] = p.function[BASE]->self_ir;
        p.ir[HEAD] = p.function[HEAD]->self_ir;
        port_ratios(&p, total);
        if (p.calls[BASE] != p.calls[HEAD])
            diff->ports_calls_differ++;
        diff->ports[diff->port_count++] = p;
    }
    qsort(diff->ports, diff->port_count, sizeof *diff->ports, compare_ports);
}

/* ------------------------------------------------------ presentation */

const char *hg_port_per_call(const struct hg_diff_port *p, int s,
                             char text[HG_DIFF_TEXT_SIZE])
{
    /* Hundredths, rounded half up. */
    unsigned __int128 hundredths;
    char mean[HG_MEAN_TEXT_SIZE];
    if (p->calls[s] == 0)
        return strcpy(text, "-");
    hundredths = ((unsigned __int128)p->ir[s] * 200 + p->calls[s])
                 / ((unsigned __int128)p->calls[s] * 2);
    hg_format_mean(clamped(hundredths / 100), (unsigned)(hundredths % 100),
                   mean);
    strcpy(text, mean);
    return text;
}

/* PART / WHOLE with DECIMALS decimals, as hg_format_fraction does. */
static const char *fraction(unsigned __int128 part, unsigned __int128 whole,
                            int decimals, char text[HG_DIFF_TEXT_SIZE])
{
    /* Only absurd figures need more than 64 bits; halving both keeps the
       ratio to far more digits than are printed. */
    while (part > UINT64_MAX || whole > UINT64_MAX) {
        part >>= 1;
        whole >>= 1;
    }
    return hg_format_fraction((uint64_t)part, (uint64_t)whole, 0, decimals,
                              text, HG_DIFF_TEXT_SIZE);
}

const char *hg_port_ratio(const struct hg_diff_port *p, int decimals,
                          char text[HG_DIFF_TEXT_SIZE])
{
    if (!p->has_ratio)
        return strcpy(text, "-");
    return fraction((unsigned __int128)p->ir[HEAD] * p->calls[BASE],
                    (unsigned __int128)p->ir[BASE] * p->calls[HEAD],
                    decimals, text);
}

const char *hg_port_relative(const struct hg_diff *diff,
                             const struct hg_diff_port *p, int decimals,
                             char text[HG_DIFF_TEXT_SIZE])
{
    uint64_t base = diff->reports[BASE]->total_ir;
    uint64_t head = diff->reports[HEAD]->total_ir;
    unsigned __int128 part, whole;
    if (!p->has_ratio)
        return strcpy(text, "-");
    if (head == 0 || base == 0)
        return hg_port_ratio(p, decimals, text);
    part = (unsigned __int128)p->ir[HEAD] * p->calls[BASE];
    whole = (unsigned __int128)p->ir[BASE] * p->calls[HEAD];
    /* A product of three figures may need 192 bits: then the ratio in
       millionths stands for the first two. */
    if (part > ~(unsigned __int128)0 / base
        || whole > ~(unsigned __int128)0 / head)
        return fraction(p->relative_millionths, MILLION, decimals, text);
    return fraction(part * base, whole * head, decimals, text);
}
