// xml_limits.h is declarations only; SwiftPM builds a C target from at least one source.
#include "xml_limits.h"
