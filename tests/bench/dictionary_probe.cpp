// What a preset dictionary per game would do to a view frame, each frame compressed alone
// (no state per connection): zlib raw deflate (what a browser inflates with fflate's
// `dictionary`) and zstd with a prepared dictionary (CDict). docs/capacity-measurements.md, "A preset
// dictionary per game". Built and run by tests/bench/dictionary_probe.sh, not by CMake.
#define ZSTD_STATIC_LINKING_ONLY   // ZSTD_c_format: frames without the 4-byte magic
#include <zlib.h>
#include <zstd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// deflateCopy allocates a whole deflate state per call: hand it memory from one arena,
// reset per frame, so the figure is the copy and the compression, not malloc.
alignas(64) char arena[1 << 20];
std::size_t arena_used = 0;
voidpf arena_alloc(voidpf, uInt n, uInt size) {
  const std::size_t bytes = (std::size_t{n} * size + 63) & ~std::size_t{63};
  if (arena_used + bytes > sizeof arena) return Z_NULL;
  void* p = arena + arena_used;
  arena_used += bytes;
  return p;
}
void arena_free(voidpf, voidpf) {}

struct figure { double in = 0, out = 0, us = 0; };

template <class Compress>
figure measure(const std::vector<std::string>& frames, Compress&& compress) {
  figure f;
  const auto start = std::chrono::steady_clock::now();
  constexpr int rounds = 3;
  for (int r = 0; r < rounds; ++r)
    for (const std::string& frame : frames) {
      f.in += static_cast<double>(frame.size());
      f.out += static_cast<double>(compress(frame));
    }
  const double n = rounds * static_cast<double>(frames.size());
  f.us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count() / n;
  f.in /= n;
  f.out /= n;
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: dictionary_probe <dictionary> <directory of frames>\n");
    return 2;
  }
  const std::string whole_dictionary = read_file(argv[1]);
  std::vector<std::string> frames;
  for (const auto& e : std::filesystem::directory_iterator(argv[2])) frames.push_back(read_file(e.path()));
  if (frames.empty()) return 2;
  unsigned char out[1 << 16];

  for (const int window_bits : {12, 15}) {
    // A raw-deflate preset dictionary is at most the window.
    std::string dictionary = whole_dictionary;
    if (dictionary.size() > (std::size_t{1} << window_bits))
      dictionary = dictionary.substr(dictionary.size() - (std::size_t{1} << window_bits));
    z_stream fresh{};
    deflateInit2(&fresh, 6, Z_DEFLATED, -window_bits, 1, Z_DEFAULT_STRATEGY);
    const figure set = measure(frames, [&](const std::string& frame) {
      deflateReset(&fresh);
      deflateSetDictionary(&fresh, reinterpret_cast<const Bytef*>(dictionary.data()), static_cast<uInt>(dictionary.size()));
      fresh.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(frame.data()));
      fresh.avail_in = static_cast<uInt>(frame.size());
      fresh.next_out = out;
      fresh.avail_out = sizeof out;
      deflate(&fresh, Z_FINISH);
      return sizeof out - fresh.avail_out;
    });
    deflateEnd(&fresh);
    z_stream primed{};
    primed.zalloc = arena_alloc;
    primed.zfree = arena_free;
    deflateInit2(&primed, 6, Z_DEFLATED, -window_bits, 1, Z_DEFAULT_STRATEGY);
    deflateSetDictionary(&primed, reinterpret_cast<const Bytef*>(dictionary.data()), static_cast<uInt>(dictionary.size()));
    const std::size_t primed_used = arena_used;
    const figure copy = measure(frames, [&](const std::string& frame) {
      arena_used = primed_used;
      z_stream z{};
      if (deflateCopy(&z, &primed) != Z_OK) std::abort();
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(frame.data()));
      z.avail_in = static_cast<uInt>(frame.size());
      z.next_out = out;
      z.avail_out = sizeof out;
      deflate(&z, Z_FINISH);
      return sizeof out - z.avail_out;
    });
    std::printf("deflate, window %d bits, dictionary %zu B: %.1f -> %.1f B a frame; %.2f us with the dictionary set per frame, %.2f us copied from a primed state\n",
                window_bits, dictionary.size(), set.in, set.out, set.us, copy.us);
  }

  ZSTD_CDict* prepared = ZSTD_createCDict(whole_dictionary.data(), whole_dictionary.size(), 3);
  ZSTD_CCtx* context = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(context, ZSTD_c_format, ZSTD_f_zstd1_magicless);
  ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 0);
  ZSTD_CCtx_setParameter(context, ZSTD_c_dictIDFlag, 0);
  ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0);
  ZSTD_CCtx_refCDict(context, prepared);
  const figure z = measure(frames, [&](const std::string& frame) {
    return ZSTD_compress2(context, out, sizeof out, frame.data(), frame.size());
  });
  std::printf("zstd (no magic, checksum, id or size), dictionary %zu B: %.1f -> %.1f B a frame; %.2f us\n",
              whole_dictionary.size(), z.in, z.out, z.us);
  ZSTD_freeCCtx(context);
  ZSTD_freeCDict(prepared);
}
