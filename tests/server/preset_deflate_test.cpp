// The preset-dictionary deflate encoder (server/protocol/preset_deflate.hpp), checked against
// zlib's inflater as the reference: every output must inflate, with the dictionary, to the
// input; and on view updates it must pack as small as zlib's own deflate does.
#include <doctest/doctest.h>

#include <random>
#include <string>

#include <zlib.h>

#include "server/protocol/preset_deflate.hpp"
#include "server/protocol/view_dictionaries.hpp"

using starport::server::preset_deflate;

namespace {

// zlib's raw inflate with `dictionary` preset; false when the bytes are not one whole stream.
bool inflate_with(const std::string& dictionary, const std::string& packed, std::string& out) {
  z_stream z{};
  REQUIRE(inflateInit2(&z, -15) == Z_OK);
  REQUIRE(inflateSetDictionary(&z, reinterpret_cast<const Bytef*>(dictionary.data()),
                               static_cast<uInt>(dictionary.size())) == Z_OK);
  out.assign(1 << 20, '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int result = inflate(&z, Z_FINISH);
  out.resize(out.size() - z.avail_out);
  const bool whole = result == Z_STREAM_END && z.avail_in == 0;
  inflateEnd(&z);
  return whole;
}

std::string zlib_deflate(const std::string& dictionary, const std::string& in) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) == Z_OK);
  REQUIRE(deflateSetDictionary(&z, reinterpret_cast<const Bytef*>(dictionary.data()),
                               static_cast<uInt>(dictionary.size())) == Z_OK);
  std::string out(deflateBound(&z, static_cast<uLong>(in.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(out.size() - z.avail_out);
  deflateEnd(&z);
  return out;
}

void round_trip(const preset_deflate& packer, const std::string& dictionary, const std::string& in) {
  std::string packed = "x";   // it appends
  packer.deflate(in, packed);
  std::string back;
  REQUIRE(inflate_with(dictionary, packed.substr(1), back));
  REQUIRE(back == in);
}

}  // namespace

TEST_CASE("preset deflate: whatever the input, zlib inflates it back to the same bytes") {
  std::mt19937_64 random(20261128);
  const auto bytes = [&](std::size_t n, int alphabet) {
    std::string s(n, '\0');
    for (char& c : s) c = static_cast<char>(random() % static_cast<unsigned>(alphabet));
    return s;
  };
  const std::string dictionary = bytes(4096, 7) + "the end of the dictionary";
  const preset_deflate packer(dictionary);
  for (const std::string& in : {std::string(), std::string("a"), std::string("ab"), std::string("the end"),
                                std::string("of the dictionary and on"), std::string(300, 'z'),
                                std::string(100000, '\0')})
    round_trip(packer, dictionary, in);
  // Every size up to a few KiB and some far past the farthest distance deflate allows, over
  // small alphabets (long matches, in the frame and in the dictionary) and whole bytes.
  for (int round = 0; round < 400; ++round) {
    const std::size_t n = round < 300 ? random() % 3000 : 30000 + random() % 40000;
    round_trip(packer, dictionary, bytes(n, round % 3 == 0 ? 256 : round % 3 == 1 ? 4 : 7));
    // Pieces of the dictionary itself, glued: matches that run from its end into the frame.
    std::string pieces;
    while (pieces.size() < n % 2000) {
      const std::size_t at = random() % dictionary.size();
      pieces += dictionary.substr(at, random() % 300);
    }
    round_trip(packer, dictionary, pieces);
  }
  // An empty dictionary: plain deflate.
  const preset_deflate none("");
  round_trip(none, "", "abcabcabcabc");
}

TEST_CASE("preset deflate: on view updates it packs as small as zlib at its best") {
  for (const starport::server::view_dictionary& d : starport::server::view_dictionaries()) {
    const std::string dictionary(d.bytes);
    const preset_deflate packer(dictionary);
    // Updates made of the dictionary's own pieces, as real ones mostly are.
    std::mt19937_64 random(d.id);
    std::size_t ours = 0, zlib = 0;
    for (int i = 0; i < 200; ++i) {
      std::string in;
      for (int k = 0; k < 4; ++k) {
        in += dictionary.substr(random() % dictionary.size(), 4 + random() % 20);
        in += static_cast<char>(random() % 256);
      }
      std::string packed;
      packer.deflate(in, packed);
      ours += packed.size();
      zlib += zlib_deflate(dictionary, in).size();
    }
    MESSAGE(d.game << ": " << ours << " B packed here, " << zlib << " B by zlib (level 9)");
    CHECK(ours <= zlib * 21 / 20);   // within 5 %
  }
}
