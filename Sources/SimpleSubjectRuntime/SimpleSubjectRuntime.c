// The target's content is its header, include/SimpleSubjectRuntime.h, and the one variable
// declared there.
#include "SimpleSubjectRuntime.h"

_Thread_local SimpleSubjectThreadState simpleSubjectThreadState = { 0, 0, 0 };
