/* hotgrind: the one place that hands bytes to libxml2, with the settings
   that keep an untrusted file harmless.  GPL-2.0-or-later; part of hotgrind. */

#ifndef HOTGRIND_XML_SAFE_H
#define HOTGRIND_XML_SAFE_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <libxml/tree.h>

/* Parses the file at PATH into a whole document: no network, no entity
   substitution, no DTD loading, and any DOCTYPE refused.  libxml2 prints
   nothing; on failure this returns NULL and puts one line ("line N:
   why") into PROBLEM.  The commands read reports as streams
   (hg_xml_stream_file); the tests and fuzz-report use this as the
   reference the stream's checks must agree with. */
xmlDocPtr hg_xml_read_report(const char *path, char *problem,
                             size_t problem_size);

/* Validates DOC against the schema built into the command.  Returns true
   if valid; otherwise puts the first violation into PROBLEM. */
bool hg_xml_validate(xmlDocPtr doc, char *problem, size_t problem_size);

/* hg_xml_read_report for another kind of hotgrind file: WHAT ("policy")
   names it in the messages. */
xmlDocPtr hg_xml_read_file(const char *path, const char *what,
                           char *problem, size_t problem_size);

/* Where a reader of a hotgrind file (a policy, a suite) puts its first
   problem. */
struct hg_xml_reader {
    char *problem;
    size_t problem_size;
};

/* Reads PATH as hg_xml_read_file does, then READ with DATA from its
   document, which it then frees: false, with the problem, if either
   fails. */
typedef bool hg_xml_document_reader(struct hg_xml_reader *reader,
                                    xmlDocPtr doc, void *data);
bool hg_xml_read_file_with(const char *path, const char *what,
                           hg_xml_document_reader *read, void *data,
                           char *problem, size_t problem_size);

/* What hg_xml_stream_file hands over while it parses. */
struct hg_xml_stream {
    /* Before each start tag is made an element: true to have it, and all
       inside it, built light: elements and attributes only (no text,
       comments or processing instructions), not linked to the parent, in
       memory that is reused once it has ended.  NAME and URI (NULL
       without a namespace) are the parser's; DEPTH is 1 for the root. */
    bool (*wants_light)(void *data, const xmlChar *name, const xmlChar *uri,
                        int depth);
    /* After each start tag: ELEMENT with its attributes, linked to its
       parent (but a light element's root), at DEPTH.  Past line 65535,
       where ELEMENT->line stays 65535, ELEMENT->psvi holds its line (a
       number, not a pointer), as in hg_xml_read_file's documents:
       hg_xml_line reads it. */
    void (*element_starts)(void *data, xmlNode *element, int depth);
    /* After each end tag: ELEMENT with all its content, still linked to
       its parent.  The handler may unlink and free ELEMENT and its earlier
       siblings (never an ancestor, never a light element): that is what
       keeps memory small.  A light element is gone after this. */
    void (*element_ends)(void *data, xmlNode *element, int depth);
    void *data;
    /* When not NULL, a built-in XSD (as hg_xml_validate_with takes) that
       the file is validated against while it is parsed (libxml2's
       xmlSchemaSAXPlug): the first violation goes into SCHEMA_PROBLEM
       (SCHEMA_PROBLEM_SIZE bytes), which is left empty when there is
       none.  A file that is not well-formed gets no schema problem. */
    const char *schema_text;
    size_t schema_size;
    char *schema_problem;
    size_t schema_problem_size;
};

/* Parses the file at PATH with the settings and the problems of
   hg_xml_read_file (WHAT: "report"), but hands each element to STREAM as
   it is read, and keeps no document.  Returns true if the file is
   well-formed; otherwise false with one line ("line N: why") in PROBLEM,
   whatever the handlers did. */
bool hg_xml_stream_file(const char *path, const char *what,
                        const struct hg_xml_stream *stream, char *problem,
                        size_t problem_size);

/* Validates DOC against SCHEMA_TEXT, an XSD of SCHEMA_SIZE bytes built
   into the command (compiled on first use, kept until hg_xml_cleanup). */
bool hg_xml_validate_with(xmlDocPtr doc, const char *schema_text,
                          size_t schema_size, char *problem,
                          size_t problem_size);

/* The line of NODE's start tag.  Unlike xmlGetLineNo, right past line
   65535 too (libxml2 2.9 then answers with a neighbour's line), for the
   elements of the readers here. */
long hg_xml_line(const xmlNode *node);

/* The attribute NAME of NODE (without a namespace), as xmlGetNoNsProp
   gives it, or NULL if absent.  Borrowed from the tree when it is one text
   node, as the parser makes it, and then valid as long as NODE; otherwise
   a copy that *COPY owns (xmlFree it).  Reading tens of attributes of
   every function, this is what saves a copy and a free each. */
const char *hg_xml_attribute(const xmlNode *node, const char *name,
                             xmlChar **copy);

/* "line LINE: WHY" into PROBLEM (just WHY when LINE is not above 0): the
   one way the readers of reports and policies word a problem in a file,
   to which hg_say_problem adds "hotgrind: FILE: ". */
void hg_xml_problem(char *problem, size_t problem_size, long line,
                    const char *format, ...)
    __attribute__((format(printf, 4, 5)));
void hg_xml_vproblem(char *problem, size_t problem_size, long line,
                     const char *format, va_list args)
    __attribute__((format(printf, 4, 0)));

/* hg_xml_problem at the line of NODE's start tag (none when NODE is
   NULL); returns false, for a reader that stops at its first problem:
   "return hg_xml_problem_at(...)". */
bool hg_xml_problem_at(char *problem, size_t problem_size,
                       const xmlNode *node, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

/* Frees the compiled schema and libxml2's globals (for leak checkers). */
void hg_xml_cleanup(void);

#endif
