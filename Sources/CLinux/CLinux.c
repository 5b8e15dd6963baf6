// The header holds everything; this file gives the target a translation unit.
#include "CLinux.h"
