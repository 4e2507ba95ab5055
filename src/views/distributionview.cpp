#include "distributionview.h"
