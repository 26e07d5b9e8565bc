/* hotgrind: the one reader of the subcommands' command lines.
   GPL-2.0-or-later; part of hotgrind. */

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/messages.h"
#include "util/number.h"
#include "util/parse-options.h"

/* The option of LINE that ARG names, with *VALUE its joined value
   ("--name=VALUE", long value options only) or NULL; NULL if none. */
static const struct hg_cli_option *
find_option(const struct hg_command_line *line, const char *arg,
            const char **value)
{
    const struct hg_cli_option *o, *end = line->options + HG_MAX_OPTIONS;
    for (o = line->options; o < end && o->name != NULL; o++) {
        size_t n = strlen(o->name);
        *value = NULL;
        if (strcmp(arg, o->name) == 0)
            return o;
        if (o->flag == NULL && o->name[1] == '-'
            && strncmp(arg, o->name, n) == 0 && arg[n] == '=') {
            *value = arg + n + 1;
            return o;
        }
    }
    return NULL;
}

/* The short value option ("-o") that ARG glues a value to ("-o=x.xml",
   "-ox.xml"), or NULL.  Only "-o VALUE" is one: git's parse-options would
   read "-o=x.xml" as the value "=x.xml", and `run` would pass it on to
   Valgrind, which knows no -o; so every command refuses it, saying what
   to write instead. */
static const struct hg_cli_option *
glued_short_option(const struct hg_command_line *line, const char *arg)
{
    const struct hg_cli_option *o, *end = line->options + HG_MAX_OPTIONS;
    for (o = line->options; o < end && o->name != NULL; o++) {
        size_t n = strlen(o->name);
        if (o->flag == NULL && o->name[1] != '-'
            && strncmp(arg, o->name, n) == 0 && arg[n] != '\0')
            return o;
    }
    return NULL;
}

/* Gives VALUE to option O; -1 to go on, else the exit status. */
static int set_option(const struct hg_command_line *line,
                      const struct hg_cli_option *o, const char *value)
{
    if (o->flag != NULL) {
        *o->flag = true;
        return -1;
    }
    /* "--limit=" or "--limit ''": no value given, in the same words for
       every option, not the option's own about what the value says. */
    if (value == NULL || value[0] == '\0')
        return hg_usage_error(line->command, line->usage, "%s needs a value",
                              o->name);
    if (o->take != NULL)
        return o->take(line, value);
    *o->value = value;
    return -1;
}

int hg_parse_options(const struct hg_command_line *line, int argc,
                     char **argv, int *operand_count)
{
    bool options_done = false;
    const char *given[HG_MAX_OPTIONS] = { NULL };   /* the once options' */
    int i, count = 0, status;

    for (i = 1; i < argc; i++) {
        const char *arg = argv[i], *value;
        const struct hg_cli_option *o;
        if (options_done || arg[0] != '-' || strcmp(arg, "-") == 0) {
            argv[count++] = argv[i];
            options_done = options_done || line->operands_end_options;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            options_done = true;
            continue;
        }
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            if (line->print_help != NULL)
                line->print_help();
            else
                fputs(line->help, stdout);
            return HG_EXIT_OK;
        }
        if ((o = glued_short_option(line, arg)) != NULL) {
            const char *rest = arg + strlen(o->name);
            status = hg_usage_error(line->command, line->usage,
                                    "'%s': write %s %s", arg, o->name,
                                    rest + (*rest == '='));
        } else if ((o = find_option(line, arg, &value)) != NULL) {
            size_t index = (size_t)(o - line->options);
            if (value == NULL && o->flag == NULL && i + 1 < argc)
                value = argv[++i];
            if (o->once && given[index] != NULL && value != NULL)
                return hg_usage_error(line->command, line->usage, "%s given "
                                      "twice ('%s' and '%s'); give it once",
                                      o->name, given[index], value);
            given[index] = value;
            status = set_option(line, o, value);
        } else if (line->unknown != NULL) {
            status = line->unknown(line, arg);
        } else {
            status = hg_usage_error(line->command, line->usage,
                                    "unknown option '%s'", arg);
        }
        if (status != -1)
            return status;
    }
    argv[count] = NULL;
    *operand_count = count;
    return -1;
}

int hg_parse_one_report(const struct hg_command_line *line, int argc,
                        char **argv, const char **path)
{
    int count, status = hg_parse_options(line, argc, argv, &count);
    if (status != -1)
        return status;
    if (count > 1)
        return hg_usage_error(line->command, line->usage, "one REPORT at a "
                              "time ('%s' and '%s')", argv[0], argv[1]);
    *path = argv[0];
    return -1;
}

bool hg_parse_limit(const char *text, size_t *limit)
{
    uint64_t value;
    if (text[0] == '\0' || strspn(text, "0123456789") != strlen(text)
        || !hg_parse_count(text, &value) || value > SIZE_MAX)
        return false;
    *limit = (size_t)value;
    return true;
}

bool hg_parse_allowed_exits(const char *text, unsigned *allowed)
{
    static const struct { const char *word; unsigned bits; } words[] = {
        { "nonzero", HG_ALLOW_NONZERO }, { "signal", HG_ALLOW_SIGNAL },
        { "exec", HG_ALLOW_EXEC }, { "any", HG_ALLOW_ANY },
    };
    unsigned result = 0;
    for (;;) {
        size_t n = strcspn(text, ","), i;
        for (i = 0; i < sizeof words / sizeof words[0]; i++)
            if (n == strlen(words[i].word)
                && strncmp(text, words[i].word, n) == 0)
                break;
        if (i == sizeof words / sizeof words[0])
            return false;
        result |= words[i].bits;
        if (text[n] == '\0')
            break;
        text += n + 1;
    }
    *allowed = result;
    return true;
}
