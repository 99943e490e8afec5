// pitboss source import: a regulator's HTML page as a source text of rules/sources/.
#include <iostream>

#include "base/read_file.h"
#include "cli/commands.h"
#include "cli/log.h"
#include "cli/output.h"
#include "spec/html_source.h"

namespace pitboss {

namespace {

constexpr char kImportHelp[] = R"HELP(
Reduces a regulator's HTML page to the source-text form of rules/sources/, the text a spec's
quotes are checked against (pitboss lint):
  - tags removed: an inline one (<b>, <span>, <a>...) leaves nothing in its place, a block
    one (<p>, <div>, <li>, <tr>, <h1>...) ends a paragraph, <br> ends a line, a table's cells
    are separated by a space;
  - comments and the content of <script>, <style>, <title>, <noscript>, <template> dropped;
  - entities decoded (&nbsp; &amp; &#39; &#x2019; &rsquo;...); bytes that are not UTF-8
    read as Windows-1252, the charset of pages saved from a word processor;
  - in each line, every run of whitespace (no-break spaces included) one space, the ends
    trimmed; empty lines and paragraphs dropped;
  - one paragraph a block, blocks separated by a blank line, the text ending with a line
    break.
The same page always gives the same bytes. The rules: docs/spec-format.md ("Importing a source
text from HTML"). A source text kept under rules/sources/ is never edited: a new wording is a
new file, which a new revision of the spec names.
Exit status: 0 written, 2 could not run (the page cannot be read, holds no text, or --out
cannot be written).)HELP";

}  // namespace

std::function<int()> SetUpSource(CLI::App* sub) {
  struct Args {
    std::string page;
    std::string out;
  };
  auto args = std::make_shared<Args>();
  CLI::App* import = sub->add_subcommand(
      "import", "a regulator's HTML page as a source text (tags removed, entities decoded)");
  import->add_option("PAGE", args->page, "the HTML page, as saved from the regulator's site")
      ->required()
      ->type_name("PAGE.html");
  import->add_option("--out", args->out, "write the source text to FILE instead of standard output")
      ->type_name("FILE");
  import->footer(kImportHelp);
  sub->footer("\n`pitboss source import --help` for how a page is reduced.");
  return [args, import]() -> int {
    if (!import->parsed()) {
      PrintError(
          "source: say what to do: `pitboss source import PAGE.html --out FILE` (pitboss source --help)");
      return kExitUsage;
    }
    if (Status s = CheckOutputPath(args->out, {args->page}); !s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    StatusOr<std::string> page = ReadRegularFile(args->page);
    if (!page.ok()) {
      PrintError(args->page + ": " + page.status().message());
      return kExitUsage;
    }
    const std::string text = HtmlToSourceText(page.value());
    if (text.empty()) {
      PrintError(args->page + ": no text in the page (nothing but tags, comments and scripts)");
      return kExitUsage;
    }
    Status s = WriteOutput(args->out, [&](std::ostream& out) {
      out << text;
      return Status::Ok();
    });
    if (!s.ok()) {
      PrintError(s.message());
      return kExitUsage;
    }
    if (!args->out.empty() && args->out != "-") {
      size_t paragraphs = 1;
      for (size_t at = text.find("\n\n"); at != std::string::npos; at = text.find("\n\n", at + 2))
        ++paragraphs;
      LogInfo("wrote " + args->out + ": " + std::to_string(paragraphs) + " paragraphs from " + args->page);
    }
    return kExitClean;
  };
}

}  // namespace pitboss
