/* hotgrind: what diff's renderers write only across architectures
   (diff-render.h): which matching rules paired functions, and the view of
   self Ir per call, head/base, against the whole run's ratio.
   GPL-2.0-or-later; part of hotgrind. */

#include <string.h>

#include "render/diff-render.h"

/* "N function(s)" then TAIL. */
static void print_functions(FILE *out, size_t n, const char *tail)
{
    diff_print_number(out, n, n == 1 ? " function" : " functions");
    fputs(tail, out);
}

void diff_print_arch_matching(FILE *out, const struct hg_diff *diff,
                              const char *lead, const char *tail,
                              diff_print_value_fn value, const char *arrow)
{
    static const char *const rules[HG_ARCH_RULES] = {
        " of the program by its role (",
        " of the dynamic loader by its role (",
        " by name without the symbol version (",
    };
    const struct hg_arch_matching *m = &diff->arch_matching;
    bool any = false;
    int r;

    for (r = 0; r < HG_ARCH_RULES; r++) {
        if (m->count[r] == 0)
            continue;
        fputs(any ? ", " : lead, out);
        if (!any)
            fputs("across architectures, ", out);
        any = true;
        print_functions(out, m->count[r], rules[r]);
        if (r == HG_ARCH_VERSION && m->count[r] > 1)
            fputs("e.g. ", out);
        value(out, m->example[r][0]);
        fprintf(out, " %s ", arrow);
        value(out, m->example[r][1]);
        fputc(')', out);
    }
    if (any)
        fputs(tail, out);
}

size_t diff_start_ports(FILE *out, const struct diff_comparison *c,
                        const char *lead, const char *tail,
                        const char *header, diff_print_value_fn value,
                        const char *arrow)
{
    const struct hg_diff *diff = c->diff;
    char run[HG_PERCENT_TEXT_SIZE];

    fputs(lead, out);
    fputs("self Ir per call head/base (", out);
    value(out, c->reports[0]->arch);
    fprintf(out, " %s ", arrow);
    value(out, c->reports[1]->arch);
    fputs("), ", out);
    if (diff->port_count == 0) {
        fputs("not compared: no function has calls in both reports (mark "
              "functions with --mark, or record with --call-graph=yes)", out);
        fputs(tail, out);
        return 0;
    }
    fprintf(out, "farthest from the run's %s first: ",
            hg_format_ratio(c->reports[1]->total_ir,
                            c->reports[0]->total_ir, run));
    if (diff->port_count == 1 && c->ports_shown == 1) {
        fputs("the only function with calls in both, ", out);
    } else {
        if (c->ports_shown == diff->port_count) {
            fputs("all ", out);
        } else {
            fputs("top ", out);
            diff_print_number(out, c->ports_shown, " of ");
        }
        print_functions(out, diff->port_count, " with calls in both, ");
    }
    if (diff->ports_calls_differ == 0)
        fputs(diff->port_count == 1 ? "its calls equal"
                                    : "every one's calls equal", out);
    else
        diff_print_number(out, diff->ports_calls_differ,
                          " with calls not equal");
    fputs(tail, out);
    fputs(header, out);
    return c->ports_shown;
}

void diff_for_each_port(const struct diff_comparison *c,
                        diff_port_line_fn line, void *data)
{
    char calls[2][HG_COUNT_TEXT_SIZE];
    char per_call[2][HG_DIFF_TEXT_SIZE], ratio[HG_DIFF_TEXT_SIZE];
    char relative[HG_DIFF_TEXT_SIZE];
    const char *cells[DIFF_PORT_COLUMNS];
    size_t i;
    int s;

    for (i = 0; i < c->ports_shown; i++) {
        const struct hg_diff_port *p = &c->diff->ports[i];
        cells[0] = p->function[1]->name;
        cells[1] = p->function[1]->object;
        for (s = 0; s < 2; s++) {
            cells[2 + s] = hg_format_count(p->calls[s], calls[s]);
            cells[5 + s] = hg_port_per_call(p, s, per_call[s]);
        }
        cells[4] = p->calls[0] == p->calls[1] ? "equal" : "differ";
        cells[7] = hg_port_ratio(p, 2, ratio);
        cells[8] = "-";
        if (p->has_ratio) {
            hg_port_relative(c->diff, p, 2, relative);
            cells[8] = strcat(relative, "x");
        }
        line(data, p, cells);
    }
}
