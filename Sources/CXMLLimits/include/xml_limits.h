#ifndef HOTELSEARCH_XML_LIMITS_H
#define HOTELSEARCH_XML_LIMITS_H

/// The start-tag limits both XML readers enforce with the same meaning and order of checks
/// (xml_pull.h for libxml2, xml_tok.h for our tokenizer), and how they report one.
///
/// Which limit stopped a parse: what `hs_pull_limit_hit` and `hs_tok_limit_hit` return.
enum hs_xml_limit { HS_LIMIT_NONE, HS_LIMIT_ATTRIBUTES, HS_LIMIT_NAMESPACES, HS_LIMIT_START_TAG };

/// At most this many bytes of the offending tag's name are kept for the message.
#define HS_LIMIT_NAME_BYTES 64

#endif
