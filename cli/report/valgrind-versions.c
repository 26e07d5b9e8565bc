/* hotgrind: what differs between the Valgrind releases hotgrind supports,
   as far as its figures are concerned.  GPL-2.0-or-later; part of
   hotgrind.

   The table holds what running the same programs under each tested
   release showed (regtest/versions_compare.sh on amd64,
   regtest/arm64_release_*.sh on arm64; docs/versions.md), not what
   release notes suggest: each entry is an interval of releases over which
   some figures moved on one architecture, and why. */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/valgrind-versions.h"
#include "util/xalloc.h"

/* Releases as major * 100 + minor: 3.19 is 319. */
enum { OLDEST_SUPPORTED = 319, NEWEST_SUPPORTED = 327 };

/* The releases the cross-version tests build (test.sh), on the
   architectures they run on. */
static const int tested[] = { 319, 324, 327 };
static const char *const measured_arches[] = { "amd64", "arm64" };

struct valgrind_change {
    const char *arch;       /* where it was measured */
    int after, upto;        /* somewhere in releases (after, upto] */
    const char *figures;    /* which figures moved; NULL: none did */
    const char *what;       /* what in Valgrind changed */
};

/* docs/versions.md, "What was measured". */
static const struct valgrind_change changes[] = {
    { "amd64", 319, 324, NULL,
      "the platform's hwcaps began to name fma, which 3.19 left out of the "
      "name only: glibc picks the same fma variants under both" },
    { "arm64", 319, 324,
      "Ir, I1mr, ILmr, Dw, D1mw, DLmw, Bc, Bcm, cycles and calls",
      "Valgrind began to run DC ZVA and to read DCZID_EL0 from the CPU "
      "instead of saying that DC ZVA is prohibited, so glibc zeroes by DC "
      "ZVA: memset's figures (ld.so's, and libc's, where __memset_zva64 "
      "replaces __GI_memset) and those of _dl_sysdep_start, which reads "
      "DCZID_EL0, move, and their callers' inclusive ones; I1mr also moved "
      "in Valgrind's preload library, whose code changed" },
    { NULL, 0, 0, NULL, NULL }
};

/* "3.19.0" as 319; -1 when it does not start with two numbers. */
static int release_of(const char *version)
{
    char *end;
    long major, minor;
    if (version == NULL)
        return -1;
    major = strtol(version, &end, 10);
    if (end == version || *end != '.')
        return -1;
    version = end + 1;
    minor = strtol(version, &end, 10);
    if (end == version || major < 0 || major > 99 || minor < 0 || minor > 99)
        return -1;
    return (int)(major * 100 + minor);
}

static char *release_text(int release)
{
    return hg_xasprintf("%d.%d", release / 100, release % 100);
}

static bool was_tested(int release)
{
    size_t i;
    for (i = 0; i < sizeof tested / sizeof tested[0]; i++)
        if (tested[i] == release)
            return true;
    return false;
}

static bool was_measured(const char *arch)
{
    size_t i;
    for (i = 0; i < sizeof measured_arches / sizeof measured_arches[0]; i++)
        if (strcmp(measured_arches[i], arch) == 0)
            return true;
    return false;
}

static bool supported(int release)
{
    return release >= OLDEST_SUPPORTED && release <= NEWEST_SUPPORTED;
}

/* Appends ADD to *TEXT, "; " between parts; frees ADD. */
static void append(char **text, char *add)
{
    char *joined;
    if (*text == NULL) {
        *text = add;
        return;
    }
    joined = hg_xasprintf("%s; %s", *text, add);
    free(*text);
    free(add);
    *text = joined;
}

char *hg_valgrind_versions_note(const char *base, const char *head,
                                const char *arch)
{
    int b = release_of(base), h = release_of(head);
    int low, high;
    char *note = NULL, *low_text, *high_text;
    size_t i;

    if (b < 0 || h < 0)
        return hg_xasprintf("not both release numbers (%s, %s): any figure "
                            "may move", base, head);
    if (b == h)
        return NULL;
    low = b < h ? b : h;
    high = b < h ? h : b;
    low_text = release_text(low);
    high_text = release_text(high);
    if (!supported(low) || !supported(high)) {
        note = hg_xasprintf("%s is outside the releases hotgrind is "
                            "tested with (3.19 to 3.27): any figure may move",
                            supported(low) ? high_text : low_text);
        free(low_text);
        free(high_text);
        return note;
    }
    if (!was_measured(arch)) {
        note = hg_xasprintf("hotgrind's cross-version tests run on amd64 "
                            "and arm64 only: on %s any figure may move "
                            "between %s and %s", arch, low_text, high_text);
        free(low_text);
        free(high_text);
        return note;
    }
    for (i = 0; changes[i].what != NULL; i++) {
        const struct valgrind_change *c = &changes[i];
        if (c->upto <= low || c->after >= high || c->figures == NULL ||
            strcmp(c->arch, arch) != 0)
            continue;
        append(&note, hg_xasprintf("%s moved between %d.%d and %d.%d: %s",
                                   c->figures, c->after / 100,
                                   c->after % 100, c->upto / 100,
                                   c->upto % 100, c->what));
    }
    if (note == NULL && was_tested(low) && was_tested(high))
        note = hg_xasprintf("between %s and %s no figure moved on "
                            "hotgrind's cross-version tests (docs/versions.md)"
                            ", so a change here is the program's", low_text,
                            high_text);
    else if (note == NULL)
        note = hg_xasprintf("no figure moved across 3.19, 3.24 and 3.27, the "
                            "releases hotgrind's cross-version tests build "
                            "(docs/versions.md); %s is not one of them, so a "
                            "change here is most likely the program's",
                            was_tested(low) ? high_text : low_text);
    for (i = 0; changes[i].what != NULL; i++) {
        const struct valgrind_change *c = &changes[i];
        if (c->upto <= low || c->after >= high || c->figures != NULL ||
            strcmp(c->arch, arch) != 0)
            continue;
        append(&note, hg_xasprintf("between %d.%d and %d.%d %s",
                                   c->after / 100, c->after % 100,
                                   c->upto / 100, c->upto % 100, c->what));
    }
    free(low_text);
    free(high_text);
    return note;
}
