/* hotgrind: what a file that is not a hotgrind report is.
   GPL-2.0-or-later; part of hotgrind. */

/* Called only after a report failed to load, so a report is never
   slowed down: the first bytes of the file are read again and matched
   against the headers of the files people most often give by mistake,
   foremost the output files of the other Valgrind tools (cachegrind.out.PID
   from the same directory), for which libxml2 would only say "Start tag
   expected".  Only a regular file is read again: a pipe's bytes are gone. */

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "report/foreign-format.h"

/* Enough for the header of each format below. */
enum { HEAD_SIZE = 4096 };

struct head {
    char text[HEAD_SIZE + 1];    /* NUL-terminated; may hold NULs */
    size_t size;
};

/* The line of HEAD that starts with PREFIX, or NULL. */
static const char *line_starting(const struct head *head, const char *prefix)
{
    size_t n = strlen(prefix);
    const char *line = head->text, *end = head->text + head->size;
    while (line < end) {
        const char *next = memchr(line, '\n', (size_t)(end - line));
        if ((size_t)(end - line) >= n && memcmp(line, prefix, n) == 0)
            return line;
        if (next == NULL)
            break;
        line = next + 1;
    }
    return NULL;
}

static bool starts_with(const struct head *head, const char *magic, size_t n)
{
    return head->size >= n && memcmp(head->text, magic, n) == 0;
}

/* HEAD's text after white space. */
static const char *first_text(const struct head *head)
{
    return head->text + strspn(head->text, " \t\r\n");
}

/* The name of the first element of an XML HEAD (after declarations and
   comments), without a namespace prefix, into NAME; false if none. */
static bool xml_root(const struct head *head, char *name, size_t size)
{
    const char *p = first_text(head);
    size_t n;
    /* A UTF-8 byte order mark. */
    if (strncmp(p, "\xef\xbb\xbf", 3) == 0)
        p += 3;
    while ((p = strchr(p, '<')) != NULL
           && (p[1] == '?' || p[1] == '!'))
        p++;
    if (p == NULL)
        return false;
    p++;
    n = strcspn(p, " \t\r\n/>");
    if (memchr(p, ':', n) != NULL) {
        const char *colon = memchr(p, ':', n);
        n -= (size_t)(colon + 1 - p);
        p = colon + 1;
    }
    if (n == 0 || n >= size || p[n] == '\0')
        return false;
    memcpy(name, p, n);
    name[n] = '\0';
    return true;
}

/* The Valgrind tools' text formats: "KIND; WHAT TO DO", or NULL. */
static const char *valgrind_text_format(const struct head *head)
{
    const char *creator = line_starting(head, "creator: ");
    if (line_starting(head, "# callgrind format") != NULL
        || (creator != NULL
            && strncmp(creator, "creator: callgrind", 18) == 0)) {
        if (creator != NULL && strncmp(creator, "creator: hotgrind", 17) == 0)
            return "a Callgrind-format file written by hotgrind export "
                   "--format=callgrind; read it with callgrind_annotate or "
                   "KCachegrind, and give hotgrind the XML report it was "
                   "exported from";
        return "a Callgrind output file (callgrind.out format); read it "
               "with callgrind_annotate or KCachegrind";
    }
    if (line_starting(head, "cmd:") == NULL)
        return NULL;
    if (line_starting(head, "time_unit:") != NULL
        && line_starting(head, "snapshot=") != NULL)
        return "a Massif output file (massif.out format); read it with "
               "ms_print";
    if (line_starting(head, "events:") != NULL
        && (line_starting(head, "desc:") != NULL
            || line_starting(head, "fl=") != NULL))
        return "a Cachegrind output file (cachegrind.out format); read it "
               "with cg_annotate";
    return NULL;
}

/* JSON: DHAT's output, hotgrind's exports, other JSON. */
static const char *json_format(const struct head *head)
{
    const char *p = first_text(head);
    if (*p != '{' && *p != '[')
        return NULL;
    if (strstr(p, "\"dhatFileVersion\"") != NULL)
        return "a DHAT output file (dhat.out format); open it in DHAT's "
               "viewer, dh_view.html";
    if (strstr(p, "\"format\"") != NULL && strstr(p, "\"run\"") != NULL
        && strstr(p, "\"hotgrind\"") != NULL)
        return "a report exported as JSON (hotgrind export --format=json); "
               "give hotgrind the XML report it was exported from";
    if (strstr(p, "\"value\"") != NULL)
        return "a Bencher Metric Format (BMF) file, such as hotgrind export "
               "--format=bmf writes; give hotgrind the XML report it was "
               "exported from";
    return "JSON; hotgrind reports are XML";
}

/* Other XML: a policy, Valgrind's XML output, a JUnit file. */
static const char *xml_format(const struct head *head)
{
    char root[64];
    if (!xml_root(head, root, sizeof root) || strcmp(root, "hotgrind") == 0)
        return NULL;
    if (strcmp(root, "policy") == 0)
        return "a hotgrind policy; give it to hotgrind check --policy";
    if (strcmp(root, "valgrindoutput") == 0)
        return "Valgrind's XML output (--xml=yes) of another tool";
    if (strcmp(root, "testsuites") == 0 || strcmp(root, "testsuite") == 0)
        return "a JUnit XML file, such as hotgrind check --format=junit "
               "writes";
    return NULL;
}

static bool xml_format_is_report(const struct head *head)
{
    char root[64];
    return xml_root(head, root, sizeof root) && strcmp(root, "hotgrind") == 0;
}

/* Executables, compressed data, other binary data. */
static const char *binary_format(const struct head *head)
{
    size_t i;
    if (starts_with(head, "\x7f" "ELF", 4))
        return "an ELF file (a program or a library); measure a program "
               "with hotgrind run PROGRAM, which writes a report";
    if (starts_with(head, "\x1f\x8b", 2) || starts_with(head, "\xfd" "7zXZ", 5)
        || starts_with(head, "\x28\xb5\x2f\xfd", 4))
        return "compressed data (gzip, xz or zstd); decompress it first";
    for (i = 0; i < head->size; i++) {
        unsigned char c = (unsigned char)head->text[i];
        /* Text has no control characters but tabs and line ends. */
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
            return "binary data";
    }
    return NULL;
}

/* Folded stacks: every whole line of HEAD is "A;B... 123". */
static bool is_folded(const struct head *head)
{
    const char *line = head->text, *end = head->text + head->size;
    size_t lines = 0;
    while (line < end) {
        const char *next = memchr(line, '\n', (size_t)(end - line));
        const char *stop = next ? next : end, *space;
        if (next == NULL && lines > 0)
            break;       /* a line cut by HEAD_SIZE */
        space = stop;
        while (space > line && space[-1] >= '0' && space[-1] <= '9')
            space--;
        if (space == stop || space == line || space[-1] != ' '
            || memchr(line, ';', (size_t)(space - line)) == NULL)
            return false;
        lines++;
        if (next == NULL)
            break;
        line = next + 1;
    }
    return lines > 0;
}

bool hg_describe_foreign_file(const char *path, char *problem,
                              size_t problem_size)
{
    struct head head;
    struct stat status;
    const char *kind;
    FILE *file;

    if (stat(path, &status) != 0 || !S_ISREG(status.st_mode)
        || (file = fopen(path, "rb")) == NULL)
        return false;
    head.size = fread(head.text, 1, HEAD_SIZE, file);
    head.text[head.size] = '\0';
    fclose(file);
    /* A damaged report keeps the parser's more precise words. */
    if (head.size == 0 || xml_format_is_report(&head))
        return false;
    if ((kind = xml_format(&head)) != NULL) {
        /* The parser's words name the root already: "line 3: root
           element is <policy>, not <hotgrind>: this is a policy...", as
           the policy reader says of a report. */
        size_t used = strlen(problem);
        if (used < problem_size)
            snprintf(problem + used, problem_size - used, ": this is %s",
                     kind);
        return true;
    }
    if ((kind = binary_format(&head)) == NULL
        && (kind = valgrind_text_format(&head)) == NULL
        && (kind = json_format(&head)) == NULL) {
        if (is_folded(&head))
            kind = "folded stacks, such as hotgrind export --format=folded "
                   "writes; give hotgrind the XML report they were "
                   "exported from";
        else if (*first_text(&head) != '<')
            kind = "text that is not XML";
        else
            return false;
    }
    snprintf(problem, problem_size, "not a hotgrind report: this is %s "
             "(hotgrind reads the XML reports that valgrind --tool=hotgrind "
             "and hotgrind run write)", kind);
    return true;
}
