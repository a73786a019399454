// Log lines coded against each stream's table of shapes (server/protocol/log_table.hpp):
// what travels, the cap, resets, and the fixture the TypeScript client decodes
// (web-client/test/log_table.test.ts) so both read the same lines.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <boost/json.hpp>

#include "server/protocol/log_table.hpp"
#include "starport/v1/protocol.pb.h"

using namespace starport;
using namespace starport::server;

namespace {

// The server's side of one update: its words coded into `u` (as match_audiences.cpp does).
void write_update(log_table& table, const std::string& words, bool snapshot, v1::ViewUpdate& u) {
  u.Clear();
  u.set_snapshot(snapshot);
  if (snapshot) table.clear();
  std::vector<coded_line> lines;
  const std::size_t n = code_lines(words, lines, 0);
  if (n > 0 && !table.write(std::span(lines.data(), n), *u.mutable_log_refs(), *u.mutable_log_line()))
    u.set_log_line(words);
}

std::vector<std::string> read_update(log_reader& reader, const v1::ViewUpdate& u, bool& ok) {
  std::vector<std::string> lines;
  ok = reader.read(u.snapshot() || u.log_reset(), u.log_line(),
                   std::span(u.log_refs().data(), static_cast<std::size_t>(u.log_refs_size())), lines);
  return lines;
}

std::vector<std::string> split(const std::string& words) {
  std::vector<std::string> out;
  std::stringstream in(words);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  return out;
}

// A Space War stream's words, then edge cases: numbers that stay words, a slot character in
// the words, a snapshot, a reset, and the cap.
struct step {
  std::string words;
  bool snapshot = false;
  bool reset = false;
};
std::vector<step> fixture_steps() {
  std::vector<step> s;
  s.push_back({"{seat:0} flips.", true});
  s.push_back({"{seat:1} flips.\n{seat:0} reveals Thane of the Deep Belt (8); {seat:1} reveals Elf Archer (3).\n"
               "{seat:0} wins the Battle and captures 2 cards."});
  s.push_back({"{seat:1} flips."});
  s.push_back({"{seat:0} flips.\n{seat:0} reveals Thane of the Deep Belt (7); {seat:1} reveals Elf Archer (7).\n"
               "War 1 ({seat:0} and {seat:1}): {seat:0} reveals Troll (4); {seat:1} reveals Elf Archer (3)."});
  s.push_back({"Agent 007 waits 12345678901 turns; 0 and 10 and 4294967295 — ünïcode \xc3\xa9 stays."});
  s.push_back({"a line with a \x01 slot in its words\n{seat:1} flips."});
  s.push_back({"{seat:1} flips.\n{seat:0} flips.", false, true});
  s.push_back({"{seat:0} flips.", true});
  for (int i = 0; i < 300; i += 60) {
    std::string words;
    for (int k = i; k < i + 60; ++k) words += (words.empty() ? "" : "\n") + std::string("shape ") + char('a' + k % 26) + char('a' + k / 26);
    s.push_back({words});
  }
  s.push_back({"{seat:1} flips.\nshape aa\npast the cap 1\npast the cap 2"});   // known shapes still coded past the cap
  return s;
}

std::string fixture_json() {
  log_table table;
  boost::json::array updates;
  v1::ViewUpdate u;
  for (const step& st : fixture_steps()) {
    if (st.reset) table.clear();
    write_update(table, st.words, st.snapshot, u);
    boost::json::object o;
    o["snapshot"] = st.snapshot;
    o["log_reset"] = st.reset;
    o["log_line"] = u.log_line();
    boost::json::array refs;
    for (std::uint32_t r : u.log_refs()) refs.push_back(r);
    o["log_refs"] = std::move(refs);
    boost::json::array lines;
    for (const std::string& l : split(st.words)) lines.push_back(boost::json::string(l));
    o["lines"] = std::move(lines);
    updates.push_back(std::move(o));
  }
  return boost::json::serialize(boost::json::object{{"updates", std::move(updates)}}) + "\n";
}

}  // namespace

TEST_CASE("log table: a shape travels once per stream, then only its number and the line's numbers") {
  log_table table;
  log_reader reader;
  v1::ViewUpdate u;
  bool ok = false;
  write_update(table, "{seat:0} flips.", true, u);
  CHECK(u.log_line() == "{seat:0} flips.");
  CHECK(std::vector<std::uint32_t>(u.log_refs().begin(), u.log_refs().end()) == std::vector<std::uint32_t>{0});
  CHECK(read_update(reader, u, ok) == std::vector<std::string>{"{seat:0} flips."});
  CHECK(ok);
  write_update(table, "{seat:1} flips.\n{seat:0} wins the Battle and captures 2 cards.", false, u);
  CHECK(u.log_line() == "{seat:1} flips.\n{seat:0} wins the Battle and captures \x01 cards.");   // only new shapes
  CHECK(std::vector<std::uint32_t>(u.log_refs().begin(), u.log_refs().end()) == std::vector<std::uint32_t>{1, 2, 2});
  CHECK(read_update(reader, u, ok) ==
        std::vector<std::string>{"{seat:1} flips.", "{seat:0} wins the Battle and captures 2 cards."});
  CHECK(ok);
  write_update(table, "{seat:0} wins the Battle and captures 4 cards.\n{seat:0} flips.\n{seat:1} flips.", false, u);
  CHECK(u.log_line().empty());   // nothing new: numbers only
  // A flip is its shape's number alone: the seat is part of the shape (a shape per seat).
  CHECK(std::vector<std::uint32_t>(u.log_refs().begin(), u.log_refs().end()) == std::vector<std::uint32_t>{2, 4, 0, 1});
  CHECK(u.ByteSizeLong() == 6);
  CHECK(read_update(reader, u, ok) ==
        std::vector<std::string>{"{seat:0} wins the Battle and captures 4 cards.", "{seat:0} flips.", "{seat:1} flips."});
  CHECK(ok);
  // A reader that missed the table (a new connection without its snapshot) cannot decode.
  log_reader stranger;
  read_update(stranger, u, ok);
  CHECK_FALSE(ok);
}

TEST_CASE("log table: numbers that are words stay in the shape, and a slot character sends text") {
  std::vector<coded_line> lines;
  REQUIRE(code_lines("Agent 007 waits 12345678901 turns, 0 or 10.\n\nok", lines, 0) == 2);
  CHECK(lines[0].shape == "Agent 007 waits 12345678901 turns, \x01 or \x01.");
  CHECK(lines[0].args == std::vector<std::uint32_t>{0, 10});
  CHECK(lines[1].shape == "ok");
  // A seat is words of its shape; digits that only look like one are numbers.
  REQUIRE(code_lines("{seat:12} and {seat:3}: 4.\nseat:5} {seat:6 {seat:07}", lines, 0) == 2);
  CHECK(lines[0].shape == "{seat:12} and {seat:3}: \x01.");
  CHECK(lines[0].args == std::vector<std::uint32_t>{4});
  CHECK(lines[1].shape == "seat:\x01} {seat:\x01 {seat:07}");
  CHECK(lines[1].args == std::vector<std::uint32_t>{5, 6});
  log_table table;
  v1::ViewUpdate u;
  write_update(table, "{seat:0} flips.\nodd \x01 words", false, u);
  CHECK(u.log_refs_size() == 0);
  CHECK(u.log_line() == "{seat:0} flips.\nodd \x01 words");
  CHECK(table.size() == 0);   // the update went as text: nothing learnt
}

TEST_CASE("log table: at most max_shapes per stream, then new shapes travel each time, known ones still as numbers") {
  log_table table;
  log_reader reader;
  v1::ViewUpdate u;
  bool ok = false;
  for (std::size_t i = 0; i < log_table::max_shapes; ++i) {
    write_update(table, "shape " + std::string(1, char('a' + i % 26)) + std::string(1, char('a' + i / 26)), false, u);
    REQUIRE(u.log_refs_size() == 1);
    read_update(reader, u, ok);
    REQUIRE(ok);
  }
  CHECK(table.size() == log_table::max_shapes);
  const std::uint32_t full = log_table::max_shapes;
  for (int twice = 0; twice < 2; ++twice) {
    write_update(table, "shape aa\na shape past the cap\nshape ba", false, u);
    CHECK(std::vector<std::uint32_t>(u.log_refs().begin(), u.log_refs().end()) == std::vector<std::uint32_t>{0, full, 1});
    CHECK(u.log_line() == "a shape past the cap");   // not learnt: it travels again next time
    CHECK(table.size() == log_table::max_shapes);
    CHECK(read_update(reader, u, ok) == std::vector<std::string>{"shape aa", "a shape past the cap", "shape ba"});
    CHECK(ok);
    CHECK(reader.size() == log_table::max_shapes);
  }
}

TEST_CASE("log table: a snapshot or log_reset empties the reader's table") {
  log_table table;
  log_reader reader;
  v1::ViewUpdate u;
  bool ok = false;
  write_update(table, "{seat:0} flips.\n{seat:1} flips.", true, u);
  read_update(reader, u, ok);
  CHECK(reader.size() == 2);   // a shape per seat
  write_update(table, "{seat:0} flips.", true, u);   // the server's table starts again
  CHECK(u.log_line() == "{seat:0} flips.");
  CHECK(read_update(reader, u, ok) == std::vector<std::string>{"{seat:0} flips."});
  CHECK(ok);
  table.clear();
  write_update(table, "{seat:1} flips.", false, u);
  u.set_log_reset(true);
  CHECK(read_update(reader, u, ok) == std::vector<std::string>{"{seat:1} flips."});
  CHECK(ok);
  CHECK(reader.size() == 1);
}

TEST_CASE("log table: the fixture the TypeScript client decodes is what the server codes") {
  // Regenerate with STARPORT_UPDATE_FIXTURES=1 after changing the coding on purpose.
  const std::string path = std::string(STARPORT_SOURCE_DIR) + "/tests/server/log_table_fixture.json";
  const std::string made = fixture_json();
  if (std::getenv("STARPORT_UPDATE_FIXTURES")) std::ofstream(path) << made;
  std::ifstream in(path);
  std::stringstream stored;
  stored << in.rdbuf();
  CHECK(stored.str() == made);
  // And the C++ reader gets every update's lines back.
  log_reader reader;
  const boost::json::value parsed = boost::json::parse(made);
  for (const boost::json::value& v : parsed.at("updates").as_array()) {
    const boost::json::object& o = v.as_object();
    v1::ViewUpdate u;
    u.set_snapshot(o.at("snapshot").as_bool());
    u.set_log_reset(o.at("log_reset").as_bool());
    u.set_log_line(std::string(o.at("log_line").as_string()));
    for (const boost::json::value& r : o.at("log_refs").as_array()) u.add_log_refs(static_cast<std::uint32_t>(r.to_number<std::uint64_t>()));
    std::vector<std::string> want;
    for (const boost::json::value& l : o.at("lines").as_array()) want.emplace_back(l.as_string());
    bool ok = false;
    CHECK(read_update(reader, u, ok) == want);
    CHECK(ok);
  }
}
