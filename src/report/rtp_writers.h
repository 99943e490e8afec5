// Writers of the report of `pitboss rtp`, text and JSON. The JSON carries every figure the
// text shows, each exact (a fraction, as a string) and as a number.
#ifndef PITBOSS_REPORT_RTP_WRITERS_H_
#define PITBOSS_REPORT_RTP_WRITERS_H_

#include <ostream>
#include <string_view>

#include "games/rtp.h"
#include "math/fraction.h"
#include "pitboss/status.h"
#include "report/json.h"

namespace pitboss {

// `format` is "text" or "json"; InvalidArgument for any other. One writer per game's
// report, the first choosing among them.
Status WriteRtpReport(const GameRtpReport& report, std::string_view version, std::string_view format,
                      std::ostream& out);
Status WriteRtpReport(const RtpReport& report, std::string_view version, std::string_view format,
                      std::ostream& out);
Status WriteRtpReport(const BlackjackRtpReport& report, std::string_view version, std::string_view format,
                      std::ostream& out);  // blackjack_rtp_writers.cc

// {"exact":"144/311","value":0.4630225080385852}: how every report writes an exact figure.
void WriteFractionJson(JsonWriter& json, const Fraction& f);

}  // namespace pitboss

#endif  // PITBOSS_REPORT_RTP_WRITERS_H_
