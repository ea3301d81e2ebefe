#ifndef HOTELSEARCH_CLIBXML2_SHIM_H
#define HOTELSEARCH_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, so its headers include <unicode/ucnv.h>, which clashes
// with Foundation's own ICU module. We never touch the ICU-only fields (they sit at the
// end of xmlCharEncodingHandler, which we only use through pointers), so hide them.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#endif
