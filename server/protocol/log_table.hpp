#pragma once
// Log lines coded against a string table per view stream (docs/protocol.md, "Log lines"),
// shared by the server, the load generator's client and the tests; the TypeScript client
// reads them the same way (web-client/src/log_table.ts).
//
// A line's *shape* is its text with every number taken out and a slot (U+0001) in its
// place: "{seat:1} wins the Battle and captures 4 cards." has the shape
// "{seat:1} wins the Battle and captures \x01 cards." and the number 4. A number is a
// run of ASCII digits without a leading zero ("0" itself is one), at most 9 digits, and not
// a seat's ("{seat:N}" stays whole: a shape per seat); other digits stay in the shape. Each stream keeps a table of the shapes it has sent; a coded
// update (ViewUpdate.log_refs not empty) gives, per line, the shape's number in the table
// and then that shape's numbers. A shape new to the stream is numbered the table's size
// (the next free number) and its text travels in log_line, the new shapes "\n"-joined in
// the order they are first named; with the table full (max_shapes) a new shape is numbered
// max_shapes and used once, not learnt. A snapshot, and an update with log_reset, empty the
// table first. Generic: the games' words are untouched, every game gets it.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/repeated_field.h>

namespace starport::server {

inline constexpr char log_slot = '\x01';

// One line, split into its shape and numbers; `codable` is false when the text itself holds
// a slot character (then the update goes as text).
struct coded_line {
  std::string shape;
  std::uint64_t hash = 0;
  std::vector<std::uint32_t> args;
  bool codable = true;
};

// "\n"-joined words into coded lines (empty lines are skipped), appended to `out` from
// `used` on, reusing its elements' buffers; returns the new count.
std::size_t code_lines(std::string_view words, std::vector<coded_line>& out, std::size_t used);

// The server's side, one per stream: which shapes it has sent, by number. Keeps hashes of
// the shapes, not their text (8 bytes a shape); at most max_shapes, then new shapes travel
// as text each time they come (the protocol's constant: clients count the same).
class log_table {
 public:
  static constexpr std::size_t max_shapes = 256;

  // Codes `lines` into `refs` and the new shapes into `text` ("\n"-joined) and learns
  // those shapes (while there is room). False, with `refs`, `text` and the table untouched,
  // when a line cannot be coded (a slot character in its words): the caller then sends the
  // update's lines as text.
  bool write(std::span<const coded_line> lines, google::protobuf::RepeatedField<std::uint32_t>& refs,
             std::string& text);
  void clear() { hashes_.clear(); }
  std::size_t size() const { return hashes_.size(); }

 private:
  std::vector<std::uint64_t> hashes_;
};

// A client's side, one per stream. read() takes an update the client applied (a snapshot,
// or the next diff) and appends the lines it adds, in words ("{seat:N}" as sent); false
// when the update does not decode against the table (the client should resync).
class log_reader {
 public:
  bool read(bool reset, std::string_view log_line, std::span<const std::uint32_t> refs,
            std::vector<std::string>& lines);
  std::size_t size() const { return shapes_.size(); }

 private:
  std::vector<std::string> shapes_;
};

}  // namespace starport::server
