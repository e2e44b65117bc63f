#pragma once
// OpenBLAS's CBLAS interface; the include path comes from `pkg-config openblas`.
#include <cblas.h>
