#pragma once
// The example files of docs/scenarios.md: each ```json block that names a game. The doc
// test runs every one; the scenario fuzzer's seeds start from them, so new examples (new
// Position fields) reach the fuzzer without a copy to keep in step.
#include <fstream>
#include <string>
#include <vector>

inline std::vector<std::string> scenario_doc_examples(const std::string& path) {
  std::ifstream file(path);
  std::vector<std::string> out;
  std::string line, block;
  bool in = false;
  while (std::getline(file, line)) {
    if (!in && line.rfind("```json", 0) == 0) {
      in = true;
      block.clear();
    } else if (in && line.rfind("```", 0) == 0) {
      in = false;
      if (block.find("\"game\"") != std::string::npos) out.push_back(block);
    } else if (in) {
      block += line + "\n";
    }
  }
  return out;
}
