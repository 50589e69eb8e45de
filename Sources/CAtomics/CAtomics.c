// The operations are all `static inline` in include/CAtomics.h; SwiftPM builds a C target from
// its source files, so this one includes the header and checks it compiles as C.
#include "CAtomics.h"
