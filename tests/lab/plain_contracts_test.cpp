// The contracts' table (kernels/plain/plain_contracts.cmake): one contract for each family folder
// of families.txt with a contract.cpp, in the list's order, each a family with the one variant
// "plain" built on PlainContractTraits (kernels/plain/plain_contract_traits.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/plain/plain_contract.h"

namespace wl {
namespace {

bool takes(const Family& family, const std::string& param) {
  const std::vector<FamilyParam> params = family.params();
  return std::any_of(params.begin(), params.end(), [&](const FamilyParam& p) { return p.name == param; });
}

RunRequest request(const std::string& family, std::uint64_t n, unsigned block) {
  RunRequest r;
  r.family = family;
  r.variant = kPlainVariant;
  r.type = family == "rows" ? "f32" : "i32";
  r.op = family == "rows" ? "softmax" : family == "histogram" ? "" : "sum";
  r.n = n;
  r.block = block;
  return r;
}

TEST(PlainContracts, OneForEachFamilyFolderWithAContractInTheListsOrder) {
  std::vector<std::string> ids;
  for (const PlainContract& c : plain_contracts()) ids.push_back(c.family);
  EXPECT_EQ(ids, (std::vector<std::string>{"reduce", "scan", "histogram", "rows"}));  // allreduce has none
  EXPECT_EQ(plain_contract_ids_text(), "reduce, scan, histogram, rows");
  EXPECT_EQ(find_plain_contract("allreduce"), nullptr);
  ASSERT_NE(find_plain_contract("rows"), nullptr);
  EXPECT_EQ(find_plain_contract("rows")->signature, "(const float* in, float* out, N rows, N cols)");
}

// What PlainContractTraits gives every contract: the family's id, one variant with no partner
// or showcase, the launch's parameters, and nvcc's build where CUDA is.
TEST(PlainContracts, EachIsItsFamilyWithTheOneVariantPlain) {
  for (const PlainContract& c : plain_contracts()) {
    SCOPED_TRACE(c.family);
    const Family& f = *c.runs;
    EXPECT_EQ(f.id(), c.family);
    ASSERT_EQ(f.variants().size(), 1u);
    EXPECT_EQ(f.variants()[0].id, kPlainVariant);
    EXPECT_EQ(f.compare_partner(kPlainVariant), kPlainVariant);
    EXPECT_TRUE(f.showcase().ladders.empty());
    EXPECT_TRUE(takes(f, "shared"));
    EXPECT_TRUE(takes(f, "block_x"));
#if defined(WARPLENS_HAVE_CUDA)
    EXPECT_TRUE(f.runs_on_gpu());  // contract.cpp was built by nvcc
#else
    EXPECT_FALSE(f.runs_on_gpu());
#endif
  }
  const Family& histogram = *find_plain_contract("histogram")->runs;
  for (const char* own : {"bins", "skew", "items", "grid"}) EXPECT_TRUE(takes(histogram, own)) << own;
  EXPECT_TRUE(takes(*find_plain_contract("reduce")->runs, "atomic"));
  EXPECT_FALSE(takes(*find_plain_contract("scan")->runs, "grid"));  // one block
}

// The launches a contract plans, named kPlainVariant while no kernel is loaded: the shared plan
// (one launch of ceil(n / (block x items)) blocks), and reduce's own passes over the partials.
TEST(PlainContracts, PlansTheLaunchesOfItsCall) {
  const std::vector<PlannedLaunch> histogram = find_plain_contract("histogram")->runs->plan(request("histogram", 1000, 256));
  ASSERT_EQ(histogram.size(), 1u);
  EXPECT_EQ(histogram[0].kernel, kPlainVariant);
  EXPECT_EQ(histogram[0].grid, 4u);
  RunRequest items = request("histogram", 1000, 256);
  items.params["items"] = 4;
  EXPECT_EQ(find_plain_contract("histogram")->runs->plan(items).at(0).grid, 1u);

  const std::vector<PlannedLaunch> reduce = find_plain_contract("reduce")->runs->plan(request("reduce", 100000, 256));
  ASSERT_EQ(reduce.size(), 3u);  // 100000 -> 391 partials -> 2 -> 1
  EXPECT_EQ(reduce[0].grid, 391u);
  EXPECT_EQ(reduce[1].n, 391u);
  EXPECT_EQ(reduce[1].grid, 2u);
  EXPECT_EQ(reduce[2].grid, 1u);
  EXPECT_EQ(find_plain_contract("scan")->runs->plan(request("scan", 200, 256)).at(0).grid, 1u);
}

// Every contract refuses a 2-D block whose width does not divide it; each keeps its own checks.
TEST(PlainContracts, RefuseABlockWidthThatDoesNotDivideTheBlock) {
  for (const PlainContract& c : plain_contracts()) {
    RunRequest r = request(c.family, 256, 256);  // a scan's one block; a row of rows' 256 columns
    r.params["block_x"] = 3;
    EXPECT_NE(c.runs->validate(r).find("--param block_x=3 does not divide the block of 256 threads"), std::string::npos)
        << c.family;
  }
  EXPECT_NE(find_plain_contract("scan")->runs->validate(request("scan", 1000, 256)).find("a plain scan runs one block"),
            std::string::npos);
  EXPECT_NE(find_plain_contract("reduce")->runs->validate(request("reduce", 1000, 1)).find("at least 2 threads"),
            std::string::npos);
}

}  // namespace
}  // namespace wl
