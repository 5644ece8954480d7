#ifndef FRAME_COUNTER_H
#define FRAME_COUNTER_H

/// The number of frames on the calling thread's stack, counting this function's own.
int frame_counter_depth(void);

/// Bytes of heap in use, mapped blocks included (glibc's mallinfo2(): uordblks + hblkhd); 0 where
/// it is not available.
long frame_counter_heap_in_use(void);

#endif
