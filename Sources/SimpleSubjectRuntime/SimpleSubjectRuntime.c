// SwiftPM builds a C target from at least one source file; the target's whole content is its
// header, include/SimpleSubjectRuntime.h.
#include "SimpleSubjectRuntime.h"
