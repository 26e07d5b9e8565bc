/* hotgrind: the helpers the XML readers share to find hotgrind's
   elements and read their attributes, so that every reader checks the
   namespace and reads a number the same way.
   GPL-2.0-or-later; part of hotgrind. */

#include <string.h>

#include "util/number.h"
#include "util/xalloc.h"
#include "xml/node.h"
#include "xml/xml-safe.h"

const char *hg_node_name(const xmlNode *node)
{
    return (const char *)node->name;
}

bool hg_node_is(const xmlNode *node, const char *name)
{
    return node->type == XML_ELEMENT_NODE && node->ns == NULL
           && (name == NULL || strcmp(hg_node_name(node), name) == 0);
}

xmlNode *hg_node_child(const xmlNode *parent, const char *name)
{
    xmlNode *child;
    for (child = parent->children; child != NULL; child = child->next)
        if (hg_node_is(child, name))
            return child;
    return NULL;
}

size_t hg_node_count(const xmlNode *parent, const char *name)
{
    const xmlNode *child;
    size_t n = 0;
    for (child = parent->children; child != NULL; child = child->next)
        n += hg_node_is(child, name);
    return n;
}

bool hg_node_has(const xmlNode *node, const char *name)
{
    return xmlHasNsProp(node, (const xmlChar *)name, NULL) != NULL;
}

char *hg_node_attribute(const xmlNode *node, const char *name)
{
    xmlChar *copy;
    const char *value = hg_xml_attribute(node, name, &copy);
    char *result = value != NULL ? hg_xstrdup(value) : NULL;
    xmlFree(copy);
    return result;
}

static bool is_xml_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

char *hg_node_token(const xmlNode *node, const char *name)
{
    xmlChar *copy;
    const char *start = hg_xml_attribute(node, name, &copy);
    size_t length;
    char *result;

    if (start == NULL)
        return NULL;
    while (is_xml_space(*start))
        start++;
    length = strlen(start);
    while (length > 0 && is_xml_space(start[length - 1]))
        length--;
    result = hg_xstrndup(start, length);
    xmlFree(copy);
    return result;
}

bool hg_node_read_count(const xmlNode *node, const char *name,
                             uint64_t *value)
{
    xmlChar *copy;
    const char *text = hg_xml_attribute(node, name, &copy);
    bool ok = text != NULL && hg_parse_count(text, value);
    xmlFree(copy);
    return ok;
}

char *hg_node_text(const xmlNode *node)
{
    xmlChar *content = xmlNodeGetContent(node);
    char *copy = hg_xstrdup(content != NULL ? (const char *)content : "");
    xmlFree(content);
    return copy;
}
