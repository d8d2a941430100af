#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>

/// The work buffer ISA-L's level 1 wants (its macro is not a constant Swift can import).
static inline uint32_t meridian_isal_level1_buffer_size(void) { return ISAL_DEF_LVL1_DEFAULT; }

/// One zlib stream (RFC 1950: header, DEFLATE at ISA-L's level 1, Adler-32) of `count` bytes at
/// `input`, into at most `capacity` bytes at `output`; `level_buffer` holds
/// `meridian_isal_level1_buffer_size()` bytes. Returns the bytes written, or 0 when the output
/// did not fit or ISA-L refused (then the output is not a stream).
static inline uint32_t meridian_isal_zlib_level1(const uint8_t *input, uint32_t count, uint8_t *output, uint32_t capacity,
                                                 uint8_t *level_buffer) {
    struct isal_zstream stream;
    isal_deflate_init(&stream);
    stream.level = 1;
    stream.level_buf = level_buffer;
    stream.level_buf_size = ISAL_DEF_LVL1_DEFAULT;
    stream.gzip_flag = IGZIP_ZLIB;
    stream.end_of_stream = 1;
    stream.flush = NO_FLUSH;
    stream.next_in = (uint8_t *)input;
    stream.avail_in = count;
    stream.next_out = output;
    stream.avail_out = capacity;
    if (isal_deflate(&stream) != COMP_OK || stream.internal_state.state != ZSTATE_END) return 0;
    return stream.total_out;
}
