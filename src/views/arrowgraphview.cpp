#include "arrowgraphview.h"
