/* hotgrind run's stdout: the verdict of --repeat and --perturb, written
   from the struct run_audit of run/run-audit.c, and the command of
   --dry-run.  Names from the reports reach a terminal through
   hg_print_clean, and the suggested policy through hg_print_xml_text.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "render/run-audit.h"
#include "render/text.h"
#include "util/messages.h"
#include "util/number.h"
#include "xml/xml-text.h"

/* How many differing functions a verdict names. */
#define SHOWN_ROWS 10

/* How many unpinned inputs the causes name at most; hotgrind show lists
   them all. */
#define SHOWN_INPUTS 5

/* ------------------------------------------------------------ --repeat */

/* The first figure of CHANGE that differs, as "Ir 1,234 -> 2,345". */
static void print_change(FILE *out, const struct run_audit_change *change)
{
    char first[HG_COUNT_TEXT_SIZE], other[HG_COUNT_TEXT_SIZE];
    if (change->metric == NULL) {
        fprintf(out, "  %s\n", change->only_other ? "(only in the later run)"
                               : "(only in the first run)");
        return;
    }
    fprintf(out, "  %s %s -> %s%s\n", change->metric,
            hg_format_count(change->first, first),
            hg_format_count(change->other, other),
            change->only_other ? " (only in the later run)"
            : change->only_first ? " (only in the first run)" : "");
}

static void print_changes(FILE *out, const struct run_audit *audit)
{
    size_t c;
    if (audit->change_count > 0)
        fprintf(out, "Functions that differ (first run -> this run):\n");
    for (c = 0; c < audit->change_count && c < SHOWN_ROWS; c++) {
        fputs("  ", out);
        hg_print_clean(out, audit->changes[c].name);
        fputs(" (", out);
        hg_print_clean(out, audit->changes[c].object);
        fputc(')', out);
        print_change(out, &audit->changes[c]);
    }
    if (audit->change_count > SHOWN_ROWS)
        fprintf(out, "  ... and %zu more\n",
                audit->change_count - SHOWN_ROWS);
}

static void print_threads(FILE *out, const struct run_audit_threads *t)
{
    char x[HG_COUNT_TEXT_SIZE], y[HG_COUNT_TEXT_SIZE];
    if (t->first_count != t->other_count)
        fprintf(out, "Threads: %zu -> %zu\n", t->first_count,
                t->other_count);
    if (t->thread_differs)
        fprintf(out, "Thread %u: Ir %s -> %s\n", t->thread_id,
                hg_format_count(t->first_ir, x),
                hg_format_count(t->other_ir, y));
    if (!t->events_differ)
        return;
    if (t->first_event != NULL)
        fprintf(out, "Thread events: the first difference is event %zu "
                "(thread %u %s at Ir %s -> thread %u %s at Ir %s)\n",
                t->event + 1, t->first_event->thread,
                hg_event_kind_name(t->first_event->kind),
                hg_format_count(t->first_event->ir, x),
                t->other_event->thread,
                hg_event_kind_name(t->other_event->kind),
                hg_format_count(t->other_event->ir, y));
    else
        fprintf(out, "Thread events: %zu -> %zu\n", t->first_events,
                t->other_events);
}

/* "SOURCE from FUNCTION (OBJECT)", the names as a terminal can show
   them. */
static void print_input_place(FILE *out, const struct hg_input *input)
{
    hg_print_clean(out, input->source);
    fputs(" from ", out);
    hg_print_clean(out, input->function);
    fputs(" (", out);
    hg_print_clean(out, input->object);
    fputc(')', out);
}

/* Whether SOURCE is the address map (ht_maps.c's sources), whose
   randomness is the process ID in the gdbserver file's name. */
static bool is_address_map(const char *source)
{
    return strcmp(source, "/proc/self/maps") == 0
           || strcmp(source, "/proc/self/smaps") == 0;
}

/* The cause line of one unpinned input, with the option that pins it. */
static void print_input_cause(FILE *out, const struct hg_input *input)
{
    char bytes[HG_COUNT_TEXT_SIZE];
    switch (input->kind) {
    case HG_INPUT_RANDOM:
        if (is_address_map(input->source)) {
            fprintf(out, "Likely cause: the process ID: the program read its "
                    "address map, where %s byte%s name%s Valgrind's "
                    "gdbserver file with the process ID, through ",
                    hg_format_count(input->bytes, bytes),
                    input->bytes == 1 ? "" : "s",
                    input->bytes == 1 ? "s" : "");
            print_input_place(out, input);
            fprintf(out, "; --det-random=yes takes them out\n");
            break;
        }
        if (input->has_bytes)
            fprintf(out, "Likely cause: OS randomness: the program read %s "
                    "random byte%s through ",
                    hg_format_count(input->bytes, bytes),
                    input->bytes == 1 ? "" : "s");
        else
            fprintf(out, "Likely cause: OS randomness: the program read "
                    "random bytes through ");
        print_input_place(out, input);
        fprintf(out, "; --det-random=yes pins them\n");
        break;
    case HG_INPUT_CLOCK:
        fprintf(out, "Likely cause: a clock read: the program read the "
                "clock through ");
        print_input_place(out, input);
        fprintf(out, "; --det-clock=yes (hotgrind run's default) or "
                "--det-sched=yes's virtual time answers it from the "
                "instruction count\n");
        break;
    default:
        fprintf(out, "Likely cause: the number of CPUs: the program asked "
                "through ");
        print_input_place(out, input);
        fprintf(out, "; --cpus=N pins it\n");
        break;
    }
}

static void print_cause(FILE *out, const struct run_audit_cause *cause)
{
    char first[64], other[64];
    size_t d;
    switch (cause->kind) {
    case RUN_CAUSE_EXIT:
        hg_describe_exit(&cause->exits[0], first, sizeof first);
        hg_describe_exit(&cause->exits[1], other, sizeof other);
        fprintf(out, "Likely cause: the program ended differently (%s -> "
                "%s): a benchmark must exit 0 in every run\n",
                first[0] ? first : "not recorded",
                other[0] ? other : "not recorded");
        break;
    case RUN_CAUSE_ENVIRONMENT:
        fprintf(out, "Likely cause: an environment difference: the runs "
                "were measured differently (");
        for (d = 0; d < cause->difference_count; d++) {
            fprintf(out, "%s%s: ", d ? "; " : "", cause->differences[d].what);
            hg_print_clean(out, cause->differences[d].base);
            fputs(" -> ", out);
            hg_print_clean(out, cause->differences[d].head);
        }
        fprintf(out, ")\n");
        break;
    case RUN_CAUSE_INPUT:
        print_input_cause(out, cause->input);
        break;
    case RUN_CAUSE_CLOCK_CALL:
        fputs("Likely cause: a clock read: the program calls ", out);
        hg_print_clean(out, cause->function->name);
        fputs(" (", out);
        hg_print_clean(out, cause->function->object);
        fputs("); a Valgrind with --det-sched=yes answers it from the "
              "instruction count (virtual time)\n", out);
        break;
    case RUN_CAUSE_THREADS:
        fprintf(out, "Likely cause: a thread interleaving: %zu threads%s; "
                "a Valgrind with --det-sched=yes runs them alike\n",
                cause->threads,
                cause->threads_differ ? ", whose figures differ" : "");
        break;
    case RUN_CAUSE_UNKNOWN:
        fputs(cause->tracked
              ? "Likely cause: unknown: one thread, the same environment, "
                "every clock, OS randomness and CPU count the program read "
                "pinned; look for what the functions above read (files, "
                "the pid)\n"
              : "Likely cause: unknown: no clock read, one thread, the same "
                "environment; look for what the functions above read "
                "(files, the pid, random numbers)\n", out);
        break;
    }
}

/* Every cause in order, but at most SHOWN_INPUTS inputs, with a line for
   the others after the last input. */
static void print_causes(FILE *out, const struct run_audit *audit)
{
    size_t c, inputs = 0;
    for (c = 0; c < audit->cause_count; c++) {
        const struct run_audit_cause *cause = &audit->causes[c];
        if (cause->kind != RUN_CAUSE_INPUT) {
            print_cause(out, cause);
            continue;
        }
        if (inputs++ < SHOWN_INPUTS)
            print_cause(out, cause);
        if (c + 1 < audit->cause_count
            && audit->causes[c + 1].kind == RUN_CAUSE_INPUT)
            continue;
        if (inputs > SHOWN_INPUTS)
            fprintf(out, "  ... and %zu more unpinned input%s (hotgrind "
                    "show lists them)\n", inputs - SHOWN_INPUTS,
                    inputs - SHOWN_INPUTS == 1 ? "" : "s");
    }
}

static void print_repeat(FILE *out, const struct run_audit *audit)
{
    if (audit->status == HG_EXIT_OK) {
        fprintf(out, "hotgrind run --repeat: %zu runs, byte-identical "
                "reports\n", audit->runs);
        return;
    }
    if (audit->status != HG_EXIT_JUDGED)
        return;
    fprintf(out, "hotgrind run --repeat: run %zu of %zu gave another report "
            "than run 1 (%s, %s)\n", audit->differing + 1, audit->runs,
            audit->paths[1], audit->paths[0]);
    print_changes(out, audit);
    print_threads(out, &audit->threads);
    print_causes(out, audit);
}

/* ----------------------------------------------------------- --perturb */

/* The lines of a policy that leave each function that moved out of the
   thresholds (<ignore>, with the perturbations that moved it as the
   reason) and bound it by a budget at its highest count seen, so that
   a real slowdown of it still fails. */
static void print_policy(FILE *out, const struct run_audit *audit)
{
    size_t i, p;
    fprintf(out, "Policy lines that leave them out of the thresholds "
            "(<ignore>) and still bound each by a budget (its highest "
            "count seen; give it headroom):\n");
    fprintf(out, "<policy format=\"1\">\n  <budgets>\n");
    for (i = 0; i < audit->mover_count; i++) {
        fprintf(out, "    <function pattern=\"");
        hg_print_xml_text(out, audit->movers[i].object);
        fputc(':', out);
        hg_print_xml_text(out, audit->movers[i].name);
        fprintf(out, "\" metric=\"Ir\" max=\"%llu\"/>\n",
                (unsigned long long)audit->movers[i].high);
    }
    fprintf(out, "  </budgets>\n  <thresholds>\n");
    for (i = 0; i < audit->mover_count; i++) {
        const char *between = "";
        fprintf(out, "    <ignore pattern=\"");
        hg_print_xml_text(out, audit->movers[i].object);
        fputc(':', out);
        hg_print_xml_text(out, audit->movers[i].name);
        fprintf(out, "\" reason=\"its counts move when ");
        for (p = 0; p < audit->perturbed_count; p++)
            if (audit->movers[i].moved_by & 1u << p) {
                fputs(between, out);
                hg_print_xml_text(out, audit->perturbed[p].label);
                between = ", ";
            }
        fprintf(out, " (hotgrind run --perturb)\"/>\n");
    }
    fprintf(out, "  </thresholds>\n</policy>\n");
}

static void print_movers(FILE *out, const struct run_audit *audit)
{
    size_t r, p;
    fprintf(out, "Functions whose counts depend on addresses (self Ir, "
            "lowest to highest; moved by):\n");
    for (r = 0; r < audit->mover_count; r++) {
        const struct run_audit_mover *m = &audit->movers[r];
        char low[HG_COUNT_TEXT_SIZE], high[HG_COUNT_TEXT_SIZE];
        bool comma = false;
        fputs("  ", out);
        hg_print_clean(out, m->name);
        fputs(" (", out);
        hg_print_clean(out, m->object);
        fprintf(out, ")  %s .. %s  ", hg_format_count(m->low, low),
                hg_format_count(m->high, high));
        for (p = 0; p < audit->perturbed_count; p++)
            if (m->moved_by & 1u << p) {
                fprintf(out, "%s%s", comma ? ", " : "",
                        audit->perturbed[p].label);
                comma = true;
            }
        fputc('\n', out);
    }
}

static void print_perturb(FILE *out, const struct run_audit *audit)
{
    size_t k;
    if (audit->reference_differs) {
        fprintf(out, "hotgrind run --perturb: two runs of the reference "
                "gave different reports (%s, %s): the counts move without "
                "any perturbation; hotgrind run --repeat tells which and "
                "why\n", audit->paths[0], audit->paths[1]);
        print_causes(out, audit);
        return;
    }
    if (!audit->compared)
        return;
    fprintf(out, "hotgrind run --perturb: %zu perturbed runs against the "
            "reference run (%s)\n", audit->runs, audit->paths[0]);
    for (k = 0; k < audit->perturbed_count; k++) {
        size_t moved = audit->perturbed[k].moved;
        fprintf(out, "  %-40s %zu function%s move%s\n",
                audit->perturbed[k].label, moved, moved == 1 ? "" : "s",
                moved == 1 ? "s" : "");
    }
    if (audit->status == HG_EXIT_TROUBLE)
        return;
    if (audit->mover_count == 0) {
        fprintf(out, "No function's counts depend on where the stack, the "
                "heap or the program's strings are\n");
        return;
    }
    print_movers(out, audit);
    print_policy(out, audit);
}

void hg_render_run_audit(FILE *out, const struct run_audit *audit)
{
    if (audit->perturb)
        print_perturb(out, audit);
    else
        print_repeat(out, audit);
}

/* ----------------------------------------------------------- --dry-run */

void hg_render_run_dry_run(FILE *out, const struct run_plan *plan)
{
    size_t i;
    fprintf(out, "# fd %d: %s\n", PROGRAM_FD, plan->program);
    if (plan->libdir != NULL)
        fprintf(out, "# fd %d: %s\n", LIBDIR_FD, plan->libdir);
    fputs("cd ", out);
    hg_print_shell_word(out, plan->directory);
    fputs(" && env -i", out);
    for (i = 0; i < plan->env.count; i++) {
        fputc(' ', out);
        hg_print_shell_word(out, plan->env.items[i]);
    }
    fputc(' ', out);
    hg_print_shell_word(out, plan->valgrind);
    for (i = 0; i < plan->args.count; i++) {
        fputc(' ', out);
        hg_print_shell_word(out, plan->args.items[i]);
    }
    fputc('\n', out);
}
