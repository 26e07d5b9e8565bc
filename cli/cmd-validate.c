/* hotgrind validate: checks reports against the schema built into the
   command, and the rules the schema cannot express.
   GPL-2.0-or-later; part of hotgrind. */

/* The schema (docs/hotgrind.xsd) is strict: it is the exact description of
   what this release writes, so CI can tell a report from this release's
   tool from anything else.  A few rules of the format are beyond XML
   Schema 1.0 (rules.c) and are checked after it.  `show` and the other
   readers are lenient instead, and skip what they do not know. */

#include <string.h>

#include <libxml/tree.h>

#include "cli.h"
#include "rules.h"
#include "xml-safe.h"

static const char validate_usage[] = "usage: hotgrind validate REPORT...";

static const char validate_help[] =
    "usage: hotgrind validate REPORT...\n"
    "\n"
    "Checks each REPORT against the report schema built into this command\n"
    "(docs/hotgrind.xsd, format 1), then against the rules of the format\n"
    "that the schema cannot express (docs/report-format.md), such as\n"
    "marked=\"yes\" coming with calls, or the threads' Ir adding up to the\n"
    "total.  Prints \"REPORT: valid\" for each valid one, and one line on\n"
    "stderr for each that is not.  Exit status 0 when all are valid, 2\n"
    "otherwise.  Nothing is fetched from the network.\n";

/* Another format version gets the same words as from every reader,
   rather than the schema's "does not match the fixed value". */
static bool is_other_format(xmlDocPtr doc, char *problem, size_t problem_size)
{
    xmlNodePtr root = xmlDocGetRootElement(doc);
    xmlChar *text;
    uint64_t format;
    bool other;

    if (root == NULL || root->ns != NULL
        || strcmp((const char *)root->name, "hotgrind") != 0)
        return false;
    text = xmlGetNoNsProp(root, (const xmlChar *)"format");
    other = text != NULL && hg_parse_count((const char *)text, &format)
            && format != HG_REPORT_FORMAT;
    xmlFree(text);
    if (other)
        hg_xml_problem(problem, problem_size, hg_xml_line(root), "report "
                       "format %llu is not supported (this hotgrind reads "
                       "format %d)", (unsigned long long)format,
                       HG_REPORT_FORMAT);
    return other;
}

/* True if PATH holds a valid report; otherwise PROBLEM says why. */
static bool validate_one(const char *path, char *problem, size_t problem_size)
{
    xmlDocPtr doc = hg_xml_read_report(path, problem, problem_size);
    bool valid;
    if (doc == NULL)
        return false;
    valid = !is_other_format(doc, problem, problem_size)
            && hg_validate_report(doc, problem, problem_size);
    xmlFreeDoc(doc);
    return valid;
}

int cmd_validate(int argc, char **argv)
{
    const struct hg_command_line line = {
        .command = "validate", .usage = validate_usage,
        .help = validate_help,
    };
    int status, count, i;

    status = hg_parse_options(&line, argc, argv, &count);
    if (status != -1)
        return status;
    if (count == 0)
        return hg_usage_error("validate", validate_usage, "no REPORT given");

    status = HG_EXIT_OK;
    for (i = 0; i < count; i++) {
        char problem[HG_PROBLEM_SIZE];
        if (validate_one(argv[i], problem, sizeof problem)) {
            printf("%s: valid\n", argv[i]);
            fflush(stdout);   /* keep the order of stdout and stderr */
        } else {
            hg_say_problem(argv[i], problem);
            status = HG_EXIT_TROUBLE;
        }
    }
    return status;
}
