#include "robometrics/slam/ReferenceAlignment.hpp"

namespace robometrics::slam {

Result<ReferenceRelation> relateToReference(const Trajectory &reference, Trajectory &trajectory,
                                            const ReferenceOptions &options) {
    auto association = associate(reference, trajectory, options.association);
    if (!association) return association.error();
    ReferenceRelation relation;
    relation.matched = association->size();
    relation.max_pairs = association->max_pairs;
    Trajectory matched = selectPoses(trajectory, association->est_indices);
    if (options.align != AlignMode::None) {
        auto alignment = computeAlignment(selectPoses(reference, association->ref_indices), matched, options.align,
                                          options.n_to_align);
        if (!alignment) return alignment.error();
        relation.alignment = *alignment;
    }
    if (options.sync) trajectory = std::move(matched);
    if (options.align != AlignMode::None) applyAlignment(trajectory, relation.alignment);
    return relation;
}

}  // namespace robometrics::slam
