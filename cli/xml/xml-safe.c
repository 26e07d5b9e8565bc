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
#include <sys/stat.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlversion.h>

#include "report/report.h"
#include "util/xalloc.h"
#include "xml/embedded-schema.h"
#include "xml/xml-safe.h"

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
    const char *what;     /* the kind of file, for messages: "report" */
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
    /* libxml2 2.9 keeps an element's line in 16 bits (XML_PARSE_BIG_LINES
       only helps text nodes), and xmlGetLineNo then answers with a
       neighbour's line: 65535, or the line after the start tag.  Both
       readers put the line the parser was on at the start tag into psvi
       (remember_line). */
    if (node->type == XML_ELEMENT_NODE && node->line == 65535
        && node->psvi != NULL)
        return (long)(ptrdiff_t)node->psvi;
    return xmlGetLineNo(node);
}

const char *hg_xml_attribute(const xmlNode *node, const char *name,
                             xmlChar **copy)
{
    const xmlAttr *attribute;
    const xmlNode *text;

    *copy = NULL;
    for (attribute = node->properties; attribute != NULL;
         attribute = attribute->next)
        if (attribute->ns == NULL && attribute->name[0] == (xmlChar)name[0]
            && xmlStrEqual(attribute->name, (const xmlChar *)name))
            break;
    if (attribute == NULL)
        return NULL;
    text = attribute->children;
    if (text == NULL)
        return "";
    if (text->next == NULL && text->type == XML_TEXT_NODE
        && text->content != NULL)
        return (const char *)text->content;
    *copy = xmlGetNoNsProp(node, (const xmlChar *)name);
    return (const char *)*copy;
}

/* ELEMENT was just made from the start tag the parser has read: past line
   65535, its line goes into psvi, where libxml2 2.9 keeps the big lines of
   text nodes (no XInclude or XSLT here, which would use it otherwise). */
static void remember_line(xmlParserCtxtPtr ctxt, xmlNode *element)
{
    if (element != NULL && element->line == 65535 && ctxt->input != NULL
        && ctxt->input->line >= 65535)
        element->psvi = (void *)(ptrdiff_t)ctxt->input->line;
}

/* libxml2's start-tag handler, then the line (the DOM reader's). */
static void start_element_with_line(void *ctx, const xmlChar *localname,
                                    const xmlChar *prefix,
                                    const xmlChar *uri, int namespace_count,
                                    const xmlChar **namespaces,
                                    int attribute_count, int defaulted_count,
                                    const xmlChar **attributes)
{
    xmlParserCtxtPtr ctxt = ctx;
    xmlSAX2StartElementNs(ctx, localname, prefix, uri, namespace_count,
                          namespaces, attribute_count, defaulted_count,
                          attributes);
    remember_line(ctxt, ctxt->node);
}

void hg_xml_vproblem(char *problem, size_t problem_size, long line,
                     const char *format, va_list args)
{
    char why[HG_PROBLEM_SIZE];
    vsnprintf(why, sizeof why, format, args);
    if (line > 0)
        snprintf(problem, problem_size, "line %ld: %s", line, why);
    else
        snprintf(problem, problem_size, "%s", why);
}

void hg_xml_problem(char *problem, size_t problem_size, long line,
                    const char *format, ...)
{
    va_list args;
    va_start(args, format);
    hg_xml_vproblem(problem, problem_size, line, format, args);
    va_end(args);
}

bool hg_xml_problem_at(char *problem, size_t problem_size,
                       const xmlNode *node, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    hg_xml_vproblem(problem, problem_size,
                    node != NULL ? hg_xml_line(node) : 0, format, args);
    va_end(args);
    return false;
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
    /* libxml2's words for its nesting limit name a parser option, which
       means nothing to the user (and the limit stays). */
    if (error->domain == XML_FROM_PARSER
        && error->code == XML_ERR_INTERNAL_ERROR
        && strncmp(message, "Excessive depth in document", 27) == 0)
        snprintf(message, sizeof message, "elements nested more than %d "
                 "levels deep; a hotgrind %s nests only a few",
                 error->int1 > 0 ? error->int1 : 256,
                 first->what ? first->what : "file");
    line = error->line;
    if (error->node != NULL && line >= 65535)
        line = hg_xml_line(error->node);   /* schema errors name a node */
    hg_xml_problem(first->text, sizeof first->text, line, "%s", message);
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
        hg_xml_problem(first->text, sizeof first->text,
                       ctxt->input ? ctxt->input->line : 0,
                       "DOCTYPE not allowed in a hotgrind %s",
                       first->what ? first->what : "report");
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
            if (capacity >= (size_t)INT_MAX) {
                snprintf(problem, problem_size,
                         "file too large for a hotgrind report");
                goto fail;
            }
            capacity = capacity ? capacity * 2 : 65536;
            if (capacity > (size_t)INT_MAX)
                capacity = (size_t)INT_MAX;
            bytes = hg_xrealloc(bytes, capacity, 1);
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
    return hg_xml_read_file(path, "report", problem, problem_size);
}

bool hg_xml_read_file_with(const char *path, const char *what,
                           hg_xml_document_reader *read, void *data,
                           char *problem, size_t problem_size)
{
    struct hg_xml_reader reader = { problem, problem_size };
    xmlDocPtr doc = hg_xml_read_file(path, what, problem, problem_size);
    bool ok;
    if (doc == NULL)
        return false;
    ok = read(&reader, doc, data);
    xmlFreeDoc(doc);
    return ok;
}

xmlDocPtr hg_xml_read_file(const char *path, const char *what,
                           char *problem, size_t problem_size)
{
    struct first_error first = { false, "", what };
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
    if (ctxt == NULL)   /* only when out of memory */
        hg_out_of_memory();
    xmlCtxtUseOptions(ctxt, SAFE_PARSE_OPTIONS);
    ctxt->sax->internalSubset = refuse_doctype;   /* this context's copy */
    ctxt->sax->startElementNs = start_element_with_line;
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

static xmlSchemaPtr built_in_schema(const char *text, size_t size,
                                    char *problem, size_t problem_size);

/* ------------------------------------------------------ reading as a stream */

/* hg_xml_stream_file builds the elements libxml2's way (its SAX2 handlers,
   the tree hg_xml_read_file would give), except the light ones: those the
   handler asks for, and all inside them, are built here from the parser's
   events into one block of memory, reused for the next light element,
   with what a reader of attributes needs: names, namespaces, attributes,
   elements, and lines.  For a report of many small items, this saves most
   of what building and freeing libxml2's nodes costs. */

struct light_block {
    struct light_block *next;
    size_t size, used;
    max_align_t data[];
};

/* More than libxml2's limit of nesting (256). */
enum { STREAM_DEPTH = 300 };

/* The parse.  FIRST comes first: refuse_doctype finds it through
   ctxt->_private as it does for hg_xml_read_file. */
struct stream_state {
    struct first_error first;
    const struct hg_xml_stream *stream;
    xmlSAXHandler sax2;   /* libxml2's handlers, which build the tree */
    FILE *file;
    size_t size;          /* bytes read so far */
    int read_error;       /* errno of a failed read; 0 if none */
    bool too_large;       /* INT_MAX bytes or more, as hg_xml_read_file */

    int light_open;       /* light elements open */
    xmlNode *light_node;  /* the innermost of them */
    struct light_block *blocks;

    /* Schema validation while parsing (stream->schema_text). */
    struct first_error schema_first;
    xmlParserCtxtPtr ctxt;
    /* The line of each open element's start tag, by depth (libxml2 stops
       at 256 levels), and the line the validator should name for the
       event being handled: the element's start tag also at its end tag,
       where the validator finds a missing child, as it does on a whole
       document. */
    long start_lines[STREAM_DEPTH];
    long event_line;
    /* The open elements, for closing them to the validator when the file
       ends inside them (unwind_schema). */
    struct { const xmlChar *name, *prefix, *uri; } open[STREAM_DEPTH];
    int open_count;
    bool unwinding;
};

static int read_stream(void *context, char *buffer, int len)
{
    struct stream_state *state = context;
    size_t got;

    if (state->size >= (size_t)INT_MAX) {
        state->too_large = true;
        return -1;
    }
    got = fread(buffer, 1, (size_t)len, state->file);
    if (got == 0 && ferror(state->file)) {
        state->read_error = errno ? errno : EIO;
        return -1;
    }
    state->size += got;
    return (int)got;
}

/* SIZE zeroed bytes that last until the light element is done.  Blocks
   are zeroed when made and when reset. */
static void *light_alloc(xmlParserCtxtPtr ctxt, size_t size)
{
    struct stream_state *state = ctxt->_private;
    struct light_block *block = state->blocks;
    size_t align = sizeof(max_align_t);
    void *bytes;

    size = (size + align - 1) / align * align;
    if (block == NULL || block->size - block->used < size) {
        size_t room = size > 65536 ? size : 65536;
        block = hg_xcalloc(1, sizeof *block + room);
        block->next = state->blocks;
        block->size = room;
        block->used = 0;
        state->blocks = block;
    }
    bytes = (char *)block->data + block->used;
    block->used += size;
    return bytes;
}

/* Done with a light element: its memory is kept for the next one, in one
   block of the size this one needed. */
static void light_reset(struct stream_state *state)
{
    struct light_block *block = state->blocks;
    size_t total = 0;

    if (block == NULL || block->next == NULL) {
        if (block != NULL) {
            memset(block->data, 0, block->used);
            block->used = 0;
        }
        return;
    }
    while (block != NULL) {
        struct light_block *next = block->next;
        total += block->size;
        free(block);
        block = next;
    }
    state->blocks = hg_xcalloc(1, sizeof *state->blocks + total);
    state->blocks->size = total;
}

static void light_free(struct stream_state *state)
{
    while (state->blocks != NULL) {
        struct light_block *next = state->blocks->next;
        free(state->blocks);
        state->blocks = next;
    }
}

static xmlNs *light_namespace(xmlParserCtxtPtr ctxt, const xmlChar *prefix,
                              const xmlChar *uri)
{
    xmlNs *ns = light_alloc(ctxt, sizeof *ns);
    ns->type = XML_LOCAL_NAMESPACE;
    ns->href = uri;          /* the parser's dictionary keeps both */
    ns->prefix = prefix;
    return ns;
}

/* An attribute's value as libxml2's SAX2 handler stores it: the parser
   hands it over as is (ending at the quote), or, when it had references,
   as a copy (ending with a NUL) where each '&' is written "&#38;". */
static xmlChar *light_value(xmlParserCtxtPtr ctxt, const xmlChar *value,
                            const xmlChar *end)
{
    size_t length = (size_t)(end - value), n = 0, i;
    xmlChar *copy = light_alloc(ctxt, length + 1);

    if (*end != 0) {
        memcpy(copy, value, length);
        copy[length] = 0;
        return copy;
    }
    for (i = 0; i < length; i++) {
        copy[n++] = value[i];
        if (value[i] == '&' && length - i >= 5
            && memcmp(value + i, "&#38;", 5) == 0)
            i += 4;
    }
    copy[n] = 0;
    return copy;
}

/* The line libxml2 would give ELEMENT, and past line 65535 (in psvi) the
   line the parser is on, as remember_line does for the others. */
static void light_line(xmlParserCtxtPtr ctxt, xmlNode *element)
{
    long line = ctxt->input != NULL ? ctxt->input->line : 0;

    if (!ctxt->linenumbers)
        return;
    element->line = line < 65535 ? (unsigned short)line : 65535;
    if (line >= 65535)
        element->psvi = (void *)(ptrdiff_t)line;
}

static xmlNode *light_element(xmlParserCtxtPtr ctxt, const xmlChar *localname,
                              const xmlChar *prefix, const xmlChar *uri,
                              int attribute_count, int defaulted_count,
                              const xmlChar **attributes)
{
    struct stream_state *state = ctxt->_private;
    xmlNode *element = light_alloc(ctxt, sizeof *element), *parent;
    xmlAttr *last = NULL;
    int i;

    element->type = XML_ELEMENT_NODE;
    element->name = localname;
    if (uri != NULL)
        element->ns = light_namespace(ctxt, prefix, uri);
    light_line(ctxt, element);
    parent = state->light_node;
    if (parent != NULL) {
        element->parent = parent;
        element->prev = parent->last;
        if (parent->last != NULL)
            parent->last->next = element;
        else
            parent->children = element;
        parent->last = element;
    }
    /* As libxml2 does: defaulted attributes come from a DTD, which a
       hotgrind file never has. */
    if (defaulted_count != 0 && (ctxt->loadsubset & XML_COMPLETE_ATTRS) == 0)
        attribute_count -= defaulted_count;
    for (i = 0; i < attribute_count; i++) {
        const xmlChar **a = attributes + 5 * i;  /* name prefix uri from to */
        xmlAttr *attribute = light_alloc(ctxt, sizeof *attribute);
        xmlNode *text = light_alloc(ctxt, sizeof *text);
        attribute->type = XML_ATTRIBUTE_NODE;
        attribute->name = a[0];
        if (a[2] != NULL)
            attribute->ns = light_namespace(ctxt, a[1], a[2]);
        attribute->parent = element;
        attribute->children = attribute->last = text;
        text->type = XML_TEXT_NODE;
        text->name = xmlStringText;
        text->parent = (xmlNode *)attribute;
        text->content = light_value(ctxt, a[3], a[4]);
        attribute->prev = last;
        if (last != NULL)
            last->next = attribute;
        else
            element->properties = attribute;
        last = attribute;
    }
    return element;
}

static void stream_start_element(void *ctx, const xmlChar *localname,
                                 const xmlChar *prefix, const xmlChar *uri,
                                 int namespace_count,
                                 const xmlChar **namespaces,
                                 int attribute_count, int defaulted_count,
                                 const xmlChar **attributes)
{
    xmlParserCtxtPtr ctxt = ctx;
    struct stream_state *state = ctxt->_private;
    const struct hg_xml_stream *stream = state->stream;
    int depth = ctxt->nodeNr + state->light_open + 1;
    xmlNode *element;

    state->event_line = ctxt->input != NULL ? ctxt->input->line : 0;
    if (depth > 0 && depth < STREAM_DEPTH) {
        state->start_lines[depth] = state->event_line;
        state->open[depth].name = localname;
        state->open[depth].prefix = prefix;
        state->open[depth].uri = uri;
        state->open_count = depth;
    }
    if (state->light_open > 0
        || (stream->wants_light != NULL
            && stream->wants_light(stream->data, localname, uri, depth))) {
        element = light_element(ctxt, localname, prefix, uri,
                                attribute_count, defaulted_count,
                                attributes);
        state->light_open++;
        state->light_node = element;
    } else {
        state->sax2.startElementNs(ctx, localname, prefix, uri,
                                   namespace_count, namespaces,
                                   attribute_count, defaulted_count,
                                   attributes);
        if (ctxt->nodeNr != depth || ctxt->node == NULL)
            return;
        element = ctxt->node;
        remember_line(ctxt, element);
    }
    if (stream->element_starts != NULL)
        stream->element_starts(stream->data, element, depth);
}

static void stream_end_element(void *ctx, const xmlChar *localname,
                               const xmlChar *prefix, const xmlChar *uri)
{
    xmlParserCtxtPtr ctxt = ctx;
    struct stream_state *state = ctxt->_private;
    const struct hg_xml_stream *stream = state->stream;
    xmlNode *element;
    int depth = ctxt->nodeNr + state->light_open;

    if (state->unwinding)
        return;
    state->event_line = ctxt->input != NULL ? ctxt->input->line : 0;
    if (depth > 0 && depth < STREAM_DEPTH) {
        state->event_line = state->start_lines[depth];
        state->open_count = depth - 1;
    }
    if (state->light_open > 0) {
        element = state->light_node;
        state->light_open--;
        state->light_node = element->parent;
        if (stream->element_ends != NULL)
            stream->element_ends(stream->data, element, depth);
        if (state->light_open == 0)
            light_reset(state);
        return;
    }
    element = ctxt->node;
    state->sax2.endElementNs(ctx, localname, prefix, uri);
    /* Now that the parser holds only ELEMENT's ancestors, the handler may
       free it and its earlier siblings. */
    if (element != NULL && depth > 0 && ctxt->nodeNr == depth - 1
        && stream->element_ends != NULL)
        stream->element_ends(stream->data, element, depth);
}

/* Inside a light element, text, comments, processing instructions and
   CDATA are dropped. */
static void stream_characters(void *ctx, const xmlChar *text, int length)
{
    xmlParserCtxtPtr ctxt = ctx;
    struct stream_state *state = ctxt->_private;

    state->event_line = ctxt->input != NULL ? ctxt->input->line : 0;
    if (state->light_open == 0 && state->sax2.characters != NULL)
        state->sax2.characters(ctx, text, length);
}

static void stream_cdata(void *ctx, const xmlChar *text, int length)
{
    xmlParserCtxtPtr ctxt = ctx;
    struct stream_state *state = ctxt->_private;

    if (state->light_open == 0 && state->sax2.cdataBlock != NULL)
        state->sax2.cdataBlock(ctx, text, length);
}

static void stream_comment(void *ctx, const xmlChar *text)
{
    xmlParserCtxtPtr ctxt = ctx;
    struct stream_state *state = ctxt->_private;

    if (state->light_open == 0 && state->sax2.comment != NULL)
        state->sax2.comment(ctx, text);
}

static void stream_instruction(void *ctx, const xmlChar *target,
                               const xmlChar *data)
{
    xmlParserCtxtPtr ctxt = ctx;
    struct stream_state *state = ctxt->_private;

    if (state->light_open == 0 && state->sax2.processingInstruction != NULL)
        state->sax2.processingInstruction(ctx, target, data);
}

/* Where the validator is, for its messages: it is told no parser
   context (libxml2 keeps that to xmlSchemaValidateStream, which would
   make a parser of its own without this file's settings), so it asks. */
static int schema_locator(void *data, const char **file, unsigned long *line)
{
    struct stream_state *state = data;
    if (file != NULL)
        *file = NULL;
    if (line != NULL)
        *line = state->event_line > 0 ? (unsigned long)state->event_line
                                      : (state->ctxt != NULL
                                         && state->ctxt->input != NULL
                                         ? (unsigned long)
                                           state->ctxt->input->line
                                         : 0);
    return 0;
}

/* Plugs the validator of STREAM's schema into CTXT's SAX handlers, after
   this file's own, so it sees every event they see; NULL when there is no
   schema or it cannot be compiled (then in SCHEMA_FIRST). */
static xmlSchemaValidCtxtPtr plug_schema(struct stream_state *state,
                                         xmlParserCtxtPtr ctxt,
                                         xmlSchemaSAXPlugPtr *plug)
{
    const struct hg_xml_stream *stream = state->stream;
    xmlSchemaValidCtxtPtr validator;
    xmlSchemaPtr schema;

    *plug = NULL;
    if (stream->schema_text == NULL)
        return NULL;
    schema = built_in_schema(stream->schema_text, stream->schema_size,
                             state->schema_first.text,
                             sizeof state->schema_first.text);
    if (schema == NULL) {
        state->schema_first.have = true;
        return NULL;
    }
    validator = xmlSchemaNewValidCtxt(schema);
    if (validator == NULL)   /* only when out of memory */
        hg_out_of_memory();
    xmlSchemaSetValidStructuredErrors(validator, keep_first_error,
                                      &state->schema_first);
    xmlSchemaValidateSetLocator(validator, schema_locator, state);
    *plug = xmlSchemaSAXPlug(validator, &ctxt->sax, &ctxt->userData);
    if (*plug == NULL)
        hg_out_of_memory();
    return validator;
}

/* When the file ends inside elements (not well-formed), libxml2 2.9's
   validator never frees what it keeps for them (the keys of an
   identity constraint, such as the names of <zones>): it is told of
   their end, with this file's handlers silent. */
static void unwind_schema(struct stream_state *state, xmlParserCtxtPtr ctxt)
{
    int depth;
    state->unwinding = true;
    for (depth = state->open_count; depth > 0; depth--)
        if (ctxt->sax->endElementNs != NULL)
            ctxt->sax->endElementNs(ctxt->userData, state->open[depth].name,
                                    state->open[depth].prefix,
                                    state->open[depth].uri);
}

bool hg_xml_stream_file(const char *path, const char *what,
                        const struct hg_xml_stream *stream, char *problem,
                        size_t problem_size)
{
    struct stream_state state;
    xmlParserCtxtPtr ctxt;
    xmlSchemaValidCtxtPtr validator;
    xmlSchemaSAXPlugPtr plug;
    struct stat status;
    bool well_formed;

    init_once();
    memset(&state, 0, sizeof state);
    state.first.what = what;
    state.stream = stream;
    state.file = fopen(path, "rb");
    if (state.file == NULL) {
        snprintf(problem, problem_size, "%s", strerror(errno));
        return false;
    }
    if (fstat(fileno(state.file), &status) == 0 && S_ISREG(status.st_mode)
        && status.st_size >= (off_t)INT_MAX) {
        fclose(state.file);
        snprintf(problem, problem_size,
                 "file too large for a hotgrind report");
        return false;
    }
    ctxt = xmlCreateIOParserCtxt(NULL, NULL, read_stream, NULL, &state,
                                 XML_CHAR_ENCODING_NONE);
    if (ctxt == NULL)   /* only when out of memory */
        hg_out_of_memory();
    xmlCtxtUseOptions(ctxt, SAFE_PARSE_OPTIONS);
    ctxt->sax->internalSubset = refuse_doctype;   /* this context's copy */
    state.sax2 = *ctxt->sax;
    ctxt->sax->startElementNs = stream_start_element;
    ctxt->sax->endElementNs = stream_end_element;
    ctxt->sax->characters = stream_characters;
    if (state.sax2.ignorableWhitespace == state.sax2.characters)
        ctxt->sax->ignorableWhitespace = stream_characters;
    ctxt->sax->cdataBlock = stream_cdata;
    ctxt->sax->comment = stream_comment;
    ctxt->sax->processingInstruction = stream_instruction;
    ctxt->_private = &state;
    state.ctxt = ctxt;
    validator = plug_schema(&state, ctxt, &plug);

    capture_errors(&state.first);
    xmlParseDocument(ctxt);
    stop_capturing();

    well_formed = ctxt->wellFormed && !state.first.have
                  && ctxt->myDoc != NULL;
    if (plug != NULL) {
        if (state.open_count > 0)
            unwind_schema(&state, ctxt);
        xmlSchemaSAXUnplug(plug);
    }
    if (validator != NULL)
        xmlSchemaFreeValidCtxt(validator);
    if (stream->schema_problem != NULL && stream->schema_problem_size > 0)
        snprintf(stream->schema_problem, stream->schema_problem_size, "%s",
                 well_formed && state.schema_first.have
                 ? state.schema_first.text : "");
    xmlFreeDoc(ctxt->myDoc);
    ctxt->myDoc = NULL;
    xmlFreeParserCtxt(ctxt);
    fclose(state.file);
    light_free(&state);

    /* In the order hg_xml_read_file finds them, which reads the whole file
       before it parses. */
    if (state.read_error != 0)
        snprintf(problem, problem_size, "%s", strerror(state.read_error));
    else if (state.too_large)
        snprintf(problem, problem_size,
                 "file too large for a hotgrind report");
    else if (state.size == 0)
        snprintf(problem, problem_size, "the file is empty");
    else if (!well_formed)
        snprintf(problem, problem_size, "%s",
                 state.first.have ? state.first.text : "not well-formed XML");
    else
        return true;
    return false;
}

/* The built-in schemas (reports, policies), each compiled once. */
enum { SCHEMA_SLOTS = 4 };
static struct {
    const char *text;
    xmlSchemaPtr compiled;
} compiled_schemas[SCHEMA_SLOTS];

static xmlSchemaPtr built_in_schema(const char *text, size_t size,
                                    char *problem, size_t problem_size)
{
    struct first_error first = { false, "", NULL };
    xmlSchemaParserCtxtPtr parser;
    xmlSchemaPtr compiled = NULL;
    size_t i, free_slot = SCHEMA_SLOTS;

    for (i = 0; i < SCHEMA_SLOTS; i++)
        if (compiled_schemas[i].text == text)
            return compiled_schemas[i].compiled;
        else if (compiled_schemas[i].text == NULL && i < free_slot)
            free_slot = i;
    parser = xmlSchemaNewMemParserCtxt(text, (int)size);
    if (parser != NULL) {
        xmlSchemaSetParserStructuredErrors(parser, keep_first_error, &first);
        capture_errors(&first);
        compiled = xmlSchemaParse(parser);
        stop_capturing();
        xmlSchemaFreeParserCtxt(parser);
    }
    if (compiled == NULL)
        snprintf(problem, problem_size,
                 "internal error: the built-in schema does not compile: %s",
                 first.have ? first.text : "out of memory");
    else if (free_slot < SCHEMA_SLOTS) {
        compiled_schemas[free_slot].text = text;
        compiled_schemas[free_slot].compiled = compiled;
    }
    return compiled;
}

bool hg_xml_validate(xmlDocPtr doc, char *problem, size_t problem_size)
{
    return hg_xml_validate_with(doc, hg_embedded_schema,
                                hg_embedded_schema_size, problem,
                                problem_size);
}

bool hg_xml_validate_with(xmlDocPtr doc, const char *schema_text,
                          size_t schema_size, char *problem,
                          size_t problem_size)
{
    struct first_error first = { false, "", NULL };
    xmlSchemaValidCtxtPtr validator;
    xmlSchemaPtr schema;
    int result;

    init_once();
    schema = built_in_schema(schema_text, schema_size, problem, problem_size);
    if (schema == NULL)
        return false;
    validator = xmlSchemaNewValidCtxt(schema);
    if (validator == NULL)   /* only when out of memory */
        hg_out_of_memory();
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
    size_t i;
    for (i = 0; i < SCHEMA_SLOTS; i++)
        if (compiled_schemas[i].text != NULL) {
            xmlSchemaFree(compiled_schemas[i].compiled);
            compiled_schemas[i].text = NULL;
            compiled_schemas[i].compiled = NULL;
        }
    xmlCleanupParser();
    initialised = false;
}
