#include "vectorplotview.h"
