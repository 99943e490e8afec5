// How --help writes options: the names a user types and the value each takes, without the
// parser's own notation (validators, defaults, {false}, REQUIRED), which the descriptions say
// in words.
#ifndef PITBOSS_CLI_HELP_FORMAT_H_
#define PITBOSS_CLI_HELP_FORMAT_H_

#include <CLI/CLI.hpp>
#include <string>

namespace pitboss {

class HelpFormatter : public CLI::Formatter {
 public:
  // "-q, --quiet", "--progress, --no-progress", "LOG..." (a positional that takes several).
  std::string make_option_name(const CLI::Option* opt, bool is_positional) const override {
    if (is_positional) {
      std::string name = opt->get_name(true, false);
      if (opt->get_expected_max() > 1) name += "...";
      return name;
    }
    std::string names;
    for (const std::string& s : opt->get_snames()) names += (names.empty() ? "-" : ", -") + s;
    for (const std::string& l : opt->get_lnames()) names += (names.empty() ? "--" : ", --") + l;
    return names;
  }
  // The positional in the usage line: "LOG...", "[LOG]" where it may be left out.
  std::string make_option_usage(const CLI::Option* opt) const override {
    std::string name = make_option_name(opt, true);
    return opt->get_required() ? name : "[" + name + "]";
  }
  // The description, with the default value where the option has one the description does not
  // already give.
  std::string make_option_desc(const CLI::Option* opt) const override {
    std::string desc = opt->get_description();
    const std::string value = opt->get_default_str();
    if (!value.empty() && opt->get_type_size() != 0 && desc.find("default") == std::string::npos) {
      desc += " (default: " + value + ")";
    }
    return desc;
  }
  // " VALUE" for an option that takes one, "" for a flag.
  std::string make_option_opts(const CLI::Option* opt) const override {
    if (opt->get_type_size() == 0 || opt->get_positional()) return "";
    std::string type = opt->get_type_name();
    type = type.substr(0, type.find(':'));
    return type.empty() ? "" : " " + type;
  }
};

}  // namespace pitboss

#endif  // PITBOSS_CLI_HELP_FORMAT_H_
