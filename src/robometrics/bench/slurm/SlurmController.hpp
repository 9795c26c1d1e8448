#pragma once
// Before `sbatch` is run: the controller slurm.conf names must answer. Without a slurm.conf,
// sbatch would look the controller up itself (configless Slurm asks DNS for _slurmctld._tcp
// records), and with a controller that is down it retries for minutes; both are refused here
// with the reason, at once. Tests start their own cluster on 127.0.0.1 and point SLURM_CONF at it.

#include <string>
#include <string_view>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::bench {

struct SlurmController {
    std::string host;     ///< as slurm.conf names it
    std::string address;  ///< the address in SlurmctldHost=host(address), else the host
    int port = 6817;      ///< SlurmctldPort (the first of a range), Slurm's default otherwise
};

/// The controllers a slurm.conf text names, primary first (SlurmctldHost lines, or the older
/// ControlMachine/ControlAddr). `source` names the file in errors.
Result<std::vector<SlurmController>> parseSlurmControllers(std::string_view conf, const std::string &source);

/// The slurm.conf in use: $SLURM_CONF, else /etc/slurm/slurm.conf.
std::string slurmConfPath();

/// Ok when a TCP connection to one of the configured controllers opens within `timeout_s`.
Status checkSlurmController(double timeout_s = 3.0);

}  // namespace robometrics::bench
