/* hotgrind: the one place that hands bytes to libxml2.
   GPL-2.0-or-later; part of hotgrind. */

/* Reports come from CI artefacts, pull requests and other people's
   machines, so the reader treats them as untrusted: no network, no entity
   substitution, no DTD of any kind (a hotgrind report never has one, and a
   DOCTYPE is where external entities and entity bombs live), and no
   resource loaded from outside the file, whatever asks for it.  libxml2
   reports errors through a handler that keeps the first one; it prints
   nothing itself. */

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlversion.h>

#include "embedded-schema.h"
#include "xml-safe.h"

/* Never XML_PARSE_NOENT, DTDLOAD, DTDATTR, DTDVALID or XINCLUDE: a report
   needs none of them and each lets a file make the reader expand or fetch
   things.  BIG_LINES keeps line numbers right past 65535 in long reports. */
#define SAFE_PARSE_OPTIONS (XML_PARSE_NONET | XML_PARSE_BIG_LINES)

/* libxml2 2.12 made the error argument const. */
#if LIBXML_VERSION >= 21200
typedef const xmlError *hg_xml_error;
#else
typedef xmlErrorPtr hg_xml_error;
#endif

struct first_error {
    bool have;
    char text[512];
};

/* Copies the first line of SRC, control characters blanked, so that a
   message always stays on one line. */
static void copy_one_line(char *dst, size_t dst_size, const char *src)
{
    size_t n = 0;
    if (dst_size == 0)
        return;
    for (; src && *src && *src != '\n' && n + 1 < dst_size; src++) {
        unsigned char c = (unsigned char)*src;
        dst[n++] = (c < 0x20 || c == 0x7f) ? ' ' : (char)c;
    }
    while (n > 0 && dst[n - 1] == ' ')
        n--;
    dst[n] = '\0';
}

long hg_xml_line(const xmlNode *node)
{
    /* With XML_PARSE_BIG_LINES, libxml2 2.9 keeps big line numbers only
       for text nodes (in psvi), recorded where the text ends, and
       xmlGetLineNo answers for an element with the line after it.  The
       white space before an element ends on the line the element starts. */
    const xmlNode *before = node->prev;
    if (node->type == XML_ELEMENT_NODE && node->line == 65535
        && before != NULL && before->type == XML_TEXT_NODE
        && before->line == 65535 && before->psvi != NULL)
        return (long)(ptrdiff_t)before->psvi;
    return xmlGetLineNo(node);
}

static void keep_first_error(void *data, hg_xml_error error)
{
    struct first_error *first = data;
    char message[400];
    long line;

    if (first == NULL || first->have || error == NULL
        || error->level < XML_ERR_ERROR)
        return;
    copy_one_line(message, sizeof message,
                  error->message ? error->message : "unknown XML error");
    line = error->line;
    if (error->node != NULL && line >= 65535)
        line = hg_xml_line(error->node);   /* schema errors name a node */
    if (line > 0)
        snprintf(first->text, sizeof first->text, "line %ld: %s",
                 line, message);
    else
        snprintf(first->text, sizeof first->text, "%s", message);
    first->have = true;
}

static void ignore_structured_error(void *data, hg_xml_error error)
{
    (void)data;
    (void)error;
}

static void ignore_generic_error(void *data, const char *format, ...)
{
    (void)data;
    (void)format;
}

/* Whatever asks (a DTD, an entity, an xsi:schemaLocation, an import), the
   answer is no: nothing outside the report is ever read. */
static xmlParserInputPtr refuse_external_resource(const char *url,
                                                  const char *id,
                                                  xmlParserCtxtPtr ctxt)
{
    (void)url;
    (void)id;
    (void)ctxt;
    return NULL;
}

static bool initialised;

static void init_once(void)
{
    if (initialised)
        return;
    initialised = true;
    xmlInitParser();
    xmlSetExternalEntityLoader(refuse_external_resource);
    xmlSetGenericErrorFunc(NULL, ignore_generic_error);
    xmlSetStructuredErrorFunc(NULL, ignore_structured_error);
}

static void capture_errors(struct first_error *first)
{
    xmlSetStructuredErrorFunc(first, keep_first_error);
}

static void stop_capturing(void)
{
    xmlSetStructuredErrorFunc(NULL, ignore_structured_error);
}

/* Called by the parser at "<!DOCTYPE", before any declaration inside it is
   read: stopping here is what makes entity bombs and external entities
   harmless, and fast to refuse. */
static void refuse_doctype(void *ctx, const xmlChar *name,
                           const xmlChar *public_id, const xmlChar *system_id)
{
    xmlParserCtxtPtr ctxt = ctx;
    struct first_error *first = ctxt->_private;
    (void)name;
    (void)public_id;
    (void)system_id;
    if (!first->have) {
        int line = ctxt->input ? ctxt->input->line : 0;
        snprintf(first->text, sizeof first->text,
                 "line %d: DOCTYPE not allowed in a hotgrind report", line);
        first->have = true;
    }
    xmlStopParser(ctxt);
}

/* Reads the whole file, so that "cannot open" and "cannot read" come from
   errno rather than from libxml2's I/O layer. */
static char *read_whole_file(const char *path, size_t *size_out,
                             char *problem, size_t problem_size)
{
    FILE *file = fopen(path, "rb");
    char *bytes = NULL;
    size_t size = 0, capacity = 0;

    if (file == NULL) {
        snprintf(problem, problem_size, "%s", strerror(errno));
        return NULL;
    }
    for (;;) {
        size_t got;
        if (size == capacity) {
            char *bigger;
            if (capacity >= (size_t)INT_MAX) {
                snprintf(problem, problem_size,
                         "file too large for a hotgrind report");
                goto fail;
            }
            capacity = capacity ? capacity * 2 : 65536;
            if (capacity > (size_t)INT_MAX)
                capacity = (size_t)INT_MAX;
            bigger = realloc(bytes, capacity);
            if (bigger == NULL) {
                snprintf(problem, problem_size, "out of memory");
                goto fail;
            }
            bytes = bigger;
        }
        got = fread(bytes + size, 1, capacity - size, file);
        size += got;
        if (got == 0) {
            if (ferror(file)) {
                snprintf(problem, problem_size, "%s", strerror(errno));
                goto fail;
            }
            break;
        }
    }
    fclose(file);
    *size_out = size;
    return bytes;

fail:
    fclose(file);
    free(bytes);
    return NULL;
}

xmlDocPtr hg_xml_read_report(const char *path, char *problem,
                             size_t problem_size)
{
    struct first_error first = { false, "" };
    xmlParserCtxtPtr ctxt;
    xmlDocPtr doc;
    size_t size;
    char *bytes;
    bool well_formed;

    init_once();
    bytes = read_whole_file(path, &size, problem, problem_size);
    if (bytes == NULL)
        return NULL;
    if (size == 0) {
        free(bytes);
        snprintf(problem, problem_size, "the file is empty");
        return NULL;
    }

    ctxt = xmlCreateMemoryParserCtxt(bytes, (int)size);
    if (ctxt == NULL) {
        free(bytes);
        snprintf(problem, problem_size, "out of memory");
        return NULL;
    }
    xmlCtxtUseOptions(ctxt, SAFE_PARSE_OPTIONS);
    ctxt->sax->internalSubset = refuse_doctype;   /* this context's copy */
    ctxt->_private = &first;

    capture_errors(&first);
    xmlParseDocument(ctxt);
    stop_capturing();

    doc = ctxt->myDoc;
    ctxt->myDoc = NULL;
    well_formed = ctxt->wellFormed && !first.have && doc != NULL;
    xmlFreeParserCtxt(ctxt);
    free(bytes);

    if (!well_formed) {
        xmlFreeDoc(doc);
        snprintf(problem, problem_size, "%s",
                 first.have ? first.text : "not well-formed XML");
        return NULL;
    }
    return doc;
}

static xmlSchemaPtr compiled_schema;

static xmlSchemaPtr built_in_schema(char *problem, size_t problem_size)
{
    struct first_error first = { false, "" };
    xmlSchemaParserCtxtPtr parser;

    if (compiled_schema != NULL)
        return compiled_schema;
    parser = xmlSchemaNewMemParserCtxt(hg_embedded_schema,
                                       (int)hg_embedded_schema_size);
    if (parser != NULL) {
        xmlSchemaSetParserStructuredErrors(parser, keep_first_error, &first);
        capture_errors(&first);
        compiled_schema = xmlSchemaParse(parser);
        stop_capturing();
        xmlSchemaFreeParserCtxt(parser);
    }
    if (compiled_schema == NULL)
        snprintf(problem, problem_size,
                 "internal error: the built-in schema does not compile: %s",
                 first.have ? first.text : "out of memory");
    return compiled_schema;
}

bool hg_xml_validate(xmlDocPtr doc, char *problem, size_t problem_size)
{
    struct first_error first = { false, "" };
    xmlSchemaValidCtxtPtr validator;
    xmlSchemaPtr schema;
    int result;

    init_once();
    schema = built_in_schema(problem, problem_size);
    if (schema == NULL)
        return false;
    validator = xmlSchemaNewValidCtxt(schema);
    if (validator == NULL) {
        snprintf(problem, problem_size, "out of memory");
        return false;
    }
    xmlSchemaSetValidStructuredErrors(validator, keep_first_error, &first);
    capture_errors(&first);
    result = xmlSchemaValidateDoc(validator, doc);
    stop_capturing();
    xmlSchemaFreeValidCtxt(validator);

    if (result == 0)
        return true;
    if (first.have)
        snprintf(problem, problem_size, "%s", first.text);
    else if (result > 0)
        snprintf(problem, problem_size, "does not match the schema");
    else
        snprintf(problem, problem_size,
                 "internal error: schema validation failed to run");
    return false;
}

void hg_xml_cleanup(void)
{
    if (compiled_schema != NULL) {
        xmlSchemaFree(compiled_schema);
        compiled_schema = NULL;
    }
    xmlCleanupParser();
    initialised = false;
}
