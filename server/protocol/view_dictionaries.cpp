#include "server/protocol/view_dictionaries.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include <zlib.h>

#include "server/protocol/preset_deflate.hpp"
#include "server/protocol/view_dictionaries_data.hpp"

namespace starport::server {
namespace {

struct table {
  std::vector<view_dictionary> dicts;
  std::vector<std::unique_ptr<const preset_deflate>> packers;   // built once, shared by every thread
};

const table& the_table() {
  static const table t = [] {
    table out;
    for (const generated::embedded_dictionary& e : generated::embedded_dictionaries()) {
      view_dictionary d;
      d.game = e.game;
      d.hash = e.hash;
      if (e.size < 2 || e.size - 1 > max_dictionary_size)
        throw std::logic_error("view dictionary " + std::string(e.game) + ": 1 to 4096 bytes after its ID");
      d.id = e.bytes[0];
      d.bytes = std::string_view(reinterpret_cast<const char*>(e.bytes) + 1, e.size - 1);
      if (d.id == 0 || d.id > 31) throw std::logic_error("view dictionary " + std::string(e.game) + ": ID must be 1-31");
      for (const view_dictionary& other : out.dicts)
        if (other.id == d.id || other.game == d.game)
          throw std::logic_error("view dictionary " + std::string(e.game) + ": ID or game twice");
      out.dicts.push_back(d);
      out.packers.push_back(std::make_unique<const preset_deflate>(d.bytes));
    }
    return out;
  }();
  return t;
}

}  // namespace

std::span<const view_dictionary> view_dictionaries() { return the_table().dicts; }

const view_dictionary* find_view_dictionary(std::string_view game) {
  for (const view_dictionary& d : the_table().dicts)
    if (d.game == game) return &d;
  return nullptr;
}

std::uint32_t accepted_dictionaries(const google::protobuf::RepeatedPtrField<std::string>& names) {
  constexpr int max_entries = 16;
  constexpr std::size_t max_length = 64;
  std::uint32_t ids = 0;
  for (int i = 0; i < names.size() && i < max_entries; ++i) {
    const std::string_view name = names[i];
    const std::size_t colon = name.find(':');
    if (name.size() > max_length || colon == std::string_view::npos) continue;
    const view_dictionary* d = find_view_dictionary(name.substr(0, colon));
    if (d && d->hash == name.substr(colon + 1)) ids |= 1u << d->id;
  }
  return ids;
}

namespace {

// From this size on, zlib: a snapshot with its log (a join, a reload, a reconnect) packs
// several times faster at zlib's level 2 than with preset_deflate, for a few percent more
// bytes (match_log_bench's BM_pack_snapshot; figures in docs/capacity-measurements.md). preset_deflate is
// built for updates of tens of bytes, and keeps the log's blocks of 32 lines (a few KB at
// most): zlib's blocks carry their own Huffman tables, which made them no smaller and slower
// to read back into a snapshot (docs/capacity-measurements.md, "A restart after a crash, at capacity").
constexpr std::size_t zlib_from = 8192;
constexpr int zlib_level = 2;

bool zlib_deflate(const view_dictionary& dict, std::string_view in, std::string& out) {
  struct deflater {   // one a thread, reset for each frame, as the inflater below
    z_stream z{};
    bool ready = deflateInit2(&z, zlib_level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK;
    ~deflater() { deflateEnd(&z); }
  };
  thread_local deflater state;
  z_stream& z = state.z;
  if (!state.ready || deflateReset(&z) != Z_OK ||
      deflateSetDictionary(&z, reinterpret_cast<const Bytef*>(dict.bytes.data()), static_cast<uInt>(dict.bytes.size())) != Z_OK)
    return false;
  const std::size_t start = out.size();
  out.resize(start + deflateBound(&z, static_cast<uLong>(in.size())));
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data() + start);
  z.avail_out = static_cast<uInt>(out.size() - start);
  const bool ok = deflate(&z, Z_FINISH) == Z_STREAM_END;
  out.resize(ok ? out.size() - z.avail_out : start);
  return ok;
}

}  // namespace

void pack_view(const view_dictionary& dict, std::string_view update, std::string& out) {
  const table& t = the_table();
  if (update.size() >= zlib_from) {
    out.assign(1, static_cast<char>(dict.id));
    if (zlib_deflate(dict, update, out)) return;
  }
  const preset_deflate* packer = nullptr;
  for (std::size_t i = 0; i < t.dicts.size(); ++i)
    if (t.dicts[i].bytes.data() == dict.bytes.data()) packer = t.packers[i].get();
  // Another dictionary (one being trained): its own, kept for the calls that follow.
  thread_local std::pair<const char*, std::unique_ptr<const preset_deflate>> other;
  if (!packer) {
    if (other.first != dict.bytes.data()) other = {dict.bytes.data(), std::make_unique<const preset_deflate>(dict.bytes)};
    packer = other.second.get();
  }
  out.assign(1, static_cast<char>(dict.id));
  packer->deflate(update, out);
}

bool unpack_view(std::string_view packed, std::string& out, std::size_t max_size) {
  if (packed.empty()) return false;
  const std::uint32_t id = static_cast<unsigned char>(packed[0]);
  const view_dictionary* dict = nullptr;
  for (const view_dictionary& d : the_table().dicts)
    if (d.id == id) dict = &d;
  if (!dict) return false;
  // One inflater a thread, reset for each frame: a new one would allocate its 32 KiB window
  // every time (the load generator unpacks thousands of frames a second).
  struct inflater {
    z_stream z{};
    bool ready = inflateInit2(&z, -15) == Z_OK;   // raw deflate, any distance deflate allows
    ~inflater() { inflateEnd(&z); }
  };
  thread_local inflater state;
  z_stream& z = state.z;
  // Raw inflate takes its dictionary before the data.
  bool ok = state.ready && inflateReset(&z) == Z_OK &&
            inflateSetDictionary(&z, reinterpret_cast<const Bytef*>(dict->bytes.data()),
                                 static_cast<uInt>(dict->bytes.size())) == Z_OK;
  out.clear();
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data() + 1));
  z.avail_in = static_cast<uInt>(packed.size() - 1);
  int result = Z_OK;
  char chunk[4096];
  while (ok && result != Z_STREAM_END) {
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    result = inflate(&z, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - z.avail_out);
    ok = (result == Z_OK || result == Z_STREAM_END) && out.size() <= max_size &&
         !(result == Z_OK && z.avail_in == 0 && z.avail_out != 0);   // cut short: no more input, not ended
  }
  // The frame is the update and nothing after it.
  return ok && z.avail_in == 0;
}

}  // namespace starport::server
