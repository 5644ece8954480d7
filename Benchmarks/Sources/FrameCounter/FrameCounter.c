#include "FrameCounter.h"
#include <execinfo.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int frame_counter_depth(void) {
    void *frames[512];
    return backtrace(frames, 512);
}

long frame_counter_heap_in_use(void) {
#if defined(__GLIBC__)
    return (long)mallinfo2().uordblks;
#else
    return 0;
#endif
}
