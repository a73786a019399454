#pragma once
// A fresh directory under the system temp dir, removed with everything in it on destruction.
#include <filesystem>
#include <string>

namespace starport::storage::testing {

class temp_dir {
 public:
  temp_dir();
  ~temp_dir();
  temp_dir(const temp_dir&) = delete;
  temp_dir& operator=(const temp_dir&) = delete;

  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

}  // namespace starport::storage::testing
