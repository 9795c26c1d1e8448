// Placeholder so `--executor slurm` links; the Slurm executor replaces this body.
#include "robometrics/bench/SlurmExecutor.hpp"

namespace robometrics::bench {

Status submitSlurm(const MatrixSpec &, const SlurmOptions &) {
    return Error{"bench: --executor slurm: not implemented yet"};
}

}  // namespace robometrics::bench
