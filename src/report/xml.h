// XML 1.0 escaping for the XML writers (JUnit). Whatever bytes a log holds, the
// document stays well-formed UTF-8 XML 1.0: a character XML 1.0 cannot hold at
// all (a C0 control other than tab, newline and carriage return; U+FFFE and
// U+FFFF) is written as the text escape --format text uses (\x1b, \uFFFF), DEL
// as \x7f too to keep terminal control sequences out, and each ill-formed UTF-8
// sequence as U+FFFD.
#ifndef PITBOSS_REPORT_XML_H_
#define PITBOSS_REPORT_XML_H_

#include <string>
#include <string_view>

namespace pitboss {

// `text` as character data (between tags): &, < and > as entities, carriage
// return as &#13; so that parsers do not turn it into a newline. Newline and
// tab pass through.
std::string XmlText(std::string_view text);

// `text` as an attribute value in double quotes: as XmlText, and also " and '
// as entities and newline and tab as &#10; and &#9;, which parsers would
// otherwise read back as spaces.
std::string XmlAttribute(std::string_view text);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_XML_H_
