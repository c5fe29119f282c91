// Ceres reports through glog. Unless the program has set glog up itself, libcalib keeps it
// quiet: a fit's outcome reaches the caller through FitReport and ComputeError, and a glog line
// ("Logging before InitGoogleLogging() ...", a Ceres warning about a non-finite residual)
// would only talk past libcalib's own message about the same failure.
#include <mutex>

#include <glog/logging.h>

#include "fit/ceres_options.hpp"

namespace calib::fit::detail {

void silence_ceres_logging() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (google::IsGoogleLoggingInitialized()) return;  // the program's own logging setup wins
    FLAGS_minloglevel = google::GLOG_FATAL;  // INFO, WARNING and ERROR dropped; FATAL aborts anyway
    FLAGS_logtostderr = false;
    FLAGS_stderrthreshold = google::GLOG_FATAL;
  });
}

}  // namespace calib::fit::detail
