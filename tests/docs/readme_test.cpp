// The README's scenario example is a real scenario file, so the documented
// format cannot drift from what grove accepts (the file is replayed with the
// other scenarios).

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(Readme, ScenarioExampleIsTheShippedFile) {
  const std::string readme = read(std::string(GROVE_SOURCE_DIR) + "/README.md");
  const std::string example =
      read(std::string(GROVE_SOURCE_DIR) + "/scenarios/pass_the_pandas/readme_example.yaml");
  ASSERT_FALSE(example.empty());
  EXPECT_NE(readme.find("```yaml\n" + example + "```"), std::string::npos)
      << "README.md's scenario example differs from scenarios/pass_the_pandas/readme_example.yaml";
}

}  // namespace
